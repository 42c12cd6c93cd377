"""Hi-lo equity under cards speak: the chance of the best high, the best low, a scoop, and
the expected share of the pot, each with its standard error.

`equity` deals the unseen cards of a `hilo.sim.scenario.Scenario` (the player's cards
to come, the rest of the board, every opponent's unseen cards, ranged hands by weight)
and settles every deal as cards speak: the best high takes half the pot and the best
qualifying low the other half, ties splitting their half; with no qualifying low the
high takes it all. When the scenario has few deals (at most ``exact_limit`` hands
scored) every deal is walked once and the figures are exact (standard error 0);
otherwise ``samples`` seeded random deals give Monte Carlo figures.

>>> from hilo.sim.scenario import Scenario
>>> river = Scenario.from_text("omaha-hilo", "Ah 2h Kd Kc", board="3c 4d 8s Ks 9h")
>>> result = equity(river)
>>> result.is_exact, result.samples, str(result.win_low), result.scoop.value > 0.5
(True, 123410, '0.9459', True)
>>> third = Scenario.from_text("seven-card-stud-hilo", "As 2d 3c", up=["Kh"])
>>> sampled = equity(third, samples=20_000, seed=1)
>>> sampled.is_exact, sampled.samples, 0 < sampled.share.error < 0.01
(False, 20000, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

from hilo.errors import ConfigError
from hilo.hands.ranking import Ranking
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Variant
from hilo.sim.home import HOME_EXACT_LIMIT, HomePlan, home_simulate, is_home_game
from hilo.sim.runs import EXACT_LIMIT, Plan, Totals, simulate
from hilo.sim.scenario import Scenario
from hilo.sim.tally import EQUITY_STATISTICS
from hilo.sim.threads import check_threads

__all__ = ["Equity", "Measure", "cards_speak_low", "check_poker_split", "equity"]


@dataclass(frozen=True, slots=True)
class Measure:
    """A figure and its standard error (0 when it was worked out exactly).

    >>> str(Measure(0.48187, 0.00086)), str(Measure(0.5))
    ('0.4819 ± 0.0009', '0.5000')
    >>> Measure(0.5, 0.01).agrees_with(Measure(0.53, 0.01), sigmas=3)
    True
    """

    value: float
    error: float = 0.0

    def __str__(self) -> str:
        if self.error == 0:
            return f"{self.value:.4f}"
        return f"{self.value:.4f} ± {self.error:.4f}"

    def agrees_with(self, other: Measure, sigmas: float = 4.0) -> bool:
        """True when the two differ by at most ``sigmas`` combined standard errors."""
        spread = math.hypot(self.error, other.error)
        return abs(self.value - other.value) <= sigmas * spread + 1e-12

    def to_dict(self) -> dict[str, float]:
        """``{"value": ..., "error": ...}``."""
        return {"value": self.value, "error": self.error}


@dataclass(frozen=True, slots=True)
class Equity:
    """What the player can expect when the cards speak; every figure a `Measure`.

    >>> half = Measure(0.5)
    >>> Equity(*[half] * 8, samples=990, is_exact=True).share
    Measure(value=0.5, error=0.0)
    """

    win_high: Measure
    """Chance of the best high alone."""
    tie_high: Measure
    """Chance of tying for the best high."""
    high_half: Measure
    """Expected part of the high half won (ties split it)."""
    win_low: Measure
    """Chance of the best qualifying low alone."""
    tie_low: Measure
    """Chance of tying for the best qualifying low."""
    low_half: Measure
    """Expected part of the low half won (ties split it)."""
    scoop: Measure
    """Chance of taking the whole pot alone: both halves, or the high when nobody has a low."""
    share: Measure
    """Expected fraction of the pot (ties split, odd chips ignored)."""
    samples: int
    """Deals behind the figures: sampled, or walked when exact."""
    is_exact: bool
    seed: int | None = None
    """The seed a Monte Carlo run used (None when exact)."""

    def to_dict(self) -> dict[str, Any]:
        """Every figure as ``{"value", "error"}``, with ``samples``, ``exact`` and ``seed``."""
        document: dict[str, Any] = {
            name: getattr(self, name).to_dict() for name in EQUITY_STATISTICS
        }
        document.update(samples=self.samples, exact=self.is_exact, seed=self.seed)
        return document

    @classmethod
    def from_totals(cls, totals: Totals) -> Equity:
        """The equity figures of a run's sums (the first statistics of any plan)."""

        def measure(name: str) -> Measure:
            index = EQUITY_STATISTICS.index(name)
            return Measure(totals.mean(index), totals.error(index))

        return cls(
            win_high=measure("win_high"),
            tie_high=measure("tie_high"),
            high_half=measure("high_half"),
            win_low=measure("win_low"),
            tie_low=measure("tie_low"),
            low_half=measure("low_half"),
            scoop=measure("scoop"),
            share=measure("share"),
            samples=totals.count,
            is_exact=totals.is_exact,
            seed=totals.seed,
        )


