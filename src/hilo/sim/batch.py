"""Batch hand evaluation: arrays of deals in, arrays of `hilo.hands` scores out.

A batch is a 2-D array of card indices (`hilo.cards.Card.index`, 0 to 51), one hand a
row; ``uint8`` arrays are used as they are, other integer arrays are checked and
converted. Every function returns an ``int64`` array holding, row by row,
exactly the int the pure-Python evaluator gives for that hand: `high_scores` is
`hilo.hands.high.high_score`, `low_scores` is `hilo.hands.select.scorer`, and the
Omaha functions are `hilo.hands.select.score_hand` with ``Selection.OMAHA``.

>>> from hilo.cards import parse_cards
>>> from hilo.hands import high_score, low_score
>>> from hilo.sim import to_indices
>>> texts = ["As Ks Qs Js Ts 2c 3d", "7c 6d 5h 4s 3c Kd Kh"]
>>> hands = to_indices(texts)
>>> high_scores(hands).tolist() == [high_score(parse_cards(text)) for text in texts]
True
>>> low_scores(hands, qualifier=8).tolist() == [
...     low_score(parse_cards(text), qualifier=8) for text in texts
... ]
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from hilo.cards import FULL_DECK
from hilo.errors import HandError
from hilo.hands.low import LOW_BASE, qualifier_limit
from hilo.hands.ranking import Ranking
from hilo.hands.tables import CATEGORY_SHIFT, Category
from hilo.sim import kernels
from hilo.sim.omaha import omaha_scores
from hilo.sim.tables import (
    MOST_CARDS,
    combination_table,
    high_tables,
    low_tables,
    rank_hash,
)
from hilo.sim.threads import check_threads, share_rows

__all__ = [
    "high_scores",
    "holdem_high_scores",
    "holdem_low_scores",
    "low_limit",
    "low_scores",
    "omaha_high_scores",
    "omaha_low_scores",
]

_PAIRED = Category.ONE_PAIR << CATEGORY_SHIFT
"""The least badness of a paired low: a qualifier also asks for five different ranks."""


def _rows(cards: ArrayLike, name: str, fewest: int, most: int) -> NDArray[np.uint8]:
    """Check a batch's shape and type; return it as a C-ordered ``uint8`` array."""
    array = np.asarray(cards)
    if array.ndim != 2:
        raise HandError(
            f"{name} must be a 2-D array shaped (hands, cards), not an array of shape {array.shape}"
        )
    if array.dtype.kind not in "iu":
        if array.size:
            raise HandError(
                f"{name} must hold integer card indices, not {array.dtype} values "
                "(to_indices turns cards into indices)"
            )
        array = array.astype(np.uint8)
    width = array.shape[1]
    if not fewest <= width <= most:
        raise HandError(f"each row of {name} must hold {fewest} to {most} cards, not {width}")
    if array.dtype != np.uint8:  # the row loops check uint8 indices themselves
        outside = (array < 0) | (array >= len(FULL_DECK))
        if outside.any():
            row = int(np.flatnonzero(outside.any(axis=1))[0])
            raise HandError(_card_problem(name, row, array[row].tolist()))
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def _card_problem(name: str, row: int, values: list[int]) -> str:
    """Say what is wrong with one row of card indices."""
    for value in values:
        if not 0 <= value < len(FULL_DECK):
            return f"row {row} of {name}: {value} is not a card index (they run from 0 to 51)"
    for position, value in enumerate(values):
        if value in values[:position]:
            card = FULL_DECK[value]
            return f"row {row} of {name} holds {card} twice; a hand holds each card once"
    raise AssertionError("a refused row must have a bad card")  # pragma: no cover


def _refuse(name: str, row: int, array: NDArray[np.uint8]) -> None:
    """Raise the error for the row a row loop refused, if it refused one."""
    if row >= 0:
        raise HandError(_card_problem(name, row, array[row].tolist()))


