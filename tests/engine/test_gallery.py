"""The gallery: every situation settled by the referee, and the same answer from
``hilo settle --json``'s reader; the sheet names the rule that decided each ruling."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hilo.engine.gallery import (
    ADDED_KEYS,
    SITUATIONS,
    gallery,
    settlement_part,
    sheet_document,
)
from hilo.engine.settlement import read_request, result_to_document
from hilo.errors import ConfigError
from hilo.hands.ranking import Ranking
from hilo.rules.house_rules import PRESETS, RULE_CHOICES, HouseRules
from hilo.rules.sheet import rules_sheet


def _cited(rules: HouseRules, switch: str) -> str | None:
    """How the referee's explanation names a switch that decided (None: it does not)."""
    plain = " with " not in rules.name
    if switch in ("swing_ties", "second_best"):
        if switch == "second_best" and rules.second_best:
            return None  # the next best hand simply wins: nothing to cite
        value = getattr(rules, switch)
        shown = str(value).lower() if isinstance(value, bool) else value
        return f"{rules.name}:" if plain else f"{switch}={shown}"
    if switch == "no_winner":
        return f"no_winner={rules.no_winner}"
    if switch == "all_swing_fallback":
        if rules.all_swing_fallback == "cards-speak":
            return "all_swing_fallback=cards-speak"
        return f"no_winner={rules.no_winner}"
    return None


def check_gallery(rules: HouseRules) -> list[dict[str, Any]]:
    """Every item read back by the settle reader gives the same answer, and the sheet holds
    the sentence of each rule that decided, which the explanation names."""
    items = gallery(rules)
    if (rules.low, rules.low_qualifier) == (Ranking.ACE_TO_FIVE, 5):  # only the wheel
        assert items == []
    else:
        assert items, rules.name
    for item in items:
        document = settlement_part(item)
        assert set(item) == set(document) | set(ADDED_KEYS)
        answer = result_to_document(read_request(document).settle())
        assert answer["awards"] == item["awards"], item["situation"]
        assert answer["carried"] == item["carried"]
        assert answer["explanation"] == item["explanation"]
        chips = sum(pot["amount"] for pot in document.get("pots", [])) or document.get("pot")
        assert sum(item["awards"].values()) + item["carried"] == chips
        settled = HouseRules.from_dict(document["rules"])
        sheet = rules_sheet(settled)
        words = " ".join(item["explanation"])
        for rule in item["decided_by"]:
            assert rule["sentence"] in sheet.sentences, (rule, sheet.sentences)
            assert sheet.sentence_for(rule["switch"]) == rule["sentence"]
            cited = _cited(settled, rule["switch"])
            if cited is not None:
                assert cited in words, (item["situation"], rule["switch"], cited, words)
    return items


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_s_gallery_settles_the_same_through_hilo_settle(preset: str) -> None:
    items = check_gallery(HouseRules.preset(preset))
    names = [item["situation"] for item in items]
    if preset == "cards-speak":
        assert names == ["scoop", "no-qualifying-low", "odd-chip", "side-pots"]
        assert all("declare" not in player for item in items for player in item["players"])
    else:
        assert names == [situation.name for situation in SITUATIONS if situation.name != "lock"]


def _rules(data: dict[str, Any]) -> HouseRules | None:
    try:
        return HouseRules(**data)
    except ConfigError:
        return None


@st.composite
def house_rules(draw: st.DrawFn) -> HouseRules:
    """A random combination of the switches a showdown reads."""
    low = draw(st.sampled_from([Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX]))
    lowest = {Ranking.ACE_TO_FIVE: 5, Ranking.ACE_TO_SIX: 6, Ranking.DEUCE_TO_SEVEN: 7}[low]
    data: dict[str, Any] = {
        "low": low,
        "low_qualifier": draw(st.none() | st.integers(lowest, 13)),
        "declare": draw(st.sampled_from(RULE_CHOICES["declare"])),
        "bet_after_declare": draw(st.booleans()),
        "second_best": draw(st.booleans()),
    }
    for switch in ("swing_ties", "no_winner", "all_swing_fallback", "odd_chip", "odd_chip_order"):
        data[switch] = draw(st.sampled_from(RULE_CHOICES[switch]))
    if data["declare"] == "cards-speak":
        data["bet_after_declare"] = False
    if data["bet_after_declare"]:
        data["lock_rule"] = draw(st.sampled_from(RULE_CHOICES["lock_rule"]))
    rules = _rules(data)
    assert rules is not None
    return rules


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_rules())
def test_a_sample_of_switch_combinations(rules: HouseRules) -> None:
    items = check_gallery(rules)
    situations = [item["situation"] for item in items]
    assert ("lock" in situations) == (rules.bet_after_declare and bool(items))


