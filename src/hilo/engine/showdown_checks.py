"""Checking a showdown before the referee settles it: every mistake is a sentence.

A seat that is not a seat number, a seat given twice, a pot naming a seat not at the
showdown, a card dealt twice, too few cards for a hand, up cards that are not the
player's, or a declaration the rules do not expect raise `ConfigError` or `HandError`
naming what is wrong.
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

__all__ = ["check_fully", "check_one_side", "check_showdown"]


def _first_repeat(cards: Sequence[Card], seen: set[Card]) -> Card:
    """The first card of ``cards`` already seen, or repeated within ``cards``."""
    known = set(seen)
    for card in cards:
        if card in known:
            return card
        known.add(card)
    raise AssertionError("no repeated card")  # pragma: no cover


def _all_right(
    pots: Sequence[Pot],
    hands: Sequence[ShowdownHand],
    rules: HouseRules,
    board: tuple[Card, ...],
    selection: Selection,
    seat_order: tuple[int, ...],
    poker: bool,
) -> tuple[set[int], dict[int, int]] | None:
    """What `check_showdown` returns when the input passes its every check, else None (then
    the full check finds the fault and says what it is, or passes a hand with the joker).

    Quick: each card is one bit of its `Card.bit`, the or of a hand's cards its bits.
    """
    folded: dict[int, bool] = {}
    for hand in hands:
        seat = hand.seat
        if type(seat) is not int or seat < 0:  # True would pass for seat 1, 1.0 too
            return None
        folded[seat] = hand.is_folded
    if len(folded) != len(hands) or len(seat_order) != len(folded):
        return None
    if folded.keys() != set(seat_order) or not pots:
        return None
    contested: set[int] = set()
    for pot in pots:
        if type(pot.amount) is not int or pot.amount < 0:
            return None
        live = []
        for seat in pot.seats:
            is_folded = folded.get(seat)
            if is_folded is None or type(seat) is not int:
                return None
            if not is_folded:
                live.append(seat)
        if not live or len(set(pot.seats)) != len(pot.seats):
            return None
        if len(live) > 1:
            contested.update(live)
    seen = 0
    try:
        for card in board:
            seen |= card.bit
    except HandError:  # the joker has no bit
        return None
    if seen.bit_count() != len(board):
        return None
    if selection is Selection.OMAHA:
        least = 2 if len(board) >= 3 else -1
    elif selection is Selection.CRISS_CROSS:
        least = 0 if len(board) == 5 else -1
    else:
        least = 5 - len(board) if poker else 1
    cards_speak = rules.is_cards_speak
    bits: dict[int, int] = {}
    for hand in hands:
        if hand.seat not in contested:
            continue
        cards = hand.cards
        mask = shown = 0
        try:
            for card in cards:
                mask |= card.bit
            for card in hand.up:
                shown |= card.bit
        except HandError:  # the joker has no bit
            return None
        if (
            least < 0
            or len(cards) < least
            or mask.bit_count() != len(cards)
            or mask & seen
            or (hand.declaration is None) is not cards_speak
            or shown & ~mask
        ):
            return None
        seen |= mask
        bits[hand.seat] = mask
    return contested, bits


def check_showdown(
    pots: Sequence[Pot],
    hands: Sequence[ShowdownHand],
    rules: HouseRules,
    board: tuple[Card, ...],
    selection: Selection,
    seat_order: tuple[int, ...],
    sides: Sides,
) -> tuple[set[int], dict[int, int] | None]:
    """Check the input; return the seats that contest a pot (and so must show a hand) and,
    unless a hand holds the joker, the `Card.bit` masks of each one's cards or-ed together."""
    poker = isinstance(sides.high, HandSide) or isinstance(sides.low, HandSide)
    quick = _all_right(pots, hands, rules, board, selection, seat_order, poker)
    if quick is not None:
        return quick
    return check_fully(pots, hands, rules, board, selection, seat_order, poker), None


def check_fully(
    pots: Sequence[Pot],
    hands: Sequence[ShowdownHand],
    rules: HouseRules,
    board: tuple[Card, ...],
    selection: Selection,
    seat_order: tuple[int, ...],
    poker: bool,
) -> set[int]:
    """Check everything one thing at a time, raising on the first fault with a sentence that
    names it; return the seats that contest a pot. ``poker``: a side is won with a hand."""
    by_seat: dict[int, ShowdownHand] = {}
    for hand in hands:
        if not _is_seat(hand.seat):
            raise ConfigError(f"a hand's seat must be a seat number from 0, not {hand.seat!r}")
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
        strange = [seat for seat in pot.seats if not _is_seat(seat)]
        if strange:
            raise ConfigError(f"{name} must list seat numbers from 0, not {strange[0]!r}")
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


def check_one_side(hands: Sequence[ShowdownHand], sides: Sides) -> None:
    """Refuse a declaration in a game of one side, where the cards speak (checked even when
    the rest of the input is taken on trust: a declaration there means nothing)."""
    for hand in hands:
        if hand.declaration is not None:
            side = sides.high if sides.low is None else sides.low
            name = "no" if side is None else f"only a {side.name}"
            raise ConfigError(
                f"{hand.display_name} declared {hand.declaration.value}, but the game has"
                f" {name} side, so the cards speak: settle it without declarations"
            )


def _is_seat(seat: object) -> bool:
    """Whether ``seat`` is a seat number: a whole number from 0 (not True, not 1.0)."""
    return type(seat) is int and seat >= 0
