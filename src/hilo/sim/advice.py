"""What should I declare? The expected share of the pot for declaring high, low and both.

`advise` deals the unseen cards of a scenario like `hilo.sim.equity.equity`, lets a
`hilo.sim.models.DeclarationModel` declare for every simulated opponent (by default
`BestShareModel`: each opponent declares the way that maximises its own expected
share, by a documented approximation), and settles each simulated showdown three
times, once for each way the player could declare, under the house rules' declare
switches (``swing_ties``, ``second_best``, ``no_winner``, ``all_swing_fallback``),
with the compiled equivalent of the referee in `hilo.sim.tally`.

A pot that rides counts as nothing won in this hand; how often it happens is reported.

>>> from hilo.rules import HouseRules
>>> from hilo.sim.scenario import Scenario
>>> wheel = Scenario.from_text(
...     "seven-card-stud-hilo-declare", "As 2d 3c 4h 5s Kd Qc", up=["Kh 9s 9d 2c"]
... )
>>> advice = advise(wheel, HouseRules.preset("strict"))
>>> advice.best.direction, advice.is_exact
(<Direction.BOTH: 'both'>, True)
>>> str(advice.option(Direction.LOW).low_won)
'1.0000'
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from hilo.engine.declare import Direction
from hilo.errors import ConfigError
from hilo.rules.house_rules import HouseRules
from hilo.sim.equity import Equity, Measure
from hilo.sim.home import HOME_EXACT_LIMIT, HomePlan, home_simulate, is_home_game
from hilo.sim.models import BestShareModel, DeclarationModel
from hilo.sim.runs import EXACT_LIMIT, Plan, Totals, simulate
from hilo.sim.scenario import Scenario
from hilo.sim.tally import DIRECTION_CODES, EQUITY_STATISTICS, OPTION_STATISTICS
from hilo.sim.threads import check_threads

__all__ = ["Advice", "DeclareOption", "advise"]

_DIRECTIONS = (Direction.HIGH, Direction.LOW, Direction.BOTH)


@dataclass(frozen=True, slots=True)
class DeclareOption:
    """One way to declare and what it brings: the expected share of the pot, and the
    chances behind it (each a `Measure`).

    >>> zero, one = Measure(0.0), Measure(1.0)
    >>> option = DeclareOption(Direction.LOW, Measure(0.5), zero, zero, one, zero, zero, zero)
    >>> option.low_lost.value, option.high_lost
    (0.0, None)
    """

    direction: Direction
    share: Measure
    """Expected fraction of the pot (a riding pot counts as nothing)."""
    high_won: Measure
    """Chance of being the only one awarded the high side."""
    high_tied: Measure
    """Chance of sharing the high side with others."""
    low_won: Measure
    low_tied: Measure
    swing_failed: Measure
    """Declaring both: chance the swing is ineligible (it wins nothing by its declaration)."""
    rides: Measure
    """Chance nobody can win and the pot rides to the next hand."""

    @property
    def high_lost(self) -> Measure | None:
        """Chance of getting nothing from the high side (None: high not declared)."""
        if not self.direction.goes_high:
            return None
        return Measure(max(0.0, 1.0 - self.high_won.value - self.high_tied.value))

    @property
    def low_lost(self) -> Measure | None:
        """Chance of getting nothing from the low side (None: low not declared)."""
        if not self.direction.goes_low:
            return None
        return Measure(max(0.0, 1.0 - self.low_won.value - self.low_tied.value))

    def to_dict(self) -> dict[str, Any]:
        """The option as JSON values."""
        document: dict[str, Any] = {"direction": self.direction.value}
        for name in OPTION_STATISTICS:
            document[name] = getattr(self, name).to_dict()
        return document


@dataclass(frozen=True, slots=True)
class Advice:
    """The three ways to declare, the cards-speak equity behind them, and how the
    simulated opponents declared.

    >>> zero = Measure(0.0)
    >>> options = tuple(
    ...     DeclareOption(way, Measure(value), *[zero] * 6)
    ...     for way, value in zip(Direction, (0.4, 0.5, 0.3))
    ... )
    >>> advice = Advice(options, Equity(*[zero] * 8, 1, True), (1.0, 0.0, 0.0), 1, True)
    >>> advice.best.direction
    <Direction.LOW: 'low'>
    """

    options: tuple[DeclareOption, ...]
    """High, low and both, in that order."""
    equity: Equity
    """The cards-speak figures of the same deals (lows scored by the house rules)."""
    opponents_declared: tuple[float, float, float]
    """How often a simulated opponent declared high, low and both."""
    samples: int
    is_exact: bool
    seed: int | None = None
    model: str = ""
    """The declaration model's name."""

    @property
    def best(self) -> DeclareOption:
        """The option with the greatest expected share (high first, then low, on ties)."""
        return max(self.options, key=lambda option: option.share.value)

    def option(self, direction: Direction) -> DeclareOption:
        """The option for one declaration."""
        return self.options[_DIRECTIONS.index(direction)]

    def to_dict(self) -> dict[str, Any]:
        """The advice as JSON values."""
        return {
            "best": self.best.direction.value,
            "options": [option.to_dict() for option in self.options],
            "equity": self.equity.to_dict(),
            "opponents_declared": dict(
                zip((way.value for way in _DIRECTIONS), self.opponents_declared, strict=True)
            ),
            "samples": self.samples,
            "exact": self.is_exact,
            "seed": self.seed,
            "model": self.model,
        }

    @classmethod
    def from_totals(cls, totals: Totals, model: str) -> Advice:
        """The advice of an advice run's sums."""
        base = len(EQUITY_STATISTICS)
        options = []
        for direction in _DIRECTIONS:
            start = base + DIRECTION_CODES[direction] * len(OPTION_STATISTICS)
            measures = [
                Measure(totals.mean(start + offset), totals.error(start + offset))
                for offset in range(len(OPTION_STATISTICS))
            ]
            options.append(DeclareOption(direction, *measures))
        declared = base + 3 * len(OPTION_STATISTICS)
        opponents = (totals.mean(declared), totals.mean(declared + 1), totals.mean(declared + 2))
        return cls(
            tuple(options),
            Equity.from_totals(totals),
            opponents,
            totals.count,
            totals.is_exact,
            totals.seed,
            model,
        )


