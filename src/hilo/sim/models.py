"""How simulated opponents declare: the `DeclarationModel` protocol and the default model.

A model sees, for a block of simulated showdowns, every opponent's final high and low
score, and answers each opponent's declaration. Opponents declare at the same time
and without knowing the player's cards, so a model never sees the player's hand.

The default, `BestShareModel`, has each opponent declare the way that maximises its
own expected share of the pot given its own cards. Working that out exactly would need
a simulation inside every simulated deal, so it uses an approximation:

* For each game shape and low ranking, a `WinTable` is built from the scores of 131,072
  random final hands (dealt once with a fixed seed, scored by `hilo.sim.batch`, cached
  for the process). It gives ``beat(score)``: the chance a score beats one random hand,
  ties counting half. Against ``n`` other players the chance of being best is taken as
  ``beat(score) ** n``, as if the other hands were independent random hands (on a
  shared board they are not; the model ignores up cards and the board too).
* With ``p_high`` and ``p_low`` found that way (``p_low`` is 0 without a qualifying
  low), declaring high is worth about ``p_high / 2`` (the other half goes low), low
  about ``p_low / 2``, and both about ``p_high * p_low`` (a swing must win both sides).
  The opponent takes the largest, preferring high, then low, on equal values; so it
  swings only when it expects to win both sides (both chances above one half).

>>> from hilo.sim import high_scores, low_scores, to_indices
>>> game = GameShape(Selection.ANY_FIVE, hole=7, board=0, players=2, low=Ranking.ACE_TO_FIVE)
>>> quads, low, wheel = "Kc Kd Kh Ks 9c 9d 2h", "As 2d 3c 4h 6s Jd Qc", "As 2d 3c 4h 5s Kd Qc"
>>> hands = to_indices([quads, low, wheel])
>>> ways = BestShareModel().declare(game, high_scores(hands)[:, None], low_scores(hands)[:, None])
>>> [CODE_DIRECTIONS[int(way)].value for way in ways[:, 0]]
['high', 'low', 'both']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Protocol

import numba
import numpy as np
from numpy.typing import NDArray

from hilo.engine.declare import Direction
from hilo.hands.ranking import Ranking, Selection
from hilo.sim.batch import high_scores, low_scores, omaha_high_scores, omaha_low_scores
from hilo.sim.deals import random_deals
from hilo.sim.tally import DIRECTION_CODES

__all__ = [
    "CODE_DIRECTIONS",
    "BestShareModel",
    "DeclarationModel",
    "FixedModel",
    "GameShape",
    "KnownDeclarations",
    "WinTable",
    "win_table",
]

CODE_DIRECTIONS: dict[int, Direction] = {code: way for way, code in DIRECTION_CODES.items()}
"""The declaration each number stands for in arrays (0 high, 1 low, 2 both)."""

_TABLE_HANDS = 1 << 17
_TABLE_SEED = 2026


@dataclass(frozen=True, slots=True)
class GameShape:
    """What a declaration model knows of the game: how hands are made, how many players
    are in, and how lows are scored.

    >>> GameShape(Selection.OMAHA, hole=4, board=5, players=3, low=Ranking.ACE_TO_FIVE).others
    2
    """

    selection: Selection
    hole: int
    """Each player's final hole cards (stud and draw: all the player's cards)."""
    board: int
    """Board cards at the showdown."""
    players: int
    low: Ranking
    qualifier: int | None = None

    @property
    def others(self) -> int:
        """The other players each player is up against."""
        return self.players - 1


class DeclarationModel(Protocol):
    """Anything that says how simulated opponents declare, from their scores."""

    def declare(
        self, game: GameShape, highs: NDArray[np.int64], lows: NDArray[np.int64]
    ) -> NDArray[np.int64]:
        """Each opponent's declaration code (`CODE_DIRECTIONS`), shaped like ``highs``:
        (showdowns, opponents). Lows are 0 where an opponent has no qualifying low."""
        ...


@numba.njit(cache=True, nogil=True, inline="always")
def _beat(values: NDArray[np.int64], at: NDArray[np.float64], after: NDArray[np.float64],
          score: int) -> float:  # fmt: skip
    """One score's chance to beat a random hand, by binary search in a `WinTable`."""
    low, high = 0, values.shape[0]
    while low < high:  # the first value above the score
        middle = (low + high) >> 1
        if values[middle] <= score:
            low = middle + 1
        else:
            high = middle
    if low == 0:
        return 0.0
    return float(at[low - 1] if values[low - 1] == score else after[low - 1])


@dataclass(frozen=True, slots=True, eq=False)
class WinTable:
    """How often each score of one side beats a random final hand of one game shape:
    the different scores seen, in order, with the chance for a score equal to one of
    them (ties counting half) and for a score just above it."""

    values: NDArray[np.int64]
    at: NDArray[np.float64]
    after: NDArray[np.float64]

    @classmethod
    def of(cls, scores: NDArray[np.int64]) -> WinTable:
        """The table of a sample of random hands' scores.

        >>> table = WinTable.of(np.array([3, 1, 2, 2]))
        >>> table.beat(np.array([0, 2, 4, 1])).tolist()
        [0.0, 0.5, 1.0, 0.125]
        """
        values, counts = np.unique(scores, return_counts=True)
        through = np.cumsum(counts)
        total = float(through[-1])
        at = (2 * through - counts) / (2 * total)
        after = through / total
        for array in (values, at, after):
            array.flags.writeable = False
        return cls(values.astype(np.int64), at, after)

    def beat(self, scores: NDArray[np.int64]) -> NDArray[np.float64]:
        """The chance each score beats one random hand, ties counting half."""
        flat = np.ascontiguousarray(scores, np.int64).ravel()
        out = np.empty(flat.shape[0], np.float64)
        _beat_all(self.values, self.at, self.after, flat, out)
        return out.reshape(np.shape(scores))


