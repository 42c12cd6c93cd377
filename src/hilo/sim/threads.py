"""Every core of this machine: rows split over threads, each part scored exactly as alone.

The compiled row loops release the GIL, so a batch cut into contiguous parts runs on
several threads at once; every row is scored on its own, so the answer is the same, row
for row, whatever the number of threads. Parts run on one pool of threads shared by the
whole process (its threads start when first needed, and a forked child starts its own);
a call runs its first part itself and waits for the others, and a part never waits for
another, so calls from many threads at once cannot block one another.

`share_rows` lets the threads take pieces of a batch in turn as each finishes its last,
large pieces first and small ones last: a thread that starts late, or whose core is busy
with other work, takes fewer rows (or none) instead of holding up the call. Which thread
scores a piece, and where the pieces end, changes nothing in the scores.

``threads`` is a whole number of at least 1, or None for every core (`all_cores`);
``threads=1`` runs in the calling thread alone, as before there were threads.

>>> parts(100_000, 2), parts(1_000, 4)
([(0, 50000), (50000, 100000)], [(0, 1000)])
>>> run_parts(lambda start, stop: stop - start, 100_000, 3)
[33334, 33333, 33333]
>>> pieces = share_rows(lambda start, stop: (start, stop), 100_000, 2)
>>> pieces[0][0], pieces[-1][1], all(a[1] == b[0] for a, b in zip(pieces, pieces[1:]))
(0, 100000, True)
>>> check_threads(0)
Traceback (most recent call last):
...
hilo.errors.ConfigError: threads must be a whole number from 1 to 256 (None: every core), not 0
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from hilo.errors import ConfigError

__all__ = [
    "MOST_THREADS",
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
    """``work(start, stop)`` over contiguous pieces covering ``count`` rows, shared by this
    thread and up to ``threads - 1`` of the shared pool; the results in row order.

    Each thread takes the next piece as it finishes its last, a piece being the rows left
    divided by one more than ``threads`` (never under `SMALLEST_PART`): large pieces
    first, small ones last, so that threads that start late or share their core with
    other work finish together, after few calls. The call returns once every piece is
    done, without waiting for a pool thread that came too late to take any; when a piece
    raises, the others are still done and the error is raised here.
    """
    if threads == 1 or count < 2 * SMALLEST_PART:
        return [work(0, count)]
    lock = threading.Lock()
    finished = threading.Event()
    taken, left = 0, count
    done: list[tuple[int, Result]] = []
    errors: list[BaseException] = []

    def drain() -> None:
        nonlocal taken, left
        while True:
            with lock:
                start = taken
                if start >= count:
                    return
                taken = min(count, start + max(SMALLEST_PART, (count - start) // (threads + 1)))
                stop = taken
            try:
                done.append((start, work(start, stop)))
            except BaseException as error:  # raised in the calling thread below
                errors.append(error)
            with lock:
                left -= stop - start
                if left == 0:
                    finished.set()

    for _ in range(min(threads, count // SMALLEST_PART) - 1):
        submit(drain)
    drain()
    finished.wait()
    if errors:
        raise errors[0]
    done.sort(key=lambda piece: piece[0])
    return [result for _, result in done]
