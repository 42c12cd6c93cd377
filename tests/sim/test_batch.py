"""Batch evaluation: hands that need care, results in words, and refused input."""

from __future__ import annotations

import numpy as np
import pytest

from hilo.cards import parse_cards
from hilo.errors import HandError
from hilo.hands import Ranking, Selection, high_score, score_hand, scorer
from hilo.hands.high import describe_high
from hilo.hands.low import describe_low
from hilo.sim import (
    high_scores,
    holdem_high_scores,
    low_scores,
    omaha_high_scores,
    omaha_low_scores,
    to_indices,
)

A5, D27, A6 = Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX

SEVEN_CARD_HANDS = [
    "As 2d 3c 4h 5s 9c Kd",  # the wheel
    "As 2s 3s 4s 5s 9c Kd",  # the steel wheel
    "6s 2s 3s 4s 5s As Kd",  # a six-high straight flush over the steel wheel
    "Ah Kh Qh Jh Th 9h 8h",  # seven hearts: royal flush
    "9c 9d 9h 9s 2d Kc 3h",  # quads, king kicker
    "9c 9d 9h 9s Kd Kc Kh",  # quads with trips beside them
    "Kc Kd Ks 7h 7s 7c 2d",  # two sets of trips
    "Qc Qd 3h 3s 2c 2d Ah",  # three pairs
    "8s 7s 6s 5s 4s 3s 2s",  # seven spades in a row
    "Ac Ad Ah As 2d 2h 2s",  # the worst ace-to-five low of seven cards
    "9c 9d Kh Qs Jc Td 9h",  # no low at eight or better
    "8c 7d 6h 5s 4c 8h 8d",  # eight-seven low, and a straight
    "7c 5c 4c 3c 2c 7d 5d",  # deuce-to-seven: the flush must be broken up
    "Ah 2h 3h 4h 6h Ks Kd",  # ace-to-six: the flush must be broken up
]


@pytest.mark.parametrize("text", SEVEN_CARD_HANDS)
def test_hands_that_need_care(text: str) -> None:
    rows = to_indices([text])
    cards = parse_cards(text)
    assert int(high_scores(rows)[0]) == high_score(cards)
    for ranking in (A5, D27, A6):
        for qualifier in (None, 8, 5):
            got = int(low_scores(rows, ranking, qualifier)[0])
            assert got == scorer(ranking, qualifier)(cards)


def test_scores_read_as_words() -> None:
    rows = to_indices(
        [
            "As 2d 3c 4h 5s 9c Kd",
            "As 2s 3s 4s 5s 9c Kd",
            "9c 9d 9h 9s Kd Kc Kh",
            "Ah Kh Qh Jh Th 9h 8h",
        ]
    )
    assert [describe_high(int(score)) for score in high_scores(rows)] == [
        "Straight, five high",
        "Straight flush, five high",
        "Four of a kind, nines",
        "Royal flush",
    ]
    lows = low_scores(rows, A5, 8)
    assert [describe_low(int(score), A5) for score in lows] == [
        "Five-four low",
        "Five-four low",
        "No qualifying low",
        "No qualifying low",
    ]
    # The steel wheel is a straight flush in ace-to-six and a flush in deuce-to-seven.
    assert describe_low(int(low_scores(rows[1:2], A6)[0]), A6) == "Nine-four low"
    assert describe_low(int(low_scores(rows[1:2], D27)[0]), D27) == "Nine-five low"


def test_deuce_to_seven_steps_around_a_flush() -> None:
    rows = to_indices(["7c 5c 4c 3c 2c 8d 8h", "7c 5c 4c 3c 2c Kd Kh", "7c 5c 4c 3c 2c 7d 6d"])
    words = [describe_low(int(score), D27) for score in low_scores(rows, D27)]
    # Seven-five-four-three-two in clubs is a flush: one card of another suit must play.
    assert words == ["Eight-five low", "King-five low", "Seven-five low"]


def test_no_qualifying_low_is_zero_and_below_every_low() -> None:
    rows = to_indices(["9c 9d Kh Qs Jc Td 9h", "8c 7d 5h 4s 2c Kh Kd", "Kc Kd Kh Ks Qc Qd Qh"])
    for ranking in (A5, D27, A6):
        scores = low_scores(rows, ranking, 8)
        assert scores[0] == 0
        assert scores[2] == 0
        assert scores[1] > 0
    # With no qualifier every hand has a low, even four kings and three queens.
    assert (low_scores(rows, A5) > 0).all()


def test_qualifier_needs_five_cards() -> None:
    rows = to_indices(["Ac 2d 3h 4s"])
    assert low_scores(rows, A5, 8).tolist() == [0]
    assert low_scores(rows, A5).tolist() == [scorer(A5)(parse_cards("Ac 2d 3h 4s"))]


def test_five_and_six_card_rows() -> None:
    five = to_indices(["As 2s 3s 4s 5s", "Kc Kd 7h 7s Ks"])
    assert [describe_high(int(score)) for score in high_scores(five)] == [
        "Straight flush, five high",
        "Full house, kings full of sevens",
    ]
    assert describe_low(int(low_scores(five, A6)[0]), A6) == "Straight flush, five high (as a low)"
    six = to_indices(["As 2s 3s 4s 5s 6s", "Kc Kd 7h 7s Ks 7c"])
    assert [describe_high(int(score)) for score in high_scores(six)] == [
        "Straight flush, six high",
        "Full house, kings full of sevens",
    ]
    # Six spades from the ace: any five are a flush, and the best one avoids a straight.
    assert describe_low(int(low_scores(six, A6)[0]), A6) == "Flush, six high (as a low)"


