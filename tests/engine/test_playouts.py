"""Random play-outs over every variant and preset: at least 28,000 hands in all.

Chips are conserved, every hand ends, legal actions never raise, illegal ones raise
`IllegalActionError` and change nothing, views never leak hidden cards or sealed
declarations, and replaying the actions (or the JSON history) reproduces the log.
For a long run: ``python -m tests.engine.playouts 1000000``.
"""

from __future__ import annotations

import pytest

from hilo.rules import VARIANTS
from tests.engine.playouts import play_many

pytestmark = pytest.mark.slow

HANDS_PER_VARIANT = 1_560  # each of the other games
PASSING_HANDS = 1_600
"""The games where players pass, discard and roll cards take 4.5 to 7 ms a hand on one core
(seven cards, up to eight betting rounds): 2,000 hands each took 47 s for the four, so
1,600 each keep them under 40 s (``python -m tests.engine.playouts`` plays more)."""
PASSING_GAMES = {
    "anaconda-hilo-declare",
    "pass-the-trash-hilo",
    "pass-the-trash-hilo-declare",
    "roll-your-own-hilo-declare",
}
WILD_HANDS = 500
"""Each wild-card game: its hands are dearer (about 20 ms each on one core), so fewer."""


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_playouts(name: str) -> None:
    hands = PASSING_HANDS if name in PASSING_GAMES else HANDS_PER_VARIANT
    if not VARIANTS[name].wild.is_empty:
        hands = WILD_HANDS
    tally = play_many([name], hands, seed=sum(map(ord, name)))
    assert tally.hands == hands
    assert tally.showdowns > hands // 10
    assert tally.refused > hands
    if VARIANTS[name].is_declare:
        assert tally.declared > hands // 10
