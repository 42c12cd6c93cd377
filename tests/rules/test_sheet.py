"""The house-rules sheet: a sentence for every value of every switch, in plain words."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from hilo.errors import ConfigError
from hilo.hands.ranking import Ranking
from hilo.rules.house_rules import PRESETS, RULE_CHOICES, HouseRules
from hilo.rules.sheet import (
    applying_switches,
    preset_paragraph,
    rules_sheet,
    sentence,
    switches_in_force,
)

SWITCHES = tuple(item.name for item in fields(HouseRules))
VALUE_TOKENS = sorted(
    {value for choices in RULE_CHOICES.values() for value in choices if "-" in value}
)
"""Words of the switches that only a switch would use (``keep-won-side``, ``in-turn``)."""


def _rules(switch: str, value: Any) -> HouseRules:
    """Rules with ``switch`` set to ``value`` and whatever that value needs."""
    changes: dict[str, Any] = {switch: value}
    if switch == "lock_rule":
        changes["bet_after_declare"] = True
    if switch == "declare_order":
        changes["declare"] = "in-turn"
    return HouseRules(**changes)


def _every_value() -> list[tuple[str, HouseRules]]:
    cases: list[tuple[str, HouseRules]] = []
    for switch in SWITCHES:
        if switch in RULE_CHOICES:
            values: list[Any] = list(RULE_CHOICES[switch])
        elif switch == "low":
            values = list(Ranking.__members__.values())
            values = [ranking for ranking in values if ranking.is_low]
        elif switch == "low_qualifier":
            cases += [(switch, HouseRules(low_qualifier=None))]
            cases += [(switch, HouseRules(low_qualifier=number)) for number in range(5, 14)]
            cases += [
                (switch, HouseRules(low=Ranking.DEUCE_TO_SEVEN, low_qualifier=number))
                for number in range(7, 15)
            ]
            continue
        elif switch == "max_draw":
            values = [1, 2, 3, 4, 5]
        elif switch == "max_rounds":
            values = list(range(1, 21))
        elif switch == "four_price":
            values = [0, 1, 5, 250]
        else:
            values = [False, True]
        cases += [(switch, _rules(switch, value)) for value in values]
    return cases


EVERY_VALUE = _every_value()


@pytest.mark.parametrize(("switch", "rules"), EVERY_VALUE)
def test_every_value_of_every_switch_has_plain_words(switch: str, rules: HouseRules) -> None:
    words = sentence(rules, switch)
    assert words[0].isupper(), words
    assert words.endswith("."), words
    assert "=" not in words
    assert "_" not in words  # no switch name such as second_best ("low" is a word too)
    for token in VALUE_TOKENS:
        assert token not in words, (token, words)


def test_each_value_of_a_switch_reads_differently() -> None:
    seen: dict[str, set[str]] = {}
    for switch, rules in EVERY_VALUE:
        seen.setdefault(switch, set()).add(sentence(rules, switch))
    for switch in SWITCHES:
        values = [rules for name, rules in EVERY_VALUE if name == switch]
        distinct = {getattr(rules, switch) for rules in values}
        assert len(seen[switch]) == len(distinct), switch


def test_the_issue_s_sentence_for_strict_swings() -> None:
    assert sentence(HouseRules.preset("strict"), "swing_ties") == (
        "A player who declares both ways must win both ways outright; a tie on either side "
        "loses everything."
    )
    assert "eight or better" in sentence(HouseRules.preset("cards-speak"), "low_qualifier")


def test_an_unknown_switch_is_refused_in_words() -> None:
    with pytest.raises(ConfigError, match="unknown house rule 'sometimes'"):
        sentence(HouseRules(), "sometimes")


def test_the_sheet_leaves_out_what_the_rules_never_use() -> None:
    speaking = switches_in_force(HouseRules.preset("cards-speak"))
    assert "declare" in speaking
    assert not {"swing_ties", "second_best", "no_winner", "lock_rule"} & set(speaking)
    assert "declare_order" not in switches_in_force(HouseRules())
    assert "declare_order" in switches_in_force(HouseRules(declare="in-turn"))
    assert "lock_rule" not in switches_in_force(HouseRules())
    betting = HouseRules(bet_after_declare=True, lock_rule="call-only")
    sheet = rules_sheet(betting)
    assert sheet.sentence_for("lock_rule") == sentence(betting, "lock_rule")
    assert sheet.sentence_for("declare_order") is None


def test_game_sentences_appear_only_for_their_games() -> None:
    everything = rules_sheet(HouseRules())
    assert everything.switches == switches_in_force(HouseRules())
    chicago = rules_sheet(HouseRules(), ("high-chicago",))
    assert "no_spade" in chicago.switches
    assert "three_rule" not in chicago.switches
    stud = rules_sheet(HouseRules(), ("seven-card-stud-hilo-declare",))
    assert {"swing_ties", "stud_opener"} <= set(stud.switches)
    assert not {"no_spade", "max_draw", "three_rule", "bust_over_27"} & set(stud.switches)
    both = rules_sheet(HouseRules(), ("seven-card-stud-hilo-declare", "baseball-hilo-declare"))
    assert {"swing_ties", "three_rule", "four_price"} <= set(both.switches)
    assert applying_switches(()) == frozenset(SWITCHES)
    with pytest.raises(ConfigError, match="unknown game 'tiddlywinks'"):
        rules_sheet(HouseRules(), ("tiddlywinks",))


@pytest.mark.parametrize("name", PRESETS)
def test_each_preset_has_a_paragraph_made_of_its_own_rules(name: str) -> None:
    paragraph = preset_paragraph(name)
    rules = HouseRules.preset(name)
    assert rules_sheet(rules).paragraph == paragraph
    assert sentence(rules, "swing_ties" if not rules.is_cards_speak else "declare") in paragraph
    others = [preset_paragraph(other) for other in PRESETS if other != name]
    assert paragraph not in others
    assert rules_sheet(rules.replace(odd_chip="low")).paragraph is None
