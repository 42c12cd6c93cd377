"""What a bot knows about the game it plays: the variant, the lows, and fast hand scores.

`GameFacts` is worked out once per game and house rules; its scorers give the best high
and low score a player makes from hole cards and a board, using hilo's own evaluators.

>>> from hilo.cards import parse_cards
>>> from hilo.rules import HouseRules
>>> facts = GameFacts.for_game("seven-card-stud-hilo", HouseRules.preset("cards-speak"))
>>> facts.has_low, facts.has_declarations, facts.qualifier
(True, False, 8)
>>> facts.low_of(parse_cards("Ac 2d 3h 4s 9c Kd Kh"), ()) > 0
False
>>> facts.low_of(parse_cards("Ac 2d 3h 4s 8c Kd Kh"), ()) > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.errors import ConfigError
from hilo.hands.high import high_score
from hilo.hands.omaha import omaha_high, omaha_low
from hilo.hands.points import points_score
from hilo.hands.ranking import Ranking, Selection, criss_cross_lines
from hilo.hands.select import scorer
from hilo.hands.sides import HandSide, PointsSide, SideRule, Sides
from hilo.hands.spades import spade_score
from hilo.hands.wild import wild_score
from hilo.hands.wildspec import WildSpec, lowest_hole_rank
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import VARIANTS, Variant

if TYPE_CHECKING:
    from hilo.engine.views import TableView

__all__ = ["GameFacts", "lookup_variant", "low_rank"]

SideScore = Callable[[Sequence[Card], Sequence[Card]], int]


def lookup_variant(name: str, variants: Mapping[str, Variant] | None = None) -> Variant | None:
    """The variant called ``name`` among ``variants`` (default: the shipped ones), or None."""
    return (variants if variants is not None else VARIANTS).get(name)


def low_rank(card: Card, ranking: Ranking) -> int:
    """A card's rank as a low counts it: the ace is 1 where aces play low."""
    rank = int(card.rank)
    return 1 if rank == 14 and ranking.is_ace_low else rank


def _any_five(score: Callable[[Sequence[Card]], int]) -> SideScore:
    """A side's score from any five of the hole cards and the board together."""

    def any_five(hole: Sequence[Card], board: Sequence[Card]) -> int:
        return score([*hole, *board] if board else hole)

    return any_five


def _criss_cross(score: Callable[[Sequence[Card]], int]) -> SideScore:
    """A side's score from any five of the hole cards and the row, or the column."""

    def either_line(hole: Sequence[Card], board: Sequence[Card]) -> int:
        return max(score([*hole, *line]) for line in criss_cross_lines(board))

    return either_line


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game under some house rules, as a bot needs it."""

    variant: Variant
    rules: HouseRules
    low: Ranking
    qualifier: int | None
    has_low: bool
    """True when a low half is played for (cards speak or declared)."""
    has_declarations: bool
    """True when the players declare in this game under these rules."""
    showdown_rules: HouseRules
    """The rules the referee settles this game's showdowns under."""
    sides: Sides
    """The sides a pot is won on (high and low, spade, 27 and 7; razz: the low alone)."""
    high_of: SideScore
    """Best high score from hole cards and a board."""
    low_of: SideScore
    """Best low score (greater is better; 0: no qualifying low)."""
    wild: WildSpec | None = None
    """What the scorers count as wild (None: a game without wild cards)."""

    @property
    def is_poker_split(self) -> bool:
        """True when each side is won by a poker hand (not Chicago's spade nor 7/27's count)."""
        sides = (self.sides.high, self.sides.low)
        return all(side is None or isinstance(side, HandSide) for side in sides)

    @property
    def selection(self) -> Selection:
        """How five cards are chosen."""
        return self.variant.selection

    @property
    def board_size(self) -> int:
        """Board cards dealt in all."""
        return sum(street.board for street in self.variant.streets)

    @classmethod
    def for_variant(cls, variant: Variant, rules: HouseRules) -> GameFacts:
        """The facts of ``variant`` played under ``rules``."""
        return _facts(variant, rules)

    @classmethod
    def for_view(cls, view: TableView, rules: HouseRules) -> GameFacts:
        """The facts of the game ``view`` shows, its scorers counting what is wild now."""
        facts = _facts(view.variant, rules)
        if view.variant.wild.is_empty:
            return facts
        return _wild_facts(facts, view.wild_now)

    @classmethod
    def for_game(
        cls, name: str, rules: HouseRules, variants: Mapping[str, Variant] | None = None
    ) -> GameFacts:
        """The facts of the game called ``name``; `ConfigError` when it is unknown."""
        variant = lookup_variant(name, variants)
        if variant is None:
            raise ConfigError(f"unknown game '{name}'")
        return _facts(variant, rules)


