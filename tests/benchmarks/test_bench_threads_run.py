"""The thread-figures benchmark still runs end to end (tiny sizes; no timing is asserted)."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks import bench_threads
from hilo.sim import random_deals


def test_thread_figures_print_every_measure(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_threads.main(["--hands", "20000", "--tries", "3"]) == 0
    out = capsys.readouterr().out
    for line in (
        "compiled loop alone:",
        "high_scores(threads=1):",
        "from submit to a pool thread starting:",
        "from an event set to its waiter running:",
        "CPU ns a row, one thread:",
        "CPU ns a row, calling thread of two:",
        "CPU ns a row, pool thread of two:",
        "pieces a two-thread call:",
    ):
        assert line in out


def test_a_thread_that_took_no_piece_is_said_so() -> None:
    assert bench_threads._summary([]) == "none: this thread took no piece of any call"
    assert bench_threads._summary([2.0, 4.0, 3.0]).split() == ["min", "2.00", "median", "3.00"]


def test_row_costs_count_every_two_thread_call() -> None:
    deals = random_deals(np.random.default_rng(3), 20_000, 7)
    alone, calling, pooled, counts = bench_threads.row_costs(deals, 2)
    assert len(alone) == len(counts) == 2
    assert all(count >= 2 for count in counts)  # 20,000 rows are shared in pieces
    # Each call's pieces are taken by the calling thread, the pool thread or both (on a
    # busy machine one of them may take them all).
    assert 2 <= len(calling) + len(pooled) <= 4
    assert all(cost > 0 for cost in alone + calling + pooled)
