"""Who acts first: blinds, the stud bring-in and best showing hand, and the declare order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hilo.hands import high_score

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = ["declare_order", "first_to_act", "stud_opener"]


def _rotate(seats: list[int], first: int) -> list[int]:
    start = seats.index(first)
    return seats[start:] + seats[:start]


def stud_opener(hand: Hand) -> int | None:
    """First stud round: the lowest up card (bring-in) or the highest (house rule).

    Aces count high; a tie goes by suit, clubs lowest and spades highest.
    """
    if not hand.variant.is_stud:
        return None
    live = hand.live()

    def door(seat: int) -> tuple[int, int]:
        card = hand.up_cards(seat)[0]
        return (int(card.rank), int(card.suit))

    if hand.rules.stud_opener == "bring-in":
        return min(live, key=door)
    return max(live, key=door)


def best_showing(hand: Hand) -> int:
    """The seat with the best high hand showing; ties go to the first from the button."""
    best, best_score = -1, -1
    for seat in hand.live():  # from the button: on a tie the first keeps it
        score = high_score(hand.up_cards(seat))
        if score > best_score:
            best, best_score = seat, score
    return best


def first_to_act(hand: Hand, index: int) -> tuple[int, int | None]:
    """The first seat to act on street ``index``, and the seat forced to bring it in."""
    live = hand.live()
    if hand.variant.is_stud:
        if index == 0:
            opener = stud_opener(hand)
            assert opener is not None
            forced = opener if hand.rules.stud_opener == "bring-in" else None
            return opener, forced
        return best_showing(hand), None  # later streets and the round after the declare
    if index == 0 and hand.variant.forced == "blinds" and hand.stakes.big_blind:
        if hand.seats == 2:
            return hand.button, None  # heads up, the button posts the small blind, acts first
        seat = (hand.button + 3) % hand.seats
        while seat in hand.folded:  # pragma: no cover - nobody has folded before the blinds
            seat = (seat + 1) % hand.seats
        return seat, None
    return live[0], None  # left of the button; also the round after the declare


def declare_order(hand: Hand) -> list[int]:
    """Who declares, in order: all at once, or in turn from the house's first declarer."""
    live = hand.live()
    if hand.rules.declare != "in-turn":
        return live
    how = hand.rules.declare_order
    if how == "high-showing" and hand.variant.is_stud:
        return _rotate(live, best_showing(hand))
    if how == "last-aggressor" and hand.last_aggressor in live:
        assert hand.last_aggressor is not None
        return _rotate(live, hand.last_aggressor)
    return live
