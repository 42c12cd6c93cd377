"""One simulation from start to sums: deal (or walk every deal), score, count, combine.

`simulate` is shared by `hilo.sim.equity.equity` and `hilo.sim.advice.advise`. A run
is exact when the scenario has few enough deals (every deal is walked and weighted
once), else Monte Carlo in seeded chunks (`hilo.sim.parallel`). Either way rows are
handled in blocks of `hilo.sim.completion.BLOCK`: dealt, scored by the batch
evaluators, and counted by the compiled loops of `hilo.sim.tally`.

>>> from hilo.sim.scenario import Scenario
>>> plan = Plan(Scenario.from_text("holdem", "Ah Ad", board="Kc 7d 2s 9h 3c"), None, None)
>>> totals = simulate(plan, samples=1000, seed=1)
>>> totals.is_exact, totals.count, round(totals.mean(7), 4)
(True, 990, 0.8934)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from hilo.errors import ConfigError, HiloError
from hilo.hands.ranking import Ranking, Selection
from hilo.rules.house_rules import HouseRules
from hilo.sim.completion import BLOCK, Layout
from hilo.sim.models import DeclarationModel, GameShape
from hilo.sim.parallel import Progress, chunk_plan, map_chunks, run_executor
from hilo.sim.scenario import Scenario
from hilo.sim.scoring import score_rows
from hilo.sim.tally import (
    ADVICE_STATISTICS,
    EQUITY_STATISTICS,
    cards_speak_sums,
    declare_sums,
    rule_codes,
)

__all__ = ["EXACT_LIMIT", "MOST_EXACT_DEALS", "Plan", "Totals", "run_chunk", "simulate"]

EXACT_LIMIT = 2_000_000
"""A run walks every deal when that scores at most this many hands (deals times players)."""

MOST_EXACT_DEALS = 50_000_000
"""The most deals ``exact=True`` walks; past this it refuses and asks for sampling."""

_NANOSECONDS_A_HAND = {
    Selection.ANY_FIVE: 25.0,
    Selection.HOLDEM: 25.0,
    Selection.OMAHA: 250.0,
    Selection.CRISS_CROSS: 50.0,
}
"""Rough cost of dealing and scoring one player's hand, for choosing where to run."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What to simulate: a scenario, how lows score (None: no low half), and for advice
    the declare rules and the opponents' declaration model."""

    scenario: Scenario
    low: Ranking | None
    qualifier: int | None
    rules: HouseRules | None = None
    model: DeclarationModel | None = None
    lowball: bool = False
    """Razz, deuce-to-seven: the whole pot to the best low, counted in the high figures."""

    @property
    def statistics(self) -> int:
        """Rows of the sums a run adds up."""
        equity = len(EQUITY_STATISTICS)
        return equity + ADVICE_STATISTICS if self.rules is not None else equity

    @property
    def shape(self) -> GameShape:
        """The game as a declaration model sees it."""
        variant = self.scenario.variant
        return GameShape(
            variant.selection,
            variant.hole_cards,
            self.scenario.board_size,
            self.scenario.players,
            self.low or Ranking.ACE_TO_FIVE,
            self.qualifier,
        )

    def estimated_seconds(self, samples: int) -> float:
        """Rough seconds one core spends on ``samples`` deals."""
        each = _NANOSECONDS_A_HAND[self.scenario.variant.selection] * self.scenario.players
        return samples * each * (1.3 if self.rules is not None else 1.0) * 1e-9


@dataclass(frozen=True, slots=True, eq=False)
class Totals:
    """A run's sums: for each statistic its weighted sum and sum of squares."""

    sums: NDArray[np.float64]
    weight: float
    count: int
    """Deals counted (sampled, or walked)."""
    is_exact: bool
    seed: int | None

    def mean(self, index: int) -> float:
        """The mean of statistic ``index``."""
        return float(self.sums[index, 0] / self.weight) if self.weight > 0 else 0.0

    def error(self, index: int) -> float:
        """The standard error of that mean (0 for an exact run)."""
        if self.is_exact or self.count < 2:
            return 0.0
        mean = self.mean(index)
        spread = max(0.0, float(self.sums[index, 1]) / self.count - mean * mean)
        return math.sqrt(spread / (self.count - 1))


@lru_cache(maxsize=32)
def _layout(scenario: Scenario) -> Layout:
    return Layout.of(scenario)


