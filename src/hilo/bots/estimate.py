"""How strong a seat's hand is, from what it can see: the `Estimator` protocol and a quick
Monte Carlo estimator that deals the unseen cards at random many times.

Each simulated deal completes every live hand (hidden cards and cards still to come)
and the board, scores every hand with hilo's own evaluators under the game's low
ranking and qualifier, and counts what the viewer wins. In declare games the opponents'
declarations are the public ones where known, else guessed from their simulated hands
(`guess_direction`); the viewer's share is worked out for each way it could declare.

>>> import random
>>> from hilo.engine.state import Hand
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand(VARIANTS["seven-card-stud-hilo-declare"], HouseRules(),
...             Stakes(small_bet=10, big_bet=20, bring_in=3), [200, 200, 200],
...             rng=random.Random(4))
>>> estimate = MonteCarloEstimator(100, rng=random.Random(1)).estimate(
...     hand.view_for(1), HouseRules())
>>> estimate.samples, 0.0 <= estimate.share <= 1.0, estimate.best_direction is not None
(100, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Protocol

from hilo.bots.game import GameFacts, lookup_variant
from hilo.bots.situation import Situation, read_situation
from hilo.cards import Card
from hilo.engine.declare import Direction
from hilo.engine.views import TableView
from hilo.hands.high import high_score
from hilo.hands.low import LOW_BASE, qualifier_limit
from hilo.hands.ranking import Ranking, Selection
from hilo.hands.select import scorer
from hilo.hands.tables import Category
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Variant

__all__ = ["Estimate", "Estimator", "MonteCarloEstimator", "guess_direction", "neutral_estimate"]

_DIRECTIONS = (Direction.HIGH, Direction.LOW, Direction.BOTH)
_STRAIGHT = Category.STRAIGHT << 28
_TWO_PAIR = Category.TWO_PAIR << 28


@dataclass(frozen=True, slots=True)
class Estimate:
    """What a seat can expect at the showdown, as fractions (0 to 1).

    ``share`` is the expected fraction of the pot the seat takes if every live player
    goes to the showdown: under cards speak, or in a declare game for its own
    declaration once made, else for its best way to declare (``declared`` has each).

    >>> estimate = Estimate(high=0.5, low=0.25, scoop=0.1, share=0.4,
    ...                     declared=((Direction.HIGH, 0.4), (Direction.LOW, 0.2),
    ...                               (Direction.BOTH, 0.1)))
    >>> estimate.best_direction, estimate.share_for(Direction.LOW)
    (<Direction.HIGH: 'high'>, 0.2)
    """

    high: float
    """Chance of the best high among the live hands (a tie counts its share)."""
    low: float
    """Chance of the best qualifying low among the live hands (ties shared)."""
    scoop: float
    """Chance of the best high and the best low outright."""
    share: float
    declared: tuple[tuple[Direction, float], ...] = ()
    """Declare games: the expected share for each way of declaring."""
    samples: int = 0
    """Simulated deals behind the figures (0: a guess without simulation)."""

    def share_for(self, direction: Direction) -> float:
        """The expected share when declaring ``direction`` (``share`` if not worked out)."""
        for item, value in self.declared:
            if item is direction:
                return value
        return self.share

    @property
    def best_direction(self) -> Direction | None:
        """The declaration with the greatest expected share (None: no declare)."""
        if not self.declared:
            return None
        return max(self.declared, key=lambda item: item[1])[0]


class Estimator(Protocol):
    """Anything that estimates a seat's prospects from its view and the house rules."""

    def estimate(
        self, view: TableView, rules: HouseRules, *, discards: Sequence[Card] = ()
    ) -> Estimate:
        """The estimate for ``view.viewer``; ``discards``: as if it had drawn these away."""
        ...


def neutral_estimate(players: int) -> Estimate:
    """An even share among ``players``: what a bot assumes when it cannot simulate."""
    even = 1.0 / max(1, players)
    return Estimate(high=even, low=even, scoop=even * even, share=even)


def guess_direction(facts: GameFacts, high: int, low: int) -> Direction:
    """How an opponent holding these high and low scores would likely declare.

    Both ways with a straight or better and a seven-low; low with an eight-low or better
    and less than two pair; high otherwise.
    """
    if low > 0:
        badness = LOW_BASE - low
        if high >= _STRAIGHT and badness < _limit(7, facts.low):
            return Direction.BOTH
        if high < _TWO_PAIR and badness < _limit(8, facts.low):
            return Direction.LOW
    return Direction.HIGH


