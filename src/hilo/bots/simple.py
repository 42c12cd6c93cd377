"""Two simple bots: one that plays at random, and a calling station.

>>> import random
>>> from hilo.engine.state import Hand
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["seven-card-stud-hilo-declare"], HouseRules(),
...             Stakes(small_bet=10, big_bet=20, bring_in=3), [200, 200, 200],
...             rng=random.Random(4))
>>> CallingBot().act(hand.view_for(hand.to_act[0]))
Action.parse('1:bring-in')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hilo.bots.base import my_cards, my_seat, options_by_kind, passive_action
from hilo.bots.cards_choice import random_choice, sensible_choice
from hilo.bots.estimate import guess_direction
from hilo.bots.game import GameFacts
from hilo.bots.offers import answer_offer
from hilo.cards import Card
from hilo.engine.actions import CARD_CHOICES, Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.views import TableView
from hilo.hands.low import LOW_BASE, qualifier_limit
from hilo.hands.tables import Category
from hilo.rules.house_rules import HouseRules

__all__ = ["CallingBot", "RandomBot", "made_hand_direction", "pair_keeping_discards"]

_AMOUNTED = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)


class RandomBot:
    """Plays any legal action at random: for testing the engine and as a weak opponent."""

    kind = "random"

    def __init__(self, rng: random.Random | None = None, *, rules: HouseRules | None = None):
        self.rng = rng or random.Random()
        self.rules = rules  # not needed: every choice comes from the view's options

    def act(self, view: TableView) -> Action:
        """A legal kind chosen uniformly, with a random amount, draw or declaration."""
        seat, _ = my_seat(view)
        rng = self.rng
        option = rng.choice(view.legal_actions)
        kind = option.kind
        if kind in _AMOUNTED:
            low, high = option.minimum, option.maximum
            return Action(seat, kind, rng.choice([low, high, rng.randint(low, high)]))
        if kind is ActionKind.DRAW:
            cards = list(my_cards(view))
            count = rng.randint(0, min(option.maximum, len(cards)))
            return Action.draw(seat, rng.sample(cards, count))
        if kind is ActionKind.DECLARE:
            return Action.declare(seat, rng.choice(list(Direction)))
        if kind in CARD_CHOICES:
            return random_choice(view, option, rng)
        if kind is ActionKind.BUY:
            return Action.buy(seat, rng.choice(my_cards(view)))
        return Action(seat, kind)


class CallingBot:
    """A calling station: checks or calls, never raises; declares by its best made hand."""

    kind = "calling"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        rules: HouseRules | None = None,
    ) -> None:
        self.rng = rng or random.Random()
        self.rules = rules or HouseRules()

    def act(self, view: TableView) -> Action:
        """Check, call or bring it in; stand pat on made hands and keep pairs; keep down."""
        seat, _ = my_seat(view)
        options = options_by_kind(view.legal_actions)
        if ActionKind.DRAW in options:
            discards = pair_keeping_discards(my_cards(view), options[ActionKind.DRAW].maximum)
            return Action.draw(seat, discards)
        if ActionKind.KEEP_DOWN in options:
            return Action.keep_down(seat)
        if ActionKind.DECLARE in options:
            return Action.declare(seat, self._direction(view))
        for kind in CARD_CHOICES:
            if kind in options:
                return sensible_choice(view, options[kind])
        answer = answer_offer(view, options, careful=False)
        return answer if answer is not None else passive_action(seat, options)

    def _direction(self, view: TableView) -> Direction:
        facts = GameFacts.for_view(view, self.rules)
        return made_hand_direction(facts, my_cards(view), view.board)


def _high_tier(score: int) -> int:
    category = score >> 28
    if category >= Category.STRAIGHT:
        return 3
    if category >= Category.TWO_PAIR:
        return 2
    return 1 if category == Category.ONE_PAIR else 0


def _low_tier(score: int, facts: GameFacts) -> int:
    if score <= 0:
        return -1
    badness = LOW_BASE - score
    for tier, top in ((3, 7), (2, 8), (1, 10)):
        if badness < qualifier_limit(top, facts.low):
            return tier
    return 0


def made_hand_direction(facts: GameFacts, hole: Sequence[Card], board: Sequence[Card]) -> Direction:
    """High, unless the hand holds a qualifying low stronger than its high (never both).

    Strength is judged in tiers: a straight or better matches a seven-low, two pair or
    trips an eight-low, one pair a ten-low. Chicago and 7/27 as `guess_direction` says.
    """
    if not facts.has_low:
        return Direction.HIGH
    high = facts.high_of(hole, board)
    low = facts.low_of(hole, board)
    if not facts.is_poker_split:  # Chicago's spade, 7/27's totals: the nearer side
        guess = guess_direction(facts, high, low)
        return Direction.HIGH if guess is Direction.BOTH else guess
    return Direction.LOW if _low_tier(low, facts) > _high_tier(high) else Direction.HIGH


def pair_keeping_discards(cards: Sequence[Card], most: int) -> tuple[Card, ...]:
    """A simple draw: keep paired ranks (or the two highest cards), at most ``most`` out.

    >>> from hilo.cards import parse_cards, format_cards
    >>> format_cards(pair_keeping_discards(parse_cards("Kc Kd 7h 4s 2c"), 5))
    '2c 4s 7h'
    """
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    if len(counts) == len(cards) == 5 and _is_made(cards):
        return ()
    paired = [card for card in cards if counts[card.rank] >= 2]
    keep = paired or sorted(cards, key=lambda card: card.rank, reverse=True)[:2]
    out = sorted((card for card in cards if card not in keep), key=lambda card: card.rank)
    return tuple(out[:most])


def _is_made(cards: Sequence[Card]) -> bool:
    """A straight or a flush in five unpaired cards: stand pat."""
    if len({card.suit for card in cards}) == 1:
        return True
    ranks = sorted(card.rank for card in cards)
    return ranks[-1] - ranks[0] == 4 or ranks == [2, 3, 4, 5, 14]
