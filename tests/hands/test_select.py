"""Choosing the five cards: any five, hold'em, and Omaha's exactly two plus three."""

from __future__ import annotations

import pytest

from hilo.cards import parse_cards
from hilo.errors import ConfigError, HandError
from hilo.hands import Ranking, Selection, best_high, best_low, score_hand

OMAHA, HOLDEM = Selection.OMAHA, Selection.HOLDEM


def test_holdem_uses_any_five_of_hole_and_board() -> None:
    hole, board = parse_cards("Ah Kh"), parse_cards("Qh Jh Th 2c 2d")
    assert str(best_high(hole, board, selection=HOLDEM)) == "Royal flush (Ah Kh Qh Jh Th)"
    # Any mix of hole and board cards plays: here one hole card makes trips.
    assert best_high(parse_cards("2s 3s"), board, selection=HOLDEM).words == (
        "Three of a kind, twos"
    )


def test_omaha_needs_exactly_two_hole_cards() -> None:
    # Four hearts on the board and one heart in hand is no flush in Omaha.
    hole, board = parse_cards("Ah Kc 7d 7s"), parse_cards("Qh Jh Th 2h 3c")
    assert best_high(hole, board, selection=HOLDEM).words == "Flush, ace high"
    assert best_high(hole, board, selection=OMAHA).words == "Straight, ace high"
    # Four aces in hand make only a pair of aces in Omaha.
    aces = parse_cards("Ac Ad Ah As")
    assert best_high(aces, parse_cards("Kc 8d 5h 3s 2c"), selection=OMAHA).words == (
        "One pair, aces"
    )


def test_omaha_needs_exactly_three_board_cards() -> None:
    # Trips on the board make a full house only with a pair in the hand: a seven in
    # hand pairing the board's seven is not enough, as all three kings must play.
    board = parse_cards("Kc Kd Ks 7h 2c")
    value = best_high(parse_cards("7c 7d 4h 5s"), board, selection=OMAHA)
    assert value.words == "Full house, kings full of sevens"
    assert best_high(parse_cards("7c 3d 4h 5s"), board, selection=OMAHA).words == (
        "Three of a kind, kings"
    )
    assert best_high(parse_cards("7c 3d 4h 5s"), board, selection=HOLDEM).words == (
        "Full house, kings full of sevens"
    )


def test_omaha_low_and_counterfeit() -> None:
    board = parse_cards("3s 4s 9c Kc 8d")
    low = best_low(parse_cards("As 2s Kd Kh"), board, selection=OMAHA, qualifier=8)
    assert str(low) == "Eight-four low (8d 4s 3s 2s As)"
    no_low = best_low(parse_cards("As Kd Qh Jh"), board, selection=OMAHA, qualifier=8)
    assert not no_low.is_qualified


def test_any_five_high_and_low_are_chosen_separately() -> None:
    cards = parse_cards("As 2s 3s 4s 5d Kc Kd")
    assert best_high(cards).words == "Straight, five high"
    assert best_low(cards).words == "Five-four low"
    seven = parse_cards("Ah Kh Qh Jh 9h 2c 3d")
    assert best_high(seven).words == "Flush, ace high"
    assert str(best_low(seven)) == "Jack-nine low (Jh 9h 3d 2c Ah)"


def test_score_hand_matches_values() -> None:
    hole, board = parse_cards("As 2s Kd Kh"), parse_cards("3s 4s 9c Kc 8d")
    for ranking in Ranking:
        for selection in Selection:
            score = score_hand(hole, board, ranking=ranking, selection=selection)
            if ranking.is_low:
                value = best_low(hole, board, ranking=ranking, selection=selection)
            else:
                value = best_high(hole, board, selection=selection)
            assert value.score == score


def test_errors() -> None:
    with pytest.raises(HandError, match="at least three board cards; the board has 0"):
        best_high(parse_cards("As 2s Kd Kh"), (), selection=OMAHA)
    with pytest.raises(HandError, match="at least two hole cards, not 1"):
        best_high(parse_cards("As"), parse_cards("2c 3c 4c"), selection=OMAHA)
    with pytest.raises(HandError, match="both in the hand and on the board"):
        best_high(parse_cards("As Kd"), parse_cards("As 3c 4c"), selection=HOLDEM)
    with pytest.raises(ValueError, match="qualifier applies to lows only"):
        score_hand(parse_cards("As Kd 3c 4c 5c"), qualifier=8)
    with pytest.raises(ConfigError, match="'stud' is not a way to choose five cards"):
        Selection.parse("stud")
