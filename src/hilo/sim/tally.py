"""Counting what the player (column 0) wins in each scored row: cards speak, or declared.

`declared_shares` is a vectorised equivalent of the referee, `hilo.engine.showdown.settle`,
for one pot whose players are all still in: each player's fraction of the pot (ties
split evenly, odd chips ignored) and whether the pot rides, under the house rules'
declare switches (``swing_ties``, ``second_best``, ``no_winner``,
``all_swing_fallback``). The tests settle thousands of random showdowns both ways for
every preset.

Declarations are small numbers here: 0 high, 1 low, 2 both (`DIRECTION_CODES`).

>>> import numpy as np
>>> from hilo.rules import HouseRules
>>> highs, lows = np.array([[5, 9, 1]]), np.array([[3, 4, 8]])
>>> shares, rides = declared_shares(highs, lows, np.array([[0, 2, 1]]), HouseRules())
>>> shares.tolist(), rides.tolist()
([[0.0, 0.0, 1.0]], [False])
"""

from __future__ import annotations

import numba
import numpy as np
from numpy.typing import NDArray

from hilo.engine.declare import Direction
from hilo.rules.house_rules import HouseRules

__all__ = [
    "ADVICE_STATISTICS",
    "DIRECTION_CODES",
    "EQUITY_STATISTICS",
    "OPTION_STATISTICS",
    "cards_speak_sums",
    "declare_sums",
    "declared_shares",
    "rule_codes",
]

DIRECTION_CODES: dict[Direction, int] = {Direction.HIGH: 0, Direction.LOW: 1, Direction.BOTH: 2}
"""How declarations are numbered in arrays."""

EQUITY_STATISTICS = (
    "win_high", "tie_high", "high_half", "win_low", "tie_low", "low_half", "scoop", "share",
)  # fmt: skip
"""What `cards_speak_sums` counts for the player, in order."""

OPTION_STATISTICS = (
    "share", "high_won", "high_tied", "low_won", "low_tied", "swing_failed", "rides",
)  # fmt: skip
"""What `declare_sums` counts for each of the player's three declarations, in order."""

ADVICE_STATISTICS = len(OPTION_STATISTICS) * 3 + 3
"""`declare_sums` columns: each option's statistics, then how often an opponent
declared high, low and both (as a fraction of the opponents; no sums of squares)."""

_HIGH, _LOW, _BOTH = 0, 1, 2
_WIN, _TIE, _LOSE = 0, 1, 2
_SWING_TIES = {"lose": 0, "share": 1, "keep-won-side": 2}
_NO_WINNER = {"rides": 0, "cards-speak": 1, "split": 2, "second-best": 3, "keep-won-side": 4}
_OUT = 3  # no_winner=keep-won-side: a swing best on neither side contends for neither
_DECLARED, _CARDS_SPEAK, _SPLIT, _RIDES = 0, 1, 2, 3


def rule_codes(rules: HouseRules) -> NDArray[np.int64]:
    """The declare switches as numbers: swing_ties, second_best, no_winner, and whether
    an all-swing showdown nobody wins is settled as cards speak."""
    return np.array(
        [
            _SWING_TIES[rules.swing_ties],
            int(rules.second_best),
            _NO_WINNER[rules.no_winner],
            int(rules.all_swing_fallback == "cards-speak"),
        ],
        np.int64,
    )


@numba.njit(cache=True, nogil=True, inline="always")
def _record(
    mine: int, scores: NDArray[np.int64], players: int, top: int, sums: NDArray[np.float64],
    column: int, weight: float,
) -> float:  # fmt: skip
    """Count winning one side outright or tied; return the player's part of that side."""
    if top <= 0 or mine != top:
        return 0.0
    tied = 0
    for player in range(players):
        if scores[player] == top:
            tied += 1
    if tied == 1:
        sums[column, 0] += weight
        sums[column, 1] += weight
    else:
        sums[column + 1, 0] += weight
        sums[column + 1, 1] += weight
    return 1.0 / tied


@numba.njit(cache=True, nogil=True)
def cards_speak_sums(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    weights: NDArray[np.float64],
    sums: NDArray[np.float64],
) -> None:
    """Add each row's `EQUITY_STATISTICS` for player 0, weighted, to ``sums`` (statistics
    by rows: the weighted sum, and the weighted sum of squares)."""
    rows, players = highs.shape
    for row in range(rows):
        weight = weights[row]
        high_top = highs[row, 0]
        low_top = lows[row, 0]
        for player in range(1, players):
            high_top = max(high_top, highs[row, player])
            low_top = max(low_top, lows[row, player])
        high_part = _record(highs[row, 0], highs[row], players, high_top, sums, 0, weight)
        low_part = _record(lows[row, 0], lows[row], players, low_top, sums, 3, weight)
        sums[2, 0] += weight * high_part
        sums[2, 1] += weight * high_part * high_part
        sums[5, 0] += weight * low_part
        sums[5, 1] += weight * low_part * low_part
        share = (high_part + low_part) / 2 if low_top > 0 else high_part
        if share == 1.0:
            sums[6, 0] += weight
            sums[6, 1] += weight
        sums[7, 0] += weight * share
        sums[7, 1] += weight * share * share


