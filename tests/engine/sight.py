"""What the leak scans need of an event: whose cards it holds and whether others see them."""

from __future__ import annotations

from hilo.cards import Card
from hilo.engine.events import Board, Dealt, Drew, Event, Face, Shown, TurnedUp


def in_sight(event: Event) -> tuple[int | None, tuple[Card, ...], bool]:
    """``(seat, cards, hidden)``: the seat the event's cards belong to (None: the board's),
    the cards, and whether only that seat sees them. Events without cards give ``()``."""
    match event:
        case Dealt(seat=seat, cards=cards, face=face):
            return seat, cards, face is Face.DOWN
        case Drew(seat=seat, cards=cards):
            return seat, cards, True
        case TurnedUp(seat=seat, cards=cards) | Shown(seat=seat, cards=cards):
            return seat, cards, False
        case Board(cards=cards):
            return None, cards, False
    return None, (), False
