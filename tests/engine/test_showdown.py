"""The referee's API: explanations, validation, and the result's accounting."""

from __future__ import annotations

import re

import pytest

from hilo.cards import parse_cards
from hilo.engine import Direction, Pot, ShowdownHand, Side, settle
from hilo.errors import ConfigError, HandError, NotationError
from hilo.hands import Selection
from hilo.rules import HouseRules
from tests.engine.cases import settle_case

EXAMPLE = ["A:high:Kc Kd Jh Js 9c", "B:both:7c 6d 5h 4s 3c", "C:low:6h 4d 3h 2s Ad"]


def test_strict_explanation_names_the_rule() -> None:
    lines = settle_case("strict", EXAMPLE, 120)["explanation"]
    assert lines[0] == "Rules: strict."
    assert (
        "B declared both ways: best high, but beaten for low by C (six-four low against "
        "seven-six low) — B wins nothing (strict: a swing must win both sides outright)."
    ) in lines
    assert (
        "No one wins high: B's failed swing had the best high (straight, seven high), and a "
        "hand beaten by a failed swing wins nothing (strict: second-best hands do not win)."
    ) in lines
    assert "C has the winning low: Six-four low (6h 4d 3h 2s Ad)." in lines
    assert lines[-1] == "C takes the whole pot: 120."


def test_changed_rules_are_cited_by_switch() -> None:
    rules = {"preset": "strict", "no_winner": "split"}
    lines = settle_case(rules, EXAMPLE, 120)["explanation"]
    assert lines[0] == "Rules: strict with no_winner=split."
    assert any("(swing_ties=lose: a swing must win both sides outright)" in line for line in lines)


def test_explanations_for_fallbacks() -> None:
    blocked = [
        "A:high:Kc Kd Jh Js 9c",
        "B:both:7c 6d 5h 4s 3c",
        "C:low:8h 6s 4c 3d 2h",
        "D:both:5s 4h 3s 2c As",
    ]
    rides = settle_case("strict", blocked, 120)["explanation"]
    assert "B's failed swing had the best high, so A cannot win it." in rides
    assert (
        "Nobody can win either side under the declarations: the pot rides to the next hand "
        "(no_winner=rides)." in rides
    )
    assert rides[-1] == "120 rides to the next hand."
    split = settle_case({"preset": "strict", "no_winner": "split"}, blocked, 122)["explanation"]
    assert split[-1] == (
        "Awards: A 31 (equal share, nobody won), B 31 (equal share, nobody won), "
        "C 30 (equal share, nobody won), D 30 (equal share, nobody won)."
    )
    second = settle_case({"preset": "strict", "no_winner": "second-best"}, blocked, 120)
    assert (
        "A has the winning high: Two pair, kings and jacks (Kd Kc Js Jh 9c)."
        in (second["explanation"])
    )
    swing_all = settle_case("strict", blocked[1::2], 120)["explanation"]
    assert any(
        "everybody swung: the cards speak (all_swing_fallback=cards-speak)" in line
        for line in swing_all
    )


def test_keep_won_side_fallback_in_words() -> None:
    blocked = [
        "A:high:Kc Kd Jh Js 9c",
        "B:both:7c 6d 5h 4s 3c",
        "C:low:8h 6s 4c 3d 2h",
        "D:both:5s 4h 3s 2c As",
    ]
    answer = settle_case({"preset": "strict", "no_winner": "keep-won-side"}, blocked, 120)
    lines = answer["explanation"]
    assert (
        "Nobody can win either side under the declarations: each swing counts for the side "
        "where its hand is best (no_winner=keep-won-side)." in lines
    )
    assert "B has the winning high: Straight, seven high (7c 6d 5h 4s 3c)." in lines
    assert lines[-1] == "Awards: B 60 (high half), D 60 (low half)."
    assert answer["pots"][0]["fallback"] == "no_winner=keep-won-side"
    tied = ["A:both:5s 4h 3s 2c As", "B:both:5c 4d 3c 2d Ad", "C:high:Kc Kd Jh Js 9c"]
    rides = settle_case({"preset": "strict", "no_winner": "keep-won-side"}, tied, 120)
    assert rides["pots"][0]["fallback"] == "no_winner=keep-won-side, then rides"
    assert (
        "Nobody can win either side under the declarations: each swing counts for the side "
        "where its hand is best (no_winner=keep-won-side). Still nobody can win, so the pot "
        "rides to the next hand." in rides["explanation"]
    )
    assert rides["explanation"][-1] == "120 rides to the next hand."


