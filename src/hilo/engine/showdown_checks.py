"""Checking a showdown before the referee settles it: every mistake is a sentence.

A seat given twice, a pot naming a seat not at the showdown, a card dealt twice, too few
cards for a hand, up cards that are not the player's, or a declaration the rules do not
expect raise `ConfigError` or `HandError` naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.grammar import says
from hilo.errors import ConfigError, HandError
from hilo.hands import Selection
from hilo.hands.sides import HandSide, Sides
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.engine.showdown import Pot, ShowdownHand

__all__ = ["check_showdown"]


def _first_repeat(cards: Sequence[Card], seen: set[Card]) -> Card:
    """The first card of ``cards`` already seen, or repeated within ``cards``."""
    known = set(seen)
    for card in cards:
        if card in known:
            return card
        known.add(card)
    raise AssertionError("no repeated card")  # pragma: no cover


def check_showdown(
    pots: Sequence[Pot],
    hands: Sequence[ShowdownHand],
    rules: HouseRules,
    board: tuple[Card, ...],
    selection: Selection,
    seat_order: tuple[int, ...],
    sides: Sides,
) -> set[int]:
    """Check the input; return the seats that contest a pot (and so must show a hand)."""
    poker = any(isinstance(rule, HandSide) for rule in (sides.high, sides.low))
    by_seat: dict[int, ShowdownHand] = {}
    for hand in hands:
        if hand.seat in by_seat:
            raise ConfigError(f"seat {hand.seat} is given twice")
        by_seat[hand.seat] = hand
    if sorted(seat_order) != sorted(by_seat):
        raise ConfigError("seat_order must list every seat at the showdown exactly once")
    if not pots:
        raise ConfigError("there is no pot to settle")
    contested: set[int] = set()
    for index, pot in enumerate(pots):
        name = "the main pot" if index == 0 else f"side pot {index}"
        if isinstance(pot.amount, bool) or not isinstance(pot.amount, int) or pot.amount < 0:
            raise ConfigError(f"{name} must be a whole number of chips, not {pot.amount!r}")
        unknown = [seat for seat in pot.seats if seat not in by_seat]
        if unknown:
            raise ConfigError(f"{name} names seat {unknown[0]}, who is not at the showdown")
        if len(set(pot.seats)) != len(pot.seats):
            raise ConfigError(f"{name} lists a seat twice")
        live = [seat for seat in pot.seats if not by_seat[seat].is_folded]
        if not live:
            raise ConfigError(f"{name} has no player still in the hand")
        if len(live) > 1:
            contested.update(live)
    seen: set[Card] = set(board)
    if len(seen) != len(board):
        raise HandError("the board holds the same card twice")
    for hand in hands:
        if hand.seat not in contested:
            continue
        who = hand.display_name
        fresh = set(hand.cards)
        if len(fresh) != len(hand.cards) or not seen.isdisjoint(fresh):
            clash = _first_repeat(hand.cards, seen)
            raise HandError(f"{clash} is dealt twice ({says(who, 'holds')} a card already in play)")
        seen |= fresh
        stray = [card for card in hand.up if card not in fresh]
        if stray:
            raise HandError(
                f"{says(who, 'shows')} {stray[0]} face up, but it is not one of their cards"
            )
        if selection is Selection.OMAHA:
            if len(hand.cards) < 2 or len(board) < 3:
                raise HandError(
                    f"{who}: an Omaha hand needs at least two hole cards and three board cards"
                )
        elif selection is Selection.CRISS_CROSS and len(board) != 5:
            raise HandError(f"{who}: a criss-cross hand needs the five cards of the cross")
        elif not poker and not hand.cards:
            raise HandError(f"{says(who, 'shows')} no cards")
        elif poker and len(hand.cards) + len(board) < 5:
            raise HandError(
                f"{says(who, 'has')} {len(hand.cards) + len(board)} cards; "
                "a showdown hand needs five"
            )
        if rules.is_cards_speak and hand.declaration is not None:
            raise ConfigError(
                f"{who} declared {hand.declaration.value}, but the house rules are cards speak"
            )
        if not rules.is_cards_speak and hand.declaration is None and hand.seat in contested:
            raise ConfigError(
                f"{says(who, 'has')} no declaration: under {rules.name} rules every player "
                "still in declares high, low or both (or settle with cards-speak rules)"
            )
    return contested