@numba.njit(cache=True, nogil=True, inline="always")
def _outcome(
    seat: int, scores: NDArray[np.int64], row: int, ways: NDArray[np.int64], away: int
) -> int:
    """A swing's result on one side against every other contender (``away``: the
    declaration that does not contend this side)."""
    mine = scores[row, seat]
    best = np.int64(-1)
    for player in range(scores.shape[1]):
        if player != seat and ways[row, player] < _OUT and ways[row, player] != away:
            best = max(best, scores[row, player])
    if mine <= 0:
        return _LOSE
    if best < 0 or mine > best:
        return _WIN
    return _TIE if mine == best else _LOSE


@numba.njit(cache=True, nogil=True, inline="always")
def _side(
    scores: NDArray[np.int64],
    row: int,
    ways: NDArray[np.int64],
    away: int,
    scratch: NDArray[np.bool_],
    eligible: int,
    second_best: bool,
    winners: int,
) -> int:
    """Mark one side's winners in ``scratch[winners]`` (from the seats eligible in
    ``scratch[eligible]``); return how many there are."""
    top = np.int64(-1)
    for player in range(scores.shape[1]):
        way = ways[row, player]
        if scratch[eligible, player] if second_best else way < _OUT and way != away:
            top = max(top, scores[row, player])
    count = 0
    for player in range(scores.shape[1]):
        won = top > 0 and scratch[eligible, player] and scores[row, player] == top
        scratch[winners, player] = won
        if won:
            count += 1
    return count


@numba.njit(cache=True, nogil=True, inline="always")
def _declared(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    row: int,
    ways: NDArray[np.int64],
    swing_ties: int,
    second_best: bool,
    scratch: NDArray[np.bool_],
    eligible: int,
) -> tuple[int, int]:
    """Settle by the declarations: swings checked (eligibility in ``scratch`` rows
    ``eligible`` and ``eligible + 1``), then each side's winners (rows 2 and 3)."""
    for player in range(highs.shape[1]):
        way = ways[row, player]
        scratch[eligible, player] = way < _OUT and way != _LOW
        scratch[eligible + 1, player] = way < _OUT and way != _HIGH
        if way != _BOTH:
            continue
        high = _outcome(player, highs, row, ways, _LOW)
        low = _outcome(player, lows, row, ways, _HIGH)
        if _LOSE in (high, low):
            keep_high = keep_low = False
        elif (high == _WIN and low == _WIN) or swing_ties == 1:
            keep_high = keep_low = True
        elif swing_ties == 2:
            keep_high, keep_low = high == _WIN, low == _WIN
        else:
            keep_high = keep_low = False
        scratch[eligible, player] = keep_high
        scratch[eligible + 1, player] = keep_low
    high_count = _side(highs, row, ways, _LOW, scratch, eligible, second_best, 2)
    low_count = _side(lows, row, ways, _HIGH, scratch, eligible + 1, second_best, 3)
    return high_count, low_count


@numba.njit(cache=True, nogil=True, inline="always")
def _cards_speak(
    highs: NDArray[np.int64], lows: NDArray[np.int64], row: int, scratch: NDArray[np.bool_]
) -> tuple[int, int]:
    """Winners as if nobody declared, in ``scratch`` rows 2 and 3."""
    high_top, low_top = highs[row, 0], lows[row, 0]
    for player in range(1, highs.shape[1]):
        high_top = max(high_top, highs[row, player])
        low_top = max(low_top, lows[row, player])
    high_count = low_count = 0
    for player in range(highs.shape[1]):
        high = highs[row, player] == high_top
        low = low_top > 0 and lows[row, player] == low_top
        scratch[2, player] = high
        scratch[3, player] = low
        high_count += high
        low_count += low
    return high_count, low_count


@numba.njit(cache=True, nogil=True, inline="always")
def _won_sides(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    row: int,
    ways: NDArray[np.int64],
    codes: NDArray[np.int64],
    scratch: NDArray[np.bool_],
) -> tuple[int, int]:
    """no_winner=keep-won-side: settle again with each swing read as a declaration for the
    side where its hand is best (ties included; best on neither: out). ``ways`` is restored."""
    players = highs.shape[1]
    high_top = low_top = np.int64(0)
    for player in range(players):
        if ways[row, player] != _LOW:
            high_top = max(high_top, highs[row, player])
        if ways[row, player] != _HIGH:
            low_top = max(low_top, lows[row, player])
    made = ways[row].copy()
    for player in range(players):
        if made[player] == _BOTH:
            best_high = highs[row, player] == high_top
            best_low = low_top > 0 and lows[row, player] == low_top
            if best_high and not best_low:
                ways[row, player] = _HIGH
            elif best_low and not best_high:
                ways[row, player] = _LOW
            elif not best_high:
                ways[row, player] = _OUT
    counts = _declared(highs, lows, row, ways, codes[0], codes[1] == 1, scratch, 4)
    for player in range(players):
        ways[row, player] = made[player]
    return counts