def cards_speak_low(
    variant: Variant, rules: HouseRules | None = None
) -> tuple[Ranking | None, int | None]:
    """How lows score when the cards speak in ``variant``: (ranking, qualifier), or
    (None, None) for a high-only game.

    The ``*-hilo`` games fix ace-to-five eight-or-better; other split games take the
    low and the qualifier of ``rules`` (default: the ``cards-speak`` preset, so
    ace-to-five eight-or-better too).

    >>> from hilo.rules import VARIANTS
    >>> cards_speak_low(VARIANTS["holdem-hilo"])
    (<Ranking.ACE_TO_FIVE: 'ace-to-five'>, 8)
    >>> cards_speak_low(VARIANTS["seven-card-stud-hilo-declare"], HouseRules.preset("strict"))
    (<Ranking.ACE_TO_FIVE: 'ace-to-five'>, None)
    >>> cards_speak_low(VARIANTS["razz"])
    (<Ranking.ACE_TO_FIVE: 'ace-to-five'>, None)
    """
    if variant.is_lowball:
        return variant.showdown_low(HouseRules.preset("cards-speak"))
    if not variant.is_hi_lo:
        return None, None
    return variant.showdown_low(rules if rules is not None else HouseRules.preset("cards-speak"))


def equity(
    scenario: Scenario,
    rules: HouseRules | None = None,
    *,
    samples: int = 100_000,
    seed: int | None = None,
    exact: bool | None = None,
    exact_limit: int = EXACT_LIMIT,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    threads: int | None = None,
) -> Equity:
    """The player's cards-speak `Equity` in ``scenario``.

    ``rules`` gives the low ranking and qualifier where the game leaves them to the
    house (`cards_speak_low`). ``exact``: None walks every deal when that scores at most
    ``exact_limit`` hands, True always walks, False always samples. ``seed`` makes a
    sampled run repeatable (None: fresh entropy, reported in the result). ``executor``
    and ``progress``: see `hilo.sim.parallel`. ``threads`` score the deals in this
    process (None: every core; `hilo.sim.runs.simulate`): the same seed gives the same
    figures for any number. Games simulated deal by deal (`hilo.sim.home`) use one thread
    a process, their Monte Carlo chunks spread over ``executor``'s processes as here.
    """
    check_threads(threads)
    variant = scenario.variant
    if is_home_game(scenario):
        chosen = rules if rules is not None else HouseRules.preset("cards-speak")
        totals = home_simulate(
            HomePlan(scenario, chosen),
            samples=samples,
            seed=seed,
            exact=exact,
            exact_limit=min(exact_limit, HOME_EXACT_LIMIT),
            executor=executor,
            progress=progress,
        )
    else:
        low, qualifier = cards_speak_low(variant, rules)
        totals = simulate(
            Plan(scenario, low, qualifier, lowball=variant.is_lowball),
            samples=samples,
            seed=seed,
            exact=exact,
            exact_limit=exact_limit,
            executor=executor,
            progress=progress,
            threads=threads,
        )
    result = Equity.from_totals(totals)
    if not variant.is_lowball:
        return result
    return replace(  # the run counted the low as its one side: name it the low
        result,
        win_high=result.win_low,
        tie_high=result.tie_low,
        high_half=result.low_half,
        win_low=result.win_high,
        tie_low=result.tie_high,
        low_half=result.high_half,
    )


def check_poker_split(variant: Variant) -> None:
    """Refuse, with a sentence, a game whose sides are not poker hands (Chicago's spade in
    the hole, 7/27's totals): the batch evaluators of `hilo.sim.runs` score poker hands
    only (`equity` and `hilo.sim.advice.advise` send such games to `hilo.sim.home`).

    >>> from hilo.rules import VARIANTS
    >>> check_poker_split(VARIANTS["high-chicago"])
    Traceback (most recent call last):
    ...
    hilo.errors.ConfigError: high-chicago splits the pot between high and spade: the simulator scores poker hands, not a spade in the hole nor a 7/27 total
    """  # noqa: E501
    high, low = variant.side_names
    if variant.split in ("chicago", "chicago-declare", "seven-twenty-seven"):
        raise ConfigError(
            f"{variant.name} splits the pot between {high} and {low}: the simulator scores "
            "poker hands, not a spade in the hole nor a 7/27 total"
        )
