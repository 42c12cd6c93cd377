"""What every event has: its kind's name in hand histories, its plain data, a censored copy.

The event types themselves are in `hilo.engine.events` (and the home-game family's card
choices and wild cards in `hilo.engine.events_family`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, Self

from hilo.cards import Card, format_cards

__all__ = ["EventBase", "EventKind", "Face", "Post", "cards_text"]


class EventKind(StrEnum):
    """The name each kind of event is written under in hand histories."""

    HAND_STARTED = "hand-started"
    POSTED = "posted"
    DEALT = "dealt"
    BOARD = "board"
    STREET = "street"
    ACTED = "acted"
    DRAWN = "drawn"
    RESHUFFLED = "reshuffled"
    TURNED_UP = "turned-up"
    CHOSE = "chose"
    PASSED = "passed"
    DISCARDED = "discarded"
    ROLLED = "rolled"
    WILD_CHANGED = "wild-changed"
    DECLARED = "declared"
    REVEALED = "revealed"
    RETURNED = "returned"
    SHOWN = "shown"
    MUCKED = "mucked"
    AWARDED = "awarded"
    HAND_ENDED = "hand-ended"


class Post(StrEnum):
    """A forced bet posted before the cards are played (a bring-in is an action)."""

    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    STRADDLE = "straddle"
    DEAD_BLIND = "dead blind"


class Face(StrEnum):
    """How a card is dealt: face up for everyone, or face down for its owner."""

    UP = "up"
    DOWN = "down"


class EventBase:
    """What every event type has: its kind, its plain data, and a censored copy."""

    __slots__ = ()
    kind: ClassVar[EventKind]

    def censored_for(self, viewer: int | None) -> Self:
        """This event as ``viewer`` may see it (``None``: a spectator)."""
        return self

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - every event type has its own
        """Plain data for the hand history (only the fields in use)."""
        raise NotImplementedError


def cards_text(cards: tuple[Card, ...]) -> dict[str, Any]:
    """The ``cards`` field of an event's plain data, left out when there are none."""
    return {"cards": format_cards(cards)} if cards else {}
