"""Scoring blocks of deal rows: every player's high and low score, with `hilo.sim.batch`.

Omaha lows under ace-to-five with a qualifier (the ``*-hilo`` games) take a faster path
that gives the very same scores: such a low is five different ranks, none above the
qualifier, so it is found from rank bits alone: each hole pair of two such ranks
against each board triple of three others, the best looked up in a table of the 1,287
five-rank lows (built with `hilo.sim.batch.low_scores`). The board's triples are worked
out once a row for every player. A hand dealt alike in every row (the player's own, an
opponent's given outright) is scored through tables of the board's triples made once for
that hand (`hilo.sim.omaha_known`).

>>> from hilo.sim import to_indices, omaha_low_scores
>>> hole, board = to_indices(["Ah 2d Kc Ks"]), to_indices(["3c 4d 8h Qs Qd"])
>>> ours = qualified_omaha_lows(hole[:, None, :], board, 8)[0, 0]
>>> bool(ours == omaha_low_scores(hole, board, qualifier=8)[0] > 0)
True
"""

from __future__ import annotations

import numba
import numpy as np
from numpy.typing import NDArray

from hilo.hands.ranking import Ranking, Selection, criss_cross_lines
from hilo.sim.batch import high_scores, low_limit, low_scores
from hilo.sim.completion import Layout
from hilo.sim.omaha import omaha_scores
from hilo.sim.omaha_known import (
    five_rank_lows,
    known_high_scores,
    known_low_scores,
)

__all__ = ["qualified_omaha_lows", "score_rows"]


@numba.njit(cache=True, nogil=True)
def _qualified_lows(
    holes: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    bit_of: NDArray[np.int64],
    table: NDArray[np.int64],
    out: NDArray[np.int64],
) -> None:
    """Best qualifying ace-to-five Omaha low of each player of each row (0: none)."""
    rows, players, hole = holes.shape
    board = boards.shape[1]
    triples = np.zeros(64, np.int64)
    for row in range(rows):
        count = 0
        for first in range(board):
            one = bit_of[boards[row, first]]
            if one == 0:
                continue
            for second in range(first + 1, board):
                two = bit_of[boards[row, second]]
                if two in (0, one):
                    continue
                for third in range(second + 1, board):
                    three = bit_of[boards[row, third]]
                    if three in (0, one, two):
                        continue
                    mask = one | two | three
                    fresh = True
                    for seen in range(count):
                        if triples[seen] == mask:
                            fresh = False
                            break
                    if fresh:
                        triples[count] = mask
                        count += 1
        for player in range(players):
            best = 0
            if count:
                for first in range(hole):
                    one = bit_of[holes[row, player, first]]
                    if one == 0:
                        continue
                    for second in range(first + 1, hole):
                        two = bit_of[holes[row, player, second]]
                        if two in (0, one):
                            continue
                        pair = one | two
                        for triple in range(count):
                            if pair & triples[triple] == 0:
                                best = max(best, table[pair | triples[triple]])
            out[row, player] = best


def qualified_omaha_lows(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], qualifier: int
) -> NDArray[np.int64]:
    """Ace-to-five ``qualifier``-or-better Omaha lows of holes shaped (rows, players, cards)
    on boards shaped (rows, cards): the scores `hilo.sim.omaha_low_scores` gives."""
    table, bit_of = five_rank_lows(qualifier)
    out = np.empty(holes.shape[:2], np.int64)
    _qualified_lows(
        np.ascontiguousarray(holes, np.uint8), np.ascontiguousarray(boards, np.uint8), bit_of,
        table, out,
    )  # fmt: skip
    return out


def _criss_cross_rows(
    layout: Layout, extended: NDArray[np.uint8], low: Ranking | None, qualifier: int | None
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Criss-cross: each player's best of its cards with the row and with the column."""
    boards = extended[:, layout.board_index]
    row, column = criss_cross_lines(range(boards.shape[1]))
    lines = [boards[:, list(row)], boards[:, list(column)]]
    highs = np.empty((extended.shape[0], layout.players), np.int64)
    lows = np.zeros((extended.shape[0], layout.players), np.int64)
    for player, index in enumerate(layout.hand_index):
        both = [np.concatenate((extended[:, index], line), axis=1) for line in lines]
        highs[:, player] = np.maximum(
            high_scores(both[0], threads=1), high_scores(both[1], threads=1)
        )
        if low is not None:
            lows[:, player] = np.maximum(
                low_scores(both[0], low, qualifier, threads=1),
                low_scores(both[1], low, qualifier, threads=1),
            )
    return highs, lows


def score_rows(
    layout: Layout,
    rows: NDArray[np.uint8],
    low: Ranking | None,
    qualifier: int | None,
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every player's high and low score for each row, shaped (rows, players), in this
    thread alone; lows are all 0 when ``low`` is None (a game without a low half). Omaha
    scores every player's hand against the board's triples worked out once a row
    (`hilo.sim.omaha`), a hand the same in every deal through its own triple tables
    (`hilo.sim.omaha_known`)."""
    if layout.selection is Selection.OMAHA:
        return _omaha_layout_rows(layout, rows, low, qualifier)
    count, players = rows.shape[0], layout.players
    highs = np.empty((count, players), np.int64)
    lows = np.zeros((count, players), np.int64)
    extended = layout.extend(rows)
    if layout.selection is Selection.CRISS_CROSS:
        return _criss_cross_rows(layout, extended, low, qualifier)
    for player, index in enumerate(layout.hand_index):
        hand = extended[:, index]
        highs[:, player] = high_scores(hand, threads=1)
        if low is not None:
            lows[:, player] = low_scores(hand, low, qualifier, threads=1)
    return highs, lows


def _omaha_layout_rows(
    layout: Layout, rows: NDArray[np.uint8], low: Ranking | None, qualifier: int | None
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every player's Omaha scores for each deal row of ``layout``."""
    boards = layout.take(rows, layout.board_index)
    holes = layout.take(rows, layout.hand_index)
    return _omaha_rows(holes, boards, low, qualifier, layout.known_players())


def _omaha_rows(
    holes: NDArray[np.uint8],
    boards: NDArray[np.uint8],
    low: Ranking | None,
    qualifier: int | None,
    known: NDArray[np.bool_],
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Omaha scores: hands ``known`` in full (the same in every row) through their triple
    tables, the others by the pair-triple kernel (a deal's rows hold every card once)."""
    highs = np.empty(holes.shape[:2], np.int64)
    lows = np.zeros(holes.shape[:2], np.int64)
    if holes.shape[0] == 0:
        return highs, lows
    unknown = ~known
    hands = holes[0, known]
    others = np.ascontiguousarray(holes[:, unknown])
    if known.any():
        highs[:, known] = known_high_scores(hands, boards)
    if unknown.any():
        highs[:, unknown] = omaha_scores(others, boards, None, 0)[0]
    if low is None:
        return highs, lows
    if low is not Ranking.ACE_TO_FIVE or qualifier is None:
        return highs, omaha_scores(holes, boards, low, low_limit(low, qualifier, 5))[0]
    if known.any():
        lows[:, known] = known_low_scores(hands, boards, qualifier)
    if unknown.any():
        lows[:, unknown] = qualified_omaha_lows(others, boards, qualifier)
    return highs, lows
