"""Chicago's spade in the hole: the highest, or the lowest, ace high unless counted low."""

from __future__ import annotations

from hilo.cards import parse_cards
from hilo.hands.sides import SpadeSide
from hilo.hands.spades import best_spade, describe_spade, spade_score


def test_only_spades_count_and_none_scores_nothing() -> None:
    assert spade_score(parse_cards("Ah Kd"), lowest=False, ace_low=False) == 0
    assert describe_spade(None) == "No spade in the hole"
    assert best_spade(parse_cards("Ah 2s 9s"), lowest=False, ace_low=False) == parse_cards("9s")[0]


def test_the_lowest_spade_with_the_ace_high_or_low() -> None:
    hole = parse_cards("As 3s")
    assert best_spade(hole, lowest=True, ace_low=False) == parse_cards("3s")[0]
    assert best_spade(hole, lowest=True, ace_low=True) == parse_cards("As")[0]
    assert spade_score(parse_cards("2s"), lowest=True, ace_low=False) > spade_score(
        parse_cards("3s"), lowest=True, ace_low=False
    )


def test_a_side_reads_only_the_cards_in_the_hole() -> None:
    cards, up = parse_cards("Ks 4s 9h 8d 7c"), parse_cards("Ks 8d 7c")
    value = SpadeSide().value(cards, up)
    assert str(value) == "Four of spades in the hole (4s)"
    assert value.is_qualified
    assert not SpadeSide().value(cards, parse_cards("Ks 4s")).is_qualified
