"""Timing shared by the benchmarks: the fastest of several rounds, as a rate.

On a shared machine the speed of the whole machine drifts from second to second. Rates
that are compared with each other (hilo against a peer, two threads against one) are
therefore timed by `best_rates`, which runs every contender once in each round: a slow
moment of the machine falls on every contender of that round alike, instead of on
whichever ran while it lasted.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping


def best_rate(run: Callable[[], None], count: int, rounds: int) -> float:
    """Items per second over the fastest of ``rounds`` runs of ``run`` (``count`` items each)."""
    return best_rates({"run": (run, count)}, rounds)["run"]


def best_rates(runs: Mapping[str, tuple[Callable[[], None], int]], rounds: int) -> dict[str, float]:
    """Each run's items per second over its fastest of ``rounds`` rounds, the runs taking
    turns within every round (``runs`` maps a name to a run and the items it does).

    >>> rates = best_rates({"a": (lambda: None, 10), "b": (lambda: None, 20)}, 2)
    >>> sorted(rates), all(rate > 0 for rate in rates.values())
    (['a', 'b'], True)
    """
    times = turns({name: run for name, (run, _count) in runs.items()}, rounds)
    return {name: count / max(min(times[name]), 1e-9) for name, (_run, count) in runs.items()}


def turns(runs: Mapping[str, Callable[[], None]], rounds: int) -> dict[str, list[float]]:
    """Seconds each run took in each of ``rounds`` rounds, every run once a round, in the
    given order in even rounds and the reverse in odd ones (so that neither is always the
    one that runs just after the other).

    >>> times = turns({"a": lambda: None, "b": lambda: None}, 3)
    >>> sorted(times), [len(seconds) for seconds in times.values()]
    (['a', 'b'], [3, 3])
    """
    times: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs.items())
    for round_ in range(rounds):
        for name, run in order if round_ % 2 == 0 else order[::-1]:
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return times


def median_ratio(slower: list[float], faster: list[float]) -> float:
    """The median over rounds of one run's time over another's in the same round.

    >>> median_ratio([2.0, 4.0, 9.0], [1.0, 2.0, 1.0])
    2.0
    """
    return statistics.median(a / max(b, 1e-12) for a, b in zip(slower, faster, strict=True))
