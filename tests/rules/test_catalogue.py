"""The game catalogue: family, split and the switches that apply, all worked out from data."""

from __future__ import annotations

from dataclasses import fields

import pytest

from hilo.rules import VARIANTS, HouseRules, Variant
from hilo.rules.catalogue import SWITCH_APPLIES, describe, family, split_words


def test_every_house_switch_says_where_it_applies() -> None:
    assert set(SWITCH_APPLIES) == {item.name for item in fields(HouseRules)}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("five-card-draw", "draw"),
        ("five-card-stud-hilo", "stud"),
        ("seven-card-stud-hilo-declare", "stud"),
        ("holdem-hilo", "hold'em"),
        ("omaha-hilo-declare", "Omaha"),
        ("anaconda-hilo-declare", "pass"),
        ("pass-the-trash-hilo", "pass"),
    ],
)
def test_the_family_comes_from_how_a_game_deals(name: str, expected: str) -> None:
    assert family(VARIANTS[name]) == expected


def test_a_house_game_is_described_from_its_data_alone() -> None:
    mine = Variant.from_dict(
        "nine-or-better-stud",
        {
            "title": "Stud, nine or better",
            "split": "hi-lo-cards-speak",
            "qualifier": 9,
            "forced": "antes",
            "streets": [{"name": "deal", "down": 5, "bet": True}],
        },
    )
    entry = describe(mine)
    assert (entry.family, entry.split) == ("other", "high-low, cards speak, nine or better")
    assert entry.switches == ("odd_chip", "odd_chip_order")
    assert split_words(VARIANTS["five-card-stud-hilo"]) == (
        "high-low, declared or cards speak by the house rules"
    )


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_switch_listed_as_not_applying_changes_nothing_the_game_plays(name: str) -> None:
    variant = VARIANTS[name]
    listed = describe(variant).switches
    assert "odd_chip_order" in listed
    assert ("stud_opener" in listed) == variant.is_stud
    assert ("max_draw" in listed) == any(street.draw for street in variant.streets)
    assert ("swing_ties" in listed) == (variant.split == "hi-lo" or variant.is_declare)
    # The low switches are listed exactly where a house low reaches the showdown.
    rules = HouseRules.preset("strict", low="deuce-to-seven")
    if variant.split != "high" and variant.rules_conflict(rules) is None:
        reaches = variant.sides(rules) != variant.sides(HouseRules.preset("strict"))
        assert ("low" in listed) == reaches


def test_the_other_splits_in_words_and_their_switches() -> None:
    assert split_words(VARIANTS["razz"]) == "low only, ace-to-five"
    assert split_words(VARIANTS["low-chicago"]) == (
        "high and the lowest spade in the hole, cards speak"
    )
    assert split_words(VARIANTS["high-chicago-declare"]) == (
        "high and the highest spade in the hole, declared"
    )
    assert describe(VARIANTS["criss-cross-hilo"]).family == "criss-cross"
    assert "ace_low_spade" in describe(VARIANTS["low-chicago"]).switches
    assert "ace_low_spade" not in describe(VARIANTS["high-chicago"]).switches
    assert "no_spade" in describe(VARIANTS["high-chicago"]).switches
    assert "swing_ties" in describe(VARIANTS["high-chicago-declare"]).switches
    assert "low" not in describe(VARIANTS["high-chicago-declare"]).switches


def test_the_offer_switches_are_listed_where_the_game_makes_the_offer() -> None:
    baseball = describe(VARIANTS["baseball"]).switches
    counting = describe(VARIANTS["seven-twenty-seven"])
    assert {"four_price", "four_card", "three_rule"} <= set(baseball)
    assert {"stand_freezes", "max_rounds"}.isdisjoint(baseball)
    assert {"stand_freezes", "max_rounds", "bust_over_27", "tie_at_distance"} <= set(
        counting.switches
    )
    assert "four_price" not in counting.switches
    assert counting.split == "the totals nearest 7 and 27, declared"