def _count_block(
    plan: Plan,
    layout: Layout,
    rows: NDArray[np.uint8],
    weights: NDArray[np.float64],
    sums: NDArray[np.float64],
) -> None:
    """Score one block of rows and add its figures to ``sums``."""
    highs, lows = score_rows(layout, rows, plan.low, plan.qualifier)
    if plan.lowball:  # one side, won by the best low: counted as the only side there is
        highs, lows = lows, np.zeros_like(lows)
    equity = len(EQUITY_STATISTICS)
    cards_speak_sums(highs, lows, weights, sums[:equity])
    if plan.rules is None or plan.model is None:
        return
    ways = np.zeros(highs.shape, np.int64)
    answer = np.asarray(plan.model.declare(plan.shape, highs[:, 1:], lows[:, 1:]))
    if answer.shape != (highs.shape[0], highs.shape[1] - 1) or (
        answer.size and (answer.min() < 0 or answer.max() > 2)
    ):
        raise ConfigError(
            "a declaration model must answer 0, 1 or 2 for each opponent of each showdown, "
            f"shaped {(highs.shape[0], highs.shape[1] - 1)}; it answered shape {answer.shape}"
        )
    ways[:, 1:] = answer
    declare_sums(highs, lows, ways, rule_codes(plan.rules), weights, sums[equity:])


def run_chunk(
    plan: Plan, job: tuple[int, np.random.SeedSequence], report: Callable[[int], None] | None
) -> NDArray[np.float64]:
    """The sums of one Monte Carlo chunk: ``job`` is its deals and its seed."""
    samples, seed = job
    layout = _layout(plan.scenario)
    rng = np.random.Generator(np.random.PCG64(seed))
    sums = np.zeros((plan.statistics, 2))
    for first in range(0, samples, BLOCK):
        count = min(BLOCK, samples - first)
        rows = layout.random_rows(rng, count)
        _count_block(plan, layout, rows, np.ones(count), sums)
        if report is not None:
            report(first + count)
    return sums


class _Chunk:
    """A picklable ``run_chunk`` bound to its plan, for executors."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan

    def __call__(
        self, job: tuple[int, np.random.SeedSequence], report: Callable[[int], None] | None
    ) -> NDArray[np.float64]:
        return run_chunk(self.plan, job, report)


def _exact(plan: Plan, layout: Layout, total: int, progress: Progress | None) -> Totals:
    sums = np.zeros((plan.statistics, 2))
    weight, done = 0.0, 0
    for rows, weights in layout.exact_rows():
        _count_block(plan, layout, rows, weights, sums)
        weight += float(weights.sum())
        done += rows.shape[0]
        if progress is not None:
            progress(done, total)
    return Totals(sums, weight, done, True, None)


def simulate(
    plan: Plan,
    *,
    samples: int,
    seed: int | None = None,
    exact: bool | None = None,
    exact_limit: int = EXACT_LIMIT,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> Totals:
    """Run a plan: exactly when small enough (or asked to), else ``samples`` seeded deals.

    ``exact`` None walks every deal when that scores at most ``exact_limit`` hands;
    True always walks them (up to `MOST_EXACT_DEALS`); False always samples.
    ``executor`` is a `concurrent.futures.Executor` or None (see `hilo.sim.parallel`).
    """
    if executor is not None and not isinstance(executor, Executor):
        raise ConfigError("executor must be a concurrent.futures.Executor, or None")
    layout = _layout(plan.scenario)
    if exact is not False:
        most = MOST_EXACT_DEALS if exact else max(0, exact_limit) // plan.scenario.players
        total = layout.exact_count(most)
        if total is not None:
            return _exact(plan, layout, total, progress)
        if exact:
            raise HiloError(
                f"there are more than {MOST_EXACT_DEALS:,} deals to walk; sample them instead"
            )
    seed = sampling_seed(samples, seed)
    jobs = chunk_plan(samples, seed)
    sizes = [size for size, _ in jobs]
    with run_executor(executor, plan.estimated_seconds(samples), len(jobs)) as chosen:
        parts = map_chunks(_Chunk(plan), jobs, sizes, chosen, progress)
    sums = np.zeros((plan.statistics, 2))
    for part in parts:
        sums += part
    return Totals(sums, float(samples), samples, False, seed)


def sampling_seed(samples: object, seed: int | None) -> int:
    """Check a Monte Carlo run's ``samples`` and ``seed`` (refused in a sentence) and give
    the seed to use: ``seed``, or a fresh one when None."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise ConfigError(f"samples must be a whole number of at least 2, not {samples!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ConfigError(f"seed must be a whole number of at least 0, not {seed!r}")
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)
        seed = entropy
    return seed
