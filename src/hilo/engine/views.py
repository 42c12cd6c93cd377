"""What one seat may see: a frozen, censored picture of the hand.

Bots, the terminal and the browser only ever get a `TableView`. Other players' face-down
cards and sealed declarations are never in it; their cards appear once shown down.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.engine.events import (
    Board,
    Dealt,
    Drew,
    Event,
    HandStarted,
    Reshuffled,
    Shown,
    TurnedUp,
)

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = ["SeatView", "TableView", "build_view"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int
    name: str
    stack: int
    bet: int
    """Chips bet in the current round."""
    in_pot: int
    """Chips put in the pots this hand before the current round."""
    is_folded: bool
    is_all_in: bool
    up_cards: tuple[Card, ...]
    """Cards everybody sees."""
    down_cards: tuple[Card, ...]
    """Face-down cards the viewer may see: its own, or anyone's once shown down."""
    hidden_count: int
    """Face-down cards the viewer may not see."""
    has_declared: bool
    declaration: Direction | None
    """The viewer's own declaration, or anyone's once it is public."""


@dataclass(frozen=True, slots=True)
class TableView:
    """The hand as ``viewer`` sees it (``None``: a spectator)."""

    viewer: int | None
    variant: str
    title: str
    phase: str
    street: str
    button: int
    board: tuple[Card, ...]
    seats: tuple[SeatView, ...]
    pots: tuple[int, ...]
    to_act: tuple[int, ...]
    legal_actions: tuple[ActionOption, ...]
    events: tuple[Event, ...]
    result: tuple[str, ...]
    carried_in: int
    carried_out: int

    @property
    def me(self) -> SeatView | None:
        """The viewer's own seat, or None for a spectator."""
        return None if self.viewer is None else self.seats[self.viewer]

    def all_cards(self) -> set[Card]:
        """Every card this view shows, anywhere (used to check nothing leaks)."""
        cards = set(self.board)
        for seat in self.seats:
            cards.update(seat.up_cards)
            cards.update(seat.down_cards)
        for event in self.events:
            match event:
                case Dealt(cards=shown) | Board(cards=shown) | TurnedUp(cards=shown):
                    cards.update(shown)
                case Shown(cards=shown):
                    cards.update(shown)
                case Drew(cards=new, discards=thrown):
                    cards.update(new)
                    cards.update(thrown or ())
                case HandStarted(deck=deck) | Reshuffled(deck=deck) if deck is not None:
                    cards.update(deck)
        return cards


_censored: weakref.WeakKeyDictionary[Hand, dict[int | None, list[Event]]] = (
    weakref.WeakKeyDictionary()
)
"""Each hand's log as each viewer may see it, kept as it grows (a log is only appended to)."""


def _events_for(hand: Hand, viewer: int | None) -> tuple[Event, ...]:
    """The hand's log censored for ``viewer``, censoring only the events new since last time."""
    seen = _censored.setdefault(hand, {}).setdefault(viewer, [])
    events = hand.events
    if len(seen) > len(events):  # pragma: no cover - logs only grow
        seen.clear()
    seen.extend(event.censored_for(viewer) for event in events[len(seen) :])
    return tuple(seen)


def build_view(hand: Hand, viewer: int | None) -> TableView:
    """Censor the hand for ``viewer``."""
    shown = {event.seat for event in hand.events if isinstance(event, Shown)}
    sealed = hand.rules.declare == "simultaneous" and not hand.revealed
    betting = hand.round
    seats = []
    for seat in range(hand.seats):
        up = tuple(hand.up_cards(seat))
        down = tuple(card for card, face_up in hand.cards[seat] if not face_up)
        may_see = seat == viewer or seat in shown
        declared = hand.declarations.get(seat)
        seats.append(
            SeatView(
                seat=seat,
                name=hand.names[seat],
                stack=hand.stacks[seat],
                bet=betting.bets.get(seat, 0) if betting is not None else 0,
                in_pot=hand.contributed[seat],
                is_folded=seat in hand.folded,
                is_all_in=hand.stacks[seat] == 0 and seat not in hand.folded,
                up_cards=up,
                down_cards=down if may_see else (),
                hidden_count=0 if may_see else len(down),
                has_declared=declared is not None,
                declaration=declared if (seat == viewer or not sealed) else None,
            )
        )
    street_index = min(hand.street, len(hand.variant.streets) - 1)
    legal = tuple(hand.legal_actions(viewer)) if viewer is not None else ()
    return TableView(
        viewer=viewer,
        variant=hand.variant.name,
        title=hand.variant.title,
        phase=hand.phase.value,
        street=hand.variant.streets[street_index].name,
        button=hand.button,
        board=tuple(hand.board),
        seats=tuple(seats),
        pots=tuple(pot.amount for pot in hand.pots()),
        to_act=hand.to_act,
        legal_actions=legal,
        events=_events_for(hand, viewer),
        result=tuple(hand.result.explanation()) if hand.result is not None else (),
        carried_in=hand.carried_in,
        carried_out=hand.carried_out,
    )