def test_swing_verdicts_in_words() -> None:
    tie_high = ["A:high:7d 6h 5c 4h 3h", "B:both:7c 6d 5h 4s 3c", "C:low:8h 6s 4c 3d 2h"]
    share = settle_case("liberal", tie_high, 120)["explanation"]
    assert (
        "B declared both ways: tied for high with A and best low — B shares the side tied "
        "(liberal: a swing may tie a side and share it)." in share
    )
    assert "A and B tie for winning high with Straight, seven high." in share
    keep = settle_case({"preset": "liberal", "swing_ties": "keep-won-side"}, tie_high, 120)
    assert any("B keeps only the low side" in line for line in keep["explanation"])
    scoop = settle_case("strict", ["A:high:Kc Kd Jh Js 9c", "B:both:5s 4h 3s 2c As"], 120)
    assert (
        "B declared both ways: best high and best low — the swing stands." in scoop["explanation"]
    )


def test_cards_speak_explanation() -> None:
    answer = settle_case("cards-speak", ["A:-:Kc Kd Jh Js 9c", "B:-:9h 7d 5h 3s 2d"], 120)
    assert (
        "A shows Two pair, kings and jacks (Kd Kc Js Jh 9c) and no qualifying low."
        in (answer["explanation"])
    )
    assert "No qualifying low: the high hand takes the whole pot." in answer["explanation"]


def test_side_pot_explanation_and_json_shape() -> None:
    answer = settle_case(
        "strict",
        ["A:low:5s 4h 3s 2c As", "B:high:Tc Td Th 9s 8d", "C:both:7c 6d 5h 4s 3c"],
        [(90, "A,B,C"), (60, "B,C")],
    )
    assert [pot["pot"] for pot in answer["pots"]] == ["Main pot", "Side pot 1"]
    assert answer["pots"][1]["awards"] == [
        {"player": "C", "amount": 30, "side": "high", "reason": "high half"},
        {"player": "C", "amount": 30, "side": "low", "reason": "low half"},
    ]
    assert answer["explanation"][-1] == "In all: A 90, C 60."


def test_result_accounting_and_str() -> None:
    hands = [
        ShowdownHand(4, parse_cards("Kc Kd Jh Js 9c"), Direction.HIGH),
        ShowdownHand(7, parse_cards("6h 4d 3h 2s Ad"), Direction.LOW),
    ]
    result = settle([Pot(101, (4, 7))], hands, rules=HouseRules.preset("strict"))
    assert result.amounts() == {4: 51, 7: 50}
    assert [award.side for award in result.awards] == [Side.HIGH, Side.LOW]
    assert result.carried == 0
    assert "Seat 4 has the winning high" in str(result)
    low_first = settle([Pot(101, (4, 7))], hands, rules=HouseRules.preset("strict", odd_chip="low"))
    assert low_first.amounts() == {4: 50, 7: 51}


def test_seat_order_decides_odd_chips() -> None:
    hands = [
        ShowdownHand(0, parse_cards("Kc Kd Qh Qs 9c"), Direction.HIGH, "A"),
        ShowdownHand(1, parse_cards("Kh Ks Qc Qd 9d"), Direction.HIGH, "B"),
    ]
    rules = HouseRules.preset("strict")
    assert settle([Pot(11, (0, 1))], hands, rules=rules).amounts() == {0: 6, 1: 5}
    later = settle([Pot(11, (0, 1))], hands, rules=rules, seat_order=(1, 0))
    assert later.amounts() == {1: 6, 0: 5}


def test_uncontested_pot_needs_no_cards_or_declaration() -> None:
    hands = [ShowdownHand(0, (), None, "A"), ShowdownHand(1, (), None, "B", is_folded=True)]
    result = settle([Pot(30, (0, 1))], hands, rules=HouseRules.preset("strict"))
    assert result.amounts() == {0: 30}
    assert str(result).endswith("A is the only player in it and takes it.")


