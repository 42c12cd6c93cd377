"""Rows split over threads: the same scores, row for row, for any number of threads; bad
rows named as with one thread; bad thread counts refused in a sentence."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable

import numpy as np
import pytest
from numpy.typing import NDArray

from hilo.errors import ConfigError, HandError
from hilo.hands import Ranking
from hilo.sim import (
    high_scores,
    holdem_high_scores,
    holdem_low_scores,
    low_scores,
    omaha_high_scores,
    omaha_low_scores,
    random_deals,
)
from hilo.sim.threads import (
    SMALLEST_PART,
    all_cores,
    check_threads,
    parts,
    run_parts,
    share_rows,
)

ROWS = 3 * SMALLEST_PART + 17  # enough for three parts, unevenly
SEVEN = random_deals(np.random.default_rng(21), ROWS, 7)
NINE = random_deals(np.random.default_rng(22), ROWS, 9)

Batch = Callable[[int], NDArray[np.int64]]
BATCHES: dict[str, Batch] = {
    "high": lambda threads: high_scores(SEVEN, threads=threads),
    "ace-to-five 8": lambda threads: low_scores(SEVEN, Ranking.ACE_TO_FIVE, 8, threads=threads),
    "deuce-to-seven": lambda threads: low_scores(SEVEN, Ranking.DEUCE_TO_SEVEN, threads=threads),
    "ace-to-six": lambda threads: low_scores(SEVEN, Ranking.ACE_TO_SIX, threads=threads),
    "omaha high": lambda threads: omaha_high_scores(NINE[:, :4], NINE[:, 4:], threads=threads),
    "omaha low": lambda threads: omaha_low_scores(
        NINE[:, :4], NINE[:, 4:], Ranking.DEUCE_TO_SEVEN, 8, threads=threads
    ),
    "hold'em high": lambda threads: holdem_high_scores(SEVEN[:, :2], SEVEN[:, 2:], threads=threads),
    "hold'em low": lambda threads: holdem_low_scores(
        SEVEN[:, :2], SEVEN[:, 2:], qualifier=8, threads=threads
    ),
}


@pytest.mark.parametrize("name", BATCHES)
def test_any_number_of_threads_gives_the_same_array(name: str) -> None:
    one = BATCHES[name](1)
    assert one.shape == (ROWS,)
    for threads in (2, 3, 5):
        assert np.array_equal(BATCHES[name](threads), one), threads


def test_parts_cover_the_rows_in_order_and_stay_large() -> None:
    for count, threads in ((ROWS, 3), (ROWS, 64), (SMALLEST_PART * 2 - 1, 4), (0, 2), (5, 1)):
        ranges = parts(count, threads)
        assert ranges[0][0] == 0
        assert ranges[-1][1] == count
        assert all(stop == start for (_, stop), (start, _) in itertools.pairwise(ranges))
        sizes = [stop - start for start, stop in ranges]
        assert max(sizes) - min(sizes) <= 1
        assert len(ranges) <= threads
        assert len(ranges) == 1 or min(sizes) >= SMALLEST_PART
    assert len(parts(ROWS, 3)) == 3


def test_run_parts_keeps_the_order_and_runs_beside_the_caller() -> None:
    seen: set[str] = set()

    def work(start: int, stop: int) -> tuple[int, int]:
        seen.add(threading.current_thread().name)
        return start, stop

    assert run_parts(work, ROWS, 3) == parts(ROWS, 3)
    assert threading.current_thread().name in seen
    assert len(seen) >= 2


def _covers(pieces: list[tuple[int, int]], count: int) -> bool:
    """True when the pieces are in order, each follows the last, and they cover the rows."""
    return (
        pieces[0][0] == 0
        and pieces[-1][1] == count
        and all(stop == start for (_, stop), (start, _) in itertools.pairwise(pieces))
    )


def test_shared_rows_come_back_in_order_whichever_thread_took_them() -> None:
    count = 20 * SMALLEST_PART + 17
    caller = threading.current_thread().name
    helped = threading.Event()
    seen: list[str] = []

    def work(start: int, stop: int) -> tuple[int, int]:
        name = threading.current_thread().name
        seen.append(name)
        if name != caller:
            helped.set()
        else:  # the caller holds its first piece until a pool thread has taken one
            helped.wait(timeout=30)
        return start, stop

    pieces = share_rows(work, count, 2)
    assert _covers(pieces, count)
    assert len(pieces) > 2
    sizes = [stop - start for start, stop in pieces]
    assert min(sizes[:-1]) >= SMALLEST_PART
    assert sizes[0] == count // 3  # the first piece: a third of the rows, for two threads
    assert len(set(seen)) == 2
    assert share_rows(work, count, 1) == [(0, count)]
    assert share_rows(work, 2 * SMALLEST_PART - 1, 2) == [(0, 2 * SMALLEST_PART - 1)]


def test_shared_rows_finish_every_piece_before_an_error_is_raised() -> None:
    count = 20 * SMALLEST_PART
    done: list[tuple[int, int]] = []
    failed: list[tuple[int, int]] = []

    def work(start: int, stop: int) -> None:
        if start == 0:
            failed.append((start, stop))
            raise ValueError("the first piece fails")
        done.append((start, stop))

    with pytest.raises(ValueError, match="the first piece fails"):
        share_rows(work, count, 2)
    assert _covers(sorted(done + failed), count)


def test_a_bad_row_is_named_whichever_part_it_falls_in() -> None:
    hands = SEVEN.copy()
    hands[ROWS - 3, 4] = hands[ROWS - 3, 1]  # in the last part
    with pytest.raises(HandError, match=f"row {ROWS - 3} of the hands holds .* twice"):
        high_scores(hands, threads=3)
    hands[SMALLEST_PART + 5, 0] = 60  # in the second part: the first bad row
    for threads in (1, 3):
        with pytest.raises(HandError, match=f"row {SMALLEST_PART + 5} of the hands: 60 is not"):
            low_scores(hands, threads=threads)
    hole, board = NINE[:, :4].copy(), NINE[:, 4:].copy()
    hole[ROWS - 1, 0] = board[ROWS - 1, 2]
    with pytest.raises(HandError, match=f"row {ROWS - 1}: .* both in the hand and on the board"):
        omaha_high_scores(hole, board, threads=2)


def test_calls_from_many_threads_at_once() -> None:
    expected = high_scores(SEVEN, threads=1)
    results: list[bool] = []

    def call() -> None:
        results.append(bool(np.array_equal(high_scores(SEVEN, threads=2), expected)))

    callers = [threading.Thread(target=call) for _ in range(4)]
    for caller in callers:
        caller.start()
    for caller in callers:
        caller.join()
    assert results == [True] * 4


@pytest.mark.parametrize("threads", [0, -1, True, 1.5, "2", 257])
def test_bad_thread_counts_are_refused(threads: object) -> None:
    message = (
        f"threads must be a whole number from 1 to 256 \\(None: every core\\), not {threads!r}"
    )
    with pytest.raises(ConfigError, match=message):
        check_threads(threads)
    with pytest.raises(ConfigError, match="threads must be"):
        high_scores(SEVEN[:10], threads=threads)  # type: ignore[arg-type]


def test_none_is_every_core() -> None:
    assert check_threads(None) == all_cores() >= 1
    assert check_threads(3) == 3
