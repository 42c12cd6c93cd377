"""Home-game equity on every core: one process against a pool of worker processes, in one run.

The home games (wild cards, follow the queen, Chicago, 7/27: `hilo.sim.home`) deal each
deal in Python; a Monte Carlo run is cut into seeded chunks of 1,024 deals that run in
this process or on any executor, with the same figures. For each spot the same seeded
run is timed three ways, taking turns in every round (`benchmarks.timing.best_rates`):
in this process (``--workers 1``), on a pool of ``--workers`` processes already started
(as a long-lived process or a Dask cluster runs it), and on a pool started for the run
and shut down after it (as ``hilo equity --workers N`` runs it: a fresh interpreter a
worker, importing hilo.sim and loading its compiled kernels). The ratios to the one
process are printed, with the CPU time a deal takes in this process, in the started
pool's workers, and in the workers of the pool started for the run (their start-up
included). The figures are checked to be the same every way.

Run it with ``python -m benchmarks.bench_home`` (``--samples``, ``--workers``, ``--rounds``).

Profile (cProfile, 8,000 deals with three opponents, one process): follow the queen
spends about 70% of its time dealing the rest of each hand card by card in Python
(`hilo.sim.home._deal`, with follow the queen's wild ranks) and 30% scoring (grouping
the hands by what is wild for the batch kernels, 10%, and the kernels); 7/27 spends
about 60% dealing, most of it the drawing policy (`_take_cards`, the totals of each hand
held), and the rest scoring the totals (`hilo.hands.points.best_total`). A chunk of
1,024 deals costs little to send to a worker and back (the plan is about 1 kB pickled
and read back in about half a millisecond, the sums a small array), against 50 to 100 ms
of work.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import resource
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

from benchmarks.timing import best_rates
from hilo.sim.equity import Equity, equity
from hilo.sim.parallel import InlineExecutor
from hilo.sim.scenario import Scenario

SPOTS = (
    ("follow the queen, 3 opponents", "follow-the-queen", "Ah Ad 7c", 3),
    ("7/27, 3 opponents", "seven-twenty-seven", "Ac 6d", 3),
    ("Baseball, 3 opponents", "baseball", "Kh Kd 3c", 3),
)
"""(name, game, my cards, opponents): the spots timed."""


def _pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def _pool_seconds(pool: ProcessPoolExecutor) -> float:
    """CPU seconds the pool's worker processes have used so far (Linux; 0 elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for pid in list(pool._processes or {}):  # the pool's workers, by process id
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime and stime, in clock ticks
    return total / ticks


def _children_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_spot(
    name: str,
    scenario: Scenario,
    warm: ProcessPoolExecutor,
    samples: int,
    workers: int,
    rounds: int,
) -> bool:
    """Time one spot every way and print it; True when the figures are the same every way."""
    answers: dict[str, Equity] = {}

    def run(executor: Executor, key: str) -> None:
        answers[key] = equity(scenario, samples=samples, seed=1, executor=executor)

    def fresh() -> None:
        with _pool(workers) as pool:
            run(pool, "fresh")

    run(warm, "warm")  # the warm pool's workers import and load before timing
    warm_start = _pool_seconds(warm)
    run(warm, "warm")
    warm_cpu = _pool_seconds(warm) - warm_start
    start = time.process_time()
    run(InlineExecutor(), "here")
    here_cpu = time.process_time() - start
    children = _children_seconds()
    fresh()
    fresh_cpu = _children_seconds() - children
    rates = best_rates(
        {
            "here": (lambda: run(InlineExecutor(), "here"), samples),
            "warm": (lambda: run(warm, "warm"), samples),
            "fresh": (fresh, samples),
        },
        rounds,
    )
    same = answers["here"] == answers["warm"] == answers["fresh"]
    print(f"\n  {name}: share {answers['here'].share}, same figures every way: {same}")
    print(f"    one process                       {rates['here']:>9,.0f} deals/s")
    for key, words in (("warm", "pool already started"), ("fresh", "pool started for it")):
        ratio = rates[key] / rates["here"]
        print(f"    {workers} workers, {words:21} {rates[key]:>9,.0f} deals/s  {ratio:5.2f}x")
    print(
        f"    CPU a deal: {here_cpu / samples * 1e6:.1f} us in one process, "
        f"{warm_cpu / samples * 1e6:.1f} us in the started pool's workers, "
        f"{fresh_cpu / samples * 1e6:.1f} us in the fresh pool's workers"
    )
    return same


def main(argv: Sequence[str] | None = None) -> int:
    """Time every spot in this process and on worker processes; print rates and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=6000, help="deals a run (default 6000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, best kept (default 3)")
    args = parser.parse_args(argv)
    print(f"hilo home-game equity, {args.samples:,} deals a run, {args.workers} workers")
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()}")
    same = True
    with _pool(args.workers) as warm:
        for name, game, cards, opponents in SPOTS:
            scenario = Scenario.from_text(game, cards, opponents=opponents)
            same &= time_spot(name, scenario, warm, args.samples, args.workers, args.rounds)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