@pytest.mark.parametrize(
    ("pots", "hands", "rules", "error", "message"),
    [
        ([], [("A", "high", "Kc Kd Jh Js 9c")], "strict", ConfigError, "no pot"),
        (
            [Pot(-1, (0,))],
            [("A", "high", "Kc Kd Jh Js 9c")],
            "strict",
            ConfigError,
            "whole number of chips",
        ),
        (
            [Pot(10, (0, 5))],
            [("A", "high", "Kc Kd Jh Js 9c")],
            "strict",
            ConfigError,
            "seat 5, who is not at the showdown",
        ),
        (
            [Pot(10, (0, 1))],
            [("A", "high", "Kc Kd Jh Js 9c"), ("B", "low", "Kd 4d 3h 2s Ad")],
            "strict",
            HandError,
            "Kd is dealt twice",
        ),
        (
            [Pot(10, (0, 1))],
            [("A", "high", "Kc Kd Jh Js"), ("B", "low", "6h 4d 3h 2s Ad")],
            "strict",
            HandError,
            "A has 4 cards; a showdown hand needs five",
        ),
        (
            [Pot(10, (0, 1))],
            [("A", None, "Kc Kd Jh Js 9c"), ("B", "low", "6h 4d 3h 2s Ad")],
            "strict",
            ConfigError,
            "A has no declaration",
        ),
        (
            [Pot(10, (0, 1))],
            [("A", "high", "Kc Kd Jh Js 9c"), ("B", None, "6h 4d 3h 2s Ad")],
            "cards-speak",
            ConfigError,
            "A declared high, but the house rules are cards speak",
        ),
    ],
)
def test_bad_input(
    pots: list[Pot],
    hands: list[tuple[str, str | None, str]],
    rules: str,
    error: type[Exception],
    message: str,
) -> None:
    showdown = [
        ShowdownHand(seat, parse_cards(cards), Direction.parse(how) if how else None, name)
        for seat, (name, how, cards) in enumerate(hands)
    ]
    with pytest.raises(error, match=message):
        settle(pots, showdown, rules=HouseRules.preset(rules))


def test_omaha_needs_a_board() -> None:
    hands = [
        ShowdownHand(0, parse_cards("As 2s Kd Kh"), None, "A"),
        ShowdownHand(1, parse_cards("Qc Qd Jh Js"), None, "B"),
    ]
    with pytest.raises(HandError, match="needs at least two hole cards and three board cards"):
        settle(
            [Pot(10, (0, 1))],
            hands,
            rules=HouseRules.preset("cards-speak"),
            selection=Selection.OMAHA,
        )


def test_duplicate_seats_and_bad_seat_order() -> None:
    hand = ShowdownHand(0, parse_cards("As 2s Kd Kh 3c"), Direction.HIGH)
    with pytest.raises(ConfigError, match="seat 0 is given twice"):
        settle([Pot(10, (0,))], [hand, hand])
    with pytest.raises(ConfigError, match="seat_order must list every seat"):
        settle([Pot(10, (0,))], [hand], seat_order=(0, 1))


@pytest.mark.parametrize("seat", [True, 1.0, "1", -1])
@pytest.mark.parametrize("where", ["hand", "pot"])
def test_a_seat_that_is_no_seat_number_is_refused(seat: object, where: str) -> None:
    """Refused on the straight path too, after the same showdown with seat numbers was
    settled (True and 1.0 equal 1 in Python: a decision kept for seat 1 must not serve)."""
    cards = (parse_cards("Kc Kd Jh Js 9c 2d 3d"), parse_cards("7c 6d 5h 4s 3c 8h 9h"))
    good = [
        ShowdownHand(1, cards[0], Direction.HIGH),
        ShowdownHand(2, cards[1], Direction.LOW),
    ]
    rules = HouseRules.preset("strict")
    assert settle([Pot(100, (1, 2))], good, rules=rules).amounts() == {1: 50, 2: 50}
    hand_seat = seat if where == "hand" and seat != -1 else 1
    pot_seat = seat if where == "pot" or seat == -1 else 1
    hands = [ShowdownHand(hand_seat, cards[0], Direction.HIGH), good[1]]  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=re.escape(repr(seat))):
        settle([Pot(100, (pot_seat, 2))], hands, rules=rules)  # type: ignore[arg-type]


def test_direction_parse() -> None:
    assert Direction.parse("HOG") is Direction.BOTH
    with pytest.raises(NotationError, match="'sideways' is not a declaration"):
        Direction.parse("sideways")


def test_high_only_games_have_no_low_half() -> None:
    hands = [
        ShowdownHand(0, parse_cards("Kc Kd Jh Js 9c"), None, "A"),
        ShowdownHand(1, parse_cards("6h 4d 3h 2s Ad"), None, "B"),
    ]
    result = settle([Pot(100, (0, 1))], hands, rules=HouseRules.preset("strict"), high_only=True)
    assert result.amounts() == {0: 100}
    text = str(result)
    assert "A shows Two pair, kings and jacks (Kd Kc Js Jh 9c)." in text
    assert "low" not in text.lower()


def test_a_tied_winner_whose_share_rounds_to_nothing_gets_no_award() -> None:
    hands = [
        ShowdownHand(0, parse_cards("Kc Kd Qh Qs 9c"), Direction.HIGH, "A"),
        ShowdownHand(1, parse_cards("Kh Ks Qc Qd 9d"), Direction.HIGH, "B"),
    ]
    result = settle([Pot(1, (0, 1))], hands, rules=HouseRules.preset("strict"))
    assert [(award.seat, award.amount) for award in result.awards] == [(0, 1)]