def test_the_rules_that_decide_are_worked_out_from_the_ruling() -> None:
    strict = {item["situation"]: item for item in gallery(HouseRules.preset("strict"))}
    decided = {
        name: [rule["switch"] for rule in item["decided_by"]] for name, item in strict.items()
    }
    assert decided["scoop"] == []
    assert decided["swing-ties"] == ["swing_ties", "second_best"]
    assert strict["swing-ties"]["awards"] == {"Cat": 120}
    assert decided["all-swing"] == ["swing_ties", "all_swing_fallback"]
    assert decided["nobody-eligible"] == ["swing_ties", "no_winner"]
    assert strict["nobody-eligible"]["carried"] == 120
    assert decided["odd-chip"] == ["odd_chip", "odd_chip_order"]
    liberal = {item["situation"]: item for item in gallery(HouseRules.preset("liberal"))}
    assert liberal["swing-ties"]["awards"] == {"Ann": 90, "Cat": 30}
    assert liberal["beaten-by-failed-swing"]["awards"] == {"Bob": 60, "Cat": 60}
    assert [rule["switch"] for rule in liberal["beaten-by-failed-swing"]["decided_by"]] == [
        "swing_ties",
        "second_best",
    ]
    lock = gallery(HouseRules(bet_after_declare=True, lock_rule="no-raise"))[-1]
    assert lock["situation"] == "lock"
    assert lock["decided_by"][-1]["switch"] == "lock_rule"


QUALIFIERS = [
    (low, qualifier)
    for low, lowest, highest in (
        (Ranking.ACE_TO_FIVE, 5, 13),
        (Ranking.ACE_TO_SIX, 6, 13),
        (Ranking.DEUCE_TO_SEVEN, 7, 14),
    )
    for qualifier in (None, *range(lowest, highest + 1))
]


@pytest.mark.parametrize(("low", "qualifier"), QUALIFIERS)
def test_the_situations_are_what_their_titles_say_under_any_low(
    low: Ranking, qualifier: int | None
) -> None:
    items = {
        item["situation"]: item for item in gallery(HouseRules(low=low, low_qualifier=qualifier))
    }
    if (low, qualifier) == (Ranking.ACE_TO_FIVE, 5):  # only the wheel is a low: nothing to rank
        assert items == {}
        return
    assert items["scoop"]["awards"] == {"Ann": 120}
    swing = " ".join(items["swing-ties"]["explanation"])
    assert "best high and tied for low with Cat" in swing
    nobody = " ".join(items["nobody-eligible"]["explanation"])
    assert "best high, but beaten for low by Bob" in nobody
    blocked = " ".join(items["beaten-by-failed-swing"]["explanation"])
    assert "beaten for high by Bob" in blocked
    assert "Ann's failed swing had the best low" in blocked
    odd = items["odd-chip"]["awards"]
    assert sorted(odd.values()) == [15, 16, 16, 16]
    if qualifier is not None and qualifier < 7 and low is not Ranking.DEUCE_TO_SEVEN:
        assert "A" in items["scoop"]["players"][0]["cards"]  # lows with an ace counted low


def test_the_games_choose_the_gallery() -> None:
    assert gallery(HouseRules(), ("razz",)) == []
    assert gallery(HouseRules(), ("high-chicago-declare",)) == []  # no poker low to show
    with pytest.raises(ConfigError, match="unknown game 'tiddlywinks'"):
        gallery(HouseRules(), ("tiddlywinks",))
    speaking = gallery(HouseRules(), ("omaha-hilo",))
    assert speaking[0]["rules"]["declare"] == "cards-speak"
    assert [item["situation"] for item in speaking][:2] == ["scoop", "no-qualifying-low"]
    declaring = gallery(HouseRules(), ("omaha-hilo", "seven-card-stud-hilo-declare"))
    assert declaring[1]["situation"] == "swing-ties"


def test_the_sheet_document_has_the_documented_keys() -> None:
    document = sheet_document(HouseRules.preset("strict", no_winner="split"))
    assert set(document) == {
        "rules", "name", "games", "titles", "paragraph", "sentences", "gallery",
    }  # fmt: skip
    assert document["name"] == "strict with no_winner=split"
    assert document["paragraph"] is None
    assert HouseRules.from_dict(document["rules"]) == HouseRules.preset("strict", no_winner="split")
