"""What a game under its house rules fixes for every hand, worked out once per pair."""

from __future__ import annotations

import pytest

from hilo.engine.game_facts import checked_rules, facts_for
from hilo.engine.phases import plan
from hilo.errors import ConfigError
from hilo.rules import VARIANTS, HouseRules


@pytest.mark.parametrize(
    ("game", "preset"),
    [
        ("seven-card-stud-hilo-declare", "strict"),
        ("seven-card-stud-hilo", "cards-speak"),
        ("razz", "cards-speak"),
        ("anaconda-hilo-declare", "liberal"),
    ],
)
def test_the_facts_are_what_the_game_and_rules_say(game: str, preset: str) -> None:
    variant, rules = VARIANTS[game], HouseRules.preset(preset)
    facts = facts_for(variant, rules)
    assert facts.steps == tuple(plan(variant, rules))
    assert facts.declares == variant.declares_under(rules)
    assert facts.is_stud == variant.is_stud
    assert facts.streets == variant.streets
    assert facts.showdown_rules == variant.showdown_rules(rules)
    assert facts.sides == variant.sides(rules)
    assert facts_for(variant, rules) is facts


def test_equal_rules_made_apart_get_equal_facts() -> None:
    variant = VARIANTS["seven-card-stud-hilo-declare"]
    first = facts_for(variant, HouseRules.preset("strict", declare="in-turn"))
    second = facts_for(variant, HouseRules.preset("strict", declare="in-turn"))
    assert first == second


def test_a_pair_that_cannot_be_played_is_refused_every_time() -> None:
    variant, rules = VARIANTS["seven-card-stud-hilo-declare"], HouseRules.preset("cards-speak")
    for _ in range(2):
        with pytest.raises(ConfigError, match="is a declare game, but the house rules are"):
            facts_for(variant, rules)
    omaha, low_seven = VARIANTS["omaha-hilo"], HouseRules(low_qualifier=7)
    for _ in range(2):
        with pytest.raises(ConfigError, match="low_qualifier=7 cannot apply"):
            checked_rules(omaha, low_seven)
    checked_rules(omaha, HouseRules(low_qualifier=8))  # a pair that may be played passes
