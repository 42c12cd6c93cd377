"""House rules: presets, validation, and reading them from plain data."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from typing import Any

import pytest

from hilo.errors import ConfigError
from hilo.hands import Ranking
from hilo.rules import PRESETS, RULE_HELP, HouseRules


def test_presets_match_the_rules_table() -> None:
    assert PRESETS == ("strict", "liberal", "outright", "cards-speak")
    strict, liberal, outright = (HouseRules.preset(name) for name in PRESETS[:3])
    assert (strict.swing_ties, strict.second_best) == ("lose", False)
    assert (liberal.swing_ties, liberal.second_best) == ("share", True)
    assert (outright.swing_ties, outright.second_best) == ("lose", True)
    for rules in (strict, liberal, outright):
        assert rules.no_winner == "rides"
        assert rules.all_swing_fallback == "cards-speak"
        assert rules.low is Ranking.ACE_TO_FIVE
        assert rules.low_qualifier is None
        assert rules.odd_chip == "high"
        assert not rules.is_cards_speak
    cards_speak = HouseRules.preset("cards-speak")
    assert cards_speak.is_cards_speak
    assert cards_speak.low_qualifier == 8


def test_every_switch_is_documented() -> None:
    assert set(RULE_HELP) == {item.name for item in fields(HouseRules)}
    assert all(text.endswith(".") for text in RULE_HELP.values())


def test_rules_are_frozen_keyword_only_and_hashable() -> None:
    rules = HouseRules()
    with pytest.raises(FrozenInstanceError):
        rules.second_best = True  # type: ignore[misc]
    with pytest.raises(TypeError):
        HouseRules("strict")  # type: ignore[call-arg, arg-type]
    assert hash(rules) == hash(HouseRules.preset("strict"))


def test_names() -> None:
    assert HouseRules().name == "strict"
    assert HouseRules.preset("outright", no_winner="split").name == "outright with no_winner=split"
    assert HouseRules.preset("liberal", low_qualifier=8).name == "liberal with low_qualifier=8"
    assert HouseRules.preset("strict", second_best=True).name == "outright"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"swing_ties": "maybe"}, "swing_ties must be one of 'lose', 'share', 'keep-won-side'"),
        ({"no_winner": "burn"}, "no_winner must be one of 'rides', 'cards-speak', 'split'"),
        ({"declare": "shout"}, "declare must be one of"),
        ({"odd_chip": "dealer"}, "odd_chip must be one of 'high', 'low'"),
        ({"odd_chip_order": "age"}, "odd_chip_order must be one of 'button', 'suit'"),
        ({"all_swing_fallback": "x"}, "all_swing_fallback must be one of"),
        ({"declare_timeout": "x"}, "declare_timeout must be one of"),
        ({"lock_rule": "x", "bet_after_declare": True}, "lock_rule must be one of"),
        ({"low": "high"}, "low must be one of 'ace-to-five', 'deuce-to-seven', 'ace-to-six'"),
        ({"low": "razz"}, "'razz' is not a hand ranking"),
        ({"low_qualifier": 4}, "low_qualifier 4 is impossible for ace-to-five lows: use 5 to 13"),
        ({"low": "deuce-to-seven", "low_qualifier": 6}, "use 7 to 14"),
        ({"low_qualifier": "8"}, "low_qualifier must be a card rank number or none"),
        ({"second_best": "yes"}, "second_best must be true or false"),
        (
            {"declare": "cards-speak", "bet_after_declare": True},
            "bet_after_declare needs a declare",
        ),
        ({"lock_rule": "call-only"}, "turn bet_after_declare on"),
        ({"declare_order": "high-showing"}, "declare_order 'high-showing' applies only when"),
    ],
)
def test_bad_settings_say_what_is_wrong(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        HouseRules(**settings)


def test_consistent_optional_rules() -> None:
    rules = HouseRules(
        declare="in-turn",
        declare_order="last-aggressor",
        bet_after_declare=True,
        lock_rule="no-raise",
        declare_timeout="high",
        low=Ranking.DEUCE_TO_SEVEN,
        low_qualifier=14,
    )
    assert rules.lock_rule == "no-raise"
    assert HouseRules(low=Ranking.ACE_TO_SIX, low_qualifier=6).low is Ranking.ACE_TO_SIX
    assert HouseRules.preset("strict", low="ace-to-six").low is Ranking.ACE_TO_SIX


def test_from_dict_and_to_dict_round_trip() -> None:
    rules = HouseRules.from_dict(
        {"preset": "liberal", "no_winner": "split", "low": "ace-to-six", "low_qualifier": "8"}
    )
    assert rules.no_winner == "split"
    assert rules.low is Ranking.ACE_TO_SIX
    assert rules.low_qualifier == 8
    assert HouseRules.from_dict(rules.to_dict()) == rules
    assert HouseRules.from_dict("outright") == HouseRules.preset("outright")
    assert HouseRules.from_dict({"low_qualifier": "eight-or-better"}).low_qualifier == 8
    assert HouseRules.from_dict({"low_qualifier": "none"}).low_qualifier is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("casino", "unknown house rules preset 'casino': use one of strict, liberal"),
        ({"preset": "strict", "swing": "lose"}, "unknown house rule 'swing': the rules are low,"),
        ({"preset": 3}, "preset must be a name"),
        ({"low_qualifier": "eightish"}, "low_qualifier must be a number such as 8"),
        (["strict"], "rules must be a preset name or an object"),
    ],
)
def test_from_dict_errors(data: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        HouseRules.from_dict(data)


def test_preset_and_replace_reject_unknown_switches() -> None:
    with pytest.raises(ConfigError, match="unknown house rule 'secondbest'"):
        HouseRules.preset("strict", secondbest=True)
    with pytest.raises(ConfigError, match="unknown house rule 'x'"):
        HouseRules().replace(x=1)
    assert HouseRules().replace(second_best=True).name == "outright"


def test_wild_card_switches_default_as_home_games_names_them_first() -> None:
    rules = HouseRules()
    assert rules.wild_duplicates is True
    assert rules.natural_beats_wild is False
    assert rules.queen_last == "only-queens"
    assert rules.ace_low_for_wild is False
    changed = HouseRules.from_dict(
        {"preset": "liberal", "wild_duplicates": False, "queen_last": "none-wild"}
    )
    assert changed.name == "liberal with wild_duplicates=false, queen_last=none-wild"
    assert HouseRules.from_dict(changed.to_dict()) == changed
    assert all(HouseRules.preset(name).name == name for name in PRESETS)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"queen_last": "all-wild"}, "queen_last must be one of 'only-queens', 'none-wild'"),
        ({"wild_duplicates": "yes"}, "wild_duplicates must be true or false"),
        ({"natural_beats_wild": 1}, "natural_beats_wild must be true or false"),
        ({"ace_low_for_wild": None}, "ace_low_for_wild must be true or false"),
    ],
)
def test_wild_card_switches_refuse_bad_values(settings: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        HouseRules(**settings)  # type: ignore[arg-type]


def test_wild_card_switches_are_written_only_when_changed() -> None:
    assert "wild_duplicates" not in HouseRules().to_dict()
    assert HouseRules().to_dict(complete=True)["queen_last"] == "only-queens"
    changed = HouseRules(natural_beats_wild=True)
    assert changed.to_dict()["natural_beats_wild"] is True
    assert HouseRules.from_dict(changed.to_dict()) == changed


def test_the_switches_of_the_home_game_splits_are_checked_and_written_only_when_changed() -> None:
    assert "no_spade" not in HouseRules().to_dict()
    changed = HouseRules(no_spade="rides", ace_low_spade=True, bust_over_27=False)
    assert changed.to_dict()["no_spade"] == "rides"
    assert HouseRules.from_dict(changed.to_dict()) == changed
    assert changed.name == ("strict with ace_low_spade=true, no_spade=rides, bust_over_27=false")
    with pytest.raises(ConfigError, match="tie_at_distance must be one of 'under-wins', 'split'"):
        HouseRules(tie_at_distance="over-wins")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="bust_over_27 must be true or false, not 'yes'"):
        HouseRules(bust_over_27="yes")  # type: ignore[arg-type]
    for name in PRESETS:
        assert HouseRules.preset(name).name == name


def test_the_counting_and_baseball_switches_default_as_the_rule_book_names_first() -> None:
    rules = HouseRules()
    assert (rules.stand_freezes, rules.max_rounds) == (False, 10)
    assert (rules.four_price, rules.four_card, rules.three_rule) == (0, "up", "match-or-fold")
    assert "four_price" not in rules.to_dict()
    changed = HouseRules.from_dict({"preset": "strict", "four_price": 5, "three_rule": "none"})
    assert changed.name == "strict with four_price=5, three_rule=none"
    assert HouseRules.from_dict(changed.to_dict()) == changed


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"stand_freezes": "no"}, "stand_freezes must be true or false, not 'no'"),
        ({"max_rounds": 0}, "max_rounds must be a whole number from 1 to 20, not 0"),
        ({"max_rounds": True}, "max_rounds must be a whole number from 1 to 20, not True"),
        ({"four_price": -1}, "four_price must be a whole number of chips, 0 or more, not -1"),
        ({"four_price": 2.5}, "four_price must be a whole number of chips, 0 or more, not 2.5"),
        ({"four_card": "sideways"}, "four_card must be one of 'up', 'down', not 'sideways'"),
        ({"three_rule": "pay"}, "three_rule must be one of 'match-or-fold', 'match-to-wild'"),
    ],
)
def test_bad_counting_and_baseball_switches_are_refused_with_a_sentence(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        HouseRules.from_dict({"preset": "strict", **settings})
