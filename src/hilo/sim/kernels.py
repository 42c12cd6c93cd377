"""Compiled loops over rows of card indices; every table they read is passed in.

A card's *key* (`hilo.sim.tables`) adds up: its low 32 bits sum a number for each
card's rank, so that the sum names the hand's multiset of ranks, and bits 32 and up
hold four 4-bit suit counters that start at three, so that bit 3 of a counter is set
once a suit has five cards. The rank sum is turned into a slot of the value tables by
a perfect hash: a multiply, then a displacement looked up by the top bits.

Each row loop returns -1, or the first row it refused (a card index out of range, or
a card twice in one row), for the caller to explain. The loops run on one thread and
release the GIL, so callers may run several batches at once from threads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

__all__ = [
    "BUCKET_BITS",
    "SLOT_BITS",
    "deal_rows",
    "hash_parts",
    "high_rows",
    "low_rows",
    "place_buckets",
    "slots_of",
]

Function = TypeVar("Function", bound=Callable[..., Any])

BUCKET_BITS = 14
"""Buckets of the perfect hash: the top 14 bits of the mixed rank sum."""

SLOT_BITS = 17
"""Slots of every value table: 2**17, for the 76,154 multisets of one to seven ranks."""

_BUCKET_MASK = (1 << BUCKET_BITS) - 1
_SLOT_MASK = (1 << SLOT_BITS) - 1
_RANK_SUM = 0xFFFF_FFFF
_FIVE_OF_A_SUIT = 0x8888
_NO_CARDS = 0x3333 << 32  # four suit counters at three: five of a suit sets bit 3
_LOW_BASE = 1 << 32
_CARDS = 52


def _compiled(function: Function) -> Function:
    """Compile ``function`` with numba: cached on disk, no GIL held while it runs."""
    return cast(Function, numba.njit(cache=True, nogil=True)(function))


def _inlined(function: Function) -> Function:
    """Compile a helper that numba copies into its callers (no call, no reference counts)."""
    return cast(Function, numba.njit(cache=True, nogil=True, inline="always")(function))


@_inlined
def _slot(key: int, multiplier: int, displacement: NDArray[np.int32]) -> int:
    """The table slot of a key's rank multiset (its suit counters are ignored)."""
    mixed = (key & _RANK_SUM) * multiplier
    bucket = (mixed >> (64 - BUCKET_BITS)) & _BUCKET_MASK
    return int(((mixed >> 20) & _SLOT_MASK) ^ displacement[bucket])


@_inlined
def _flush_suit(key: int) -> int:
    """The suit with five cards or more in a key, or -1."""
    counters = (key >> 32) & _FIVE_OF_A_SUIT
    if counters == 0:
        return -1
    suit = 0
    while not (counters >> (4 * suit + 3)) & 1:
        suit += 1
    return suit


@_inlined
def _bad_card(card: int, seen: int) -> bool:
    """True when a card index is out of range or already in ``seen`` (a 52-bit set)."""
    return card >= _CARDS or ((seen >> card) & 1) == 1


@_compiled
def slots_of(
    keys: NDArray[np.int64], multiplier: int, displacement: NDArray[np.int32]
) -> NDArray[np.int64]:
    """The table slot of each key."""
    slots = np.empty(keys.shape[0], np.int64)
    for row in range(keys.shape[0]):
        slots[row] = _slot(keys[row], multiplier, displacement)
    return slots


