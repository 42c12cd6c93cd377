"""Omaha hands known in full: the board looked up once a deal for each such hand.

In an equity run the player's own hole cards, and any opponent's hand given outright, are
the same in every deal; only the board changes. Such a hand's six hole pairs are then
the same in every row, so its best rank entry of the pair-triple table (`hilo.sim.omaha`)
over those six pairs is worked out once for each of the 455 board rank triples, and from
those, once for each of the 6,188 multisets of five board ranks: a deal costs one look-up
a player for the high, by the number of the board's sorted ranks, instead of sixty (a
board of three or four cards reads the ten or four triples instead). A flush is possible
only when the board has three cards of a suit and the hand two of that suit; those pairs
are tried against the board's triples of that suit through the flush table, as
`omaha_rows` does (a flush of five different ranks always beats the same ranks read as a
straight or less, so the rank entry beside it changes nothing for a high).

Qualified ace-to-five lows (the ``*-hilo`` games, `hilo.sim.scoring`) depend only on the
set of low ranks on the board: for each set, the hand's best low of two other low ranks
with three of the set is worked out once a hand, and a deal costs one look-up a player.

The scores are exactly those of `hilo.sim.omaha.omaha_scores` and
`hilo.sim.scoring.qualified_omaha_lows` (the tests compare them on random deals).

>>> from hilo.sim import to_indices
>>> from hilo.sim.omaha import omaha_scores
>>> holes = to_indices(["Ah Kh 2c 3d"])[:, None, :]
>>> boards = to_indices(["Qh Jh Th 4s 5s", "Qh Jd 7h 4s 5s"])
>>> known = known_high_scores(holes[0], boards)
>>> known.tolist() == omaha_scores(holes.repeat(2, axis=0), boards, None, 0)[0].tolist()
True
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numba
import numpy as np
from numpy.typing import NDArray

from hilo.hands.ranking import Ranking
from hilo.sim.batch import low_scores
from hilo.sim.omaha import PAIRS, TRIPLES, pair_ids, pair_triple_table, triple_ids
from hilo.sim.tables import combination_table

__all__ = [
    "five_rank_lows",
    "known_high_scores",
    "known_low_scores",
    "low_by_triple",
]

_RANKS = 13
_LOW_MASKS = 1 << _RANKS
_BINOMIAL = np.array([[comb(top, bottom) for bottom in range(6)] for top in range(18)], np.int64)
"""Binomial coefficients for numbering multisets of five ranks: ranks ``r0 <= .. <= r4``
are the set ``{r_i + i}`` of 17, numbered by the sum of ``comb(r_i + i, i + 1)``."""


@lru_cache(maxsize=64)
def _best_by_triple(cards: tuple[int, ...]) -> NDArray[np.uint16]:
    """The best high place of a hand's pairs with each board rank triple (rank entries)."""
    table = pair_triple_table(Ranking.HIGH).by_triple_pair.reshape(TRIPLES, PAIRS)
    ids = pair_ids()
    pairs = [
        int(ids[(cards[first] >> 2) * _RANKS + (cards[second] >> 2)])
        for first, second in combination_table(len(cards), 2).tolist()
    ]
    best: NDArray[np.uint16] = table[:, pairs].max(axis=1).astype(np.uint16)
    best.flags.writeable = False
    return best


@numba.njit(cache=True, nogil=True)
def _known_high_rows(
    hands: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    best_by_triple: NDArray[np.uint16],
    pairs: NDArray[np.int8],
    triples: NDArray[np.int8],
    triple_number: NDArray[np.int64],
    by_flush: NDArray[np.uint16],
    values: NDArray[np.int64],
    out: NDArray[np.int64],
) -> None:
    """Best high of each known hand (``hands`` shaped players, cards) on every board."""
    players = hands.shape[0]
    count = triples.shape[0]
    number = np.empty(count, np.int64)
    same_suit = np.empty(count, np.bool_)
    mask = np.empty(count, np.int64)
    for row in range(boards.shape[0]):
        flush_suit = -1  # five board cards hold three of at most one suit
        for triple in range(count):
            first = boards[row, triples[triple, 0]]
            second = boards[row, triples[triple, 1]]
            third = boards[row, triples[triple, 2]]
            ranks = ((first >> 2) * _RANKS + (second >> 2)) * _RANKS + (third >> 2)
            number[triple] = triple_number[ranks]
            suit = first & 3
            same_suit[triple] = (second & 3) == suit and (third & 3) == suit
            if same_suit[triple]:
                flush_suit = suit
            mask[triple] = (1 << (first >> 2)) | (1 << (second >> 2)) | (1 << (third >> 2))
        for player in range(players):
            best = 0
            for triple in range(count):
                best = max(best, int(best_by_triple[player, number[triple]]))
            if flush_suit >= 0:
                for pair in range(pairs.shape[0]):
                    first = hands[player, pairs[pair, 0]]
                    second = hands[player, pairs[pair, 1]]
                    if (first & 3) != flush_suit or (second & 3) != flush_suit:
                        continue
                    held = (1 << (first >> 2)) | (1 << (second >> 2))
                    for triple in range(count):
                        if same_suit[triple]:
                            best = max(best, int(by_flush[held | mask[triple]]))
            out[row, player] = values[best]


