"""Running a simulation in chunks: in this process, or on any `concurrent.futures.Executor`.

A Monte Carlo run is cut into chunks of `CHUNK_SAMPLES` deals (the last one shorter),
and chunk ``i`` is seeded with child ``i`` of ``numpy.random.SeedSequence(seed)``
(`SeedSequence.spawn`). The chunks and their seeds depend only on the seed and the
number of samples, never on where they run, and their sums are added in chunk order:
the same seed gives the same answer in this process, on a process pool or on a Dask
cluster.

With ``executor=None`` a run stays in this process unless it is large (more than
`LARGE_RUN_SECONDS` of work by a rough estimate, and more than one chunk), when it
goes to a `ProcessPoolExecutor` with one worker a core, started for the run and shut
down after it. `InlineExecutor` keeps any run in this process.

To run on a Dask cluster (``pip install 'dask[distributed]'``), pass the executor of a
Dask client; every worker needs hilo installed with its ``sim`` extra::

    from dask.distributed import Client, LocalCluster
    from hilo.sim import Scenario, equity

    scenario = Scenario.from_text("omaha-hilo", "Ah 2h 3d Kc", opponents=3)
    with LocalCluster(n_workers=4, dashboard_address=None) as cluster, Client(cluster) as client:
        result = equity(scenario, samples=50_000_000, seed=1, executor=client.get_executor())

Point ``Client`` at a running scheduler's address instead of a ``LocalCluster`` to use
a cluster of several machines.

>>> work = [1, 2, 3]
>>> map_chunks(lambda item, report: item * 10, work, [1, 1, 1], InlineExecutor())
[10, 20, 30]
>>> [(size, str(seed.spawn_key)) for size, seed in chunk_plan(CHUNK_SAMPLES + 5, 7)]
[(262144, '(0,)'), (5, '(1,)')]
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

__all__ = [
    "CHUNK_SAMPLES",
    "LARGE_RUN_SECONDS",
    "InlineExecutor",
    "Progress",
    "chunk_plan",
    "map_chunks",
    "run_executor",
]

CHUNK_SAMPLES = 1 << 18
"""Deals in one chunk of a Monte Carlo run."""

LARGE_RUN_SECONDS = 3.0
"""Estimated seconds of work above which ``executor=None`` starts a process pool."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while a run goes, in deals."""

Job = TypeVar("Job")
Result = TypeVar("Result")
Report = Callable[[int], None]


class InlineExecutor(Executor):
    """An executor that runs each call at once, in the calling thread."""

    def submit(self, fn: Callable[..., Result], /, *args: Any, **kwargs: Any) -> Future[Result]:
        """Run ``fn(*args, **kwargs)`` now; the future holds its result or its error."""
        future: Future[Result] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # the caller sees it from future.result()
            future.set_exception(error)
        return future


def chunk_plan(
    samples: int, seed: int, size: int = CHUNK_SAMPLES
) -> list[tuple[int, np.random.SeedSequence]]:
    """The chunks of a run: each chunk's deals (``size``, the last one fewer) and its own seed."""
    count = -(-samples // size)
    seeds = np.random.SeedSequence(seed).spawn(count)
    sizes = [size] * (count - 1) + [samples - size * (count - 1)]
    return list(zip(sizes, seeds, strict=True)) if samples > 0 else []


def map_chunks(
    work: Callable[[Job, Report | None], Result],
    jobs: Sequence[Job],
    sizes: Sequence[int],
    executor: Executor | None,
    progress: Progress | None = None,
) -> list[Result]:
    """``work(job, report)`` for every job, results in job order.

    Without an executor the jobs run here, one after the other, and ``work`` may call
    ``report(deals)`` as it goes; on an executor ``report`` is None and progress moves
    as chunks finish.
    """
    total = sum(sizes)
    done = 0
    if executor is None:
        results = []
        for job, size in zip(jobs, sizes, strict=True):
            start = done

            def report(deals: int, start: int = start) -> None:
                if progress is not None:
                    progress(start + deals, total)

            results.append(work(job, report))
            done += size
            if progress is not None:
                progress(done, total)
        return results
    futures = [executor.submit(work, job, None) for job in jobs]
    position = {future: index for index, future in enumerate(futures)}
    for future in as_completed(futures):
        done += sizes[position[future]]
        if progress is not None:
            progress(done, total)
    return [future.result() for future in futures]


@contextmanager
def run_executor(
    executor: Executor | None, estimated_seconds: float, chunks: int
) -> Iterator[Executor | None]:
    """The executor a run uses: the one given, else a process pool for a large run
    (shut down when the run ends), else None (run here)."""
    if executor is not None:
        yield None if isinstance(executor, InlineExecutor) else executor
        return
    cores = os.cpu_count() or 1
    if estimated_seconds <= LARGE_RUN_SECONDS or chunks < 2 or cores < 2:
        yield None
        return
    # "spawn": a fresh interpreter is safe even when this process runs threads.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(cores, chunks), mp_context=context) as pool:
        yield pool
