"""What the leak scans need of an event: whose cards it holds and whether others see them."""

from __future__ import annotations

from hilo.cards import Card
from hilo.engine.events import (
    Board,
    Chose,
    Dealt,
    Discarded,
    Drew,
    Event,
    Face,
    Passed,
    Rolled,
    Shown,
    TurnedUp,
)


def in_sight(event: Event) -> tuple[int | None, tuple[Card, ...], bool]:
    """``(seat, cards, hidden)``: the seat the event's cards belong to (None: the board's),
    the cards, and whether only that seat sees them. Events without cards give ``()``.
    Passed cards belong to the seat they went to (the passer held them already)."""
    match event:
        case Dealt(seat=seat, cards=cards, face=face):
            return seat, cards, face is Face.DOWN
        case Drew(seat=seat, cards=cards):
            return seat, cards, True
        case TurnedUp(seat=seat, cards=cards) | Shown(seat=seat, cards=cards):
            return seat, cards, False
        case Rolled(seat=seat, cards=cards):
            return seat, cards, False
        case Passed(to=seat, cards=cards) | Chose(seat=seat, cards=cards):
            return seat, cards or (), True
        case Discarded(seat=seat, cards=cards):
            return seat, cards or (), True
        case Board(cards=cards):
            return None, cards, False
    return None, (), False
