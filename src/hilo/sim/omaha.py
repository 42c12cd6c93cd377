"""Omaha's two-plus-three hands, scored through tables of a rank pair and a rank triple.

A hand plays exactly two of its hole cards and three of the board. Without a flush, the
value of those five cards depends only on their ranks: the rank multiset of the two hole
cards (one of 91) and that of the three board cards (one of 455). `pair_triple_table`
holds, for every such couple, the entry the rank tables of `hilo.sim.tables` give its
five ranks (found once through the same perfect hash), so a combination costs one look-up
in a table of 41,405 entries instead of a hash. Entries are 16-bit places in the order
of the values (a hand's value is read back once, for its best place), and a triple's
row of 91 pairs is 182 bytes, so the rows of a board's ten triples stay in the fastest
cache while every player's pairs are read from them. The board's triples are worked out
once a row, for every player of the row. Five cards of one suit (both hole cards and the
three board cards of one suit) read the flush table instead, exactly as the seven-card
kernels do.

High keeps the greatest value; a low keeps the least badness, stored here inverted
(``2**32 - 1`` less it) so that one loop keeps the greatest of either, and its score is
the badness turned back against the qualifier's limit, as `hilo.sim.batch` always did.

>>> from hilo.sim import to_indices
>>> hole, board = to_indices(["Ah Kh 2c 3d"]), to_indices(["Qh Jh Th 4s 5s"])
>>> scores, refused = omaha_scores(hole[:, None, :], board, None, 0)
>>> int(scores[0, 0]) >> 28, refused  # Category.STRAIGHT_FLUSH; no row refused
(8, -1)
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numba
import numpy as np
from numpy.typing import NDArray

from hilo.hands.low import LOW_BASE
from hilo.hands.ranking import Ranking
from hilo.sim.stored_tables import stored
from hilo.sim.tables import combination_table, high_tables, low_tables, rank_hash

__all__ = [
    "PAIRS",
    "TRIPLES",
    "OmahaTables",
    "omaha_rows",
    "omaha_scores",
    "pair_ids",
    "pair_triple_table",
    "triple_ids",
]

_RANKS = 13
_INVERT = 0xFFFF_FFFF
_PAIRS = tuple(combinations_with_replacement(range(_RANKS), 2))
_TRIPLE_RANKS = tuple(combinations_with_replacement(range(_RANKS), 3))
TRIPLES = len(_TRIPLE_RANKS)
"""Rank multisets of three cards (455): the width of a row of the pair-triple tables."""
_CARDS = 52


PAIRS = len(_PAIRS)
"""Rank multisets of two cards (91): the width of a row of the triple-pair tables."""


class OmahaTables:
    """One ranking's Omaha tables, as places in the order of its values: every rank couple
    (entry ``triple * 91 + pair``) and every flush (by rank mask), and the values."""

    __slots__ = ("by_flush", "by_triple_pair", "values")

    def __init__(
        self,
        by_triple_pair: NDArray[np.uint16],
        by_flush: NDArray[np.uint16],
        values: NDArray[np.int64],
    ) -> None:
        self.by_triple_pair = by_triple_pair
        self.by_flush = by_flush
        self.values = values
        """Each place's value, in increasing order (lows inverted); place 0 is 0."""


def _ids(groups: tuple[tuple[int, ...], ...], size: int) -> NDArray[np.int64]:
    """For every ordered tuple of ``size`` ranks (base 13), the number of its multiset."""
    ids = np.zeros(_RANKS**size, np.int64)
    for number, group in enumerate(groups):
        for ordered in set(_orders(group)):
            index = 0
            for rank in ordered:
                index = index * _RANKS + rank
            ids[index] = number
    ids.flags.writeable = False
    return ids


