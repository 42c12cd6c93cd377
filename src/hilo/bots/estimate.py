"""How strong a seat's hand is, from what it can see: the `Estimator` protocol and a quick
Monte Carlo estimator that deals the unseen cards at random many times.

Each simulated deal completes every live hand (hidden cards and cards still to come)
and the board, scores every hand with hilo's own evaluators under the game's low
ranking and qualifier, and has the referee (`hilo.engine.showdown.settle_scores`)
settle the pot under the house rules, fallbacks included. In declare games the
opponents' declarations are the public ones where known, else guessed from their
simulated hands (`guess_direction`); the viewer's share is settled for each way it
could declare.

>>> import random
>>> from hilo.engine.state import Hand
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["seven-card-stud-hilo-declare"], HouseRules(),
...             Stakes(small_bet=10, big_bet=20, bring_in=3), [200, 200, 200],
...             rng=random.Random(4))
>>> estimate = MonteCarloEstimator(100, rng=random.Random(1)).estimate(
...     hand.view_for(1), HouseRules())
>>> estimate.samples, 0.0 <= estimate.share <= 1.0, estimate.best_direction is not None
(100, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Protocol

from hilo.bots.game import GameFacts
from hilo.bots.situation import Situation, read_situation
from hilo.cards import Card
from hilo.engine.declare import Direction
from hilo.engine.showdown import settle_scores
from hilo.engine.views import TableView
from hilo.hands.high import high_score
from hilo.hands.low import LOW_BASE, qualifier_limit
from hilo.hands.points import SCORE_BASE
from hilo.hands.ranking import Ranking, Selection
from hilo.hands.select import scorer
from hilo.hands.sides import PointsSide, SpadeSide
from hilo.hands.spades import spade_score
from hilo.hands.tables import Category
from hilo.rules.house_rules import HouseRules

__all__ = [
    "Estimate",
    "Estimator",
    "MonteCarloEstimator",
    "guess_direction",
    "neutral_estimate",
    "settled_share",
]

_DIRECTIONS = (Direction.HIGH, Direction.LOW, Direction.BOTH)
_POT = 5_040
"""The simulated pot: its halves split evenly among any number of players up to ten."""
_STRAIGHT = Category.STRAIGHT << 28
_TWO_PAIR = Category.TWO_PAIR << 28
_POINT = 5
"""A point away from a 7/27 target (over it, under-wins), as points scores count distance."""
_TOP_SPADE = 13
"""The spade score of the king of spades (or the trey, counting the lowest spade)."""


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
    and less than two pair; high otherwise. Chicago and 7/27 by `_guess_other`.
    """
    if not facts.is_poker_split:
        return _guess_other(facts, high, low)
    if low > 0:
        badness = LOW_BASE - low
        if high >= _STRAIGHT and badness < _limit(7, facts.low):
            return Direction.BOTH
        if high < _TWO_PAIR and badness < _limit(8, facts.low):
            return Direction.LOW
    return Direction.HIGH