def low_limit(ranking: Ranking, qualifier: int | None, cards_in_a_hand: int) -> int:
    """The badness at which a low no longer counts (``LOW_BASE``: every low counts)."""
    if not ranking.is_low:
        raise ValueError("low scores need one of the low rankings, not high")
    if qualifier is None:
        return LOW_BASE
    limit = qualifier_limit(qualifier, ranking)
    if cards_in_a_hand < 5:
        return 0
    return min(limit, _PAIRED)


def _first_refused(refused: list[int]) -> int:
    """The first row any part refused (each part gives -1 or a row of the whole batch)."""
    return next((row for row in refused if row >= 0), -1)


def _shifted(refused: int, start: int) -> int:
    """A part's refused row as a row of the whole batch (-1 stays -1)."""
    return refused + start if refused >= 0 else -1


def high_scores(cards: ArrayLike, *, threads: int | None = None) -> NDArray[np.int64]:
    """The `hilo.hands.high.high_score` of each row of one to seven cards.

    ``threads``: how many threads share the rows (None: every core; the same scores
    whatever the number, `hilo.sim.threads`).

    >>> from hilo.sim import to_indices
    >>> high_scores(to_indices(["Ah Kh Qh Jh Th 9c 9d"]))[0] >> 28
    np.int64(8)
    """
    count = check_threads(threads)
    rows = _rows(cards, "the hands", 1, MOST_CARDS)
    hashing, tables = rank_hash(), high_tables()
    out = np.empty(rows.shape[0], np.int64)

    def part(start: int, stop: int) -> int:
        refused = kernels.high_rows(
            rows[start:stop],
            hashing.card_keys,
            hashing.multiplier,
            hashing.displacement,
            tables.by_slot,
            tables.by_flush,
            out[start:stop],
        )
        return _shifted(refused, start)

    _refuse("the hands", _first_refused(share_rows(part, rows.shape[0], count)), rows)
    return out


def low_scores(
    cards: ArrayLike,
    ranking: Ranking = Ranking.ACE_TO_FIVE,
    qualifier: int | None = None,
    *,
    threads: int | None = None,
) -> NDArray[np.int64]:
    """Each row's best low, as `hilo.hands.select.scorer` scores it (0: no qualifying low).

    ``threads`` as in `high_scores`.

    >>> from hilo.sim import to_indices
    >>> low_scores(to_indices(["9c 4d 3h 2s Ac 8h Kd"]), qualifier=8)[0] > 0
    np.True_
    """
    count = check_threads(threads)
    rows = _rows(cards, "the hands", 1, MOST_CARDS)
    limit = low_limit(ranking, qualifier, rows.shape[1])
    hashing, tables = rank_hash(), low_tables(ranking)
    fives = combination_table(max(rows.shape[1], 5), 5)
    out = np.empty(rows.shape[0], np.int64)

    def part(start: int, stop: int) -> int:
        refused = kernels.low_rows(
            rows[start:stop],
            hashing.card_keys,
            hashing.multiplier,
            hashing.displacement,
            tables.by_slot,
            tables.by_flush,
            fives,
            ranking is not Ranking.ACE_TO_FIVE,
            limit,
            out[start:stop],
        )
        return _shifted(refused, start)

    _refuse("the hands", _first_refused(share_rows(part, rows.shape[0], count)), rows)
    return out


