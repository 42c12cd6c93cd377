"""Timing shared by the benchmarks: the fastest of several rounds, as a rate."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_rate(run: Callable[[], None], count: int, rounds: int) -> float:
    """Items per second over the fastest of ``rounds`` runs of ``run`` (``count`` items each)."""
    fastest = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        fastest = min(fastest, time.perf_counter() - start)
    return count / fastest