@lru_cache(maxsize=32)
def _limit(top: int, ranking: Ranking) -> int:
    return qualifier_limit(top, ranking)


def _fraction(mine: int, others: Sequence[int]) -> float:
    """My part of one side against ``others``: 1 outright, a share when tied, else 0."""
    best = max(others, default=-1)
    if mine > best:
        return 1.0
    if mine < best:
        return 0.0
    return 1.0 / (1 + sum(1 for other in others if other == best))


def _evaluation_cost(situation: Situation) -> int:
    """Rough cost of scoring one simulated deal, in single five-to-seven-card scorings."""
    facts = situation.facts
    hands = 1 + len(situation.opponents)
    if facts.selection is Selection.OMAHA:
        groups = comb(max(2, facts.variant.hole_cards), 2) * comb(max(3, facts.board_size), 3)
        if not facts.has_low:
            return hands * groups
        return hands * (groups + groups // 10)  # the low side looks at few groups
    total = facts.variant.hole_cards + facts.board_size
    low = 0
    if facts.has_low:
        low = 1 if facts.low is Ranking.ACE_TO_FIVE or total <= 5 else comb(total, 5)
    return hands * (1 + low)


class MonteCarloEstimator:
    """Deals the unseen cards ``samples`` times and counts what the viewer wins.

    Big tables and slow evaluations (Omaha; deuce-to-seven or ace-to-six lows from seven
    cards) use fewer deals, so that one estimate costs about the same in every game:
    never more than ``samples`` nor fewer than ``least``.
    """

    def __init__(
        self,
        samples: int = 200,
        *,
        rng: random.Random | None = None,
        variants: Mapping[str, Variant] | None = None,
        least: int = 20,
    ) -> None:
        if samples < 1:
            raise ValueError("an estimate needs at least one sample")
        self.samples = samples
        self.least = min(least, samples)
        self.rng = rng or random.Random()
        self.variants = variants

    def estimate(
        self, view: TableView, rules: HouseRules, *, discards: Sequence[Card] = ()
    ) -> Estimate:
        """Simulate the rest of the hand from ``view.viewer``'s point of view."""
        live = sum(1 for seat in view.seats if not seat.is_folded)
        variant = lookup_variant(view.variant, self.variants)
        if variant is None:
            return neutral_estimate(live)
        situation = read_situation(view, GameFacts.for_variant(variant, rules))
        return self.simulate(situation, discards)

    def deals_for(self, situation: Situation) -> int:
        """How many deals an estimate of ``situation`` simulates."""
        budget = self.samples * 8  # the cost of seven-card stud, eight-handed and high only
        cost = max(1, _evaluation_cost(situation))
        return max(self.least, min(self.samples, budget // cost))

    def simulate(self, situation: Situation, discards: Sequence[Card] = ()) -> Estimate:
        """The estimate for a situation already read from a view."""
        thrown = set(discards)
        kept = [card for card in situation.cards if card not in thrown]
        mine_new = situation.to_come + len(situation.cards) - len(kept)
        deck = list(situation.unseen)
        size = len(deck)
        needed = situation.cards_needed + len(situation.cards) - len(kept)
        opponents = situation.opponents
        if needed > size or not opponents:
            return neutral_estimate(1 + len(opponents))
        facts = situation.facts
        has_low, is_declare = facts.has_low, facts.is_declare
        score = _both_sides(facts)
        rules = facts.rules
        swing_must_win, second_best = rules.swing_ties == "lose", rules.second_best
        board_known = list(situation.board)
        board_new = situation.board_to_come
        known = [(list(opponent.cards), opponent.unknown) for opponent in opponents]
        public = [opponent.declaration for opponent in opponents]
        rand = self.rng.random
        picks = range(needed)
        deals = self.deals_for(situation)
        high_total = low_total = scoop_total = speak_total = 0.0
        declared_total = [0.0, 0.0, 0.0]
        for _ in range(deals):
            for pick in picks:  # a partial shuffle: the first ``needed`` cards are the deal
                other = pick + int(rand() * (size - pick))
                deck[pick], deck[other] = deck[other], deck[pick]
            board = board_known + deck[:board_new] if board_new else board_known
            at = board_new + mine_new
            high, low = score(kept + deck[board_new:at], board)
            highs: list[int] = []
            lows: list[int] = []
            for cards, unknown in known:
                their_high, their_low = score(cards + deck[at : at + unknown], board)
                at += unknown
                highs.append(their_high)
                lows.append(their_low)
            high_part = _fraction(high, highs)
            low_part = _fraction(low, lows) if low > 0 else 0.0
            high_total += high_part
            low_total += low_part
            if high_part == 1.0 and low_part == 1.0:
                scoop_total += 1.0
            if has_low and (low > 0 or max(lows) > 0):
                speak_total += (high_part + low_part) / 2
            else:
                speak_total += high_part
            if is_declare:
                ways = [
                    _WAYS[known_direction or guess_direction(facts, their_high, their_low)]
                    for known_direction, their_high, their_low in zip(
                        public, highs, lows, strict=True
                    )
                ]
                as_high, as_low, as_both = _declared_shares(
                    high,
                    low,
                    highs,
                    lows,
                    ways,
                    swing_must_win=swing_must_win,
                    second_best=second_best,
                )
                declared_total[0] += as_high
                declared_total[1] += as_low
                declared_total[2] += as_both
        shares = tuple(
            (direction, total / deals)
            for direction, total in zip(_DIRECTIONS, declared_total, strict=True)
        )
        if not is_declare:
            share = speak_total / deals
            shares = ()
        elif situation.declaration is not None:
            share = dict(shares)[situation.declaration]
        else:
            share = max(value for _, value in shares)
        return Estimate(
            high=high_total / deals,
            low=low_total / deals,
            scoop=scoop_total / deals,
            share=share,
            declared=shares,
            samples=deals,
        )


def _both_sides(facts: GameFacts) -> Callable[[list[Card], list[Card]], tuple[int, int]]:
    """Scores a player's high and low (0 when the game plays no low) in one call."""
    high_of, low_of = facts.high_of, facts.low_of
    if facts.selection is Selection.OMAHA:
        if not facts.has_low:
            return lambda hole, board: (high_of(hole, board), 0)
        return lambda hole, board: (high_of(hole, board), low_of(hole, board))
    low_score = scorer(facts.low, facts.qualifier)
    if not facts.has_low:
        return lambda hole, board: (high_score(hole + board if board else hole), 0)

    def any_five(hole: list[Card], board: list[Card]) -> tuple[int, int]:
        cards = hole + board if board else hole
        return high_score(cards), low_score(cards)

    return any_five


_HIGH, _LOW, _BOTH = 0, 1, 2
"""Declarations as small numbers inside the simulation loop."""
_WAYS = {Direction.HIGH: _HIGH, Direction.LOW: _LOW, Direction.BOTH: _BOTH}


def _declared_shares(
    high: int,
    low: int,
    highs: Sequence[int],
    lows: Sequence[int],
    ways: Sequence[int],
    *,
    swing_must_win: bool,
    second_best: bool,
) -> tuple[float, float, float]:
    """The viewer's share of one simulated declared showdown if it declares high, low or
    both: an approximation of the referee (one pot, odd chips ignored)."""
    high_rivals = [value for value, way in zip(highs, ways, strict=True) if way != _LOW]
    low_rivals = [value for value, way in zip(lows, ways, strict=True) if way != _HIGH]
    swing_high = swing_low = -1  # a swinging opponent best on both sides among the others
    if _BOTH in ways:
        for their_high, their_low, way in zip(highs, lows, ways, strict=True):
            if (
                way == _BOTH
                and their_low > 0
                and sum(1 for value in high_rivals if value >= their_high) == 1
                and sum(1 for value in low_rivals if value >= their_low) == 1
            ):
                swing_high, swing_low = their_high, their_low
        if second_best:  # failed swings no longer stand in the way
            high_rivals = [value for value, way in zip(highs, ways, strict=True) if way == _HIGH]
            low_rivals = [value for value, way in zip(lows, ways, strict=True) if way == _LOW]
    high_part = _fraction(high, high_rivals)
    low_part = _fraction(low, low_rivals) if low > 0 else 0.0
    others_low = any(way == _LOW and value > 0 for value, way in zip(lows, ways, strict=True))
    others_high = _HIGH in ways
    as_high = 0.0 if swing_high > high else (high_part / 2 if others_low else high_part)
    as_low = 0.0 if swing_low > low else (low_part / 2 if others_high else low_part)
    if swing_high > high and swing_low > low:
        as_both = 0.0
    elif high_part == 1.0 and low_part == 1.0:
        as_both = 1.0
    elif swing_must_win or not high_part or not low_part:
        as_both = 0.0
    else:
        as_both = (high_part + low_part) / 2
    return as_high, as_low, as_both
