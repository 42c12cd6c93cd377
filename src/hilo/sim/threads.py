"""Every core of this machine: rows split over threads, each part scored exactly as alone.

The compiled row loops release the GIL, so a batch cut into contiguous parts runs on
several threads at once; every row is scored on its own, so the answer is the same, row
for row, whatever the number of threads. Parts run on one pool of threads shared by the
whole process (its threads start when first needed, and a forked child starts its own);
a call runs its first part itself and waits for the others, and a part never waits for
another, so calls from many threads at once cannot block one another.

`share_rows` cuts a batch into more, smaller pieces (about `PIECES_A_THREAD` a thread)
that the threads take in turn as each finishes its last: a thread that starts late, or
whose core is busy with other work, takes fewer pieces instead of holding up the call.
Which thread scores a piece changes nothing in its scores.

``threads`` is a whole number of at least 1, or None for every core (`all_cores`);
``threads=1`` runs in the calling thread alone, as before there were threads.

>>> parts(100_000, 2), parts(1_000, 4)
([(0, 50000), (50000, 100000)], [(0, 1000)])
>>> run_parts(lambda start, stop: stop - start, 100_000, 3)
[33334, 33333, 33333]
>>> share_rows(lambda start, stop: start, 100_000, 2)[:3]
[0, 12500, 25000]
>>> check_threads(0)
Traceback (most recent call last):
...
hilo.errors.ConfigError: threads must be a whole number from 1 to 256 (None: every core), not 0
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar, cast

from hilo.errors import ConfigError

__all__ = [
    "MOST_THREADS",
    "PIECES_A_THREAD",
    "SMALLEST_PART",
    "all_cores",
    "check_threads",
    "parts",
    "run_parts",
    "share_rows",
    "submit",
]

MOST_THREADS = 256
"""The most threads a run may ask for."""

SMALLEST_PART = 4096
"""Rows in the smallest part a batch is split into: below it, threads cost more than
they save."""

PIECES_A_THREAD = 4
"""Pieces a thread's share of a batch is cut into for `share_rows`."""

Result = TypeVar("Result")


class _Shared:
    """The process's pool of threads, started when first needed."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pool: ThreadPoolExecutor | None = None

    def forget(self) -> None:
        """In a forked child: the parent's threads are not there, so start a pool anew."""
        self.lock = threading.Lock()
        self.pool = None

    def get(self) -> ThreadPoolExecutor:
        """The pool, started now if it is not yet."""
        with self.lock:
            if self.pool is None:
                self.pool = ThreadPoolExecutor(
                    max_workers=MOST_THREADS, thread_name_prefix="hilo-sim"
                )
            return self.pool


_shared = _Shared()
os.register_at_fork(after_in_child=_shared.forget)


def all_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # pragma: no cover - macOS and Windows have no affinity call
        return os.cpu_count() or 1


def check_threads(threads: object) -> int:
    """The number of threads ``threads`` asks for (None: `all_cores`); anything but a
    whole number from 1 to `MOST_THREADS` is refused in a sentence."""
    if threads is None:
        return all_cores()
    if (
        isinstance(threads, bool)
        or not isinstance(threads, int)
        or not 1 <= threads <= MOST_THREADS
    ):
        raise ConfigError(
            f"threads must be a whole number from 1 to {MOST_THREADS} (None: every core), "
            f"not {threads!r}"
        )
    return threads


def parts(count: int, threads: int) -> list[tuple[int, int]]:
    """Contiguous (start, stop) ranges covering ``count`` rows: at most ``threads`` of
    them, none shorter than `SMALLEST_PART` unless there is only one, sizes within one."""
    pieces = max(1, min(threads, count // SMALLEST_PART))
    size, extra = divmod(count, pieces)
    ranges = []
    start = 0
    for piece in range(pieces):
        stop = start + size + (1 if piece < extra else 0)
        ranges.append((start, stop))
        start = stop
    return ranges


def submit(work: Callable[..., Result], *arguments: object) -> Future[Result]:
    """Run ``work(*arguments)`` on the shared pool of threads."""
    pool = _shared.get()
    return pool.submit(work, *arguments)


def run_parts(work: Callable[[int, int], Result], count: int, threads: int) -> list[Result]:
    """``work(start, stop)`` for each of `parts` of ``count`` rows, in order: the first
    part in this thread, the others on the shared pool."""
    ranges = parts(count, threads)
    if len(ranges) == 1:
        return [work(0, count)]
    others = [submit(work, start, stop) for start, stop in ranges[1:]]
    first = work(*ranges[0])
    return [first, *(future.result() for future in others)]


def share_rows(work: Callable[[int, int], Result], count: int, threads: int) -> list[Result]:
    """``work(start, stop)`` for each of `parts` of ``count`` rows cut for ``threads`` times
    `PIECES_A_THREAD` threads, results in row order: this thread and up to ``threads - 1``
    of the shared pool each take the next piece nobody has taken until none is left. Every
    piece is done before this returns, even when one raises (its error is raised here)."""
    if threads == 1:
        return [work(0, count)]
    ranges = parts(count, threads * PIECES_A_THREAD)
    if len(ranges) == 1:
        return [work(0, count)]
    results: list[Result | None] = [None] * len(ranges)
    taken = itertools.count()  # next() on it is atomic: one piece, one thread

    def drain() -> None:
        while (index := next(taken)) < len(ranges):
            results[index] = work(*ranges[index])

    helpers = [submit(drain) for _ in range(min(threads, len(ranges)) - 1)]
    try:
        drain()
    finally:
        errors = [helper.exception() for helper in helpers]
    for error in errors:
        if error is not None:
            raise error
    return cast(list[Result], results)  # every piece was done
