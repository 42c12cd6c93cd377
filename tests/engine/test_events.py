"""Typed events: their JSON, censored copies, reading back, and the declare-timeout fold."""

from __future__ import annotations

import json
import random

import pytest

from hilo.cards import Rank, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.event_reader import event_from_dict
from hilo.engine.events import (
    Acted,
    Awarded,
    Board,
    Chose,
    Dealt,
    Declared,
    Discarded,
    Drew,
    Event,
    Face,
    HandEnded,
    HandStarted,
    Passed,
    Post,
    Posted,
    Reshuffled,
    Returned,
    Revealed,
    Rolled,
    Shown,
    Street,
    TurnedUp,
    WildChanged,
)
from hilo.engine.history import hand_from_json, hand_to_json
from hilo.engine.state import Hand, Phase
from hilo.errors import NotationError
from hilo.rules import VARIANTS, HouseRules, Stakes

EVERY_KIND: list[tuple[Event, str]] = [
    (
        HandStarted("Razz", parse_cards("As 2d")),
        '{"kind": "hand-started", "text": "Razz", "hidden": true, "data": {"deck": ["As", "2d"]}}',
    ),
    (Posted(0, 5, Post.ANTE), '{"kind": "posted", "seat": 0, "amount": 5, "text": "ante"}'),
    (Posted(1, 0, Post.BIG_BLIND), '{"kind": "posted", "seat": 1, "text": "big blind"}'),
    (
        Dealt(2, Face.DOWN, parse_cards("Kd Qc")),
        '{"kind": "dealt", "seat": 2, "cards": "Kd Qc", "text": "down", "hidden": true}',
    ),
    (
        Dealt(2, Face.UP, parse_cards("7h")),
        '{"kind": "dealt", "seat": 2, "cards": "7h", "text": "up"}',
    ),
    (Board(parse_cards("Kc 2s 3s")), '{"kind": "board", "cards": "Kc 2s 3s"}'),
    (Street("Third street", 0), '{"kind": "street", "text": "Third street"}'),
    (Street("flop", 1), '{"kind": "street", "count": 1, "text": "flop"}'),
    (
        Acted(3, ActionKind.RAISE, 40),
        '{"kind": "acted", "seat": 3, "amount": 40, "action": "raise"}',
    ),
    (Acted(0, ActionKind.FOLD), '{"kind": "acted", "seat": 0, "action": "fold"}'),
    (
        Drew(1, 2, parse_cards("Ks Kd"), parse_cards("2c 3c")),
        '{"kind": "drawn", "seat": 1, "cards": "2c 3c", "count": 2, "hidden": true, '
        '"data": {"discards": ["Ks", "Kd"]}}',
    ),
    (Drew(1, 0, ()), '{"kind": "drawn", "seat": 1, "hidden": true, "data": {"discards": []}}'),
    (
        Reshuffled(2, parse_cards("9c 8c")),
        '{"kind": "reshuffled", "count": 2, "hidden": true, "data": {"deck": ["9c", "8c"]}}',
    ),
    (TurnedUp(1, parse_cards("9s 9d")), '{"kind": "turned-up", "seat": 1, "cards": "9s 9d"}'),
    (WildChanged((Rank.SEVEN, Rank.QUEEN)), '{"kind": "wild-changed", "text": "7,Q"}'),
    (WildChanged(()), '{"kind": "wild-changed", "text": "none"}'),
    (Declared(2, Direction.BOTH), '{"kind": "declared", "seat": 2, "direction": "both"}'),
    (
        Declared(2, Direction.LOW, is_sealed=True),
        '{"kind": "declared", "seat": 2, "direction": "low", "hidden": true}',
    ),
    (
        Revealed(((1, Direction.LOW), (0, Direction.HIGH))),
        '{"kind": "revealed", "data": {"declarations": [[1, "low"], [0, "high"]]}}',
    ),
    (Returned(0, 10), '{"kind": "returned", "seat": 0, "amount": 10, "text": "uncalled bet"}'),
    (Shown(1, parse_cards("As 2s")), '{"kind": "shown", "seat": 1, "cards": "As 2s"}'),
    (
        Awarded(2, 60, "low half", 1),
        '{"kind": "awarded", "seat": 2, "amount": 60, "count": 1, "text": "low half"}',
    ),
    (HandEnded((95, 105)), '{"kind": "hand-ended", "data": {"stacks": [95, 105]}}'),
    (
        Chose(1, ActionKind.PASS, parse_cards("7c 8d")),
        '{"kind": "chose", "seat": 1, "cards": "7c 8d", "action": "pass", "hidden": true}',
    ),
    (
        Chose(0, ActionKind.ARRANGE, None),
        '{"kind": "chose", "seat": 0, "action": "arrange", "hidden": true}',
    ),
    (
        Passed(1, 2, 2, parse_cards("7c 8d")),
        '{"kind": "passed", "seat": 1, "cards": "7c 8d", "count": 2, "hidden": true, '
        '"data": {"to": 2}}',
    ),
    (
        Discarded(2, 2, parse_cards("Kd 2c")),
        '{"kind": "discarded", "seat": 2, "cards": "Kd 2c", "count": 2, "hidden": true}',
    ),
    (Rolled(0, parse_cards("As")), '{"kind": "rolled", "seat": 0, "cards": "As"}'),
]


@pytest.mark.parametrize(("event", "written"), EVERY_KIND)
def test_every_kind_writes_its_json_and_reads_it_back(event: Event, written: str) -> None:
    assert json.dumps(event.to_dict()) == written
    assert event_from_dict(json.loads(written)) == event
    for viewer in (None, 0, 1, 2):
        censored = event.censored_for(viewer)
        assert event_from_dict(censored.to_dict()) == censored