def _omaha_rows(hole: ArrayLike, board: ArrayLike) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Check an Omaha batch: two to six hole cards and three to five board cards a row."""
    hole_rows = _rows(hole, "the hole cards", 2, 6)
    board_rows = _rows(board, "the boards", 3, 5)
    if hole_rows.shape[0] != board_rows.shape[0]:
        raise HandError(
            f"there are {hole_rows.shape[0]} rows of hole cards but "
            f"{board_rows.shape[0]} boards; each hand needs its board"
        )
    return hole_rows, board_rows


def _refuse_omaha(row: int, hole: NDArray[np.uint8], board: NDArray[np.uint8]) -> None:
    """Raise the error for the Omaha row a row loop refused, if it refused one."""
    if row < 0:
        return
    hole_values, board_values = hole[row].tolist(), board[row].tolist()
    for name, values in (("the hole cards", hole_values), ("the boards", board_values)):
        if any(not 0 <= value < len(FULL_DECK) for value in values) or len(set(values)) < len(
            values
        ):
            raise HandError(_card_problem(name, row, values))
    shared = next(value for value in hole_values if value in board_values)
    raise HandError(f"row {row}: {FULL_DECK[shared]} is both in the hand and on the board")


def _omaha(
    hole: ArrayLike, board: ArrayLike, low: Ranking | None, qualifier: int | None, threads: int
) -> NDArray[np.int64]:
    """One player's Omaha scores a row (`hilo.sim.omaha`), the rows shared by threads."""
    hole_rows, board_rows = _omaha_rows(hole, board)
    limit = 0 if low is None else low_limit(low, qualifier, 5)
    holes = hole_rows[:, None, :]
    out = np.empty(hole_rows.shape[0], np.int64)

    def part(start: int, stop: int) -> int:
        scores, refused = omaha_scores(holes[start:stop], board_rows[start:stop], low, limit)
        out[start:stop] = scores[:, 0]
        return _shifted(refused, start)

    _refuse_omaha(_first_refused(share_rows(part, hole_rows.shape[0], threads)), hole_rows,
                  board_rows)  # fmt: skip
    return out


def omaha_high_scores(
    hole: ArrayLike, board: ArrayLike, *, threads: int | None = None
) -> NDArray[np.int64]:
    """Each row's best high hand of exactly two hole cards and three board cards
    (``threads`` as in `high_scores`)."""
    count = check_threads(threads)
    return _omaha(hole, board, None, None, count)


def omaha_low_scores(
    hole: ArrayLike,
    board: ArrayLike,
    ranking: Ranking = Ranking.ACE_TO_FIVE,
    qualifier: int | None = None,
    *,
    threads: int | None = None,
) -> NDArray[np.int64]:
    """Each row's best low of exactly two hole cards and three board cards (0: none;
    ``threads`` as in `high_scores`)."""
    count = check_threads(threads)
    if not ranking.is_low:
        raise ValueError("low scores need one of the low rankings, not high")
    return _omaha(hole, board, ranking, qualifier, count)


def _holdem_rows(hole: ArrayLike, board: ArrayLike) -> NDArray[np.uint8]:
    """Hole cards and board side by side: hold'em plays any five of them."""
    hole_rows = _rows(hole, "the hole cards", 1, MOST_CARDS)
    board_rows = _rows(board, "the boards", 0, MOST_CARDS - hole_rows.shape[1])
    if hole_rows.shape[0] != board_rows.shape[0]:
        raise HandError(
            f"there are {hole_rows.shape[0]} rows of hole cards but "
            f"{board_rows.shape[0]} boards; each hand needs its board"
        )
    return np.hstack([hole_rows, board_rows])


def holdem_high_scores(
    hole: ArrayLike, board: ArrayLike, *, threads: int | None = None
) -> NDArray[np.int64]:
    """Each row's best high hand of any five of its hole cards and board (``threads`` as
    in `high_scores`)."""
    return high_scores(_holdem_rows(hole, board), threads=threads)


def holdem_low_scores(
    hole: ArrayLike,
    board: ArrayLike,
    ranking: Ranking = Ranking.ACE_TO_FIVE,
    qualifier: int | None = None,
    *,
    threads: int | None = None,
) -> NDArray[np.int64]:
    """Each row's best low of any five of its hole cards and board (0: none; ``threads``
    as in `high_scores`)."""
    return low_scores(_holdem_rows(hole, board), ranking, qualifier, threads=threads)
