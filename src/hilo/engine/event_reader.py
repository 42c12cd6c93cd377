"""Reading events back: a hand history's plain data into the typed events of its log.

>>> event_from_dict({"kind": "acted", "seat": 3, "amount": 40, "action": "raise"})
Acted(seat=3, action=<ActionKind.RAISE: 'raise'>, amount=40, is_declare_fold=False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hilo.cards import Card, parse_card, parse_cards
from hilo.engine.actions import CARD_CHOICES, ActionKind
from hilo.engine.declare import Direction
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
    EventKind,
    Face,
    HandEnded,
    HandStarted,
    Mucked,
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
from hilo.errors import NotationError
from hilo.hands.wildspec import WildSpec

__all__ = ["event_from_dict"]


_FIELDS = frozenset(
    ("kind", "seat", "amount", "cards", "count", "action", "direction", "text", "hidden", "data")
)
"""Every field an event's plain data may have."""


class _Fields:
    """Typed access to one event's plain data; a wrong field raises `ValueError`."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        extra = set(data) - _FIELDS
        if extra:
            raise ValueError(f"unknown field {sorted(extra)[0]!r}")

    def number(self, name: str) -> int:
        value = self.data.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number, not {value!r}")
        return value

    def seat(self) -> int:
        if "seat" not in self.data:
            raise ValueError("it has no seat")
        return self.number("seat")

    def text(self) -> str:
        value = self.data.get("text", "")
        if not isinstance(value, str):
            raise ValueError(f"text must be a string, not {value!r}")
        return value

    def cards(self) -> tuple[Card, ...]:
        value = self.data.get("cards", "")
        if not isinstance(value, str):
            raise ValueError(f"cards must be a string, not {value!r}")
        return parse_cards(value)

    def is_hidden(self) -> bool:
        value = self.data.get("hidden", False)
        if not isinstance(value, bool):
            raise ValueError(f"hidden must be true or false, not {value!r}")
        return value

    def extra(self, name: str) -> Any:
        """An entry of ``data`` (None when there is no ``data`` or no such entry)."""
        extra = self.data.get("data")
        if extra is None:
            return None
        if not isinstance(extra, dict):
            raise ValueError(f"data must be an object, not {extra!r}")
        return extra.get(name)

    def card_list(self, name: str) -> tuple[Card, ...] | None:
        value = self.extra(name)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ValueError(f"{name} must be a list of cards, not {value!r}")
        return tuple(parse_card(item) for item in value)


def _hand_started(read: _Fields) -> Event:
    return HandStarted(read.text(), read.card_list("deck"))


def _posted(read: _Fields) -> Event:
    return Posted(read.seat(), read.number("amount"), Post(read.text()))


def _dealt(read: _Fields) -> Event:
    return Dealt(read.seat(), Face(read.text()), read.cards(), read.number("count"))


def _board(read: _Fields) -> Event:
    return Board(read.cards())


def _street(read: _Fields) -> Event:
    return Street(read.text(), read.number("count"))


def _acted(read: _Fields) -> Event:
    return Acted(read.seat(), ActionKind(read.data["action"]), read.number("amount"))


def _drew(read: _Fields) -> Event:
    return Drew(read.seat(), read.number("count"), read.card_list("discards"), read.cards())


def _reshuffled(read: _Fields) -> Event:
    return Reshuffled(read.number("count"), read.card_list("deck"))


def _turned_up(read: _Fields) -> Event:
    return TurnedUp(read.seat(), read.cards())


def _sealed_cards(read: _Fields) -> tuple[Card, ...] | None:
    """Chosen, passed or discarded cards; None when the copy hides them."""
    return read.cards() or None


def _chose(read: _Fields) -> Event:
    action = ActionKind(read.data["action"])
    if action not in CARD_CHOICES:
        raise ValueError(f"a choice is of cards to pass, discard, arrange or roll, not {action}")
    return Chose(read.seat(), action, _sealed_cards(read))


def _passed(read: _Fields) -> Event:
    to = read.extra("to")
    if isinstance(to, bool) or not isinstance(to, int) or to < 0:
        raise ValueError(f"a pass goes to a seat number, not {to!r}")
    return Passed(read.seat(), to, read.number("count"), _sealed_cards(read))


def _discarded(read: _Fields) -> Event:
    return Discarded(read.seat(), read.number("count"), _sealed_cards(read))


def _rolled(read: _Fields) -> Event:
    return Rolled(read.seat(), read.cards())


def _wild_changed(read: _Fields) -> Event:
    spec = WildSpec.parse(read.text())
    if spec != WildSpec(ranks=spec.ranks):
        raise ValueError(f"wild ranks must be ranks such as 7,Q, not {read.text()!r}")
    return WildChanged(tuple(sorted(spec.ranks)))


def _declared(read: _Fields) -> Event:
    direction = read.data.get("direction")
    return Declared(
        read.seat(), None if direction is None else Direction(direction), read.is_hidden()
    )


def _revealed(read: _Fields) -> Event:
    shown = read.extra("declarations")
    if not isinstance(shown, list):
        raise ValueError(f"declarations must be a list, not {shown!r}")
    pairs = []
    for entry in shown:
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError(f"a declaration must be [seat, direction], not {entry!r}")
        seat, direction = entry
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"a declaration's seat must be a number, not {seat!r}")
        pairs.append((seat, Direction(direction)))
    return Revealed(tuple(pairs))


def _returned(read: _Fields) -> Event:
    return Returned(read.seat(), read.number("amount"))


def _shown(read: _Fields) -> Event:
    return Shown(read.seat(), read.cards())


def _mucked(read: _Fields) -> Event:
    return Mucked(read.seat())


def _awarded(read: _Fields) -> Event:
    return Awarded(read.seat(), read.number("amount"), read.text(), read.number("count"))


def _hand_ended(read: _Fields) -> Event:
    stacks = read.extra("stacks")
    if not isinstance(stacks, list) or not all(
        isinstance(chips, int) and not isinstance(chips, bool) for chips in stacks
    ):
        raise ValueError(f"stacks must be a list of numbers, not {stacks!r}")
    return HandEnded(tuple(stacks))


_READERS: dict[EventKind, Callable[[_Fields], Event]] = {
    EventKind.HAND_STARTED: _hand_started,
    EventKind.POSTED: _posted,
    EventKind.DEALT: _dealt,
    EventKind.BOARD: _board,
    EventKind.STREET: _street,
    EventKind.ACTED: _acted,
    EventKind.DRAWN: _drew,
    EventKind.RESHUFFLED: _reshuffled,
    EventKind.TURNED_UP: _turned_up,
    EventKind.CHOSE: _chose,
    EventKind.PASSED: _passed,
    EventKind.DISCARDED: _discarded,
    EventKind.ROLLED: _rolled,
    EventKind.WILD_CHANGED: _wild_changed,
    EventKind.DECLARED: _declared,
    EventKind.REVEALED: _revealed,
    EventKind.RETURNED: _returned,
    EventKind.SHOWN: _shown,
    EventKind.MUCKED: _mucked,
    EventKind.AWARDED: _awarded,
    EventKind.HAND_ENDED: _hand_ended,
}


def event_from_dict(data: Any) -> Event:
    """Read an event written by its `to_dict`; `NotationError` names what is wrong.

    >>> event_from_dict({"kind": "street", "count": 1, "text": "flop"})
    Street(name='flop', index=1)
    >>> event_from_dict({"kind": "dealt", "text": "up"})
    Traceback (most recent call last):
    ...
    hilo.errors.NotationError: not an event: {'kind': 'dealt', 'text': 'up'} (it has no seat)
    """
    try:
        if not isinstance(data, dict):
            raise ValueError("an event is an object")
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise ValueError("it has no kind")
        return _READERS[EventKind(kind)](_Fields(data))
    except (KeyError, ValueError, TypeError, NotationError) as error:
        raise NotationError(f"not an event: {data!r} ({error})") from None