def test_each_viewer_sees_only_their_own_hidden_cards() -> None:
    down = Dealt(2, Face.DOWN, parse_cards("Kd Qc"))
    assert down.censored_for(2) is down
    assert down.censored_for(0) == Dealt(2, Face.DOWN, (), unseen=2)
    assert down.censored_for(None).to_dict() == {
        "kind": "dealt",
        "seat": 2,
        "count": 2,
        "text": "down",
        "hidden": True,
    }
    up = Dealt(2, Face.UP, parse_cards("7h"))
    assert up.censored_for(0) is up
    drew = Drew(1, 2, parse_cards("Ks Kd"), parse_cards("2c 3c"))
    assert drew.censored_for(1) is drew
    assert drew.censored_for(0) == Drew(1, 2, None)
    sealed = Declared(2, Direction.LOW, is_sealed=True)
    assert sealed.censored_for(2) is sealed
    assert sealed.censored_for(None).direction is None
    open_declaration = Declared(2, Direction.LOW)
    assert open_declaration.censored_for(0) is open_declaration
    assert HandStarted("Razz", parse_cards("As")).censored_for(0).deck is None
    assert Reshuffled(1, parse_cards("As")).censored_for(None) == Reshuffled(1, None)


def test_secret_choices_and_passes_are_seen_only_by_their_seats() -> None:
    chose = Chose(1, ActionKind.DISCARD, parse_cards("Ks Kd"))
    assert chose.censored_for(1) is chose
    assert chose.censored_for(0) == Chose(1, ActionKind.DISCARD, None)
    passed = Passed(1, 2, 2, parse_cards("Ks Kd"))
    assert passed.censored_for(1) is passed
    assert passed.censored_for(2) is passed
    assert passed.censored_for(0) == Passed(1, 2, 2, None)
    assert passed.censored_for(None) == Passed(1, 2, 2, None)
    thrown = Discarded(1, 2, parse_cards("Ks Kd"))
    assert thrown.censored_for(2) == Discarded(1, 2, None)
    rolled = Rolled(1, parse_cards("As"))
    assert rolled.censored_for(0) is rolled


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ([], "an event is an object"),
        ({"seat": 0}, "it has no kind"),
        ({"kind": "jumped"}, "'jumped' is not a valid EventKind"),
        ({"kind": "dealt", "text": "up"}, "it has no seat"),
        ({"kind": "posted", "seat": 0, "text": "tip"}, "'tip' is not a valid Post"),
        ({"kind": "posted", "seat": True, "text": "ante"}, "seat must be a whole number"),
        ({"kind": "acted", "seat": 0, "amount": -5, "action": "bet"}, "amount must be"),
        ({"kind": "acted", "seat": 0, "action": "jump"}, "'jump' is not a valid ActionKind"),
        ({"kind": "shown", "seat": 0, "cards": "As Zz"}, "Zz"),
        ({"kind": "shown", "seat": 0, "cards": ["As"]}, "cards must be a string"),
        ({"kind": "board", "colour": "red"}, "unknown field 'colour'"),
        ({"kind": "declared", "seat": 0, "direction": "up"}, "'up' is not a valid Direction"),
        ({"kind": "declared", "seat": 0, "hidden": 1}, "hidden must be true or false"),
        ({"kind": "revealed", "data": {"declarations": [[0]]}}, "[seat, direction]"),
        ({"kind": "hand-ended", "data": {"stacks": ["10"]}}, "stacks must be a list of numbers"),
        ({"kind": "drawn", "seat": 0, "data": {"discards": "As"}}, "discards must be a list"),
        ({"kind": "chose", "seat": 0, "action": "raise"}, "not raise"),
        ({"kind": "passed", "seat": 0, "count": 1, "data": {"to": "left"}}, "a seat number"),
        ({"kind": "wild-changed", "text": "Q,Jh"}, "wild ranks must be ranks such as 7,Q"),
        ({"kind": "wild-changed", "text": "Q,X"}, "'X' is not a wild card"),
    ],
)
def test_a_bad_event_is_refused_with_what_is_wrong(data: object, named: str) -> None:
    with pytest.raises(NotationError, match="not an event") as refused:
        event_from_dict(data)
    assert named in str(refused.value)


def _to_the_declare(hand: Hand) -> None:
    """Everybody checks or calls, and stands pat, until the declare."""
    while hand.phase is not Phase.DECLARING:
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.DRAW in kinds:
            hand.apply(Action.draw(seat, ()))
        elif ActionKind.CHECK in kinds:
            hand.apply(Action.check(seat))
        else:
            hand.apply(Action.call(seat))


def test_a_fold_for_a_declare_timeout_is_marked_when_it_is_recorded() -> None:
    rules = HouseRules.preset("strict", declare_timeout="fold", declare="in-turn")
    stakes = Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
    hand = Hand.deal(
        VARIANTS["five-card-draw-hilo-declare"], rules, stakes, [200] * 3, rng=random.Random(2)
    )
    hand.apply(Action.fold(hand.to_act[0]))  # a fold in the betting is an ordinary fold
    _to_the_declare(hand)
    timed_out = hand.to_act[0]
    folded = hand.apply(Action.timeout(timed_out))
    assert folded == Acted(timed_out, ActionKind.FOLD)
    assert isinstance(folded, Acted)
    assert folded.is_declare_fold
    assert folded.to_dict() == {"kind": "acted", "seat": timed_out, "action": "fold"}
    folds = [event for event in hand.events if isinstance(event, Acted)]
    assert [event.is_declare_fold for event in folds if event.action is ActionKind.FOLD] == [
        False,
        True,
    ]
    again = hand_from_json(hand_to_json(hand))  # a history is replayed: the mark is known
    assert [event for event in again.events if isinstance(event, Acted) and event.is_declare_fold]
