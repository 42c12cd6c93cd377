"""The batch evaluators give exactly the pure-Python scores, on seeded random deals.

Three kinds of deal: the whole deck; ace to eight only (many qualifying lows and
straights); two suits only (many flushes, so the lows where flushes count must step
around them).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from numpy.typing import NDArray

from hilo.cards import FULL_DECK, Card, Rank, Suit
from hilo.hands import Ranking, Selection, score_hand, scorer
from hilo.sim import (
    high_scores,
    holdem_high_scores,
    holdem_low_scores,
    low_scores,
    omaha_high_scores,
    omaha_low_scores,
    random_deals,
    to_cards,
)

A5, D27, A6 = Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX
LOWS = (A5, D27, A6)
NINE_TO_KING = tuple(card for card in FULL_DECK if Rank.NINE <= card.rank <= Rank.KING)
HEARTS_AND_SPADES = tuple(card for card in FULL_DECK if card.suit in (Suit.HEARTS, Suit.SPADES))
DECKS: dict[str, tuple[Card, ...]] = {
    "whole deck": (),
    "ace to eight": NINE_TO_KING,
    "two suits": HEARTS_AND_SPADES,
}


@cache
def deals(deck: str, hands: int, cards: int, seed: int = 11) -> NDArray[np.uint8]:
    """Seeded random rows, dealt from the deck less the named dead cards."""
    rows = random_deals(np.random.default_rng(seed), hands, cards, dead=DECKS[deck])
    rows.flags.writeable = False
    return rows


@cache
def hands_of(deck: str, hands: int, cards: int) -> list[tuple[Card, ...]]:
    return to_cards(deals(deck, hands, cards))


def assert_same(got: NDArray[np.int64], expected: list[int]) -> None:
    assert got.dtype == np.int64
    assert got.shape == (len(expected),)
    wrong = np.flatnonzero(got != np.array(expected, np.int64))
    assert wrong.size == 0, f"{wrong.size} rows differ, first row {wrong[:1]}"


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("cards", [7, 6, 5])
def test_high_scores_match_high_score(deck: str, cards: int) -> None:
    hands = 30_000 if cards == 7 else 10_000
    expected = [scorer(Ranking.HIGH)(hand) for hand in hands_of(deck, hands, cards)]
    assert_same(high_scores(deals(deck, hands, cards)), expected)


@pytest.mark.parametrize("cards", [1, 2, 3, 4])
def test_partial_hands_score_as_the_pure_evaluator_does(cards: int) -> None:
    rows = deals("whole deck", 2_000, cards)
    assert_same(high_scores(rows), [scorer(Ranking.HIGH)(hand) for hand in to_cards(rows)])
    for ranking in LOWS:
        for qualifier in (None, 8):
            score = scorer(ranking, qualifier)
            assert_same(
                low_scores(rows, ranking, qualifier), [score(hand) for hand in to_cards(rows)]
            )


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("qualifier", [None, 8, 5, 14])
def test_ace_to_five_matches_on_seven_cards(deck: str, qualifier: int | None) -> None:
    score = scorer(A5, qualifier)
    expected = [score(hand) for hand in hands_of(deck, 30_000, 7)]
    assert_same(low_scores(deals(deck, 30_000, 7), A5, qualifier), expected)


@pytest.mark.parametrize("ranking", [D27, A6])
@pytest.mark.parametrize("qualifier", [None, 8])
@pytest.mark.parametrize("deck", DECKS)
def test_lows_with_straights_and_flushes_match_on_seven_cards(
    ranking: Ranking, qualifier: int | None, deck: str
) -> None:
    hands = 20_000 if deck == "whole deck" else 5_000
    score = scorer(ranking, qualifier)
    expected = [score(hand) for hand in hands_of(deck, hands, 7)]
    assert_same(low_scores(deals(deck, hands, 7), ranking, qualifier), expected)


@pytest.mark.parametrize("ranking", LOWS)
@pytest.mark.parametrize("cards", [5, 6])
def test_lows_match_on_five_and_six_cards(ranking: Ranking, cards: int) -> None:
    for deck in DECKS:
        for qualifier in (None, 8, 7):
            score = scorer(ranking, qualifier)
            expected = [score(hand) for hand in hands_of(deck, 5_000, cards)]
            assert_same(low_scores(deals(deck, 5_000, cards), ranking, qualifier), expected)


def omaha_expected(
    rows: list[tuple[Card, ...]], holes: int, ranking: Ranking, qualifier: int | None
) -> list[int]:
    return [
        score_hand(
            row[:holes],
            row[holes:],
            ranking=ranking,
            selection=Selection.OMAHA,
            qualifier=qualifier,
        )
        for row in rows
    ]


@pytest.mark.parametrize("deck", DECKS)
def test_omaha_high_matches_score_hand(deck: str) -> None:
    hands = 20_000 if deck == "whole deck" else 3_000
    rows = deals(deck, hands, 9)
    expected = omaha_expected(hands_of(deck, hands, 9), 4, Ranking.HIGH, None)
    assert_same(omaha_high_scores(rows[:, :4], rows[:, 4:]), expected)


@pytest.mark.parametrize("ranking", LOWS)
@pytest.mark.parametrize("qualifier", [None, 8])
def test_omaha_lows_match_score_hand(ranking: Ranking, qualifier: int | None) -> None:
    for deck, hands in (("whole deck", 10_000), ("ace to eight", 3_000), ("two suits", 3_000)):
        rows = deals(deck, hands, 9)
        expected = omaha_expected(hands_of(deck, hands, 9), 4, ranking, qualifier)
        assert_same(omaha_low_scores(rows[:, :4], rows[:, 4:], ranking, qualifier), expected)


@pytest.mark.parametrize(("holes", "boards"), [(5, 5), (6, 5), (4, 3), (4, 4), (2, 3)])
def test_omaha_other_sizes_match_score_hand(holes: int, boards: int) -> None:
    rows = deals("ace to eight", 1_500, holes + boards)
    cards = to_cards(rows)
    hole, board = rows[:, :holes], rows[:, holes:]
    assert_same(omaha_high_scores(hole, board), omaha_expected(cards, holes, Ranking.HIGH, None))
    for ranking in LOWS:
        assert_same(
            omaha_low_scores(hole, board, ranking, 8), omaha_expected(cards, holes, ranking, 8)
        )


def test_holdem_is_seven_card_high_and_low() -> None:
    rows = deals("whole deck", 5_000, 7)
    cards = to_cards(rows)
    expected_high = [
        score_hand(row[:2], row[2:], selection=Selection.HOLDEM) for row in cards[:1_000]
    ]
    assert_same(holdem_high_scores(rows[:1_000, :2], rows[:1_000, 2:]), expected_high)
    assert np.array_equal(holdem_high_scores(rows[:, :2], rows[:, 2:]), high_scores(rows))
    expected_low = [
        score_hand(row[:2], row[2:], ranking=A6, selection=Selection.HOLDEM, qualifier=8)
        for row in cards[:1_000]
    ]
    assert_same(holdem_low_scores(rows[:1_000, :2], rows[:1_000, 2:], A6, 8), expected_low)
