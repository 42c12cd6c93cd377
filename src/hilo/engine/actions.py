"""Actions in, events out: the vocabulary of a hand.

A player (or a bot, or the browser) sends an `Action`; the hand checks it and appends
`Event` records to its log. The log is the one source for hand histories and replay.

>>> str(Action.raise_to(2, 40)), str(Action.declare(1, Direction.LOW))
('seat 2 raises to 40', 'seat 1 declares low')
>>> Action.from_dict(Action.draw(0, ()).to_dict()) == Action.draw(0, ())
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from hilo.cards import Card, format_cards, parse_card, parse_cards
from hilo.engine.declare import Direction
from hilo.errors import NotationError

__all__ = ["Action", "ActionKind", "Event", "EventKind"]


class ActionKind(StrEnum):
    """What a player does."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    DRAW = "draw"
    TURN_UP = "turn-up"
    KEEP_DOWN = "keep-down"
    DECLARE = "declare"
    TIMEOUT = "timeout"


_WORDS = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BRING_IN: "brings it in",
    ActionKind.TURN_UP: "turns the hole card up",
    ActionKind.KEEP_DOWN: "keeps the hole card down",
    ActionKind.TIMEOUT: "runs out of time",
}


@dataclass(frozen=True, slots=True)
class Action:
    """One player's decision. ``amount`` is the total bet this round after a bet or raise."""

    seat: int
    kind: ActionKind
    amount: int = 0
    cards: tuple[Card, ...] = ()
    direction: Direction | None = None

    def __str__(self) -> str:
        who = f"seat {self.seat}"
        if self.kind in _WORDS:
            return f"{who} {_WORDS[self.kind]}"
        if self.kind is ActionKind.BET:
            return f"{who} bets {self.amount}"
        if self.kind is ActionKind.RAISE:
            return f"{who} raises to {self.amount}"
        if self.kind is ActionKind.COMPLETE:
            return f"{who} completes to {self.amount}" if self.amount else f"{who} completes"
        if self.kind is ActionKind.DRAW:
            if not self.cards:
                return f"{who} stands pat"
            return f"{who} discards {format_cards(self.cards)}"
        assert self.direction is not None
        return f"{who} declares {self.direction.words}"

    @classmethod
    def fold(cls, seat: int) -> Action:
        """Give up the hand."""
        return cls(seat, ActionKind.FOLD)

    @classmethod
    def check(cls, seat: int) -> Action:
        """Pass when there is nothing to call."""
        return cls(seat, ActionKind.CHECK)

    @classmethod
    def call(cls, seat: int) -> Action:
        """Match the current bet (or go all in for less)."""
        return cls(seat, ActionKind.CALL)

    @classmethod
    def bet(cls, seat: int, amount: int) -> Action:
        """Open the betting with ``amount``."""
        return cls(seat, ActionKind.BET, amount)

    @classmethod
    def raise_to(cls, seat: int, amount: int) -> Action:
        """Raise so that this round's bet is ``amount`` in all."""
        return cls(seat, ActionKind.RAISE, amount)

    @classmethod
    def bring_in(cls, seat: int) -> Action:
        """Stud: post the bring-in rather than completing."""
        return cls(seat, ActionKind.BRING_IN)

    @classmethod
    def complete(cls, seat: int) -> Action:
        """Stud: complete the bring-in to a full small bet."""
        return cls(seat, ActionKind.COMPLETE)

    @classmethod
    def draw(cls, seat: int, discards: tuple[Card, ...] | list[Card]) -> Action:
        """Draw: throw away ``discards`` (none to stand pat) and get as many new cards."""
        return cls(seat, ActionKind.DRAW, cards=tuple(discards))

    @classmethod
    def turn_up(cls, seat: int) -> Action:
        """Five-card stud option: turn the hole card up; the last card comes face down."""
        return cls(seat, ActionKind.TURN_UP)

    @classmethod
    def keep_down(cls, seat: int) -> Action:
        """Five-card stud option: keep the hole card down."""
        return cls(seat, ActionKind.KEEP_DOWN)

    @classmethod
    def declare(cls, seat: int, direction: Direction) -> Action:
        """Declare high, low or both ways."""
        return cls(seat, ActionKind.DECLARE, direction=direction)

    @classmethod
    def timeout(cls, seat: int) -> Action:
        """The seat's clock ran out: the house default is applied for it."""
        return cls(seat, ActionKind.TIMEOUT)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history."""
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value}
        if self.amount:
            data["amount"] = self.amount
        if self.kind is ActionKind.DRAW:
            data["cards"] = format_cards(self.cards)
        if self.direction is not None:
            data["direction"] = self.direction.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Read an action written by `to_dict`."""
        try:
            kind = ActionKind(data["kind"])
            direction = Direction(data["direction"]) if data.get("direction") else None
            return cls(
                int(data["seat"]),
                kind,
                int(data.get("amount", 0)),
                parse_cards(data.get("cards", "")),
                direction,
            )
        except (KeyError, ValueError, TypeError) as error:
            raise NotationError(f"not an action: {data!r} ({error})") from None


