"""The referee's explanation is told once per result, and every caller gets its own copy."""

from __future__ import annotations

from hilo.cards import parse_cards
from hilo.engine import Direction, Pot, ShowdownHand, settle
from hilo.engine.explain import explain
from hilo.rules import HouseRules


def test_asking_again_gives_the_same_words_in_a_new_list() -> None:
    result = settle(
        [Pot(20, (0, 1))],
        [
            ShowdownHand(0, parse_cards("Kc Kd Qh Qs 9c"), Direction.HIGH, "A"),
            ShowdownHand(1, parse_cards("7c 6d 5h 4s 3c"), Direction.LOW, "B"),
        ],
        rules=HouseRules.preset("strict"),
    )
    first = result.explanation()
    first.append("scribbled on by a caller")
    again = result.explanation()
    assert again == first[:-1]
    assert again[0] == "Rules: strict."
    assert again is not explain(result)


def test_another_result_is_told_afresh() -> None:
    hands = [
        ShowdownHand(0, parse_cards("Kc Kd Qh Qs 9c"), Direction.HIGH, "A"),
        ShowdownHand(1, parse_cards("7c 6d 5h 4s 3c"), Direction.LOW, "B"),
    ]
    strict = settle([Pot(20, (0, 1))], hands, rules=HouseRules.preset("strict"))
    split = settle([Pot(20, (0, 1))], hands, rules=HouseRules.preset("strict", no_winner="split"))
    assert strict.explanation()[0] == "Rules: strict."
    assert split.explanation()[0] == "Rules: strict with no_winner=split."
    assert strict.explanation()[0] == "Rules: strict."
