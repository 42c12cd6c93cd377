"""Random play-outs of the test games with 7/27's rounds and a bought card (Baseball plays
out with every shipped game in test_playouts): chips conserved, views never leak, refused
actions change nothing, histories replay."""

from __future__ import annotations

import random

import pytest

from hilo.rules import Variant
from tests.engine.playouts import Tally, play_one
from tests.engine.test_scripted_offers import BUYING, COUNTING

pytestmark = pytest.mark.slow

HANDS = 400
"""Each game's hands: about 2 s for the two on one core (two to five cards, few rounds)."""


@pytest.mark.parametrize("variant", [COUNTING, BUYING], ids=lambda variant: variant.name)
def test_random_playouts_of_the_offer_games(variant: Variant) -> None:
    rng = random.Random(variant.name)
    tally = Tally()
    for number in range(HANDS):
        play_one(variant, rng, tally, deep=number % 5 == 0)
    assert tally.hands == HANDS
    assert tally.showdowns > HANDS // 10
    assert tally.refused > HANDS // 5
