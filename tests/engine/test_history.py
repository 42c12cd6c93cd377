"""Hand histories: JSON out, replay in, and refusal of histories that do not replay."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from hilo.engine.actions import Action
from hilo.engine.declare import Direction
from hilo.engine.events import HandStarted, Reshuffled
from hilo.engine.history import (
    FORMAT,
    hand_from_dict,
    hand_from_json,
    hand_to_dict,
    hand_to_json,
    replay,
)
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.errors import ConfigError, HiloError, NotationError
from hilo.rules import VARIANTS, HouseRules, Stakes


def short_deck_draw() -> Hand:
    """Six players each draw five: the deck runs short and the discards are reshuffled."""
    hand = Hand.deal(
        VARIANTS["five-card-draw-hilo-declare"],
        HouseRules.preset("strict"),
        Stakes(small_bet=2, big_bet=4, ante=1),
        [100] * 6,
        rng=random.Random(8),
    )
    while hand.phase.value == "betting":
        hand.apply(Action.check(hand.to_act[0]))
    while hand.phase.value == "drawing":
        seat = hand.to_act[0]
        hand.apply(Action.draw(seat, hand.own_cards(seat)))
    return hand


def test_json_round_trip_replays_a_reshuffle() -> None:
    hand = short_deck_draw()
    assert any(isinstance(event, Reshuffled) for event in hand.events)
    text = hand_to_json(hand, indent=2)
    again = hand_from_json(text)
    assert again.events == hand.events
    assert [card for seat in range(6) for card in again.own_cards(seat)] == [
        card for seat in range(6) for card in hand.own_cards(seat)
    ]
    data = json.loads(text)
    assert data["format"] == FORMAT
    assert data["variant"]["name"] == "five-card-draw-hilo-declare"


def test_finished_hand_round_trip() -> None:
    hand = short_deck_draw()
    while not hand.is_complete:
        seat = hand.to_act[0]
        kinds = {option.kind.value for option in hand.legal_actions(seat)}
        if "check" in kinds:
            hand.apply(Action.check(seat))
        else:
            hand.apply(Action.declare(seat, Direction.HIGH))
    again = hand_from_dict(hand_to_dict(hand))
    assert again.stacks == hand.stacks
    assert hand_to_dict(again)["final_stacks"] == hand.stacks


def test_tampered_history_is_refused() -> None:
    data = hand_to_dict(short_deck_draw())
    data["actions"][0]["kind"] = "fold"
    with pytest.raises(HiloError, match="does not replay"):
        hand_from_dict(data)


def test_not_a_history() -> None:
    with pytest.raises(NotationError, match="not a hilo hand history"):
        hand_from_dict({"format": "something else"})
    with pytest.raises(NotationError, match="not valid JSON"):
        hand_from_json("{oops")
    data = hand_to_dict(short_deck_draw())
    del data["stakes"]
    with pytest.raises(NotationError, match="has no 'stakes'"):
        hand_from_dict(data)


def test_replay_from_seed_or_dealt_cards() -> None:
    hand = short_deck_draw()
    setup = HandSetup(hand.variant, hand.rules, hand.stakes, list(hand.starting_stacks))
    again = replay(setup, hand.actions, seed=8)
    assert again.events == hand.events
    (started,) = hand.events[:1]
    assert isinstance(started, HandStarted)
    assert started.deck is not None
    deck = started.deck
    reshuffles = [event.deck or () for event in hand.events if isinstance(event, Reshuffled)]
    dealt = replay(replace(setup, deck_order=deck, reshuffles=reshuffles), hand.actions)
    assert dealt.events == hand.events
    with pytest.raises(ConfigError, match="either the seed or the deck order"):
        replay(setup, hand.actions)
    with pytest.raises(ConfigError, match="either the seed or the deck order"):
        replay(replace(setup, deck_order=deck), hand.actions, seed=8)
