"""The solid bot: bets by hand strength, calls on pot odds, declares by the declare advice.

Every betting decision starts from an `Estimate` of the seat's expected share of the
pot (by default a quick Monte Carlo over the unseen cards). Compared with an even share
among the live players, it bets or raises when well ahead, calls when the pot pays for
it, and folds otherwise. In draw games it compares a few sensible draws by simulation.

In the declare it takes the way the declare advice says is worth most
(`hilo.sim.advise` with fast settings, through `hilo.bots.advice.SimulatedAdvisor`).
Without hilo.sim (numpy and numba not installed), or in a game hilo.sim does not know,
it declares by its own estimate instead: the way with the best expected share, and
both ways only when it expects to win both with a high chance.

>>> import random
>>> from hilo.engine.state import Hand
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["seven-card-stud-hilo-declare"], HouseRules(),
...             Stakes(small_bet=10, big_bet=20, bring_in=3), [200, 200, 200],
...             rng=random.Random(4))
>>> action = SolidBot(random.Random(1)).act(hand.view_for(1))
>>> action.kind.value in ("bring-in", "complete")
True
"""

from __future__ import annotations

import random

from hilo.bots.advice import ADVICE_SAMPLES, DeclareAdvisor, SimulatedAdvisor, best_declaration
from hilo.bots.base import my_cards, my_seat, options_by_kind, passive_action, pot_total, sized
from hilo.bots.cards_choice import sensible_choice
from hilo.bots.draws import discard_options
from hilo.bots.estimate import Estimate, Estimator, MonteCarloEstimator
from hilo.bots.game import GameFacts
from hilo.bots.offers import answer_offer
from hilo.cards import Card
from hilo.engine.actions import CARD_CHOICES, Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.engine.state import Phase
from hilo.engine.views import TableView
from hilo.rules.house_rules import HouseRules

__all__ = ["SolidBot"]

BET_LEVEL = 1.1
"""Bet when the expected share is this many times an even share among the live players."""
RAISE_LEVEL = 1.3
"""Raise (or complete) when the expected share is this many times an even share."""
POT_LEVEL = 1.8
"""Bet or raise the whole pot (where the size is free) from this strength on."""
SWING_LEVEL = {"lose": 0.75, "share": 0.6, "keep-won-side": 0.65}
"""Least chance of winning both ways before declaring both, by the house's swing_ties."""
FUTURE_BETS = 0.5
"""Bets a player is expected to put in on each betting round still to come."""


