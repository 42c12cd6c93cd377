"""Random play-outs over every variant and preset: at least 20,000 hands in all.

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

HANDS_PER_VARIANT = 1_560  # 13 variants: 20,280 hands


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_playouts(name: str) -> None:
    tally = play_many([name], HANDS_PER_VARIANT, seed=sum(map(ord, name)))
    assert tally.hands == HANDS_PER_VARIANT
    assert tally.showdowns > HANDS_PER_VARIANT // 10
    assert tally.refused > HANDS_PER_VARIANT
    if VARIANTS[name].is_declare:
        assert tally.declared > HANDS_PER_VARIANT // 10
