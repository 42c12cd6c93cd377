"""Where two threads lose time against one, in figures a busy machine disturbs little.

`benchmarks.bench_batch` times one thread against two on the same hands; on a machine
shared with other work that ratio says more about the other work than about hilo. This
benchmark measures the parts of a two-thread call one at a time, each the smallest or
the median of many tries and most of them in CPU time, which other processes change
little:

* the cost of the threaded entry with one thread over the plain compiled loop (CPU time
  of a call on a small batch: the checks, the tables, the split);
* how long after a call hands work to the shared pool a pool thread starts it, with the
  pool idle a moment before (what a call waits for before its second thread helps), and
  how long a thread waiting on an event takes to run again once another sets it (what a
  call waits for at its end);
* the CPU time a row of 7-card high hands takes on one thread, and on each thread of two
  scoring at once (whether the rows cost more when both cores score).

Run it with ``python -m benchmarks.bench_threads`` (``--hands``, ``--tries``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray


def _summary(values: Sequence[float]) -> str:
    """The least and the median, or why there are none (on a busy machine one thread of
    two may take every piece of every call)."""
    if not values:
        return "none: this thread took no piece of any call"
    return f"min {min(values):8.2f}  median {statistics.median(values):8.2f}"


def _cpu(run: Callable[[], object], tries: int) -> list[float]:
    """Microseconds of this thread's CPU time for each of ``tries`` calls of ``run``."""
    spent = []
    for _ in range(tries):
        start = time.thread_time_ns()
        run()
        spent.append((time.thread_time_ns() - start) / 1e3)
    return spent


def wake_latencies(tries: int) -> tuple[list[float], list[float]]:
    """Microseconds from a submit to the pool thread starting, and from an event set to
    its waiter running again, each after the pool had been idle half a millisecond."""
    from hilo.sim.threads import submit

    starts, wakes = [], []
    for _ in range(tries):
        time.sleep(0.0005)
        stamp: list[int] = []
        begun = time.perf_counter_ns()

        def mark(stamp: list[int] = stamp) -> None:
            stamp.append(time.perf_counter_ns())

        submit(mark).result()
        starts.append((stamp[0] - begun) / 1e3)
        event = threading.Event()
        sent: list[int] = []

        def setter(event: threading.Event = event, sent: list[int] = sent) -> None:
            time.sleep(0.0005)
            sent.append(time.perf_counter_ns())
            event.set()

        submit(setter)
        event.wait()
        wakes.append((time.perf_counter_ns() - sent[0]) / 1e3)
    return starts, wakes


def row_costs(
    deals: NDArray[np.uint8], tries: int
) -> tuple[list[float], list[float], list[float], list[int]]:
    """Nanoseconds of CPU time a row takes: on one thread, on the calling thread of two,
    on the pool thread of two; and the pieces each two-thread call was cut into."""
    from hilo.sim import high_scores, kernels

    plain = kernels.high_rows
    pieces: list[tuple[int, int, int]] = []

    def timed(*arguments: Any) -> int:
        start = time.thread_time_ns()
        refused = plain(*arguments)
        rows = arguments[0]
        assert isinstance(rows, np.ndarray)
        pieces.append((threading.get_ident(), time.thread_time_ns() - start, rows.shape[0]))
        return int(refused)

    caller = threading.get_ident()
    alone: list[float] = []
    calling: list[float] = []
    pooled: list[float] = []
    counts: list[int] = []
    kernels.high_rows = timed  # type: ignore[assignment]
    try:
        for _ in range(tries):
            pieces.clear()
            high_scores(deals, threads=1)
            alone.append(pieces[0][1] / pieces[0][2])
            pieces.clear()
            high_scores(deals, threads=2)
            counts.append(len(pieces))
            for mine, into in ((True, calling), (False, pooled)):
                own = [(spent, rows) for ident, spent, rows in pieces if (ident == caller) == mine]
                if own:
                    into.append(sum(spent for spent, _ in own) / sum(rows for _, rows in own))
    finally:
        kernels.high_rows = plain
    return alone, calling, pooled, counts


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the parts of a two-thread call."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=500_000, help="random 7-card hands")
    parser.add_argument("--tries", type=int, default=60, help="tries of each measure")
    args = parser.parse_args(argv)

    from hilo.sim import high_scores, kernels, random_deals
    from hilo.sim.tables import high_tables, rank_hash

    deals = random_deals(np.random.default_rng(2026), args.hands, 7)
    small = deals[:2000]
    hashing, tables = rank_hash(), high_tables()
    out = np.empty(small.shape[0], np.int64)
    high_scores(small, threads=2)  # tables built, kernels loaded, the pool started

    def plain() -> None:
        kernels.high_rows(
            small,
            hashing.card_keys,
            hashing.multiplier,
            hashing.displacement,
            tables.by_slot,
            tables.by_flush,
            out,
        )

    print(
        f"{args.hands:,} random 7-card hands, {args.tries} tries a measure, load {os.getloadavg()}"
    )
    loop = _cpu(plain, args.tries * 10)
    entry = _cpu(lambda: high_scores(small, threads=1), args.tries * 10)
    print(f"  CPU us a call of {small.shape[0]:,} rows, compiled loop alone: {_summary(loop)}")
    print(f"  CPU us a call of {small.shape[0]:,} rows, high_scores(threads=1): {_summary(entry)}")
    starts, wakes = wake_latencies(args.tries)
    print(f"  us from submit to a pool thread starting:        {_summary(starts)}")
    print(f"  us from an event set to its waiter running:      {_summary(wakes)}")
    alone, calling, pooled, counts = row_costs(deals, args.tries)
    print(f"  CPU ns a row, one thread:                        {_summary(alone)}")
    print(f"  CPU ns a row, calling thread of two:             {_summary(calling)}")
    print(f"  CPU ns a row, pool thread of two:                {_summary(pooled)}")
    print(f"  pieces a two-thread call: median {statistics.median(counts):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
