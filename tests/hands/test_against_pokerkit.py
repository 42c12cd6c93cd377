"""Differential tests: hilo orders random hands exactly as PokerKit does.

For each ranking, 20,000 seeded random hands are scored by both. Sorting the hands by
hilo's score and checking that PokerKit agrees on every neighbouring pair (less, or
equal) proves that the two orders agree on every pair of hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import pytest

from hilo.cards import FULL_DECK, Card, format_cards
from hilo.hands import Ranking, Selection, score_hand

pokerkit = pytest.importorskip("pokerkit")
pytestmark = pytest.mark.slow

HANDS = 20_000


def deals(count: int, size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, size)) for _ in range(count)]


def text(cards: Sequence[Card]) -> str:
    return format_cards(cards).replace(" ", "")


def peer_or_none(make: Callable[..., Any], *args: str) -> Any:
    """PokerKit raises ValueError where no hand qualifies; hilo scores that 0."""
    try:
        return make(*args)
    except ValueError:
        return None


def assert_same_order(ours: list[int], theirs: list[Any]) -> None:
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for left, right in pairwise(order):
        mine_equal = ours[left] == ours[right]
        a, b = theirs[left], theirs[right]
        if a is None or b is None:
            peer_equal = a is None and b is None
            peer_less = a is None and b is not None
        else:
            peer_equal = a == b
            peer_less = a < b
        where = f"hands {left} and {right}: ours {ours[left]} vs {ours[right]}, peer {a} vs {b}"
        assert mine_equal == peer_equal, where
        assert mine_equal or peer_less, where
    assert (0 in ours) == (None in theirs)


def test_seven_card_high() -> None:
    hands = deals(HANDS, 7, seed=1)
    ours = [score_hand(hand) for hand in hands]
    theirs = [pokerkit.StandardHighHand.from_game(text(hand[:2]), text(hand[2:])) for hand in hands]
    assert_same_order(ours, theirs)
    assert len(set(ours)) > 3_000


def test_seven_card_ace_to_five() -> None:
    hands = deals(HANDS, 7, seed=2)
    ours = [score_hand(hand, ranking=Ranking.ACE_TO_FIVE) for hand in hands]
    theirs = [pokerkit.RegularLowHand.from_game(text(hand)) for hand in hands]
    assert_same_order(ours, theirs)


def test_seven_card_eight_or_better() -> None:
    hands = deals(HANDS, 7, seed=3)
    ours = [score_hand(hand, ranking=Ranking.ACE_TO_FIVE, qualifier=8) for hand in hands]
    theirs = [peer_or_none(pokerkit.EightOrBetterLowHand.from_game, text(hand)) for hand in hands]
    assert_same_order(ours, theirs)
    assert 0 < ours.count(0) < HANDS


def test_five_card_deuce_to_seven() -> None:
    hands = deals(HANDS, 5, seed=4)
    ours = [score_hand(hand, ranking=Ranking.DEUCE_TO_SEVEN) for hand in hands]
    theirs = [pokerkit.StandardLowHand(text(hand)) for hand in hands]
    assert_same_order(ours, theirs)


def test_omaha_high() -> None:
    hands = deals(HANDS, 9, seed=5)
    ours = [score_hand(hand[:4], hand[4:], selection=Selection.OMAHA) for hand in hands]
    theirs = [pokerkit.OmahaHoldemHand.from_game(text(hand[:4]), text(hand[4:])) for hand in hands]
    assert_same_order(ours, theirs)


def test_omaha_eight_or_better() -> None:
    hands = deals(HANDS, 9, seed=6)
    ours = [
        score_hand(
            hand[:4], hand[4:], ranking=Ranking.ACE_TO_FIVE, selection=Selection.OMAHA, qualifier=8
        )
        for hand in hands
    ]
    theirs = [
        peer_or_none(pokerkit.OmahaEightOrBetterLowHand.from_game, text(hand[:4]), text(hand[4:]))
        for hand in hands
    ]
    assert_same_order(ours, theirs)
    assert 0 < ours.count(0) < HANDS
