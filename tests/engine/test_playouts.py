"""Random play-outs over every variant and preset: 2,000 hands each.

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

HANDS_PER_VARIANT = 2_000
"""Every game, the wild-card, passing and rolling ones too: 2 to 9 ms a hand on one core
(``python -m tests.engine.playouts`` plays more)."""


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_playouts(name: str) -> None:
    hands = HANDS_PER_VARIANT
    tally = play_many([name], hands, seed=sum(map(ord, name)))
    assert tally.hands == hands
    assert tally.showdowns > hands // 10
    assert tally.refused > hands
    if VARIANTS[name].is_declare:
        assert tally.declared > hands // 10