def _orders(group: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every ordering of a small group of ranks."""
    if len(group) <= 1:
        return [group]
    return [
        (group[position], *rest)
        for position in range(len(group))
        for rest in _orders(group[:position] + group[position + 1 :])
    ]


@cache
def pair_ids() -> NDArray[np.int64]:
    """The number of the rank multiset of every ordered rank pair (``13 * first + second``)."""
    return _ids(_PAIRS, 2)


@cache
def triple_ids() -> NDArray[np.int64]:
    """The number of the rank multiset of every ordered rank triple (base 13)."""
    return _ids(_TRIPLE_RANKS, 3)


@cache
def _slots() -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """The rank-table slot of every pair-triple couple, and whether it can be dealt (at
    most four cards of a rank); `stored` on disk like the rank tables."""
    arrays = stored("omaha-slots", _build_slots)
    return arrays["slots"].astype(np.int64), arrays["dealt"].astype(np.bool_)


def _build_slots() -> dict[str, NDArray[np.generic]]:
    hashing = rank_hash()
    numbers = hashing.card_keys[::4] & 0xFFFF_FFFF
    counts = np.zeros((len(_PAIRS), TRIPLES, _RANKS), np.int8)
    for number, pair in enumerate(_PAIRS):
        for rank in pair:
            counts[number, :, rank] += 1
    for number, triple in enumerate(_TRIPLE_RANKS):
        for rank in triple:
            counts[:, number, rank] += 1
    flat = counts.reshape(-1, _RANKS)
    dealt = flat.max(axis=1) <= 4
    return {"slots": hashing.slots_for(flat.astype(np.int64) @ numbers), "dealt": dealt}


@cache
def pair_triple_table(ranking: Ranking) -> OmahaTables:
    """``ranking``'s value of every three-plus-two rank couple and of every flush, read from
    the rank and flush tables of `hilo.sim.tables` (lows inverted, ``2**32 - 1`` less the
    badness, so that greater is better), each kept as its place among the values: 16 bits
    an entry, so that the rows of a board's ten triples stay in the fastest cache."""
    slots, dealt = _slots()
    tables = high_tables() if ranking is Ranking.HIGH else low_tables(ranking)
    by_slot = tables.by_slot.astype(np.int64)
    by_flush = tables.by_flush.astype(np.int64)
    if ranking is not Ranking.HIGH:
        by_slot, by_flush = _INVERT - by_slot, _INVERT - by_flush
    couples = np.where(dealt, by_slot[slots], 0).reshape(PAIRS, TRIPLES).T.ravel()
    values, places = np.unique(np.concatenate([[0], couples, by_flush]), return_inverse=True)
    assert values.shape[0] <= 1 << 16, "every value has a 16-bit place"
    by_triple_pair = places[1 : 1 + couples.shape[0]].astype(np.uint16)
    flush_places = places[1 + couples.shape[0] :].astype(np.uint16)
    for array in (by_triple_pair, flush_places, values):
        array.flags.writeable = False
    return OmahaTables(by_triple_pair, flush_places, values.astype(np.int64))


@numba.njit(cache=True, nogil=True)
def omaha_rows(
    holes: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    pairs: NDArray[np.int8],
    triples: NDArray[np.int8],
    pair_ids: NDArray[np.int64],
    triple_ids: NDArray[np.int64],
    by_triple_pair: NDArray[np.uint16],
    by_flush: NDArray[np.uint16],
    values: NDArray[np.int64],
    flushes_count: bool,
    is_low: bool,
    limit: int,
    out: NDArray[np.int64],
) -> int:
    """Best two-plus-three score of every player (``holes`` shaped rows, players, cards)
    of every row; -1, or the first row with a card out of range or given twice."""
    rows, players, hole = holes.shape
    triple_index = np.empty(triples.shape[0], np.int64)
    triple_suit = np.empty(triples.shape[0], np.int64)
    triple_mask = np.empty(triples.shape[0], np.int64)
    for row in range(rows):
        board_seen = 0
        for column in range(boards.shape[1]):
            card = boards[row, column]
            if card >= _CARDS or (board_seen >> card) & 1:
                return row
            board_seen |= 1 << card
        flush_suit = -1  # five board cards hold three of at most one suit
        for triple in range(triples.shape[0]):
            first = boards[row, triples[triple, 0]]
            second = boards[row, triples[triple, 1]]
            third = boards[row, triples[triple, 2]]
            ranks = ((first >> 2) * _RANKS + (second >> 2)) * _RANKS + (third >> 2)
            triple_index[triple] = triple_ids[ranks] * PAIRS
            suit = first & 3
            same = (second & 3) == suit and (third & 3) == suit
            triple_suit[triple] = suit if same and flushes_count else -1
            if same and flushes_count:
                flush_suit = suit
            triple_mask[triple] = (1 << (first >> 2)) | (1 << (second >> 2)) | (1 << (third >> 2))
        for player in range(players):
            seen = board_seen
            for column in range(hole):
                card = holes[row, player, column]
                if card >= _CARDS or (seen >> card) & 1:
                    return row
                seen |= 1 << card
            best = 0
            for pair in range(pairs.shape[0]):
                first = holes[row, player, pairs[pair, 0]]
                second = holes[row, player, pairs[pair, 1]]
                pair_id = pair_ids[(first >> 2) * _RANKS + (second >> 2)]
                suit = first & 3 if (second & 3) == (first & 3) else -2
                if suit != flush_suit:  # no five of a suit: the rank entries alone
                    for triple in range(triples.shape[0]):
                        best = max(best, int(by_triple_pair[triple_index[triple] + pair_id]))
                    continue
                mask = (1 << (first >> 2)) | (1 << (second >> 2))
                for triple in range(triples.shape[0]):
                    if triple_suit[triple] == suit:
                        value = by_flush[mask | triple_mask[triple]]
                    else:
                        value = by_triple_pair[triple_index[triple] + pair_id]
                    best = max(best, int(value))
            score = values[best]
            if is_low:
                worst = _INVERT - score
                out[row, player] = LOW_BASE - worst if worst < limit else 0
            else:
                out[row, player] = score
    return -1


def omaha_scores(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], low: Ranking | None, limit: int
) -> tuple[NDArray[np.int64], int]:
    """High scores (``low`` None) or ``low`` scores with the badness ``limit`` of every
    player's two-plus-three hand, ``holes`` shaped (rows, players, cards) as C-ordered
    ``uint8`` arrays; and -1, or the first row with a card out of range or given twice."""
    tables = pair_triple_table(Ranking.HIGH if low is None else low)
    out = np.empty(holes.shape[:2], np.int64)
    refused = omaha_rows(
        holes,
        boards,
        combination_table(holes.shape[2], 2),
        combination_table(boards.shape[1], 3),
        pair_ids(),
        triple_ids(),
        tables.by_triple_pair,
        tables.by_flush,
        tables.values,
        low is not Ranking.ACE_TO_FIVE,
        low is not None,
        limit,
        out,
    )
    return out, refused
