"""Variants as data: the shipped games, loading from TOML and JSON, and clear errors."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hilo.errors import ConfigError
from hilo.hands import Ranking, Selection
from hilo.hands.sides import HandSide
from hilo.rules import PRESETS, VARIANTS, HouseRules, Variant, load_variants

SHIPPED = {
    "five-card-draw": "high",
    "five-card-draw-hilo-declare": "hi-lo-declare",
    "five-card-stud": "high",
    "five-card-stud-hilo": "hi-lo",
    "seven-card-stud": "high",
    "seven-card-stud-hilo": "hi-lo-cards-speak",
    "seven-card-stud-hilo-declare": "hi-lo-declare",
    "holdem": "high",
    "holdem-hilo": "hi-lo-cards-speak",
    "holdem-hilo-declare": "hi-lo-declare",
    "omaha": "high",
    "omaha-hilo": "hi-lo-cards-speak",
    "omaha-hilo-declare": "hi-lo-declare",
    "roll-your-own-hilo-declare": "hi-lo-declare",
    "anaconda-hilo-declare": "hi-lo-declare",
    "pass-the-trash-hilo": "hi-lo-cards-speak",
    "pass-the-trash-hilo-declare": "hi-lo-declare",
    "razz": "lowball",
    "deuce-to-seven-triple-draw": "lowball",
    "high-chicago": "chicago",
    "low-chicago": "chicago",
    "high-chicago-declare": "chicago-declare",
    "criss-cross-hilo": "hi-lo-cards-speak",
    "criss-cross-hilo-declare": "hi-lo-declare",
    "baseball": "high",
    "baseball-hilo-declare": "hi-lo-declare",
    "seven-twenty-seven": "seven-twenty-seven",
    "five-card-draw-deuces-wild": "high",
    "five-card-draw-deuces-wild-hilo-declare": "hi-lo-declare",
    "follow-the-queen": "high",
    "follow-the-queen-hilo-declare": "hi-lo-declare",
    "low-hole-wild-hilo-declare": "hi-lo-declare",
    "criss-cross-center-wild-hilo-declare": "hi-lo-declare",
}


def test_every_promised_game_ships() -> None:
    assert {name: variant.split for name, variant in VARIANTS.items()} == SHIPPED
    assert VARIANTS["seven-card-stud"].hole_cards == 7
    assert VARIANTS["omaha"].selection is Selection.OMAHA
    assert VARIANTS["seven-card-stud-hilo"].qualifier == 8
    assert VARIANTS["five-card-draw"].streets[1].draw


def test_round_trip_through_plain_data() -> None:
    for name, variant in VARIANTS.items():
        assert Variant.from_dict(name, variant.to_dict()) == variant


def test_baseball_s_fours_and_threes_and_7_27_s_rounds_are_written_as_data() -> None:
    baseball = VARIANTS["baseball"]
    assert baseball.four_extra
    assert baseball.three_match
    assert baseball.to_dict()["four_extra"] is True
    assert "four_extra" not in VARIANTS["seven-card-stud"].to_dict()
    street = {"name": "draw", "take_or_stand": True, "bet": True}
    game = Variant.from_dict("t", {**BASE, "streets": [*BASE["streets"], street]})
    assert game.streets[-1].take_or_stand
    assert game.to_dict()["streets"][-1] == street


def test_the_card_decisions_are_written_only_where_a_street_has_them() -> None:
    anaconda = VARIANTS["anaconda-hilo-declare"].to_dict()
    assert anaconda["streets"][1] == {"name": "pass three", "passes": 3, "bet": True}
    assert anaconda["streets"][4] == {
        "name": "first card",
        "bet": True,
        "big_bet": True,
        "discard": 2,
        "arrange": True,
        "reveal": 1,
    }
    assert VARIANTS["anaconda-hilo-declare"].kept_cards == 5
    stud = VARIANTS["seven-card-stud"].to_dict()["streets"][0]
    assert stud == {"name": "third street", "down": 2, "up": 1, "bet": True}


def test_load_from_toml_and_json_files(tmp_path: Path) -> None:
    toml_file = tmp_path / "games.toml"
    toml_file.write_text(
        '[razzle]\ntitle = "Razzle"\nsplit = "hi-lo"\nforced = "bring-in"\n'
        'streets = [{ name = "deal", down = 2, up = 1, bet = true },'
        ' { name = "last", up = 2, bet = true, big_bet = true }]\n',
        encoding="utf-8",
    )
    games = load_variants(toml_file)
    assert games["razzle"].hole_cards == 5
    json_file = tmp_path / "games.json"
    json_file.write_text(json.dumps({"razzle": games["razzle"].to_dict()}), encoding="utf-8")
    assert load_variants(json_file)["razzle"] == games["razzle"]


def test_declare_variants_need_declare_rules() -> None:
    declare = VARIANTS["seven-card-stud-hilo-declare"]
    assert declare.declares_under(HouseRules.preset("strict"))
    with pytest.raises(ConfigError, match="is a declare game, but the house rules are cards speak"):
        declare.declares_under(HouseRules.preset("cards-speak"))
    either = VARIANTS["five-card-stud-hilo"]
    assert either.declares_under(HouseRules.preset("liberal"))
    assert not either.declares_under(HouseRules.preset("cards-speak"))
    assert not VARIANTS["holdem-hilo"].declares_under(HouseRules.preset("strict"))


EIGHT_STUD_STREETS = [
    {"name": "third", "down": 2, "up": 1, "bet": True},
    {"name": "fourth", "up": 2, "bet": True},
    {"name": "fifth", "up": 1, "bet": True},
    {"name": "last", "down": 1, "bet": True},
]
"""Six cards before the last street: eight players fit (48), ten do not (60)."""

BASE: dict[str, Any] = {
    "title": "T",
    "split": "high",
    "forced": "blinds",
    "streets": [{"name": "deal", "down": 5, "bet": True}],
}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colour": "red"}, "variant t: unknown field 'colour'"),
        ({"split": "both"}, "split must be one of"),
        ({"forced": "nothing"}, "forced must be one of 'blinds', 'bring-in', 'antes'"),
        ({"selection": "razz"}, "selection: 'razz' is not a way to choose five cards"),
        ({"qualifier": 2}, "qualifier must be a number from 5 to 13"),
        ({"max_players": 30}, "max_players must be a whole number from 2 to 10"),
        ({"streets": []}, "streets must be a non-empty list"),
        ({"streets": [{"name": "deal", "down": 9}]}, r"streets\[0\].down must be a whole number"),
        ({"streets": [{"name": "deal", "down": 5, "bet": "yes"}]}, "bet must be true or false"),
        ({"streets": [{"down": 5, "bet": True}]}, "every street needs a name"),
        ({"streets": [{"name": "x", "down": 5, "bets": True}]}, "unknown field 'bets'"),
        ({"streets": [{"name": "deal", "down": 5}]}, "no street has a betting round"),
        ({"streets": [{"name": "deal", "down": 3, "bet": True}]}, "five are needed"),
        (
            {"streets": [{"name": "d", "down": 2, "board": 6, "bet": True}], "selection": "holdem"},
            r"streets\[0\].board must be a whole number from 0 to 5",
        ),
        (
            {"streets": [{"name": "d", "down": 2, "board": 3, "bet": True}]},
            "any-five games have no board",
        ),
        ({"forced": "bring-in"}, "a bring-in game deals an up card on its first street"),
        ({"streets": [{"name": "d", "draw": True, "down": 5, "bet": True}]}, "cannot be a draw"),
        ({"streets": [{"name": "d", "down": 7, "bet": True}]}, "need more than 52"),
        (
            {"streets": [{"name": "d", "down": 5, "passes": 6, "bet": True}], "max_players": 2},
            r"streets\[0\]: players pass 6 cards but hold 5",
        ),
        (
            {"streets": [{"name": "d", "down": 5, "passes": 1, "pass_to": "up", "bet": True}]},
            "pass_to must be 'left' or 'right', not 'up'",
        ),
        (
            {"streets": [{"name": "d", "down": 5, "up": 1, "roll": 6, "bet": True}]},
            "players roll 6 cards but have 5 down",
        ),
        (
            {"streets": [{"name": "d", "down": 5, "reveal": 1, "bet": True}]},
            "reveal turns up arranged cards",
        ),
        (
            {"streets": [{"name": "d", "down": 5, "arrange": 1, "bet": True}]},
            "arrange must be true or false",
        ),
        (
            {
                "streets": [
                    {"name": "d", "down": 5, "bet": True},
                    {"name": "x", "draw": True, "discard": 1, "bet": True},
                ]
            },
            "passes, discards and rolls are for any-five games with no draw",
        ),
        (
            {"streets": [{"name": "d", "down": 5, "take_or_stand": "yes", "bet": True}]},
            r"streets\[0\].take_or_stand must be true or false, not 'yes'",
        ),
        (
            {
                "streets": [
                    {"name": "d", "down": 5, "bet": True},
                    {"name": "draw", "take_or_stand": True},
                ]
            },
            "street draw takes or stands in rounds, each followed by a betting round",
        ),
        ({"four_extra": True}, "fours and threes dealt face up need a stud game"),
        ({"three_match": 1}, "three_match must be true or false, not 1"),
        ({"wild": 2}, 'wild must be text such as "2" or "3,9", not 2'),
        ({"wild": "2,eleven"}, "wild: 'eleven' is not a wild card"),
        ({"wild": "follow-the-queen"}, "follow the queen follows face-up cards; this game deals"),
        ({"wild": "center"}, "the center card is a criss-cross board's; this game has none"),
        (
            {
                "wild": "low-hole",
                "forced": "bring-in",
                "streets": [{"name": "d", "up": 5, "bet": True}],
            },
            "the low hole card is a face-down card",
        ),
        (
            {"forced": "bring-in", "max_players": 10, "streets": EIGHT_STUD_STREETS},
            "10 players with 7 cards each need more than 52",
        ),
    ],
)
def test_bad_variants_name_the_field(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Variant.from_dict("t", {**BASE, **changes})


def test_bad_files() -> None:
    with pytest.raises(ConfigError, match="variants:"):
        load_variants("[broken\nx = \n")


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_showdown_low_is_the_one_the_showdown_rules_settle_with(name: str) -> None:
    variant = VARIANTS[name]
    for preset in PRESETS:
        for low, qualifier in ((Ranking.ACE_TO_FIVE, None), (Ranking.DEUCE_TO_SEVEN, 9)):
            rules = HouseRules.preset(preset, low=low, low_qualifier=qualifier)
            chosen = variant.showdown_low(rules)
            if variant.split == "hi-lo-cards-speak":
                assert chosen == (Ranking.ACE_TO_FIVE, variant.qualifier)
            elif variant.is_lowball:
                assert chosen == (variant.low, None)
            else:
                assert chosen == (low, qualifier)
            sides = variant.sides(rules)
            if isinstance(sides.low, HandSide):
                assert (sides.low.ranking, sides.low.qualifier) == chosen
            if variant.is_declare and rules.is_cards_speak:
                continue  # not a table anyone can open
            settled = variant.showdown_rules(rules)
            if variant.split not in ("lowball", "chicago"):  # their sides fix how hands score
                assert (settled.low, settled.low_qualifier) == chosen


STUD_STREETS = [
    {"name": "third", "down": 2, "up": 1, "bet": True},
    {"name": "fourth", "up": 2, "bet": True},
]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"split": "lowball", "low": "high"}, "low must be 'ace-to-five', 'deuce-to-seven' or"),
        ({"split": "lowball", "low": 7}, "low must be 'ace-to-five', 'deuce-to-seven' or"),
        ({"split": "hi-lo", "low": "ace-to-five"}, "low names a lowball game's ranking"),
        ({"split": "high", "spade": "high"}, "spade is for Chicago games; this split is high"),
        ({"split": "chicago", "spade": "middle"}, "spade must be 'high' or 'low', not 'middle'"),
        (
            {"split": "chicago", "streets": [{"name": "all", "up": 5, "bet": True}]},
            "Chicago's spade is in the hole: deal some cards down",
        ),
        (
            {"selection": "criss-cross", "streets": STUD_STREETS},
            "criss-cross needs five board cards and four hole cards",
        ),
    ],
)
def test_the_fields_of_the_other_splits_are_checked(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(f"variant x: {message}")):
        Variant.from_dict("x", {"forced": "antes", "streets": STUD_STREETS, **fields})


def test_the_other_splits_name_their_sides_and_who_declares() -> None:
    assert VARIANTS["razz"].side_names == (None, "low")
    assert VARIANTS["high-chicago-declare"].side_names == ("high", "spade")
    assert VARIANTS["holdem"].side_names == ("high", None)
    assert not VARIANTS["razz"].declares_under(HouseRules.preset("strict"))
    assert not VARIANTS["low-chicago"].declares_under(HouseRules.preset("strict"))
    assert VARIANTS["high-chicago-declare"].declares_under(HouseRules.preset("liberal"))
    assert VARIANTS["deuce-to-seven-triple-draw"].showdown_low(HouseRules()) == (
        Ranking.DEUCE_TO_SEVEN,
        None,
    )


@pytest.mark.parametrize(
    ("game", "changes", "words"),
    [
        ("seven-card-stud-hilo", {"low": "ace-to-six"}, "low=ace-to-six cannot apply"),
        ("omaha-hilo", {"low": "deuce-to-seven"}, "low=deuce-to-seven cannot apply"),
        ("holdem-hilo", {"low_qualifier": 7}, "low_qualifier=7 cannot apply"),
        ("seven-card-stud-hilo", {"low_qualifier": 9}, "low_qualifier=9 cannot apply"),
        (
            "holdem-hilo-declare",
            {"declare": "in-turn", "declare_order": "high-showing"},
            "declare_order=high-showing needs up cards to compare",
        ),
        (
            "five-card-draw-hilo-declare",
            {"declare": "in-turn", "declare_order": "high-showing"},
            "five-card-draw-hilo-declare (Five-card draw, high-low declare) deals none",
        ),
    ],
)
def test_a_rule_the_game_fixes_otherwise_is_refused_naming_both(
    game: str, changes: dict[str, Any], words: str
) -> None:
    rules = HouseRules.from_dict({"preset": "strict", **changes})
    variant = VARIANTS[game]
    conflict = variant.rules_conflict(rules)
    assert conflict is not None
    assert words in conflict
    assert game in conflict
    with pytest.raises(ConfigError, match=re.escape(conflict)):
        variant.check_rules(rules)
    played = variant.played_rules(rules)
    assert variant.rules_conflict(played) is None
    assert variant.showdown_low(played) == variant.showdown_low(rules)


@pytest.mark.parametrize(
    ("game", "changes"),
    [
        ("seven-card-stud-hilo", {}),  # the house's default low: the game's eight or better
        ("seven-card-stud-hilo", {"preset": "cards-speak"}),  # a qualifier equal to the game's
        ("omaha-hilo", {"preset": "cards-speak", "low_qualifier": None}),
        ("omaha", {"low": "deuce-to-seven", "low_qualifier": 9}),  # a high game has no low
        ("seven-card-stud-hilo-declare", {"low": "ace-to-six", "low_qualifier": 7}),
        ("seven-card-stud-hilo-declare", {"declare": "in-turn", "declare_order": "high-showing"}),
        ("five-card-stud-hilo", {"declare": "in-turn", "declare_order": "high-showing"}),
        ("holdem", {"declare": "in-turn", "declare_order": "high-showing"}),  # nobody declares
        ("holdem-hilo-declare", {"declare": "in-turn", "declare_order": "last-aggressor"}),
    ],
)
def test_rules_that_combine_with_the_game_are_accepted(game: str, changes: dict[str, Any]) -> None:
    rules = HouseRules.from_dict({"preset": "strict", **changes})
    assert VARIANTS[game].rules_conflict(rules) is None
    VARIANTS[game].check_rules(rules)
    assert VARIANTS[game].played_rules(rules) is rules


def test_a_declare_game_at_a_cards_speak_table_is_still_refused_by_the_check() -> None:
    with pytest.raises(ConfigError, match="is a declare game, but the house rules are cards"):
        VARIANTS["omaha-hilo-declare"].check_rules(HouseRules.preset("cards-speak"))


def test_wild_cards_are_a_field_in_the_games_text_form() -> None:
    assert str(VARIANTS["five-card-draw-deuces-wild"].wild) == "2"
    assert VARIANTS["follow-the-queen"].wild.follow_the_queen
    assert VARIANTS["low-hole-wild-hilo-declare"].wild.low_hole
    assert VARIANTS["follow-the-queen"].to_dict()["wild"] == "follow-the-queen"
    assert "wild" not in VARIANTS["seven-card-stud"].to_dict()
    baseball = Variant.from_dict("b", {**BASE, "wild": "9, 3"})
    assert baseball.to_dict()["wild"] == "3,9"
    assert Variant.from_dict("b", baseball.to_dict()) == baseball


def test_a_game_with_the_joker_deals_from_53_cards() -> None:
    assert VARIANTS["five-card-draw"].deck_size == 52
    assert Variant.from_dict("j", {**BASE, "wild": "joker=bug"}).deck_size == 53


def test_stud_may_run_out_of_cards_on_its_last_street_only() -> None:
    eight = Variant.from_dict("s", {**BASE, "forced": "bring-in", "max_players": 8,
                                    "streets": EIGHT_STUD_STREETS})  # fmt: skip
    assert eight.max_players == 8
    assert VARIANTS["follow-the-queen"].max_players == 8


def test_baseball_makes_threes_and_nines_wild_and_plays_every_three_rule() -> None:
    for name in ("baseball", "baseball-hilo-declare"):
        variant = VARIANTS[name]
        assert str(variant.wild) == "3,9"
        for three_rule in ("match-or-fold", "match-to-wild", "none"):
            rules = HouseRules(three_rule=three_rule)
            assert variant.rules_conflict(rules) is None
            variant.check_rules(rules)
            assert variant.played_rules(rules) is rules


def test_matching_a_three_to_keep_it_wild_is_refused_where_threes_are_not_wild() -> None:
    plain = Variant.from_dict("plain-threes", {**VARIANTS["baseball"].to_dict(), "wild": "9"})
    rules = HouseRules(three_rule="match-to-wild")
    with pytest.raises(ConfigError) as refusal:
        plain.check_rules(rules)
    assert str(refusal.value) == (
        "the house's three_rule=match-to-wild matches a three to keep it wild, and "
        "plain-threes (Baseball) does not make threes wild: choose match-or-fold or none"
    )
    assert plain.played_rules(rules).three_rule == "match-or-fold"
    plain.check_rules(HouseRules(three_rule="none"))