@lru_cache(maxsize=256)
def _facts(variant: Variant, rules: HouseRules) -> GameFacts:
    try:
        has_declarations = variant.declares_under(rules)
        showdown_rules = variant.showdown_rules(rules)
    except ConfigError:  # declare game at a cards-speak table: the game's split decides
        has_declarations, showdown_rules = variant.is_declare, rules
    low, qualifier = variant.showdown_low(rules)
    sides = variant.sides(rules)
    high_of: SideScore
    low_of: SideScore
    if variant.selection is Selection.OMAHA:
        high_of, low_of = omaha_high, omaha_low(low, qualifier)
    elif variant.selection is Selection.CRISS_CROSS:
        high_of, low_of = _criss_cross(high_score), _criss_cross(scorer(low, qualifier))
    else:
        high_of, low_of = _any_five(high_score), _any_five(scorer(low, qualifier))
    high_of = _other_side(sides.high, high_of)
    low_of = _other_side(sides.low, low_of)
    return GameFacts(
        variant=variant,
        rules=rules,
        low=low,
        qualifier=qualifier,
        has_low=sides.low is not None,
        has_declarations=has_declarations,
        showdown_rules=showdown_rules,
        sides=sides,
        high_of=high_of,
        low_of=low_of,
    )


def _nothing(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The score on a side the game does not play (razz's high): nothing."""
    return 0


def _other_side(side: SideRule | None, poker: SideScore) -> SideScore:
    """The scorer of ``side``: ``poker`` for a poker hand; a spade in the hand (every card
    counted as in the hole) or a 7/27 total otherwise; nothing for an absent side."""
    if side is None:
        return _nothing
    if isinstance(side, HandSide):
        return poker
    if isinstance(side, PointsSide):
        target, bust, under = side.target, side.bust, side.under_wins
        return lambda hole, board: points_score(hole, target, bust=bust, under_wins=under)
    lowest, ace_low = side.lowest, side.ace_low
    return lambda hole, board: spade_score(hole, lowest=lowest, ace_low=ace_low)


@lru_cache(maxsize=256)
def _wild_facts(facts: GameFacts, wild: WildSpec) -> GameFacts:
    """``facts`` with scorers that count ``wild`` (what is wild for everybody now).

    Under ``low-hole`` each player's lowest card of all is taken as its own wild rank: a
    simulated hand does not say which of its cards are face down, so this is an estimate.
    """
    rules = facts.rules
    selection = facts.selection
    low_hole = facts.variant.wild.low_hole

    def side(ranking: Ranking, qualifier: int | None) -> SideScore:
        def score(hole: Sequence[Card], board: Sequence[Card]) -> int:
            mine = None
            if low_hole:
                lowest = lowest_hole_rank(hole, ace_low=rules.ace_low_for_wild)
                own = frozenset(() if lowest is None else (lowest,))
                mine = wild.plus(WildSpec(ranks=own))
            return wild_score(
                hole,
                board,
                wild=wild,
                hole_wild=mine,
                ranking=ranking,
                selection=selection,
                qualifier=qualifier,
                duplicates=rules.wild_duplicates,
            )

        return score

    return replace(
        facts,
        high_of=side(Ranking.HIGH, None),
        low_of=side(facts.low, facts.qualifier),
        wild=wild,
    )
