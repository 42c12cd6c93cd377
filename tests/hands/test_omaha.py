"""The fast Omaha scores the referee uses agree with the reference enumeration on random deals."""

from __future__ import annotations

import random

import pytest

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.hands import Ranking, Selection, score_hand
from hilo.hands.omaha import omaha_high, omaha_low

QUALIFIERS = {
    Ranking.ACE_TO_FIVE: (None, 5, 8, 13),
    Ranking.ACE_TO_SIX: (None, 8, 13),
    Ranking.DEUCE_TO_SEVEN: (None, 8, 9, 14),
}


def _deals(seed: int, count: int) -> list[tuple[list[Card], list[Card]]]:
    rng = random.Random(seed)
    found = []
    for number in range(count):
        hole = 4 if number % 5 else 6  # some Omaha games deal more hole cards
        cards = rng.sample(FULL_DECK, hole + 5)
        found.append((cards[:hole], cards[hole:]))
    return found


def test_high_agrees() -> None:
    for hole, board in _deals(1, 1_500):
        assert omaha_high(hole, board) == score_hand(hole, board, selection=Selection.OMAHA)


@pytest.mark.parametrize(
    ("ranking", "qualifier"),
    [(ranking, qualifier) for ranking, values in QUALIFIERS.items() for qualifier in values],
)
def test_low_agrees(ranking: Ranking, qualifier: int | None) -> None:
    best_low = omaha_low(ranking, qualifier)
    for hole, board in _deals(2, 600):
        expected = score_hand(
            hole,
            board,
            ranking=ranking,
            selection=Selection.OMAHA,
            qualifier=qualifier,
        )
        assert best_low(hole, board) == expected, (hole, board)


def test_paired_and_shaped_lows_fall_back_to_every_group() -> None:
    hole, board = parse_cards("As Ad 2s 2d"), parse_cards("3s 4s 5s 3d 4d")
    for ranking in (Ranking.ACE_TO_FIVE, Ranking.ACE_TO_SIX):
        expected = score_hand(hole, board, ranking=ranking, selection=Selection.OMAHA)
        assert omaha_low(ranking, None)(hole, board) == expected > 0
        assert omaha_low(ranking, 8)(hole, board) == score_hand(
            hole, board, ranking=ranking, selection=Selection.OMAHA, qualifier=8
        )


def test_too_few_cards_score_nothing() -> None:
    assert omaha_high(parse_cards("As"), parse_cards("2c 3c 4c")) == 0
    assert omaha_low(Ranking.ACE_TO_FIVE, None)(parse_cards("As 2d"), parse_cards("3c 4c")) == 0
