"""Declare advice for bots: the expected share of the pot for declaring high, low and
both, from `hilo.sim.advise` when hilo.sim can be imported.

hilo.sim needs numpy and numba (the ``sim`` extra), so `SimulatedAdvisor` imports it
only on its first use. It answers None (no advice) when hilo.sim is not installed,
when the game is not one of the shipped ones (which hilo.sim knows), or when the view
cannot be read as a `hilo.sim.Scenario`; a bot then declares by its own estimate.

The scenario is built from the seat's view alone (`hilo.sim.Scenario.from_view`): its
cards, the board, each live opponent's visible cards, the folded hands' visible cards
and its discards as dead cards. Declarations the view already shows (an in-turn
declare) are kept by those opponents (`hilo.sim.models.KnownDeclarations`); the
others declare by the default model.

>>> advisor = SimulatedAdvisor(samples=1000)
>>> advisor.samples
1000
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from hilo.bots.game import GameFacts
from hilo.engine.declare import Direction
from hilo.engine.views import TableView
from hilo.errors import HiloError
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import VARIANTS

__all__ = [
    "ADVICE_SAMPLES",
    "WARM_UP_GAMES",
    "DeclareAdvisor",
    "SimulatedAdvisor",
    "best_declaration",
    "warm_up",
]

ADVICE_SAMPLES = 4000
"""Deals one declare decision simulates (a few milliseconds once hilo.sim is loaded)."""

HOME_ADVICE_SAMPLES = 250
"""The most deals a declare decision simulates in a home game (wild cards, Chicago, 7/27):
those are scored one deal at a time, often with the pure wild-card evaluator, so a bot
would otherwise think for seconds; 250 deals give a share within about 0.03."""

_DIRECTIONS = (Direction.HIGH, Direction.LOW, Direction.BOTH)

WARM_UP_GAMES = (
    "seven-card-stud-hilo-declare",
    "holdem-hilo-declare",
    "omaha-hilo-declare",
    "five-card-draw-hilo-declare",
)
"""The games whose declare `warm_up` advises on: one of each shape hilo.sim scores."""


class DeclareAdvisor(Protocol):
    """Anything that says what each declaration is worth to the seat of a view."""

    def shares(self, view: TableView, rules: HouseRules) -> Mapping[Direction, float] | None:
        """The expected share of the pot for each declaration, or None: no advice."""
        ...


def best_declaration(shares: Mapping[Direction, float]) -> Direction:
    """The declaration with the greatest share (high, then low, then both on ties).

    >>> best_declaration({Direction.HIGH: 0.4, Direction.LOW: 0.55, Direction.BOTH: 0.55})
    <Direction.LOW: 'low'>
    """
    return max(_DIRECTIONS, key=lambda direction: (shares.get(direction, 0.0), -_rank(direction)))


def _rank(direction: Direction) -> int:
    return _DIRECTIONS.index(direction)


class SimulatedAdvisor:
    """Declare advice from `hilo.sim.advise` with ``samples`` deals (fewer when every
    deal can be walked), seeded from ``rng`` so that a seeded bot plays the same way.

    The advice plays the house rules given to `shares` (the table's), in this process.
    Without hilo.sim, and in Chicago and 7/27 (whose sides are not poker hands), every
    answer is None.
    """

    def __init__(
        self,
        samples: int = ADVICE_SAMPLES,
        *,
        rng: random.Random | None = None,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
            raise ValueError(f"advice needs at least two samples, not {samples!r}")
        self.samples = samples
        self.rng = rng or random.Random()
        self.is_missing = False
        """True once importing hilo.sim has failed (it is not tried again)."""

    def shares(self, view: TableView, rules: HouseRules) -> Mapping[Direction, float] | None:
        """The advice's expected share of the pot for each declaration, or None."""
        if self.is_missing or not GameFacts.for_variant(view.variant, rules).is_poker_split:
            return None  # hilo.sim scores poker hands, not Chicago's spade nor 7/27's counts
        try:  # hilo.sim first: it says clearly when numpy or numba is missing
            import hilo.sim  # noqa: F401, PLC0415 - needs numpy and numba
            from hilo.sim.advice import advise  # noqa: PLC0415
            from hilo.sim.home import is_home_game  # noqa: PLC0415
            from hilo.sim.models import KnownDeclarations  # noqa: PLC0415
            from hilo.sim.parallel import InlineExecutor  # noqa: PLC0415
            from hilo.sim.scenario import Scenario, public_declarations  # noqa: PLC0415
        except ImportError:
            self.is_missing = True
            return None
        seed = self.rng.getrandbits(64)
        try:
            scenario = Scenario.from_view(view)
            known = public_declarations(view)
            samples = self.samples
            if is_home_game(scenario):
                samples = min(samples, HOME_ADVICE_SAMPLES)
            advice = advise(
                scenario,
                rules,
                samples=samples,
                seed=seed,
                model=KnownDeclarations(known) if any(known) else None,
                exact_limit=samples * scenario.players,
                executor=InlineExecutor(),
                threads=1,  # a bot thinks on one thread: the server runs many bots at once
            )
        except HiloError:  # a game hilo.sim does not know, or not declared under these rules
            return None
        return {option.direction: option.share.value for option in advice.options}


def warm_up() -> bool:
    """Compile hilo.sim's kernels, or load them from numba's cache, by advising one declare
    in each of `WARM_UP_GAMES` (two and three players), so that no bot's first declare
    pays for it; False when hilo.sim is not installed (there is nothing to warm up)."""
    from hilo.engine.actions import Action, ActionKind  # noqa: PLC0415
    from hilo.engine.state import Hand, Phase  # noqa: PLC0415
    from hilo.rules.stakes import Stakes  # noqa: PLC0415

    rules = HouseRules()
    stakes = Stakes(ante=1, small_blind=1, big_blind=2, bring_in=1, small_bet=2, big_bet=4)
    advisor = SimulatedAdvisor(rng=random.Random(0))
    passive = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.KEEP_DOWN)
    for game in WARM_UP_GAMES:
        for players in (2, 3):
            hand = Hand.deal(VARIANTS[game], rules, stakes, [100] * players, rng=random.Random(1))
            while hand.phase is not Phase.DECLARING:
                seat = hand.to_act[0]
                kinds = {option.kind for option in hand.legal_actions(seat)}
                if ActionKind.DRAW in kinds:
                    hand.apply(Action.draw(seat, ()))
                else:
                    hand.apply(Action(seat, next(kind for kind in passive if kind in kinds)))
            advisor.shares(hand.view_for(hand.to_act[0]), rules)
            if advisor.is_missing:
                return False
    return True
