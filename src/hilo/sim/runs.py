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
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
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
from hilo.sim.threads import check_threads, parts, submit

__all__ = [
    "EXACT_LIMIT",
    "MOST_EXACT_DEALS",
    "Plan",
    "Totals",
    "count_blocks",
    "run_chunk",
    "simulate",
]

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


def _tally(
    plan: Plan,
    highs: NDArray[np.int64],
    lows: NDArray[np.int64],
    weights: NDArray[np.float64],
    sums: NDArray[np.float64],
) -> None:
    """Add one block's figures to ``sums``, row by row in order."""
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


Scores = tuple[NDArray[np.int64], NDArray[np.int64]]


def _score_parts(
    plan: Plan, layout: Layout, rows: NDArray[np.uint8], threads: int
) -> list[Future[Scores]]:
    """Start scoring a block's rows on the shared threads, in contiguous parts."""
    return [
        submit(score_rows, layout, rows[start:stop], plan.low, plan.qualifier)
        for start, stop in parts(rows.shape[0], threads)
    ]


def _joined(scoring: list[Future[Scores]]) -> Scores:
    """A block's scores, its parts put back in order."""
    scores = [future.result() for future in scoring]
    if len(scores) == 1:
        return scores[0]
    return np.concatenate([high for high, _ in scores]), np.concatenate([low for _, low in scores])


def count_blocks(
    plan: Plan,
    blocks: Iterator[tuple[NDArray[np.uint8], NDArray[np.float64]]],
    sums: NDArray[np.float64],
    threads: int,
    counted: Callable[[NDArray[np.float64]], None] | None = None,
) -> None:
    """Score and count each block of rows (with its weights) into ``sums``, calling
    ``counted(weights)`` after each block.

    With one thread every block is dealt, scored and counted here in turn. With more,
    a block's rows are scored on the shared threads (`hilo.sim.threads`) while the next
    block is dealt here, and blocks are counted here in their order: the scores are
    whole numbers and the sums are added in the same order, so the figures are the same
    to the last bit whatever the number of threads.
    """
    layout = _layout(plan.scenario)
    if threads == 1:
        for rows, weights in blocks:
            highs, lows = score_rows(layout, rows, plan.low, plan.qualifier)
            _tally(plan, highs, lows, weights, sums)
            if counted is not None:
                counted(weights)
        return
    waiting: tuple[list[Future[Scores]], NDArray[np.float64]] | None = None
    for rows, weights in blocks:
        scoring = _score_parts(plan, layout, rows, threads)
        if waiting is not None:
            _finish(plan, *waiting, sums, counted)
        waiting = scoring, weights
    if waiting is not None:
        _finish(plan, *waiting, sums, counted)


def _finish(
    plan: Plan,
    scoring: list[Future[Scores]],
    weights: NDArray[np.float64],
    sums: NDArray[np.float64],
    counted: Callable[[NDArray[np.float64]], None] | None,
) -> None:
    """Wait for a block's scores and count them."""
    highs, lows = _joined(scoring)
    _tally(plan, highs, lows, weights, sums)
    if counted is not None:
        counted(weights)


def _random_blocks(
    layout: Layout, rng: np.random.Generator, samples: int
) -> Iterator[tuple[NDArray[np.uint8], NDArray[np.float64]]]:
    """A chunk's random deals, block by block, each row weighing 1."""
    for first in range(0, samples, BLOCK):
        count = min(BLOCK, samples - first)
        yield layout.random_rows(rng, count), np.ones(count)


def run_chunk(
    plan: Plan,
    job: tuple[int, np.random.SeedSequence],
    report: Callable[[int], None] | None,
    threads: int = 1,
) -> NDArray[np.float64]:
    """The sums of one Monte Carlo chunk: ``job`` is its deals and its seed; ``threads``
    score its blocks (the same sums for any number)."""
    samples, seed = job
    layout = _layout(plan.scenario)
    rng = np.random.Generator(np.random.PCG64(seed))
    sums = np.zeros((plan.statistics, 2))
    done = 0

    def counted(weights: NDArray[np.float64]) -> None:
        nonlocal done
        done += weights.shape[0]
        if report is not None:
            report(done)

    count_blocks(plan, _random_blocks(layout, rng, samples), sums, threads, counted)
    return sums


class _Chunk:
    """A picklable ``run_chunk`` bound to its plan and threads, for executors."""

    def __init__(self, plan: Plan, threads: int) -> None:
        self.plan = plan
        self.threads = threads

    def __call__(
        self, job: tuple[int, np.random.SeedSequence], report: Callable[[int], None] | None
    ) -> NDArray[np.float64]:
        return run_chunk(self.plan, job, report, self.threads)


def _exact(
    plan: Plan, layout: Layout, total: int, progress: Progress | None, threads: int
) -> Totals:
    sums = np.zeros((plan.statistics, 2))
    weight, done = 0.0, 0

    def counted(weights: NDArray[np.float64]) -> None:
        nonlocal weight, done
        weight += float(weights.sum())
        done += weights.shape[0]
        if progress is not None:
            progress(done, total)

    count_blocks(plan, layout.exact_rows(), sums, threads, counted)
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
    threads: int | None = None,
) -> Totals:
    """Run a plan: exactly when small enough (or asked to), else ``samples`` seeded deals.

    ``exact`` None walks every deal when that scores at most ``exact_limit`` hands;
    True always walks them (up to `MOST_EXACT_DEALS`); False always samples.
    ``executor`` is a `concurrent.futures.Executor` or None (see `hilo.sim.parallel`).
    ``threads`` score the deals in this process (None: every core); chunks sent to other
    processes use one thread each unless ``threads`` is given. The figures are the same
    for any number of threads.
    """
    if executor is not None and not isinstance(executor, Executor):
        raise ConfigError("executor must be a concurrent.futures.Executor, or None")
    here = check_threads(threads)
    layout = _layout(plan.scenario)
    if exact is not False:
        most = MOST_EXACT_DEALS if exact else max(0, exact_limit) // plan.scenario.players
        total = layout.exact_count(most)
        if total is not None:
            return _exact(plan, layout, total, progress, here)
        if exact:
            raise HiloError(
                f"there are more than {MOST_EXACT_DEALS:,} deals to walk; sample them instead"
            )
    seed = sampling_seed(samples, seed)
    jobs = chunk_plan(samples, seed)
    sizes = [size for size, _ in jobs]
    with run_executor(executor, plan.estimated_seconds(samples), len(jobs)) as chosen:
        each = here if chosen is None or threads is not None else 1
        results = map_chunks(_Chunk(plan, each), jobs, sizes, chosen, progress)
    sums = np.zeros((plan.statistics, 2))
    for result in results:
        sums += result
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
