"""The batch evaluators' tables, built from hilo's own pure-Python evaluators.

Every entry is the answer `hilo.hands` gives for one hand, so the batch evaluators
agree with it by construction:

* a *rank table* per ranking, one entry per multiset of one to seven ranks (at most
  four of a rank: 76,154 of them), found by a perfect hash of the multiset's rank sum.
  The entry is scored on cards of that multiset spread over the suits, at most two a
  suit, so no flush is possible;
* a *flush table* per ranking, one entry per 13-bit mask of one suit's ranks.

Tables are built on first use, stored on disk (`hilo.sim.stored_tables`: a later process
reads them back) and kept for the process; they are read-only.

>>> tables = rank_hash()
>>> len(tables.multisets), int(tables.slots.max()) < 1 << SLOT_BITS
(76154, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from hilo.cards import FULL_DECK, Card
from hilo.hands.high import high_score
from hilo.hands.low import LOW_BASE, ace_to_five_score, low_score
from hilo.hands.ranking import Ranking
from hilo.sim.kernels import BUCKET_BITS, SLOT_BITS, hash_parts, place_buckets, slots_of
from hilo.sim.stored_tables import stored

__all__ = [
    "MOST_CARDS",
    "SLOT_BITS",
    "RankHash",
    "ValueTables",
    "combination_table",
    "high_tables",
    "low_tables",
    "rank_hash",
    "rank_multisets",
]

MOST_CARDS = 7
"""The most cards a row may hold: with seven, a flush rules out quads and full houses."""

_RANKS = 13
_SEED = 2026
_RANK_NUMBER_LIMIT = 1 << 29  # seven of them stay under 2**32
_SUIT_UNIT = 1 << 32


@dataclass(frozen=True, slots=True, eq=False)
class RankHash:
    """How a row's card keys find their slot in a rank table."""

    card_keys: NDArray[np.int64]
    """For each card index, its rank's number plus one in its suit's counter."""
    multiplier: int
    """The perfect hash's multiplier."""
    displacement: NDArray[np.int32]
    """The perfect hash's displacement for each bucket."""
    multisets: NDArray[np.int8]
    """Every multiset of one to seven ranks, as 13 counts (twos first)."""
    slots: NDArray[np.int64]
    """The slot of each multiset."""

    def slots_for(self, keys: NDArray[np.int64]) -> NDArray[np.int64]:
        """The slots of some keys (each key is a sum of card keys)."""
        return slots_of(keys, self.multiplier, self.displacement)


@dataclass(frozen=True, slots=True, eq=False)
class ValueTables:
    """One ranking's tables: by rank slot, and by the ranks of a flush."""

    by_slot: NDArray[np.uint32]
    """High score, or a low's badness (``2**32`` less its score), for each slot."""
    by_flush: NDArray[np.uint32]
    """The same for the cards of one suit, by their 13-bit rank mask (five to seven
    bits for high; five bits for the lows where flushes count)."""


def rank_multisets() -> NDArray[np.int8]:
    """Every multiset of one to seven ranks with at most four of each, as rank counts."""
    counts = np.zeros((1, 0), np.int8)
    for _ in range(_RANKS):
        totals = counts.sum(axis=1)
        grown = []
        for more in range(5):
            kept = counts[totals + more <= MOST_CARDS]
            grown.append(np.hstack([kept, np.full((kept.shape[0], 1), more, np.int8)]))
        counts = np.concatenate(grown)
    multisets: NDArray[np.int8] = counts[counts.sum(axis=1) > 0]
    return multisets


def _rank_numbers(multisets: NDArray[np.int8]) -> NDArray[np.int64]:
    """Thirteen numbers whose sums over the multisets are all different (seeded search)."""
    generator = np.random.default_rng(_SEED)
    while True:
        numbers = generator.integers(1, _RANK_NUMBER_LIMIT, size=_RANKS, dtype=np.int64)
        sums = multisets.astype(np.int64) @ numbers
        if np.unique(sums).shape[0] == sums.shape[0]:
            return numbers


def _displacement(sums: NDArray[np.int64], multiplier: int) -> NDArray[np.int32]:
    """A perfect hash's displacements for ``multiplier``, or an empty array if it fails."""
    buckets, bases = hash_parts(sums, multiplier)
    sizes = np.bincount(buckets, minlength=1 << BUCKET_BITS)
    members = np.argsort(buckets, kind="stable")
    starts = np.concatenate([[0], np.cumsum(sizes)])
    order = np.argsort(-sizes, kind="stable")
    return place_buckets(bases, members, starts, order[sizes[order] > 0])


@cache
def rank_hash() -> RankHash:
    """The card keys and the perfect hash of rank sums, built once (`stored` on disk)."""
    arrays = stored("rank-hash", _build_rank_hash)
    hashing = RankHash(  # copies, read back from disk or built alike: frozen below
        arrays["card_keys"].astype(np.int64),
        int(arrays["multiplier"]),
        arrays["displacement"].astype(np.int32),
        arrays["multisets"].astype(np.int8),
        arrays["slots"].astype(np.int64),
    )
    for array in (hashing.card_keys, hashing.displacement, hashing.multisets, hashing.slots):
        array.flags.writeable = False
    return hashing


