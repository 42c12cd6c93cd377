"""The referee's quick path for the common showdown: check the input and score every hand
in one pass.

It applies when any five of a hand and the board play, high against an ace-to-five low
of plain cards (stud, draw and hold'em high-low, declared or cards speak). Each card is
one bit of its `Card.bit`; the bits of a hand are summed in C, and a sum with fewer bits
set than cards held a card twice. A hand's high is `hilo.hands.high.pattern_score` of
its bits; its low is looked up by the ranks it holds, in a table made once a qualifier
by `hilo.hands.low.ace_to_five_of_bits` itself (a hand with fewer than five ranks asks
that function directly). Whatever does not pass every check of
`hilo.engine.showdown_checks` is left to the full path, which names the fault.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.declare import Direction
from hilo.engine.scoreboard import Scoreboard
from hilo.errors import HandError
from hilo.hands.high import pattern_score
from hilo.hands.low import ace_to_five_of_bits, low_bits
from hilo.hands.sides import Sides
from hilo.hands.tables import RANK_BITS, STRAIGHT_ACE_HIGH
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.engine.showdown import Pot, ShowdownHand

__all__ = ["RANK_KEYS", "hand_scores", "low_table", "quick_scoreboard", "score_cache"]

_BIT = attrgetter("bit")
_F = RANK_BITS
_FEW_RANKS = -1
"""In a low table: the hand holds fewer than five ranks, so the table does not know."""

_NONE_FOLDED: frozenset[int] = frozenset()

_LOW_TABLES: dict[int | None, list[int]] = {}

FLUSH = 1 << 31
"""Added to a hand's rank key when one suit holds five of its cards or more."""


def _rank_keys() -> list[int]:
    keys = [0] * (_F + 1)
    for mask in range(1, _F + 1):
        lowest = mask & -mask
        keys[mask] = keys[mask ^ lowest] + 5 ** (lowest.bit_length() - 1)
    return [key + FLUSH if mask.bit_count() >= 5 else key for mask, key in enumerate(keys)]


RANK_KEYS = _rank_keys()
"""For a suit's rank mask: its ranks as base-five digits (one a rank, deuce lowest), plus
`FLUSH` when the suit holds five ranks or more. The keys of a hand's four suits add up to
its *rank key*: how many cards of each rank it holds, and whether it holds a flush."""

_SCORES: dict[int | None, dict[int, tuple[int, int]]] = {}
_KEPT = 1 << 16
"""The most scores a cache keeps (seven cards have about 49,000 rank patterns)."""


def score_cache(qualifier: int | None) -> dict[int, tuple[int, int]]:
    """The high and ace-to-five low (with ``qualifier``) of hands scored so far, by rank key
    (`RANK_KEYS`): with no flush, a hand's high and low depend on its ranks alone."""
    cache = _SCORES.get(qualifier)
    if cache is None:
        cache = _SCORES[qualifier] = {}
    return cache


def hand_scores(key: int, bits: int, count: int, qualifier: int | None) -> tuple[int, int]:
    """The high and ace-to-five low of ``count`` different cards whose `Card.bit` masks are
    or-ed together in ``bits`` and whose rank key is ``key``: worked out, and kept in
    `score_cache` when no flush makes the high depend on the suits."""
    high = pattern_score(bits & _F, bits >> 16 & _F, bits >> 32 & _F, bits >> 48, STRAIGHT_ACE_HIGH)
    scores = high, ace_to_five_of_bits(low_bits(bits), count, qualifier)
    if key < FLUSH:
        cache = score_cache(qualifier)
        if len(cache) >= _KEPT:
            cache.clear()
        cache[key] = scores
    return scores


def low_table(qualifier: int | None) -> list[int]:
    """The ace-to-five low of every set of five ranks or more, by its rank mask in the
    ace-high layout (`_FEW_RANKS` for fewer than five ranks)."""
    table = _LOW_TABLES.get(qualifier)
    if table is None:
        table = [
            ace_to_five_of_bits(low_bits(ranks), 5, qualifier)
            if ranks.bit_count() >= 5
            else _FEW_RANKS
            for ranks in range(_F + 1)
        ]
        _LOW_TABLES[qualifier] = table
    return table


def quick_scoreboard(
    pots: Sequence[Pot],
    hands: Sequence[ShowdownHand],
    rules: HouseRules,
    board: tuple[Card, ...],
    seat_order: tuple[int, ...] | None,
    sides: Sides,
    qualifier: int | None,
    check: bool,
) -> tuple[Scoreboard, tuple[int, ...]] | None:
    """The scoreboard and seat order of a showdown whose input passes every check
    (``check``; else it is right by construction), or None: then the full path checks and
    scores it.

    ``seat_order`` None: the hands' seats, in their order.
    """
    declared: dict[int, Direction | None] = {}
    folded_seats = []
    for hand in hands:
        seat = hand.seat
        if check and (type(seat) is not int or seat < 0):  # True would pass for seat 1
            return None
        declared[seat] = hand.declaration
        if hand.is_folded:
            folded_seats.append(seat)
    folded = frozenset(folded_seats) if folded_seats else _NONE_FOLDED
    if seat_order is None:
        seat_order = tuple(declared)
    elif check and (len(seat_order) != len(declared) or declared.keys() != set(seat_order)):
        return None
    if len(declared) != len(hands) or (check and not pots):
        return None
    contested: set[int] = set()
    for pot in pots:
        seats = pot.seats
        if check:
            amount = pot.amount
            if type(amount) is not int or amount < 0 or len(set(seats)) != len(seats):
                return None
            for seat in seats:
                if seat not in declared or type(seat) is not int:
                    return None
        live = [seat for seat in seats if seat not in folded] if folded else seats
        if len(live) > 1:
            contested.update(live)
        elif check and not live:
            return None
    shared = 0
    if board:
        try:
            shared = sum(map(_BIT, board))
        except HandError:  # the joker has no bit
            return None
        if shared.bit_count() != len(board):
            return None
    cards_speak = rules.declare == "cards-speak"
    least = 5 - len(board)
    table = low_table(qualifier)
    count = len(board)
    seen = shared
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for hand in hands:
        seat = hand.seat
        if seat not in contested:
            continue
        held = hand.cards
        mask = shown = 0
        try:
            for card in held:
                mask |= card.bit
            if check:
                for card in hand.up:
                    shown |= card.bit
        except HandError:  # the joker has no bit
            return None
        if mask.bit_count() != len(held):
            return None
        if check:
            if (
                mask & seen
                or len(held) < least
                or (hand.declaration is None) is not cards_speak
                or shown & ~mask
            ):
                return None
            seen |= mask
        bits = mask | shared
        clubs, diamonds, hearts = bits & _F, bits >> 16 & _F, bits >> 32 & _F
        spades = bits >> 48
        high[seat] = pattern_score(clubs, diamonds, hearts, spades, STRAIGHT_ACE_HIGH)
        score = table[clubs | diamonds | hearts | spades]
        if score == _FEW_RANKS:
            score = ace_to_five_of_bits(low_bits(bits), len(held) + count, qualifier)
        low[seat] = score
    scoreboard = Scoreboard(
        rules,
        sides,
        declared,
        seat_order,
        high,
        low,
        folded=folded,
        board=board,
        hands=hands,
    )
    return scoreboard, seat_order