@numba.njit(cache=True, nogil=True, inline="always")
def _settle(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    row: int,
    ways: NDArray[np.int64],
    codes: NDArray[np.int64],
    scratch: NDArray[np.bool_],
    shares: NDArray[np.float64],
) -> int:
    """Settle one row's pot: fill every player's share; return how it was settled.

    ``scratch`` rows: eligible high, eligible low (by the declarations as made), high
    winners, low winners, and eligibility again for a second-best settlement.
    """
    players = highs.shape[1]
    swing_ties, second_best, no_winner, all_swing_speaks = codes[0], codes[1], codes[2], codes[3]
    high_count, low_count = _declared(
        highs, lows, row, ways, swing_ties, second_best == 1, scratch, 0
    )
    method = _DECLARED
    if high_count == 0 and low_count == 0:
        everybody_swung = True
        for player in range(players):
            everybody_swung = everybody_swung and ways[row, player] == _BOTH
        if (everybody_swung and all_swing_speaks == 1) or no_winner == 1:
            method = _CARDS_SPEAK
            high_count, low_count = _cards_speak(highs, lows, row, scratch)
        elif no_winner == 2:
            for player in range(players):
                shares[player] = 1.0 / players
            return _SPLIT
        elif no_winner == 3 and second_best == 0:
            high_count, low_count = _declared(highs, lows, row, ways, swing_ties, True, scratch, 4)
            if high_count == 0 and low_count == 0:
                method = _RIDES
        elif no_winner == 4:
            high_count, low_count = _won_sides(highs, lows, row, ways, codes, scratch)
            if high_count == 0 and low_count == 0:
                method = _RIDES
        else:
            method = _RIDES
    for player in range(players):
        share = 0.0
        if high_count and scratch[2, player]:
            share += (0.5 if low_count else 1.0) / high_count
        if low_count and scratch[3, player]:
            share += (0.5 if high_count else 1.0) / low_count
        shares[player] = share
    return method


@numba.njit(cache=True, nogil=True)
def _declared_rows(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    ways: NDArray[np.int64],
    codes: NDArray[np.int64],
    shares: NDArray[np.float64],
    rides: NDArray[np.bool_],
) -> None:
    players = highs.shape[1]
    scratch = np.zeros((6, players), np.bool_)
    row_shares = np.zeros(players, np.float64)
    for row in range(highs.shape[0]):
        method = _settle(highs, lows, row, ways, codes, scratch, row_shares)
        for player in range(players):
            shares[row, player] = row_shares[player]
        rides[row] = method == _RIDES


def declared_shares(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    declarations: NDArray[np.integer],
    rules: HouseRules,
) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """Each player's fraction of a declared pot, row by row, and whether the pot rides.

    All three arrays are shaped (rows, players); lows are 0 where there is no low.
    """
    highs = np.ascontiguousarray(highs, np.int64)
    shares = np.zeros(highs.shape, np.float64)
    rides = np.zeros(highs.shape[0], np.bool_)
    _declared_rows(
        highs,
        np.ascontiguousarray(lows, np.int64),
        np.ascontiguousarray(declarations, np.int64),
        rule_codes(rules),
        shares,
        rides,
    )
    return shares, rides


@numba.njit(cache=True, nogil=True)
def declare_sums(
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    ways: NDArray[np.int64],
    codes: NDArray[np.int64],
    weights: NDArray[np.float64],
    sums: NDArray[np.float64],
) -> None:
    """Add each row's figures for player 0 declaring high, low and both (the opponents'
    declarations as given; column 0 of ``ways`` is overwritten) to ``sums``, shaped
    (`ADVICE_STATISTICS`, 2): weighted sums and weighted sums of squares."""
    rows, players = highs.shape
    scratch = np.zeros((6, players), np.bool_)
    shares = np.zeros(players, np.float64)
    statistics = 7
    values = np.zeros(statistics, np.float64)
    for row in range(rows):
        weight = weights[row]
        for opponent in range(1, players):
            sums[3 * statistics + ways[row, opponent], 0] += weight / (players - 1)
        for choice in range(3):
            ways[row, 0] = choice
            method = _settle(highs, lows, row, ways, codes, scratch, shares)
            high_count = low_count = 0
            for player in range(players):
                high_count += scratch[2, player]
                low_count += scratch[3, player]
            counted = method != _SPLIT
            values[0] = shares[0]
            values[1] = counted and scratch[2, 0] and high_count == 1
            values[2] = counted and scratch[2, 0] and high_count > 1
            values[3] = counted and scratch[3, 0] and low_count == 1
            values[4] = counted and scratch[3, 0] and low_count > 1
            values[5] = choice == _BOTH and not scratch[0, 0] and not scratch[1, 0]
            values[6] = method == _RIDES
            base = choice * statistics
            for offset in range(statistics):
                value = values[offset]
                sums[base + offset, 0] += weight * value
                sums[base + offset, 1] += weight * value * value