def advise(
    scenario: Scenario,
    rules: HouseRules | None = None,
    *,
    samples: int = 100_000,
    seed: int | None = None,
    model: DeclarationModel | None = None,
    exact: bool | None = None,
    exact_limit: int = EXACT_LIMIT,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    threads: int | None = None,
) -> Advice:
    """The expected share of the pot for each way to declare in ``scenario``.

    ``rules`` (default ``strict``) must make the game a declare game. Lows score by
    the rules' low ranking and qualifier, as the referee scores them. ``model`` says
    how the opponents declare (default `BestShareModel`). ``samples``, ``seed``,
    ``exact``, ``exact_limit``, ``executor``, ``progress`` and ``threads`` work as in
    `hilo.sim.equity.equity`. In Chicago-declare the low is the spade, in 7/27 high is
    27 and low is 7.
    """
    check_threads(threads)
    chosen = rules if rules is not None else HouseRules()
    variant = scenario.variant
    if not variant.declares_under(chosen):  # raises for a declare game at a cards-speak table
        raise ConfigError(
            f"{scenario.game} is not played with declarations under {chosen.name} rules; "
            "ask for its equity instead"
        )
    if is_home_game(scenario):
        totals = home_simulate(
            HomePlan(scenario, chosen, declare=True, model=model),
            samples=samples,
            seed=seed,
            exact=exact,
            exact_limit=min(exact_limit, HOME_EXACT_LIMIT),
            executor=executor,
            progress=progress,
        )
        name = "BestShareModel" if model is None else type(model).__name__
        return Advice.from_totals(totals, name)
    declaring = model if model is not None else BestShareModel()
    totals = simulate(
        Plan(scenario, *variant.showdown_low(chosen), chosen, declaring),
        samples=samples,
        seed=seed,
        exact=exact,
        exact_limit=exact_limit,
        executor=executor,
        progress=progress,
        threads=threads,
    )
    return Advice.from_totals(totals, type(declaring).__name__)
