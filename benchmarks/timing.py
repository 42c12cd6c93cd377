"""Timing shared by the benchmarks: the fastest of several rounds, as a rate.

On a shared machine the speed of the whole machine drifts from second to second. Rates
that are compared with each other (hilo against a peer, two threads against one) are
therefore timed by `best_rates`, which runs every contender once in each round: a slow
moment of the machine falls on every contender of that round alike, instead of on
whichever ran while it lasted.
"""

from __future__ import annotations

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
    fastest = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, (run, _count) in runs.items():
            start = time.perf_counter()
            run()
            fastest[name] = min(fastest[name], time.perf_counter() - start)
    return {name: count / max(fastest[name], 1e-9) for name, (_run, count) in runs.items()}
