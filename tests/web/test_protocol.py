"""The typed requests and messages: strict types, bounds, and one list of switches."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

from hilo.engine.actions import Action, ActionKind
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.errors import NotationError
from hilo.rules import VARIANTS, HouseRules, Stakes, Variant
from hilo.rules.defaults import ACTION_CLOCK, DEFAULT_GAME, TIME_BANK
from hilo.rules.house_rules import RULE_CHOICES
from hilo.rules.stakes import MAX_CHIPS
from hilo.web.protocol import (
    MAX_GAMES,
    MAX_MESSAGE_BYTES,
    ActMessage,
    CreateTableRequest,
    HostRequest,
    JoinRequest,
    RulesRequest,
    SeatRequest,
    StakesRequest,
    read_client_message,
    read_request,
    view_data,
)
from tests.engine.scripted import deck


def test_the_rules_request_has_every_switch_of_the_house_rules_and_no_other() -> None:
    switches = {item.name for item in fields(HouseRules)}
    assert set(RulesRequest.model_fields) == switches | {"preset"}
    for name, choices in RULE_CHOICES.items():
        for choice in choices:
            assert read_request(RulesRequest, {name: choice}).settings() == {name: choice}
    assert HouseRules.from_dict(RulesRequest().settings()) == HouseRules()


def test_the_stakes_request_has_every_field_of_the_stakes_and_no_other() -> None:
    assert set(StakesRequest.model_fields) == {item.name for item in fields(Stakes)}
    sent: dict[str, Any] = {
        "structure": "no-limit",
        "small_blind": 1,
        "big_blind": 2,
        "raise_cap": None,
    }
    assert Stakes.from_dict(read_request(StakesRequest, sent).settings()) == Stakes(**sent)


def test_a_preset_name_is_read_as_rules() -> None:
    created = read_request(CreateTableRequest, {"rules": "liberal"})
    assert HouseRules.from_dict(created.rules.settings()) == HouseRules.preset("liberal")
    assert read_request(CreateTableRequest, {}).rules.settings() == {}


JOIN = {"invite": "abc", "name": "Ann", "seat": 0, "buy_in": 100}


@pytest.mark.parametrize(
    ("model", "data", "words"),
    [
        (JoinRequest, {**JOIN, "buy_in": True}, "buy_in: Input should be a valid integer"),
        (JoinRequest, {**JOIN, "buy_in": "100"}, "buy_in"),
        (JoinRequest, {**JOIN, "buy_in": 100.0}, "buy_in"),
        (JoinRequest, {**JOIN, "buy_in": 0}, "buy_in: Input should be greater than or equal to 1"),
        (JoinRequest, {**JOIN, "buy_in": MAX_CHIPS + 1}, "less than or equal to 1000000000"),
        (JoinRequest, {**JOIN, "seat": False}, "seat"),
        (JoinRequest, {**JOIN, "seat": 100}, "seat"),
        (JoinRequest, {**JOIN, "name": 7}, "name"),
        (JoinRequest, {**JOIN, "name": "x" * 161}, "name"),
        (JoinRequest, {**JOIN, "invite": ["abc"]}, "invite"),
        (JoinRequest, {**JOIN, "invite": "x" * 65}, "invite"),
        (JoinRequest, {**JOIN, "extra": 1}, "extra: Extra inputs are not permitted"),
        (HostRequest, {"host": "abc", "command": "add-bot", "seat": "2"}, "seat"),
        (HostRequest, {"host": "abc", "command": "add bot\n"}, "command"),
        (HostRequest, {"host": "abc", "command": "add-bot", "bot": "x" * 41}, "bot"),
        (SeatRequest, {"token": "abc", "command": "rebuy", "chips": True}, "chips"),
        (SeatRequest, {"token": "abc", "command": "rebuy", "chips": -1}, "chips"),
        (CreateTableRequest, {"provably_fair": "no"}, "provably_fair"),
        (CreateTableRequest, {"provably_fair": 0}, "provably_fair"),
        (CreateTableRequest, {"seats": 101}, "seats"),
        (CreateTableRequest, {"games": []}, "games"),
        (CreateTableRequest, {"games": ["holdem"] * (MAX_GAMES + 1)}, "games"),
        (CreateTableRequest, {"clock": {"action": 0.5}}, "clock.action"),
        (CreateTableRequest, {"clock": {"bank": 36001}}, "clock.bank"),
        (CreateTableRequest, {"clock": {"bank": "60"}}, "clock.bank"),
        (CreateTableRequest, {"buy_in": {"max": 0}}, "buy_in.max"),
        (CreateTableRequest, {"rules": {"second_best": 1}}, "rules.second_best"),
        (CreateTableRequest, {"rules": {"low": "razz"}}, "rules.low"),
        (CreateTableRequest, {"rules": {"low_qualifier": 4}}, "rules.low_qualifier"),
        (CreateTableRequest, {"rules": {"max_draw": 6}}, "rules.max_draw"),
        (CreateTableRequest, {"rules": {"swing_ties": ["lose"]}}, "rules.swing_ties"),
        (CreateTableRequest, {"rules": {"nonsense": True}}, "rules.nonsense: Extra inputs"),
        (CreateTableRequest, {"stakes": {"ante": -1}}, "stakes.ante"),
        (CreateTableRequest, {"stakes": {"raise_cap": 0}}, "stakes.raise_cap"),
        (CreateTableRequest, {"stakes": {"structure": "no limit"}}, "stakes.structure"),
        (CreateTableRequest, {"stakes": {"lift_cap_heads_up": [1]}}, "stakes.lift_cap_heads_up"),
        (CreateTableRequest, ["not", "an", "object"], "the request body must be a JSON object"),
    ],
)
def test_requests_are_strict(model: Any, data: Any, words: str) -> None:
    with pytest.raises(NotationError, match=words.replace(".", "\\.")):
        read_request(model, data)


def test_messages_are_strict_and_counted_in_bytes() -> None:
    act = read_client_message('{"type": "act", "action": {"kind": "bet", "amount": 40}}')
    assert isinstance(act, ActMessage)
    assert act.action.amount == 40
    for text, words in [
        ('{"type": "act", "action": {"kind": "bet", "amount": true}}', "action.amount"),
        ('{"type": "act", "action": {"kind": "bet", "amount": "40"}}', "action.amount"),
        ('{"type": "act", "action": {"kind": "bet", "amount": 1000000001}}', "action.amount"),
        ('{"type": "act", "action": {"kind": "timeout"}}', "the clock's to say"),
        ('{"type": "act", "action": {"kind": "fold", "seat": 3}}', "action.seat: Extra"),
        ('{"type": "act", "action": {"kind": "draw", "cards": "' + "As " * 20 + '"}}', "cards"),
        ('{"type": "act", "action": {"kind": "declare", "direction": 1}}', "direction"),
    ]:
        with pytest.raises(NotationError, match=words):
            read_client_message(text)
    wide = '{"type": "ping", "x": "' + "\u00e9" * 3000 + '"}'
    assert len(wide) < MAX_MESSAGE_BYTES < len(wide.encode())
    with pytest.raises(NotationError, match="too long: at most 4096 bytes"):
        read_client_message(wide)


def test_a_new_table_request_defaults_to_the_house_defaults() -> None:
    request = CreateTableRequest()
    assert request.games == [DEFAULT_GAME]
    assert request.stakes is None  # the house's stakes for the games chosen
    assert (request.clock.action, request.clock.bank) == (ACTION_CLOCK, TIME_BANK)


@pytest.mark.parametrize(
    ("game", "sides"),
    [
        ("high-chicago-declare", ["high", "spade"]),
        ("razz", [None, "low"]),
        ("holdem", ["high", None]),
        ("omaha-hilo-declare", ["high", "low"]),
    ],
)
def test_a_view_names_the_games_sides(game: str, sides: list[str | None]) -> None:
    variant = VARIANTS[game]
    stud = variant.is_stud
    stakes = Stakes(
        small_bet=2, big_bet=4, ante=1 if stud else 0, bring_in=1 if stud else 0,
        small_blind=0 if stud else 1, big_blind=0 if stud else 2,
    )  # fmt: skip
    hand = Hand.deal(variant, HouseRules(), stakes, [50, 50], rng=random.Random(1))
    assert view_data(hand.view_for(0))["sides"] == sides


def _ante_hand(variant: Variant, seed: int = 1) -> Hand:
    stakes = Stakes(small_bet=2, big_bet=4, ante=1)
    return Hand.deal(variant, HouseRules(), stakes, [50, 50, 50], rng=random.Random(seed))


def test_a_view_says_where_this_streets_passes_go() -> None:
    hand = _ante_hand(VARIANTS["pass-the-trash-hilo"])
    first = view_data(hand.view_for(0))
    assert first["pass_to"] is None  # the first street bets before anybody passes
    while hand.phase is not Phase.PASSING:
        kinds = {option.kind for option in hand.legal_actions()}
        kind = ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL
        hand.apply(Action(hand.to_act[0], kind))
    assert view_data(hand.view_for(0))["pass_to"] == "left"


def test_a_criss_cross_view_gives_the_row_and_the_column() -> None:
    stakes = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    variant = VARIANTS["criss-cross-hilo"]
    hand = Hand.deal(variant, HouseRules(), stakes, [50, 50], rng=random.Random(2))
    assert view_data(hand.view_for(0))["board_lines"] == {"row": [], "column": []}
    while len(hand.board) < 5:
        kinds = {option.kind for option in hand.legal_actions()}
        kind = ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL
        hand.apply(Action(hand.to_act[0], kind))
    board = [str(card) for card in hand.board]
    lines = view_data(hand.view_for(None))["board_lines"]
    assert lines == {"row": [*board[0:2], board[4]], "column": [*board[2:4], board[4]]}


def test_a_board_that_is_not_a_cross_has_no_lines() -> None:
    stakes = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    hand = Hand.deal(VARIANTS["holdem"], HouseRules(), stakes, [50, 50], rng=random.Random(2))
    assert view_data(hand.view_for(0))["board_lines"] is None


def test_dealers_choice_may_list_every_shipped_game() -> None:
    request = read_request(CreateTableRequest, {"games": list(VARIANTS)})
    assert isinstance(request, CreateTableRequest)
    assert request.games == list(VARIANTS)


STUD = Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3)


def stud_hand(game: str, stacked: str) -> Hand:
    return Hand(HandSetup(VARIANTS[game], HouseRules(), STUD, [100, 100], deck_order=deck(stacked)))


def test_a_view_says_what_is_wild_for_everybody() -> None:
    # Seat 1 (dealt first) shows the Qh, seat 0 the 7s that follows it.
    hand = stud_hand("follow-the-queen-hilo-declare", "2c 3c Qh 4d 5d 7s")
    data = view_data(hand.view_for(None))
    assert data["wild"] == "7,Q"
    assert data["own_wild"] == ""
    assert data["board_wild"] == []
    assert [seat["wild"] for seat in data["seats"]] == [["7s"], ["Qh"]]
    assert view_data(hand.view_for(1))["seats"][1]["wild"] == ["Qh"]


def test_a_low_hole_card_is_wild_in_its_own_seats_view_only() -> None:
    # Seat 1's hole cards are 4c 9d (the fours are its own), seat 0's 9s Tc; 4s is seat 0's up.
    hand = stud_hand("low-hole-wild-hilo-declare", "4c 9d 5s 9s Tc 4s")
    mine = view_data(hand.view_for(1))
    assert mine["wild"] == "none"
    assert mine["own_wild"] == "4"
    assert mine["seats"][1]["wild"] == ["4c"]
    assert mine["seats"][0]["wild"] == []  # seat 0's nines are wild, but nobody is told
    theirs = view_data(hand.view_for(0))
    assert theirs["own_wild"] == "9"
    assert theirs["seats"][0]["wild"] == ["9s"]
    assert theirs["seats"][1]["wild"] == []
    assert view_data(hand.view_for(None))["own_wild"] == ""
