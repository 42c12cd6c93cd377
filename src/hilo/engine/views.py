"""What one seat may see: a frozen, censored picture of the hand.

Bots, the terminal and the browser only ever get a `TableView`. Other players' face-down
cards and sealed declarations are never in it; their cards appear once shown down.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.engine.events import (
    Acted,
    Awarded,
    Board,
    Dealt,
    Declared,
    Drew,
    Event,
    HandStarted,
    Posted,
    Reshuffled,
    Returned,
    Revealed,
    Shown,
    TurnedUp,
)

if TYPE_CHECKING:
    from hilo.engine.state import Hand, Phase
    from hilo.rules.variants import Variant

__all__ = ["SeatView", "TableView", "build_view", "censored_events", "renumbered"]


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
    """The hand as ``viewer`` sees it (``None``: a spectator).

    Seats (``viewer``, each `SeatView.seat`, ``to_act``, ``button``, the events' seats and
    revealed declarations) are numbered one way throughout: a `Hand`'s view numbers them as
    the hand does, a `hilo.engine.table.Table`'s as the table does.
    """

    viewer: int | None
    variant: Variant
    phase: Phase
    street: int
    """The index of the street in ``variant.streets`` (the last one once betting is over)."""
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
    def title(self) -> str:
        """The game's title, as people read it."""
        return self.variant.title

    @property
    def street_name(self) -> str:
        """The street's name (``"flop"``, ``"7th"``, ...)."""
        return self.variant.streets[self.street].name

    @property
    def me(self) -> SeatView | None:
        """The viewer's own seat, or None for a spectator."""
        return None if self.viewer is None else self.seat(self.viewer)

    def seat(self, number: int) -> SeatView:
        """The seat numbered ``number`` (raises `KeyError` if the hand has none)."""
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise KeyError(number)

    def others(self) -> Iterator[SeatView]:
        """The seats other than the viewer's, in order from the viewer's left."""
        if self.viewer is None:
            return
        mine = next(index for index, seat in enumerate(self.seats) if seat.seat == self.viewer)
        count = len(self.seats)
        for step in range(1, count):
            yield self.seats[(mine + step) % count]

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


_Numbering = tuple[int, ...] | None
"""The number of each of a hand's seats in a view (None: the hand's own numbers)."""

_censored: weakref.WeakKeyDictionary[Hand, dict[tuple[int | None, _Numbering], list[Event]]] = (
    weakref.WeakKeyDictionary()
)
"""Each hand's log as each viewer may see it, in each numbering of its seats, kept as it grows
(a log is only appended to). The one cache of censored logs."""


def censored_events(
    hand: Hand, viewer: int | None, seats: tuple[int, ...] | None = None
) -> tuple[Event, ...]:
    """The hand's log censored for ``viewer`` (a seat of the hand), its seats numbered by
    ``seats`` (None: the hand's own), censoring only the events new since last time."""
    seen = _censored.setdefault(hand, {}).setdefault((viewer, seats), [])
    events = hand.events
    if len(seen) > len(events):  # pragma: no cover - logs only grow
        seen.clear()
    new = (event.censored_for(viewer) for event in events[len(seen) :])
    seen.extend(new if seats is None else (renumbered(event, seats) for event in new))
    return tuple(seen)


def renumbered(event: Event, seats: tuple[int, ...]) -> Event:
    """``event`` with its seat, or the seats of revealed declarations, numbered by ``seats``
    (``seats[n]`` is the new number of the hand's seat ``n``)."""
    match event:
        case Revealed(declarations=shown):
            return replace(event, declarations=tuple((seats[seat], way) for seat, way in shown))
        case (
            Posted()
            | Dealt()
            | Acted()
            | Drew()
            | TurnedUp()
            | Declared()
            | Returned()
            | Shown()
            | Awarded()
        ):
            return replace(event, seat=seats[event.seat])
    return event


def build_view(hand: Hand, viewer: int | None, seats: tuple[int, ...] | None = None) -> TableView:
    """Censor the hand for ``viewer`` (a seat of the hand).

    With ``seats`` (the number each of the hand's seats has at its table), every seat in the
    view is numbered as at the table.
    """

    def number(inside: int) -> int:
        return inside if seats is None else seats[inside]

    shown = {event.seat for event in hand.events if isinstance(event, Shown)}
    sealed = hand.rules.declare == "simultaneous" and not hand.revealed
    betting = hand.round
    seen = []
    for seat in range(hand.seats):
        up = tuple(hand.up_cards(seat))
        down = tuple(card for card, face_up in hand.cards[seat] if not face_up)
        may_see = seat == viewer or seat in shown
        declared = hand.declarations.get(seat)
        seen.append(
            SeatView(
                seat=number(seat),
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
        viewer=None if viewer is None else number(viewer),
        variant=hand.variant,
        phase=hand.phase,
        street=street_index,
        button=number(hand.button),
        board=tuple(hand.board),
        seats=tuple(seen),
        pots=tuple(pot.amount for pot in hand.pots()),
        to_act=tuple(number(seat) for seat in hand.to_act),
        legal_actions=legal,
        events=censored_events(hand, viewer, seats),
        result=tuple(hand.result.explanation()) if hand.result is not None else (),
        carried_in=hand.carried_in,
        carried_out=hand.carried_out,
    )