def _guess_other(facts: GameFacts, high: int, low: int) -> Direction:
    """A Chicago or 7/27 declaration: in 7/27 the target nearer the total (both within a
    point of each); in Chicago the spade with a top spade (the ace or king, or the deuce or
    trey in low Chicago) and less than two pair, both with a straight as well."""
    if isinstance(facts.sides.low, PointsSide):
        near_high = high > 0 and SCORE_BASE - high <= _POINT
        near_low = low > 0 and SCORE_BASE - low <= _POINT
        if near_high and near_low:
            return Direction.BOTH
        return Direction.LOW if low > high else Direction.HIGH
    top_spade = low >= _TOP_SPADE
    if top_spade and high >= _STRAIGHT:
        return Direction.BOTH
    return Direction.LOW if top_spade and high < _TWO_PAIR else Direction.HIGH


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
    if facts.wild is not None:  # every group of five is looked at, on each side
        return hands * comb(max(5, total), 5) * (2 if facts.has_low else 1)
    low = 0
    if facts.has_low and facts.is_poker_split:
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
        least: int = 20,
    ) -> None:
        if samples < 1:
            raise ValueError("an estimate needs at least one sample")
        self.samples = samples
        self.least = min(least, samples)
        self.rng = rng or random.Random()

    def estimate(
        self, view: TableView, rules: HouseRules, *, discards: Sequence[Card] = ()
    ) -> Estimate:
        """Simulate the rest of the hand from ``view.viewer``'s point of view."""
        situation = read_situation(view, GameFacts.for_view(view, rules))
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
        has_declarations = facts.has_declarations
        score = _both_sides(facts, situation.up)
        board_known = list(situation.board)
        board_new = situation.board_to_come
        known = [(list(opponent.cards), opponent.unknown) for opponent in opponents]
        public = [opponent.declaration for opponent in opponents]
        nobody: list[Direction | None] = [None] * (1 + len(opponents))
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
            highs = [high]
            lows = [low]
            for cards, unknown in known:
                their_high, their_low = score(cards + deck[at : at + unknown], board)
                at += unknown
                highs.append(their_high)
                lows.append(their_low)
            high_part = _fraction(high, highs[1:])
            low_part = _fraction(low, lows[1:]) if low > 0 else 0.0
            high_total += high_part
            low_total += low_part
            if high_part == 1.0 and low_part == 1.0:
                scoop_total += 1.0
            if not has_declarations:
                speak_total += settled_share(facts, highs, lows, nobody)
                continue
            ways: list[Direction | None] = [None]
            ways += [
                known_direction or guess_direction(facts, their_high, their_low)
                for known_direction, their_high, their_low in zip(
                    public, highs[1:], lows[1:], strict=True
                )
            ]
            for index, direction in enumerate(_DIRECTIONS):
                ways[0] = direction
                declared_total[index] += settled_share(facts, highs, lows, ways)
        shares = tuple(
            (direction, total / deals)
            for direction, total in zip(_DIRECTIONS, declared_total, strict=True)
        )
        if not has_declarations:
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


def _both_sides(
    facts: GameFacts, up: frozenset[Card] = frozenset()
) -> Callable[[list[Card], list[Card]], tuple[int, int]]:
    """Scores a player's high and low (0 when the game plays no low) in one call.

    Chicago's spade counts the cards not in ``up`` (cards still to come count as in the hole).
    """
    high_of, low_of = facts.high_of, facts.low_of
    spade = facts.sides.low
    if isinstance(spade, SpadeSide):
        lowest, ace_low = spade.lowest, spade.ace_low

        def with_spade(hole: list[Card], board: list[Card]) -> tuple[int, int]:
            down = [card for card in hole if card not in up]
            return high_of(hole, board), spade_score(down, lowest=lowest, ace_low=ace_low)

        return with_spade
    poker = facts.is_poker_split and facts.sides.high is not None
    if facts.selection is Selection.OMAHA or not poker or facts.wild is not None:
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


def settled_share(
    facts: GameFacts,
    highs: Sequence[int],
    lows: Sequence[int],
    declarations: Sequence[Direction | None],
) -> float:
    """Seat 0's fraction of one pot that the referee settles from these scores under the
    game's showdown rules (a pot that rides wins nothing).

    >>> facts = GameFacts.for_game("seven-card-stud-hilo-declare", HouseRules())
    >>> settled_share(facts, [9, 5], [0, 3], [Direction.BOTH, Direction.LOW])
    0.0
    >>> settled_share(facts, [9, 5], [0, 3], [Direction.HIGH, Direction.LOW])
    0.5
    """
    ruling = settle_scores(
        _POT, highs, lows, declarations, rules=facts.showdown_rules, sides=facts.sides
    )
    return sum(award.amount for award in ruling.awards if award.seat == 0) / _POT