def _five_index(ranks: tuple[int, ...]) -> int:
    """The number of a multiset of five ranks given in increasing order (`_index_five`)."""
    return sum(comb(rank + position, position + 1) for position, rank in enumerate(ranks))


@cache
def _board_triples() -> NDArray[np.int64]:
    """For each multiset of five board ranks (by `_five_index`), the numbers of its ten
    rank triples."""
    numbers = triple_ids()
    table = np.zeros((comb(_RANKS + 4, 5), 10), np.int64)
    for ranks in combinations_with_replacement(range(_RANKS), 5):
        table[_five_index(ranks)] = [
            numbers[(first * _RANKS + second) * _RANKS + third]
            for first, second, third in combinations(ranks, 3)
        ]
    table.flags.writeable = False
    return table


@lru_cache(maxsize=64)
def _best_by_board(cards: tuple[int, ...]) -> NDArray[np.uint16]:
    """The best high place of a hand with each multiset of five board ranks, flushes aside."""
    best: NDArray[np.uint16] = _best_by_triple(cards)[_board_triples()].max(axis=1)
    best.flags.writeable = False
    return best


@numba.njit(cache=True, nogil=True)
def _known_high_fives(
    hands: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    best_by_board: NDArray[np.uint16],
    binomial: NDArray[np.int64],
    by_flush: NDArray[np.uint16],
    values: NDArray[np.int64],
    out: NDArray[np.int64],
) -> None:
    """Best high of each known hand on every five-card board: one look-up by the board's
    rank multiset, and the flushes when the board has three cards of a suit."""
    players, hole = hands.shape
    ranks = np.empty(5, np.int64)
    suited = np.empty(5, np.int64)
    for row in range(boards.shape[0]):
        suit_counts = 0
        for column in range(5):  # insertion sort of the board's ranks
            card = boards[row, column]
            rank = np.int64(card >> 2)
            suit_counts += 1 << (4 * (card & 3))
            place = column
            while place > 0 and ranks[place - 1] > rank:
                ranks[place] = ranks[place - 1]
                place -= 1
            ranks[place] = rank
        index = 0
        for position in range(5):
            index += binomial[ranks[position] + position, position + 1]
        flush_suit = -1
        for suit in range(4):
            if (suit_counts >> (4 * suit)) & 15 >= 3:
                flush_suit = suit
        count = 0
        if flush_suit >= 0:
            for column in range(5):
                card = boards[row, column]
                if (card & 3) == flush_suit:
                    suited[count] = 1 << (card >> 2)
                    count += 1
        for player in range(players):
            best = int(best_by_board[player, index])
            if count:
                for first in range(hole):
                    one = hands[player, first]
                    if (one & 3) != flush_suit:
                        continue
                    for second in range(first + 1, hole):
                        two = hands[player, second]
                        if (two & 3) != flush_suit:
                            continue
                        held = (1 << (one >> 2)) | (1 << (two >> 2))
                        for a in range(count):
                            for b in range(a + 1, count):
                                for c in range(b + 1, count):
                                    mask = held | suited[a] | suited[b] | suited[c]
                                    best = max(best, int(by_flush[mask]))
            out[row, player] = values[best]


def known_high_scores(hands: NDArray[np.uint8], boards: NDArray[np.uint8]) -> NDArray[np.int64]:
    """The best two-plus-three high of each hand of ``hands`` (players, cards), the same in
    every row, on each of ``boards`` (rows, cards): shaped (rows, players)."""
    tables = pair_triple_table(Ranking.HIGH)
    out = np.empty((boards.shape[0], hands.shape[0]), np.int64)
    if boards.shape[1] == 5:
        _known_high_fives(
            np.ascontiguousarray(hands, np.uint8),
            np.ascontiguousarray(boards, np.uint8),
            np.stack([_best_by_board(tuple(hand)) for hand in hands.tolist()]),
            _BINOMIAL,
            tables.by_flush,
            tables.values,
            out,
        )
        return out
    best = np.stack([_best_by_triple(tuple(hand)) for hand in hands.tolist()])
    _known_high_rows(
        np.ascontiguousarray(hands, np.uint8),
        np.ascontiguousarray(boards, np.uint8),
        best,
        combination_table(hands.shape[1], 2),
        combination_table(boards.shape[1], 3),
        triple_ids(),
        tables.by_flush,
        tables.values,
        out,
    )
    return out