@_compiled
def hash_parts(
    keys: NDArray[np.int64], multiplier: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Each key's bucket, and its slot before the bucket's displacement."""
    buckets = np.empty(keys.shape[0], np.int64)
    bases = np.empty(keys.shape[0], np.int64)
    for row in range(keys.shape[0]):
        mixed = (keys[row] & _RANK_SUM) * multiplier
        buckets[row] = (mixed >> (64 - BUCKET_BITS)) & _BUCKET_MASK
        bases[row] = (mixed >> 20) & _SLOT_MASK
    return buckets, bases


@_compiled
def place_buckets(
    bases: NDArray[np.int64],
    members: NDArray[np.int64],
    starts: NDArray[np.int64],
    order: NDArray[np.int64],
) -> NDArray[np.int32]:
    """Displacements that send every key to its own slot; empty when there are none.

    The keys of bucket ``b`` are ``members[starts[b]:starts[b + 1]]``. Buckets are
    placed in ``order`` (largest first), each at the smallest displacement whose slots
    are all free: hash and displace.
    """
    used = np.zeros(1 << SLOT_BITS, np.bool_)
    displacement = np.zeros(1 << BUCKET_BITS, np.int32)
    for bucket in order:
        first, last = starts[bucket], starts[bucket + 1]
        shift = 0
        while shift < 1 << SLOT_BITS:
            member = first
            while member < last and not used[bases[members[member]] ^ shift]:
                member += 1
            if member == last:
                break
            shift += 1
        if shift == 1 << SLOT_BITS:
            return np.zeros(0, np.int32)
        for member in range(first, last):
            slot = bases[members[member]] ^ shift
            if used[slot]:  # two keys of the bucket share a base
                return np.zeros(0, np.int32)
            used[slot] = True
        displacement[bucket] = shift
    return displacement


@_compiled
def high_rows(
    cards: NDArray[np.uint8],
    card_keys: NDArray[np.int64],
    multiplier: int,
    displacement: NDArray[np.int32],
    values: NDArray[np.uint32],
    flush_values: NDArray[np.uint32],
    out: NDArray[np.int64],
) -> int:
    """High scores of rows of up to seven cards: a rank table, or a flush table."""
    rows, width = cards.shape
    for row in range(rows):
        key = _NO_CARDS
        seen = 0
        for column in range(width):
            card = cards[row, column]
            if _bad_card(card, seen):
                return row
            seen |= 1 << card
            key += card_keys[card]
        suit = _flush_suit(key)
        if suit < 0:
            out[row] = values[_slot(key, multiplier, displacement)]
        else:  # with seven cards or fewer, a flush rules out quads and full houses
            mask = 0
            for column in range(width):
                card = cards[row, column]
                if (card & 3) == suit:
                    mask |= 1 << (card >> 2)
            out[row] = flush_values[mask]
    return -1


@_compiled
def low_rows(
    cards: NDArray[np.uint8],
    card_keys: NDArray[np.int64],
    multiplier: int,
    displacement: NDArray[np.int32],
    badness: NDArray[np.uint32],
    flush_badness: NDArray[np.uint32],
    fives: NDArray[np.int8],
    flushes_count: bool,
    limit: int,
    out: NDArray[np.int64],
) -> int:
    """Low scores of rows of up to seven cards: ``2**32 - badness``, or 0 at ``limit``.

    Without five cards of a suit the rank table holds the answer. With them (only where
    flushes count against a low) every five-card group in ``fives`` is tried.
    """
    rows, width = cards.shape
    for row in range(rows):
        key = _NO_CARDS
        seen = 0
        for column in range(width):
            card = cards[row, column]
            if _bad_card(card, seen):
                return row
            seen |= 1 << card
            key += card_keys[card]
        if flushes_count and (key >> 32) & _FIVE_OF_A_SUIT:
            worst = _LOW_BASE
            for group in range(fives.shape[0]):
                five_key = _NO_CARDS
                mask = 0
                for position in range(5):
                    card = cards[row, fives[group, position]]
                    five_key += card_keys[card]
                    mask |= 1 << (card >> 2)
                if (five_key >> 32) & _FIVE_OF_A_SUIT:
                    worst = min(worst, int(flush_badness[mask]))
                else:
                    worst = min(worst, int(badness[_slot(five_key, multiplier, displacement)]))
        else:
            worst = int(badness[_slot(key, multiplier, displacement)])
        out[row] = _LOW_BASE - worst if worst < limit else 0
    return -1


@_compiled
def deal_rows(deck: NDArray[np.uint8], draws: NDArray[np.int64], out: NDArray[np.uint8]) -> None:
    """Deal each row by a partial Fisher-Yates shuffle of ``deck``, driven by ``draws``.

    ``draws[row, column]`` is uniform in ``0 .. len(deck) - column - 1``. The deck is
    left in whatever order the last row put it; each row is a uniform draw whatever
    order it starts from.
    """
    for row in range(out.shape[0]):
        for column in range(out.shape[1]):
            chosen = column + draws[row, column]
            card = deck[chosen]
            deck[chosen] = deck[column]
            deck[column] = card
            out[row, column] = card