@numba.njit(cache=True, nogil=True)
def _beat_all(
    values: NDArray[np.int64],
    at: NDArray[np.float64],
    after: NDArray[np.float64],
    scores: NDArray[np.int64],
    out: NDArray[np.float64],
) -> None:
    for index in range(scores.shape[0]):
        out[index] = _beat(values, at, after, scores[index])


@numba.njit(cache=True, nogil=True)
def _best_shares(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    high_table: tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]],
    low_table: tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]],
    others: int,
    out: NDArray[np.int64],
) -> None:
    """Each opponent's declaration with the best expected share (high first on ties)."""
    for row in range(highs.shape[0]):
        for opponent in range(highs.shape[1]):
            high_once = _beat(high_table[0], high_table[1], high_table[2], highs[row, opponent])
            low_once = 0.0
            if lows[row, opponent] > 0:
                low_once = _beat(low_table[0], low_table[1], low_table[2], lows[row, opponent])
            high, low = high_once, low_once
            for _ in range(others - 1):  # against each other player in turn
                high *= high_once
                low *= low_once
            way, best = 0, high / 2
            if low / 2 > best:
                way, best = 1, low / 2
            if high * low > best:
                way = 2
            out[row, opponent] = way


@cache
def win_table(
    selection: Selection, hole: int, board: int, side: Ranking, qualifier: int | None = None
) -> WinTable:
    """The `WinTable` of one side (``Ranking.HIGH`` or a low) for a game shape; built once
    a process from a fixed seed, so every process builds the same one."""
    deals = random_deals(np.random.default_rng(_TABLE_SEED), _TABLE_HANDS, hole + board)
    if selection is Selection.OMAHA:
        holes, boards = deals[:, :hole], deals[:, hole:]
        if side is Ranking.HIGH:
            scores = omaha_high_scores(holes, boards)
        else:
            scores = omaha_low_scores(holes, boards, side, qualifier)
    elif side is Ranking.HIGH:
        scores = high_scores(deals)
    else:
        scores = low_scores(deals, side, qualifier)
    return WinTable.of(scores)


@dataclass(frozen=True, slots=True)
class BestShareModel:
    """The default model: each opponent declares the way with its best expected share,
    worked out from `win_table` (see the module's description)."""

    def declare(
        self, game: GameShape, highs: NDArray[np.int64], lows: NDArray[np.int64]
    ) -> NDArray[np.int64]:
        """Each opponent's declaration code."""
        high = win_table(game.selection, game.hole, game.board, Ranking.HIGH)
        low = win_table(game.selection, game.hole, game.board, game.low, game.qualifier)
        out = np.empty(np.shape(highs), np.int64)
        _best_shares(
            np.ascontiguousarray(highs, np.int64),
            np.ascontiguousarray(lows, np.int64),
            (high.values, high.at, high.after),
            (low.values, low.at, low.after),
            max(1, game.others),
            out,
        )
        return out


@dataclass(frozen=True, slots=True)
class FixedModel:
    """Every opponent declares the same way, whatever it holds (for what-if questions).

    >>> game = GameShape(Selection.HOLDEM, hole=2, board=5, players=2, low=Ranking.ACE_TO_FIVE)
    >>> scores = np.zeros((2, 1), np.int64)
    >>> FixedModel(Direction.LOW).declare(game, scores, scores).tolist()
    [[1], [1]]
    """

    direction: Direction

    def declare(
        self, game: GameShape, highs: NDArray[np.int64], lows: NDArray[np.int64]
    ) -> NDArray[np.int64]:
        """The one declaration, for every opponent of every showdown."""
        return np.full(highs.shape, DIRECTION_CODES[self.direction], np.int64)


@dataclass(frozen=True, slots=True)
class KnownDeclarations:
    """Opponents whose declarations are already public (an in-turn declare) keep them;
    the others declare by ``model``.

    ``known`` holds one declaration or None per opponent, in the scenario's order of
    opponents; opponents beyond it declare by ``model``. The cards dealt to an opponent
    who has declared are still random: what its declaration says about its hand is not
    used.

    >>> game = GameShape(Selection.ANY_FIVE, hole=7, board=0, players=3, low=Ranking.ACE_TO_FIVE)
    >>> scores = np.zeros((2, 2), np.int64)
    >>> KnownDeclarations((None, Direction.BOTH), FixedModel(Direction.LOW)).declare(
    ...     game, scores, scores).tolist()
    [[1, 2], [1, 2]]
    """

    known: tuple[Direction | None, ...]
    model: DeclarationModel = BestShareModel()

    def declare(
        self, game: GameShape, highs: NDArray[np.int64], lows: NDArray[np.int64]
    ) -> NDArray[np.int64]:
        """The known declarations, and the model's for everybody else."""
        out = np.array(self.model.declare(game, highs, lows), np.int64)
        for column, direction in enumerate(self.known[: out.shape[1]]):
            if direction is not None:
                out[:, column] = DIRECTION_CODES[direction]
        return out
