"""Secret card decisions: passing, discarding, arranging and rolling cards.

Every live seat chooses at once and in secret; once all have chosen, the choices are
carried out together. This module holds the rules of one choice (how many cards, which
ones) and where passed cards go; `hilo.engine.state.Hand` keeps the choices and moves
the cards.

>>> from hilo.cards import parse_cards
>>> held = [(card, False) for card in parse_cards("As Kd 7c")]
>>> check_choice(ActionKind.PASS, parse_cards("As Kd"), held, 3)
Traceback (most recent call last):
...
hilo.errors.IllegalActionError: Pass exactly 3 cards, not 2.
>>> receivers([4, 0, 2], "left")
{4: 0, 0: 2, 2: 4}
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo.cards import Card
from hilo.engine.actions import ActionKind
from hilo.engine.events import Discarded, Event, Passed, Rolled
from hilo.errors import IllegalActionError
from hilo.rules.variants import PassTo, Street

__all__ = ["carry_out", "check_choice", "choice_count", "receivers", "reveal_next"]

Held = list[tuple[Card, bool]]
"""A seat's cards in order, each with whether it is face up."""

_VERBS = {
    ActionKind.PASS: "Pass",
    ActionKind.DISCARD: "Discard",
    ActionKind.ROLL: "Turn up",
}


def choice_count(kind: ActionKind, street: Street, held: Sequence[tuple[Card, bool]]) -> int:
    """How many cards a seat holding ``held`` names for a choice of ``kind`` on ``street``."""
    if kind is ActionKind.PASS:
        return min(street.passes, len(held))
    if kind is ActionKind.DISCARD:
        return min(street.discard, len(held))
    if kind is ActionKind.ROLL:
        return min(street.roll, sum(1 for _, face_up in held if not face_up))
    return len(held)


def check_choice(
    kind: ActionKind, cards: Sequence[Card], held: Sequence[tuple[Card, bool]], count: int
) -> None:
    """Refuse a choice that names a card twice, a card not held, the wrong number of
    cards, a card already face up (to roll), or not every card once (to arrange)."""
    own = [card for card, _ in held]
    for index, card in enumerate(cards):
        if card in cards[:index]:
            raise IllegalActionError(f"You named {card} twice.")
        if card not in own:
            raise IllegalActionError(f"You do not hold {card}: choose among your own cards.")
    if kind is ActionKind.ARRANGE:
        missing = [card for card in own if card not in cards]
        if missing:
            raise IllegalActionError(
                f"Put all {len(own)} of your cards in order, each once: {missing[0]} is missing."
            )
        return
    if len(cards) != count:
        noun = "card" if count == 1 else "cards"
        raise IllegalActionError(f"{_VERBS[kind]} exactly {count} {noun}, not {len(cards)}.")
    if kind is ActionKind.ROLL:
        up = {card for card, face_up in held if face_up}
        for card in cards:
            if card in up:
                raise IllegalActionError(
                    f"{card} is already face up: turn up one of your face-down cards."
                )


def receivers(live: Sequence[int], direction: PassTo) -> dict[int, int]:
    """Where each live seat's passed cards go: the next live seat to the left or right.

    ``live`` runs from the left of the button (so each seat's left neighbour follows it);
    folded seats are not in it: they neither pass nor receive.
    """
    step = 1 if direction == "left" else -1
    count = len(live)
    return {seat: live[(index + step) % count] for index, seat in enumerate(live)}


def carry_out(
    kind: ActionKind,
    chosen: dict[int, tuple[Card, ...]],
    cards: list[Held],
    live: Sequence[int],
    pass_to: PassTo,
) -> list[Event]:
    """Carry out every seat's ``chosen`` cards together, changing ``cards`` (each seat's
    cards); the events to log, one per seat in the order of ``live`` (arranging logs none:
    the order stays secret)."""
    seats = [seat for seat in live if seat in chosen]
    events: list[Event] = []
    for seat in seats:
        mine = chosen[seat]
        if kind is ActionKind.ARRANGE:
            faces = dict(cards[seat])
            cards[seat] = [(card, faces[card]) for card in mine]
        elif kind is ActionKind.ROLL:
            cards[seat] = [(card, up or card in mine) for card, up in cards[seat]]
            events.append(Rolled(seat, mine))
        else:
            cards[seat] = [(card, up) for card, up in cards[seat] if card not in mine]
            if kind is ActionKind.DISCARD:
                events.append(Discarded(seat, len(mine), mine))
    if kind is ActionKind.PASS:
        going = receivers(seats, pass_to)
        for seat in seats:
            cards[going[seat]] += [(card, False) for card in chosen[seat]]
            events.append(Passed(seat, going[seat], len(chosen[seat]), chosen[seat]))
    return events


def reveal_next(cards: list[Held], live: Sequence[int], count: int) -> list[Event]:
    """Turn up the next ``count`` face-down cards of every live seat's (arranged) cards."""
    events: list[Event] = []
    for seat in live:
        down = tuple([card for card, up in cards[seat] if not up][:count])
        if down:
            cards[seat] = [(card, up or card in down) for card, up in cards[seat]]
            events.append(Rolled(seat, down))
    return events