@cache
def five_rank_lows(qualifier: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The ace-to-five score of each set of five low-rank bits (ace bit 0), 0 if it does
    not qualify; and each card's low-rank bit (0 when above the qualifier)."""
    table = np.zeros(_LOW_MASKS, np.int64)
    groups = list(combinations(range(_RANKS), 5))
    masks = [sum(1 << bit for bit in bits) for bits in groups]
    # Bit 0 is the ace (card index 48 + suit), bit b the rank b + 1 (index (b - 1) * 4 + suit).
    rows = np.array(
        [
            [(12 if bit == 0 else bit - 1) * 4 + position % 4 for position, bit in enumerate(bits)]
            for bits in groups
        ],
        np.uint8,
    )
    table[masks] = low_scores(rows, Ranking.ACE_TO_FIVE, qualifier, threads=1)
    bit_of = np.zeros(52, np.int64)
    for index in range(52):
        rank = index // 4 + 2
        value = 1 if rank == 14 else rank
        if value <= qualifier:
            bit_of[index] = 1 << (value - 1)
    table.flags.writeable = False
    bit_of.flags.writeable = False
    return table, bit_of


@cache
def _three_bits() -> NDArray[np.int64]:
    """Every 13-bit mask with three bits set."""
    masks = np.array([sum(1 << bit for bit in bits) for bits in combinations(range(_RANKS), 3)])
    masks.flags.writeable = False
    return masks


@lru_cache(maxsize=64)
def low_by_triple(cards: tuple[int, ...], qualifier: int) -> NDArray[np.int64]:
    """For every mask of three low-rank bits (`five_rank_lows`), the best ``qualifier``-or-
    better ace-to-five low of the hand's pairs of two other low ranks with them (0: none)."""
    five_lows, bit_of = five_rank_lows(qualifier)
    bits = [int(bit_of[card]) for card in cards]
    pairs = {
        bits[first] | bits[second]
        for first, second in combinations(range(len(cards)), 2)
        if bits[first] and bits[second] and bits[first] != bits[second]
    }
    table = np.zeros(_LOW_MASKS, np.int64)
    triples = _three_bits()
    for pair in pairs:
        fits = triples[(triples & pair) == 0]
        table[fits] = np.maximum(table[fits], five_lows[fits | pair])
    table.flags.writeable = False
    return table


@cache
def _board_masks() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every mask of three to five low-rank bits, and the masks of its three-bit subsets
    (padded with 0, which has no low)."""
    masks, subsets = [], []
    for size in (3, 4, 5):
        for bits in combinations(range(_RANKS), size):
            masks.append(sum(1 << bit for bit in bits))
            subsets.append([sum(1 << bit for bit in three) for three in combinations(bits, 3)])
    padded = np.zeros((len(subsets), 10), np.int64)
    for number, row in enumerate(subsets):
        padded[number, : len(row)] = row
    return np.array(masks, np.int64), padded


@lru_cache(maxsize=64)
def _low_by_board(cards: tuple[int, ...], qualifier: int) -> NDArray[np.int64]:
    """For every mask of the low ranks on a board, the hand's best qualified low with it."""
    by_triple = low_by_triple(cards, qualifier)
    masks, subsets = _board_masks()
    table = np.zeros(_LOW_MASKS, np.int64)
    table[masks] = by_triple[subsets].max(axis=1)
    table.flags.writeable = False
    return table


@numba.njit(cache=True, nogil=True)
def _known_low_rows(
    boards: NDArray[np.uint8],
    bit_of: NDArray[np.int64],
    by_board: NDArray[np.int64],
    out: NDArray[np.int64],
) -> None:
    """Best qualified low of each known hand (its row of ``by_board``) on every board: one
    look-up by the set of the board's low ranks."""
    players = by_board.shape[0]
    for row in range(boards.shape[0]):
        mask = 0
        for column in range(boards.shape[1]):
            mask |= bit_of[boards[row, column]]
        for player in range(players):
            out[row, player] = by_board[player, mask]


def known_low_scores(
    hands: NDArray[np.uint8], boards: NDArray[np.uint8], qualifier: int
) -> NDArray[np.int64]:
    """The best ``qualifier``-or-better ace-to-five low of each hand of ``hands`` (players,
    cards), the same in every row, on each of ``boards``: shaped (rows, players), 0: none."""
    by_board = np.stack([_low_by_board(tuple(hand), qualifier) for hand in hands.tolist()])
    out = np.empty((boards.shape[0], hands.shape[0]), np.int64)
    _known_low_rows(
        np.ascontiguousarray(boards, np.uint8), five_rank_lows(qualifier)[1], by_board, out
    )
    return out