class SolidBot:
    """Bets by estimated hand strength (an `Estimator`) and declares by the declare
    advice (a `DeclareAdvisor`).

    ``samples`` sets the default Monte Carlo estimator's deals per decision (more is
    stronger and slower); pass ``estimator`` to use another one. ``advice_samples``
    sets the deals of the default advisor (None: declare by the estimate, as without
    hilo.sim); pass ``advisor`` to use another one.
    """

    kind = "solid"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        rules: HouseRules | None = None,
        samples: int = 200,
        estimator: Estimator | None = None,
        advice_samples: int | None = ADVICE_SAMPLES,
        advisor: DeclareAdvisor | None = None,
    ) -> None:
        self.rng = rng or random.Random()
        self.rules = rules or HouseRules()
        self.estimator: Estimator = estimator or MonteCarloEstimator(samples, rng=self.rng)
        if advisor is None and advice_samples is not None:
            advisor = SimulatedAdvisor(advice_samples, rng=self.rng)
        self.advisor = advisor

    def act(self, view: TableView) -> Action:
        """The bot's legal action for ``view.viewer``."""
        seat, _ = my_seat(view)
        options = options_by_kind(view.legal_actions)
        if ActionKind.MUCK in options:
            return Action.muck(seat)  # won uncalled: the others learn nothing for free
        if ActionKind.DECLARE in options:
            return Action.declare(seat, self.direction(view))
        if ActionKind.DRAW in options:
            return Action.draw(seat, self.discards(view, options[ActionKind.DRAW].maximum))
        if ActionKind.KEEP_DOWN in options:
            return Action.keep_down(seat)  # a hidden hole card keeps the others guessing
        for kind in CARD_CHOICES:
            if kind in options:
                return sensible_choice(view, options[kind])
        answer = answer_offer(view, options, careful=True)
        return answer if answer is not None else self._bet(view, seat, options)

    # -- the declare ------------------------------------------------------------------

    def direction(self, view: TableView) -> Direction:
        """The declaration the advice says is worth most, else by the estimate."""
        if self.advisor is not None:
            shares = self.advisor.shares(view, self.rules)
            if shares is not None:
                return best_declaration(shares)
        return self.estimated_direction(view)

    def estimated_direction(self, view: TableView) -> Direction:
        """The declaration with the best estimated share; both ways only when nearly sure."""
        estimate = self.estimator.estimate(view, self.rules)
        if not estimate.declared:
            return Direction.HIGH if estimate.high >= estimate.low else Direction.LOW
        high = estimate.share_for(Direction.HIGH)
        low = estimate.share_for(Direction.LOW)
        both = estimate.share_for(Direction.BOTH)
        if both > max(high, low) and both >= SWING_LEVEL.get(self.rules.swing_ties, 0.75):
            return Direction.BOTH
        return Direction.HIGH if high >= low else Direction.LOW

    # -- draws ------------------------------------------------------------------------

    def discards(self, view: TableView, most: int) -> tuple[Card, ...]:
        """The draw, among a few sensible ones, with the best simulated share; wild cards
        are always kept (the draws are made from the other cards)."""
        facts = GameFacts.for_variant(view.variant, self.rules)
        low = facts.low if facts.has_low else None
        _, me = my_seat(view)
        wild = set(view.wild_cards(me))
        natural = [card for card in my_cards(view) if card not in wild]
        choices = discard_options(natural, low, most)
        best, best_share = choices[0], -1.0
        for choice in choices:
            share = self.estimator.estimate(view, self.rules, discards=choice).share
            if share > best_share:
                best, best_share = choice, share
        return best

    # -- betting ----------------------------------------------------------------------

    def _bet(self, view: TableView, seat: int, options: dict[ActionKind, ActionOption]) -> Action:
        estimate = self.estimator.estimate(view, self.rules)
        live = sum(1 for item in view.seats if not item.is_folded)
        strength = estimate.share * live
        pot = pot_total(view)
        current = max(item.bet for item in view.seats)
        if ActionKind.BRING_IN in options:
            complete = options.get(ActionKind.COMPLETE)
            if complete is not None and strength >= RAISE_LEVEL:
                return sized(seat, complete, self._size(complete, pot, current, 0, strength))
            return Action.bring_in(seat)
        to_call = options[ActionKind.CALL].minimum if ActionKind.CALL in options else 0
        up = next(
            (
                options[kind]
                for kind in (ActionKind.RAISE, ActionKind.COMPLETE, ActionKind.BET)
                if kind in options
            ),
            None,
        )
        if up is not None and strength >= (BET_LEVEL if to_call == 0 else RAISE_LEVEL):
            return sized(seat, up, self._size(up, pot, current, to_call, strength))
        if to_call == 0 or self._worth_calling(view, estimate, pot, to_call, live, up):
            return passive_action(seat, options)
        return Action.fold(seat)

    def _worth_calling(
        self,
        view: TableView,
        estimate: Estimate,
        pot: int,
        to_call: int,
        live: int,
        up: ActionOption | None,
    ) -> bool:
        """Whether the expected share of the final pot pays for the call and later bets."""
        unit = to_call
        if up is not None:
            unit = max(unit, up.minimum - max(item.bet for item in view.seats))
        future = FUTURE_BETS * unit * self._rounds_left(view)
        final_pot = pot + to_call + live * future
        return estimate.share * final_pot >= to_call + future

    def _rounds_left(self, view: TableView) -> int:
        """Betting rounds after the current one."""
        variant = view.variant
        if view.phase is not Phase.BETTING:
            return 0
        rounds = sum(1 for street in variant.streets[view.street + 1 :] if street.bet)
        me = view.me
        declaring = me is not None and not me.has_declared
        if (
            declaring
            and self.rules.bet_after_declare
            and GameFacts.for_variant(variant, self.rules).has_declarations
        ):
            rounds += 1
        return rounds

    @staticmethod
    def _size(option: ActionOption, pot: int, current: int, to_call: int, strength: float) -> int:
        """A "to" amount raising by about two thirds of the pot, the pot when very strong."""
        if option.minimum == option.maximum:
            return option.minimum
        fraction = 1.0 if strength >= POT_LEVEL else 0.66
        return max(option.minimum, int(current + fraction * (pot + to_call)))
