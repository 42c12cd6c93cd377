"""Criss-cross hands: any five of the player's four cards and the row, or the column."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from hilo.cards import FULL_DECK, parse_cards
from hilo.hands import Ranking, Selection, evaluate, high_score, score_hand, scorer
from hilo.hands.ranking import criss_cross_lines


def test_the_row_and_the_column_share_the_centre_dealt_last() -> None:
    row, column = criss_cross_lines(parse_cards("Ks Qs 5s 6h 8c"))
    assert row == parse_cards("Ks Qs 8c")
    assert column == parse_cards("5s 6h 8c")
    assert criss_cross_lines(parse_cards("Ks Qs")) == (parse_cards("Ks Qs"), ())


def test_a_flush_across_both_lines_is_not_a_hand() -> None:
    hole, board = parse_cards("As 2s Kd Kh"), parse_cards("Ks Qs 5s 6h 8c")
    assert str(evaluate(hole, board, selection=Selection.CRISS_CROSS)) == (
        "Three of a kind, kings (Ks Kh Kd As Qs)"
    )
    assert evaluate(hole, board, selection=Selection.HOLDEM).words == "Flush, ace high"


@pytest.mark.parametrize(
    ("ranking", "qualifier"),
    [(Ranking.HIGH, None), (Ranking.ACE_TO_FIVE, 8), (Ranking.DEUCE_TO_SEVEN, None)],
)
def test_scores_match_every_five_of_either_line(ranking: Ranking, qualifier: int | None) -> None:
    rng = random.Random(27)
    score = high_score if ranking is Ranking.HIGH else scorer(ranking, qualifier)
    for _ in range(300):
        cards = rng.sample(FULL_DECK, 9)
        hole, board = cards[:4], cards[4:]
        expected = max(
            score(five)
            for line in criss_cross_lines(board)
            for five in combinations(hole + list(line), 5)
        )
        got = score_hand(
            hole, board, ranking=ranking, selection=Selection.CRISS_CROSS, qualifier=qualifier
        )
        assert got == expected