class EventKind(StrEnum):
    """What happened at the table."""

    HAND_STARTED = "hand-started"
    POSTED = "posted"
    DEALT = "dealt"
    BOARD = "board"
    STREET = "street"
    ACTED = "acted"
    DRAWN = "drawn"
    RESHUFFLED = "reshuffled"
    TURNED_UP = "turned-up"
    DECLARED = "declared"
    REVEALED = "revealed"
    RETURNED = "returned"
    SHOWN = "shown"
    AWARDED = "awarded"
    HAND_ENDED = "hand-ended"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log. Fields not used by an event's kind stay empty.

    ``hidden_from_others`` marks cards (or a sealed declaration) that only ``seat`` may
    see; `censored_for` removes them for everybody else.

    >>> dealt = Event(EventKind.DEALT, seat=1, cards=parse_cards("As Kd"), hidden_from_others=True)
    >>> dealt.censored_for(2).cards, dealt.censored_for(2).count, dealt.censored_for(1).cards
    ((), 2, (Card('As'), Card('Kd')))
    """

    kind: EventKind
    seat: int | None = None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    count: int = 0
    action: ActionKind | None = None
    direction: Direction | None = None
    text: str = ""
    hidden_from_others: bool = False
    data: tuple[tuple[str, Any], ...] = ()

    def censored_for(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator)."""
        if not self.hidden_from_others or (self.seat is not None and viewer == self.seat):
            return self
        return replace(
            self,
            cards=(),
            count=self.count or len(self.cards),
            direction=None,
            data=(),
            hidden_from_others=True,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the hand history (only the fields in use)."""
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.amount:
            out["amount"] = self.amount
        if self.cards:
            out["cards"] = format_cards(self.cards)
        if self.count:
            out["count"] = self.count
        if self.action is not None:
            out["action"] = self.action.value
        if self.direction is not None:
            out["direction"] = self.direction.value
        if self.text:
            out["text"] = self.text
        if self.hidden_from_others:
            out["hidden"] = True
        if self.data:
            out["data"] = {key: _plain(value) for key, value in self.data}
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Read an event written by `to_dict`."""
        try:
            return cls(
                EventKind(data["kind"]),
                data.get("seat"),
                int(data.get("amount", 0)),
                parse_cards(data.get("cards", "")),
                int(data.get("count", 0)),
                ActionKind(data["action"]) if data.get("action") else None,
                Direction(data["direction"]) if data.get("direction") else None,
                str(data.get("text", "")),
                bool(data.get("hidden", False)),
                tuple(
                    (key, _cards_from(value) if key in _CARD_DATA else _freeze(value))
                    for key, value in data.get("data", {}).items()
                ),
            )
        except (KeyError, ValueError, TypeError) as error:
            raise NotationError(f"not an event: {data!r} ({error})") from None


_CARD_DATA = ("deck", "discards")
"""Event data that holds cards (written as text in histories)."""


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _cards_from(value: Any) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in value)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(item) for item in value)
    if isinstance(value, dict):
        return tuple((key, _freeze(item)) for key, item in value.items())
    return value
