"""Compiled loops for hands with wild cards: rows of card indices, a wild flag per card.

Cards are indices 0 to 51 (`hilo.cards.Card.index`) and 52 for the joker. Each row is
valued on every group of five of its cards, as `hilo.hands.wild` does: the high side is
scored here group by group, building the same hand the pure-Python evaluator builds; the
low side writes the five cards each group makes (wild cards replaced), for the ordinary
low kernels to score. Loops return -1, or the first row they refused (an index out of
range, or a card twice in a row).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

__all__ = ["wild_high_rows", "wild_low_made_rows"]

Function = TypeVar("Function", bound=Callable[..., Any])

_ACE = 14
_DOUBLE_FLUSH = 5 << 28 | 1 << 27
_JOKER = 52


def _compiled(function: Function) -> Function:
    """Compile ``function`` with numba: cached on disk, no GIL held while it runs."""
    return cast(Function, numba.njit(cache=True, nogil=True)(function))


def _inlined(function: Function) -> Function:
    """Compile a helper that numba copies into its callers."""
    return cast(Function, numba.njit(cache=True, nogil=True, inline="always")(function))


@_inlined
def _bits(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@_inlined
def _window(mask: int) -> int:
    """The top rank of the highest straight holding every rank of ``mask`` (bit r-2), or 0."""
    for top in range(_ACE, 5, -1):
        run = 0x1F << (top - 6)
        if mask & ~run == 0:
            return top
    if mask & ~0x100F == 0:
        return 5
    return 0


@_inlined
def _top_bit(top: int) -> int:
    return 1 << 3 if top == 5 else 1 << (top - 2)


@_inlined
def _plain_high(counts: NDArray[np.int64], mask: int, one_suit: bool) -> int:
    """The high score of five natural cards (exactly `hilo.hands.high_score`)."""
    top = _window(mask) if _bits(mask) == 5 else 0
    straight = _top_bit(top) if top else 0
    if one_suit and straight:
        return 8 << 28 | straight << 14
    four = three = 0
    pairs = 0
    for rank in range(_ACE, 1, -1):
        if counts[rank] == 4:
            four = rank
        elif counts[rank] == 3:
            three = rank
        elif counts[rank] == 2:
            pairs |= 1 << (rank - 2)
    if four:
        return 7 << 28 | (1 << (four - 2)) << 14 | (mask ^ (1 << (four - 2)))
    if three and pairs:
        return 6 << 28 | (1 << (three - 2)) << 14 | pairs
    if one_suit:
        return 5 << 28 | mask << 14
    if straight:
        return 4 << 28 | straight << 14
    if three:
        return 3 << 28 | (1 << (three - 2)) << 14 | (mask ^ (1 << (three - 2)))
    if _bits(pairs) == 2:
        return 2 << 28 | pairs << 14 | (mask ^ pairs)
    if pairs:
        return 1 << 28 | pairs << 14 | (mask ^ pairs)
    return mask << 14


@_inlined
def _adjacent_five(mask: int) -> bool:
    """True when a mask of five ranks is five adjacent bits (no wrap-around)."""
    low = mask & -mask
    return mask == low * 0x1F


@_inlined
def _wild_high(
    counts: NDArray[np.int64], mask: int, naturals: int, one_suit: bool, wilds: int, dup: bool
) -> int:
    """The best high score of ``naturals`` cards and ``wilds`` fully wild cards."""
    distinct = _bits(mask)
    if dup and distinct <= 1:
        rank = _ACE
        for each in range(2, _ACE + 1):
            if counts[each]:
                rank = each
        return 9 << 28 | (1 << (rank - 2)) << 14
    top = _window(mask) if distinct == naturals else 0
    if one_suit and top:
        return 8 << 28 | _top_bit(top) << 14
    for quad in range(_ACE, 1, -1):
        have = counts[quad]
        if have + wilds >= 4 and naturals - have <= 1:
            if naturals - have == 1:
                kicker = mask & ~(1 << (quad - 2))
            else:
                kicker = 1 << (11 if quad == _ACE else 12)
            return 7 << 28 | (1 << (quad - 2)) << 14 | kicker
    if distinct == 2:
        high = low = 0
        for rank in range(2, _ACE + 1):
            if counts[rank]:
                if low == 0:
                    low = rank
                high = rank
        if counts[high] <= 3 and counts[low] <= 2:
            return 6 << 28 | (1 << (high - 2)) << 14 | 1 << (low - 2)
        if counts[low] <= 3 and counts[high] <= 2:
            return 6 << 28 | (1 << (low - 2)) << 14 | 1 << (high - 2)
    if one_suit:
        if dup:
            aces = wilds + counts[_ACE]
            if aces >= 2:
                code = 0
                for _ in range(aces):
                    code = code << 4 | _ACE
                for rank in range(_ACE - 1, 1, -1):
                    if counts[rank]:
                        code = code << 4 | rank
                return _DOUBLE_FLUSH | code
            return 5 << 28 | (mask | 1 << 12) << 14
        filled = mask
        need = wilds
        for rank in range(_ACE, 1, -1):
            if need and not filled & (1 << (rank - 2)):
                filled |= 1 << (rank - 2)
                need -= 1
        return 5 << 28 | filled << 14
    if top:
        return 4 << 28 | _top_bit(top) << 14
    best = 0
    most = 0
    for rank in range(2, _ACE + 1):
        if counts[rank] and counts[rank] >= most:
            best = rank
            most = counts[rank]
    size = counts[best] + wilds
    lead = 1 << (best - 2)
    if size == 3:
        return 3 << 28 | lead << 14 | (mask ^ lead)
    return 1 << 28 | lead << 14 | (mask ^ lead)


@_compiled
def wild_high_rows(
    cards: NDArray[np.uint8],
    groups: NDArray[np.int8],
    is_wild: NDArray[np.uint8],
    duplicates: bool,
    count_wilds: bool,
    out: NDArray[np.int64],
) -> int:
    """Best high score of each row over its five-card ``groups`` (column numbers)."""
    rows, width = cards.shape
    counts = np.zeros(_ACE + 1, np.int64)
    for row in range(rows):
        seen = 0
        for column in range(width):
            card = cards[row, column]
            if card > _JOKER or seen >> card & 1 or (card == _JOKER and not is_wild[card]):
                return row
            seen |= 1 << card
        best = -1
        for group in range(groups.shape[0]):
            counts[:] = 0
            mask = 0
            suits = 0
            naturals = 0
            wilds = 0
            for place in range(5):
                card = cards[row, groups[group, place]]
                if is_wild[card]:
                    wilds += 1
                    continue
                rank = (card >> 2) + 2
                counts[rank] += 1
                mask |= 1 << (rank - 2)
                suits |= 1 << (card & 3)
                naturals += 1
            one_suit = suits & (suits - 1) == 0
            if wilds:
                score = _wild_high(counts, mask, naturals, one_suit, wilds, duplicates)
            else:
                score = _plain_high(counts, mask, one_suit)
            if count_wilds:
                score = score << 3 | (7 - wilds)
            best = max(best, score)
        out[row] = best
    return -1


@_inlined
def _low_layout(rank: int, ace_low: bool) -> int:
    return 1 if ace_low and rank == _ACE else rank


@_compiled
def wild_low_made_rows(
    cards: NDArray[np.uint8],
    groups: NDArray[np.int8],
    is_wild: NDArray[np.uint8],
    ace_low: bool,
    shapes_count: bool,
    made: NDArray[np.uint8],
    wild_counts: NDArray[np.int64],
) -> int:
    """The five cards each group makes for a low (row-major: row, group), and its wild count."""
    rows, width = cards.shape
    order = np.empty(13, np.int64)
    if ace_low:
        order[0] = _ACE
        for position in range(1, 13):
            order[position] = position + 1
    else:
        for position in range(13):
            order[position] = position + 2
    preferred = np.array([3, 2, 1, 0], np.int64)
    absent = np.empty(13, np.int64)
    chosen = np.empty(5, np.int64)
    best_pick = np.empty(5, np.int64)
    for row in range(rows):
        seen = 0
        for column in range(width):
            card = cards[row, column]
            if card > _JOKER or seen >> card & 1 or (card == _JOKER and not is_wild[card]):
                return row
            seen |= 1 << card
        for group in range(groups.shape[0]):
            slot = row * groups.shape[0] + group
            held = 0
            suits = 0
            naturals = 0
            for place in range(5):
                card = cards[row, groups[group, place]]
                if not is_wild[card]:
                    made[slot, naturals] = card
                    held |= 1 << ((card >> 2) + 2)
                    suits |= 1 << (card & 3)
                    naturals += 1
            wilds = 5 - naturals
            wild_counts[slot] = wilds
            if wilds == 0:
                continue
            missing = 0
            for position in range(13):
                if not held >> order[position] & 1:
                    absent[missing] = order[position]
                    missing += 1
            paired = _bits(held) < naturals
            if shapes_count and not paired:
                # the least rank mask of no straight, from the lowest wilds+2 absent ranks
                pool = min(wilds + 2, missing)
                best_key = -1
                for subset in range(1 << pool):
                    if _bits(subset) != wilds:
                        continue
                    total = 0
                    for place in range(naturals):
                        total |= 1 << (_low_layout((made[slot, place] >> 2) + 2, ace_low) - 1)
                    picked = 0
                    for index in range(pool):
                        if subset >> index & 1:
                            total |= 1 << (_low_layout(absent[index], ace_low) - 1)
                            chosen[picked] = absent[index]
                            picked += 1
                    straight = _adjacent_five(total >> (0 if ace_low else 1))
                    key = (1 << 20 if straight else 0) | total
                    if best_key < 0 or key < best_key:
                        best_key = key
                        for index in range(wilds):
                            best_pick[index] = chosen[index]
            else:
                for index in range(wilds):
                    best_pick[index] = absent[index]
            first = 3
            for suit in preferred:
                if not suits >> suit & 1:
                    first = suit
                    break
            for index in range(wilds):
                suit = first if index == 0 else preferred[index % 4]
                made[slot, naturals + index] = (best_pick[index] - 2) * 4 + suit
    return -1