def _build_rank_hash() -> dict[str, NDArray[np.generic]]:
    multisets = rank_multisets()
    numbers = _rank_numbers(multisets)
    sums = multisets.astype(np.int64) @ numbers
    generator = np.random.default_rng(_SEED)
    while True:
        multiplier = int(generator.integers(1, 1 << 62, dtype=np.int64)) | 1
        displacement = _displacement(sums, multiplier)
        if displacement.shape[0]:
            break
    card_keys = np.array(
        [numbers[index >> 2] + (_SUIT_UNIT << (4 * (index & 3))) for index in range(52)],
        np.int64,
    )
    slots = slots_of(sums, multiplier, displacement)
    return {
        "card_keys": card_keys,
        "multiplier": np.array(multiplier, np.int64),
        "displacement": displacement,
        "multisets": multisets,
        "slots": slots,
    }


def _spread_cards(multisets: NDArray[np.int8]) -> list[tuple[Card, ...]]:
    """For each multiset, cards of those ranks with suits dealt in turn (no flush)."""
    lengths = multisets.sum(axis=1).astype(np.int64)
    ranks = np.repeat(np.tile(np.arange(_RANKS), multisets.shape[0]), multisets.ravel())
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    positions = np.arange(ranks.shape[0]) - np.repeat(starts, lengths)
    flat = [FULL_DECK[index] for index in (ranks * 4 + positions % 4).tolist()]
    return [
        tuple(flat[start : start + length])
        for start, length in zip(starts.tolist(), lengths.tolist(), strict=True)
    ]


def _suited(mask: int) -> tuple[Card, ...]:
    """Clubs of the ranks in a 13-bit mask (bit 0 the two)."""
    return tuple(FULL_DECK[rank * 4] for rank in range(_RANKS) if mask >> rank & 1)


def _frozen(by_slot: NDArray[np.uint32], by_flush: NDArray[np.uint32]) -> ValueTables:
    by_slot.flags.writeable = False
    by_flush.flags.writeable = False
    return ValueTables(by_slot, by_flush)


@cache
def high_tables() -> ValueTables:
    """High scores: `hilo.hands.high.high_score` of every rank multiset and flush."""
    arrays = stored("high", _build_high)
    return _frozen(arrays["by_slot"].astype(np.uint32), arrays["by_flush"].astype(np.uint32))


def _build_high() -> dict[str, NDArray[np.generic]]:
    hashing = rank_hash()
    by_slot = np.zeros(1 << SLOT_BITS, np.uint32)
    by_slot[hashing.slots] = [high_score(cards) for cards in _spread_cards(hashing.multisets)]
    by_flush = np.zeros(1 << _RANKS, np.uint32)
    for mask in range(1 << _RANKS):
        if 5 <= mask.bit_count() <= MOST_CARDS:
            by_flush[mask] = high_score(_suited(mask))
    return {"by_slot": by_slot, "by_flush": by_flush}


@cache
def low_tables(ranking: Ranking) -> ValueTables:
    """A low ranking's badness (``2**32`` less the score `hilo.hands.low` gives)."""
    if not ranking.is_low:
        raise ValueError("low tables need one of the low rankings, not high")
    arrays = stored(f"low-{ranking.value}", lambda: _build_low(ranking))
    return _frozen(arrays["by_slot"].astype(np.uint32), arrays["by_flush"].astype(np.uint32))


def _build_low(ranking: Ranking) -> dict[str, NDArray[np.generic]]:
    hashing = rank_hash()
    by_slot = np.zeros(1 << SLOT_BITS, np.uint32)
    by_flush = np.zeros(1 << _RANKS, np.uint32)
    hands = _spread_cards(hashing.multisets)
    if ranking is Ranking.ACE_TO_FIVE:
        by_slot[hashing.slots] = [LOW_BASE - ace_to_five_score(cards) for cards in hands]
        return {"by_slot": by_slot, "by_flush": by_flush}
    for mask in range(1 << _RANKS):
        if mask.bit_count() == 5:
            by_flush[mask] = LOW_BASE - low_score(_suited(mask), ranking)
    # Up to five cards, score each multiset; with more, no group of five is a flush
    # (at most two cards a suit), so the best low is the best of the multisets one card
    # smaller, and those are already in the table.
    sizes = hashing.multisets.sum(axis=1)
    small = np.flatnonzero(sizes <= 5)
    by_slot[hashing.slots[small]] = [
        LOW_BASE - low_score(hands[index], ranking) for index in small.tolist()
    ]
    numbers = hashing.card_keys[::4] & 0xFFFF_FFFF
    for size in range(6, MOST_CARDS + 1):
        chosen = np.flatnonzero(sizes == size)
        multisets = hashing.multisets[chosen].astype(np.int64)
        sums = multisets @ numbers
        best = np.full(chosen.shape[0], LOW_BASE, np.int64)
        for rank in range(_RANKS):
            holding = multisets[:, rank] > 0
            smaller = by_slot[hashing.slots_for(sums[holding] - numbers[rank])]
            best[holding] = np.minimum(best[holding], smaller)
        by_slot[hashing.slots[chosen]] = best
    return {"by_slot": by_slot, "by_flush": by_flush}


@cache
def combination_table(size: int, chosen: int) -> NDArray[np.int8]:
    """Every way to choose ``chosen`` positions of ``size``, one row each.

    >>> combination_table(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    table = np.array(list(combinations(range(size), chosen)), np.int8).reshape(-1, chosen)
    table.flags.writeable = False
    return table