def test_omaha_uses_exactly_two_and_three() -> None:
    hole = to_indices(["Ah Kc 7d 7s", "Ac Ad Ah As", "As 2s Kd Kh"])
    board = to_indices(["Qh Jh Th 2h 3c", "Kc 8d 5h 3s 2c", "3s 4s 5s Kc Qd"])
    assert [describe_high(int(score)) for score in omaha_high_scores(hole, board)] == [
        "Straight, ace high",
        "One pair, aces",
        "Straight flush, five high",
    ]
    lows = omaha_low_scores(hole, board, A5, 8)
    assert [describe_low(int(score), A5) for score in lows] == [
        "No qualifying low",
        "No qualifying low",
        "Five-four low",
    ]


def test_omaha_counterfeit_low_matches_score_hand() -> None:
    hole, board = parse_cards("Ac 2d Kh Ks"), parse_cards("3s 4s 2c Kc 8d")
    got = omaha_low_scores(to_indices([hole]), to_indices([board]), A5, 8)
    expected = score_hand(hole, board, ranking=A5, selection=Selection.OMAHA, qualifier=8)
    assert got.tolist() == [expected]
    assert describe_low(expected, A5) == "Eight-four low"


def test_input_forms_and_empty_batches() -> None:
    rows = to_indices(["As Ks Qs Js Ts 2c 3d", "7c 6d 5h 4s 3c Kd Kh"])
    expected = high_scores(rows).tolist()
    assert high_scores(rows.tolist()).tolist() == expected
    assert high_scores(rows.astype(np.int64)).tolist() == expected
    assert high_scores(rows.astype(np.int8)).tolist() == expected
    assert high_scores(np.asfortranarray(rows)).tolist() == expected
    assert high_scores(rows[::-1]).tolist() == expected[::-1]
    empty = np.zeros((0, 7), np.uint8)
    assert high_scores(empty).shape == (0,)
    assert low_scores(empty, D27, 8).shape == (0,)
    assert omaha_high_scores(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (np.zeros(7, np.uint8), r"2-D array shaped \(hands, cards\).*shape \(7,\)"),
        (np.zeros((2, 3, 7), np.uint8), r"2-D array.*shape \(2, 3, 7\)"),
        (np.zeros((2, 8), np.uint8), "each row of the hands must hold 1 to 7 cards, not 8"),
        (np.zeros((2, 0), np.uint8), "must hold 1 to 7 cards, not 0"),
        (np.full((1, 7), 0.5), "integer card indices, not float64"),
        ([[0, 1, 2, 3, 4, 5, 52]], "row 0 of the hands: 52 is not a card index"),
        (np.array([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 200]], np.uint8), "row 1.*200"),
        (np.array([[0, 1, 2, 3, 4, 5, -1]], np.int8), "row 0 of the hands: -1 is not"),
        (np.array([[0, 1, 2, 3, 4, 5, -7]], np.int64), "-7 is not a card index"),
        (np.array([[0, 1, 2], [8, 9, 8]], np.uint8), "row 1 of the hands holds 4c twice"),
    ],
)
def test_bad_hands_are_refused(cards: object, message: str) -> None:
    for evaluate in (high_scores, low_scores, lambda rows: low_scores(rows, D27, 8)):
        with pytest.raises(HandError, match=message):
            evaluate(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ([[0, 1, 2, 3]], [[4, 5, 6, 7, 8]] * 2, "1 rows of hole cards but 2 boards"),
        ([[0, 1, 2, 3, 9, 10, 11]], [[4, 5, 6, 7, 8]], "hole cards must hold 2 to 6 cards, not 7"),
        ([[0, 1, 2, 3]], [[4, 5]], "boards must hold 3 to 5 cards, not 2"),
        ([[0, 1, 2, 3]], [[4, 5, 6, 7, 3]], r"row 0: 2s is both in the hand and on the board"),
        ([[0, 1, 2, 2]], [[4, 5, 6, 7, 8]], "row 0 of the hole cards holds 2h twice"),
        ([[0, 1, 2, 3]], [[4, 5, 6, 60, 8]], "row 0 of the boards: 60 is not a card index"),
    ],
)
def test_bad_omaha_hands_are_refused(hole: object, board: object, message: str) -> None:
    with pytest.raises(HandError, match=message):
        omaha_high_scores(hole, board)  # type: ignore[arg-type]
    with pytest.raises(HandError, match=message):
        omaha_low_scores(hole, board, A6, 8)  # type: ignore[arg-type]


def test_holdem_refuses_too_many_cards_and_shared_cards() -> None:
    with pytest.raises(HandError, match="boards must hold 0 to 5 cards, not 6"):
        holdem_high_scores([[0, 1]], [[2, 3, 4, 5, 6, 7]])
    with pytest.raises(HandError, match="holds 2c twice"):
        holdem_high_scores([[0, 1]], [[2, 3, 4, 5, 0]])


def test_rankings_and_qualifiers_are_checked() -> None:
    rows = to_indices(["As 2d 3c 4h 5s"])
    with pytest.raises(ValueError, match="low rankings, not high"):
        low_scores(rows, Ranking.HIGH)
    with pytest.raises(ValueError, match="is not a low qualifier"):
        low_scores(rows, A5, 4)
    with pytest.raises(ValueError, match="is not a low qualifier"):
        omaha_low_scores([[0, 1, 2, 3]], [[4, 5, 6, 7, 8]], D27, 15)
