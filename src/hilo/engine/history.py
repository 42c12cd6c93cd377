"""Hand histories: a hand written as JSON (its setup, actions and event log), and read back.

Reading a history replays it: the hand is rebuilt from the recorded deck and actions,
and its event log must come out exactly as recorded.

>>> import random
>>> from hilo.engine.actions import Action
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["holdem"], HouseRules.preset("cards-speak"),
...                  Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4), [50, 50],
...                  rng=random.Random(3))
>>> _ = hand.apply(Action.fold(hand.to_act[0]))
>>> again = hand_from_json(hand_to_json(hand))
>>> again.stacks == hand.stacks and again.events == hand.events
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from hilo.cards import Card
from hilo.engine.actions import Action
from hilo.engine.event_reader import event_from_dict
from hilo.engine.events import Event, HandStarted, Reshuffled
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.engine.views import TableView
from hilo.errors import ConfigError, HiloError, IllegalActionError, NotationError
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.rules.variants import Variant

__all__ = [
    "FORMAT",
    "hand_from_dict",
    "hand_from_json",
    "hand_to_dict",
    "hand_to_json",
    "hand_views",
    "replay",
]

FORMAT = "hilo-hand/1"
"""The format name written in every history."""


def replay(setup: HandSetup, actions: Sequence[Action], *, seed: int | None = None) -> Hand:
    """Rebuild a hand exactly from its setup (with its dealt cards, or a seed) and actions."""
    if (seed is None) == (setup.deck_order is None):
        raise ConfigError("replay needs either the seed or the deck order, not both")
    hand = Hand(setup, rng=random.Random(seed) if seed is not None else None)
    for action in actions:
        hand.apply(action)
    return hand


def _recorded_decks(events: Sequence[Event]) -> tuple[list[Card], list[list[Card]]]:
    """The deck order at the start and after every reshuffle, from the event log."""
    start: list[Card] | None = None
    reshuffles: list[list[Card]] = []
    for event in events:
        match event:
            case HandStarted(deck=deck) if deck is not None:
                start = list(deck)
            case Reshuffled(deck=deck) if deck is not None:
                reshuffles.append(list(deck))
    if start is None:
        raise NotationError("the history has no hand-started event with the deck")
    return start, reshuffles


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    """The whole hand as plain data: setup, actions, and the full (uncensored) event log."""
    return {
        "format": FORMAT,
        "variant": {"name": hand.variant.name, **hand.variant.to_dict()},
        "rules": hand.rules.to_dict(),
        "stakes": hand.stakes.to_dict(),
        "stacks": list(hand.starting_stacks),
        "names": list(hand.names),
        "button": hand.button,
        "carried_in": hand.carried_in,
        **({"blinds": list(hand.setup.blinds)} if hand.setup.blinds else {}),
        **({"dead": list(hand.setup.dead)} if hand.setup.dead else {}),
        "actions": [action.to_dict() for action in hand.actions],
        "events": [event.to_dict() for event in hand.events],
        "final_stacks": list(hand.stacks),
        "carried_out": hand.carried_out,
    }


def hand_to_json(hand: Hand, *, indent: int | None = None) -> str:
    """`hand_to_dict` as JSON text."""
    return json.dumps(hand_to_dict(hand), indent=indent)


def hand_from_dict(data: Any) -> Hand:
    """Rebuild a hand from its history and check that it replays to the same log."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError(f"not a hilo hand history (expected format {FORMAT!r})")
    try:
        variant_data = dict(data["variant"])
        variant = Variant.from_dict(variant_data.pop("name"), variant_data)
        rules = HouseRules.from_dict({"preset": "strict", **data["rules"]})
        stakes = Stakes.from_dict(data["stakes"])
        events = [event_from_dict(entry) for entry in data["events"]]
        actions = [Action.from_dict(entry) for entry in data["actions"]]
        deck, reshuffles = _recorded_decks(events)
        setup = HandSetup(
            variant,
            rules,
            stakes,
            data["stacks"],
            button=data.get("button", 0),
            names=data.get("names") or (),
            deck_order=deck,
            reshuffles=reshuffles,
            carried_in=data.get("carried_in", 0),
            blinds=_posts(data, "blinds"),
            dead=_posts(data, "dead"),
        )
        hand = Hand(setup)
    except KeyError as missing:
        raise NotationError(f"the hand history has no {missing.args[0]!r}") from None
    for number, action in enumerate(actions):
        try:
            hand.apply(action)
        except IllegalActionError as error:
            raise HiloError(
                f"the hand history does not replay: action {number} ({action.words()}) "
                f"is refused: {error}"
            ) from None
    for index, (mine, theirs) in enumerate(zip(hand.events, events, strict=False)):
        if mine != theirs:
            raise HiloError(
                f"the hand history does not replay: event {index} is {mine.to_dict()} "
                f"but the history says {theirs.to_dict()}"
            )
    if len(hand.events) != len(events):
        raise HiloError(
            f"the hand history does not replay: {len(hand.events)} events instead of {len(events)}"
        )
    return hand


def _posts(data: dict[str, Any], name: str) -> tuple[int, ...]:
    """A history's list of posted blinds (or dead blinds) by seat; none when it has none."""
    value = data.get(name, [])
    if not isinstance(value, list):
        raise NotationError(f"the hand history's {name!r} must be a list of chips by seat")
    return tuple(value)


def hand_from_json(text: str) -> Hand:
    """Read a hand written by `hand_to_json`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotationError(f"the hand history is not valid JSON: {error.msg}") from None
    return hand_from_dict(data)


def hand_views(
    hand: Hand, viewer: int | None, seats: tuple[int, ...] | None = None
) -> list[TableView]:
    """The hand as ``viewer`` saw it after the deal and after each action, for a replay.

    ``viewer`` is a seat of the hand (None: a spectator); the views hide what it could not see.
    At a table, `Table.replay` gives them with ``seats``, the table seat of each of the hand's.
    """
    again = Hand(hand.setup)
    views = [again.view_for(viewer, seats)]
    for action in hand.actions:
        again.apply(action)
        views.append(again.view_for(viewer, seats))
    return views
