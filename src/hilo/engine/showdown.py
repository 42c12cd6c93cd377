"""The referee: settle every pot of a showdown, declared or cards speak, under the house rules.

Each pot is settled on its own among the players still in it (RULES.md sections 4-6).
Chips are whole numbers: what the awards hand out plus what rides to the next hand is
always exactly what the pots held.

>>> from hilo.cards import parse_cards
>>> from hilo.rules import HouseRules
>>> hands = [
...     ShowdownHand(0, parse_cards("Kc Kd Jh Js 9c"), Direction.HIGH, "A"),
...     ShowdownHand(1, parse_cards("7c 6d 5h 4s 3c"), Direction.BOTH, "B"),
...     ShowdownHand(2, parse_cards("6h 4d 3h 2s Ad"), Direction.LOW, "C"),
... ]
>>> result = settle([Pot(120, (0, 1, 2))], hands, rules=HouseRules.preset("strict"))
>>> result.amounts()
{2: 120}
>>> settle([Pot(120, (0, 1, 2))], hands, rules=HouseRules.preset("liberal")).amounts()
{0: 60, 2: 60}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from hilo.cards import Card, Rank
from hilo.engine.declare import Direction, Outcome
from hilo.engine.explain import explain
from hilo.engine.one_pot import settle_one_pot
from hilo.engine.pot_settling import settle_pot
from hilo.engine.quick_scores import quick_scoreboard
from hilo.engine.rulings import (
    Fallback,
    FallbackRuling,
    Method,
    PotAward,
    PotRuling,
    Side,
    SwingCheck,
)
from hilo.engine.scoreboard import Scoreboard as _Scoreboard
from hilo.engine.showdown_checks import check_one_side, check_showdown
from hilo.engine.wild_table import WildTable
from hilo.frozen import quick_init, quick_maker
from hilo.hands import Ranking, Selection
from hilo.hands.sides import HandSide, Sides
from hilo.hands.wildspec import WildSpec
from hilo.rules.house_rules import HouseRules

__all__ = [
    "Fallback",
    "FallbackRuling",
    "Method",
    "Outcome",
    "Pot",
    "PotAward",
    "PotRuling",
    "ShowdownHand",
    "ShowdownResult",
    "Side",
    "Sides",
    "SwingCheck",
    "settle",
    "settle_scores",
]


@quick_init
@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the seats that put chips in it (folded seats may be listed).

    >>> Pot(90, (0, 1, 2))
    Pot(amount=90, seats=(0, 1, 2))
    """

    amount: int
    seats: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class ShowdownHand:
    """One seat at the showdown: its cards, its declaration (None for cards speak), its name.

    ``up`` lists those of its cards that are face up (the rest are face down); ``plain``
    those of a wild rank that are not wild (Baseball's face-up threes left unmatched).

    >>> from hilo.cards import parse_cards
    >>> ShowdownHand(3, parse_cards("As 2d 3c 4h 5s"), Direction.LOW).display_name
    'Seat 3'
    """

    seat: int
    cards: tuple[Card, ...] = ()
    declaration: Direction | None = None
    name: str = ""
    is_folded: bool = False
    up: tuple[Card, ...] = ()
    plain: tuple[Card, ...] = ()

    @property
    def display_name(self) -> str:
        """The name to print: the given name, else ``Seat N``."""
        return self.name or f"Seat {self.seat}"


@quick_init
@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """Every pot's ruling; ``str()`` is the referee's explanation a person reads."""

    pots: tuple[PotRuling, ...]
    hands: tuple[ShowdownHand, ...]
    rules: HouseRules
    board: tuple[Card, ...] = ()
    selection: Selection = Selection.ANY_FIVE
    seat_order: tuple[int, ...] = field(default=())
    high_only: bool = False
    wild: WildTable | None = field(default=None, compare=False)
    sides: Sides = field(default_factory=Sides)
    """The sides the pots were won on (what each is called and how hands score on it)."""

    @property
    def awards(self) -> tuple[PotAward, ...]:
        """Every award of every pot, main pot first."""
        return tuple(award for pot in self.pots for award in pot.awards)

    @property
    def carried(self) -> int:
        """Chips that ride to the next hand."""
        return sum(pot.carried for pot in self.pots)

    def amounts(self) -> dict[int, int]:
        """Chips won by each seat that won any, in seat order from the button."""
        totals: dict[int, int] = {}
        for award in self.awards:
            totals[award.seat] = totals.get(award.seat, 0) + award.amount
        rank = {seat: position for position, seat in enumerate(self.seat_order)}
        return dict(sorted(totals.items(), key=lambda item: rank.get(item[0], item[0])))

    def explanation(self) -> list[str]:
        """The ruling in sentences, pot by pot."""
        return explain(self)  # the words are only built when asked for

    def __str__(self) -> str:
        return "\n".join(self.explanation())


@cache
def _house_sides(low: Ranking, qualifier: int | None, high_only: bool) -> Sides:
    """The sides of a split by the house rules: high, and low of the house's ranking."""
    return Sides(HandSide("high"), None if high_only else HandSide("low", low, qualifier))


@cache
def _cards_speak_rules(odd_chip_order: str) -> HouseRules:
    """The cards-speak rules a split with one side only is settled under."""
    return HouseRules.preset("cards-speak", odd_chip_order=odd_chip_order)


def settle(
    pots: Sequence[Pot],
    hands: Sequence[ShowdownHand],
    *,
    rules: HouseRules | None = None,
    board: Sequence[Card] = (),
    selection: Selection = Selection.ANY_FIVE,
    seat_order: Sequence[int] | None = None,
    high_only: bool = False,
    validate: bool = True,
    wild: WildSpec | None = None,
    queen_ranks: Iterable[Rank] | None = None,
    sides: Sides | None = None,
) -> ShowdownResult:
    """Settle every pot; ``seat_order`` starts left of the button (default: the hands' order).

    ``high_only`` settles a high game (no low half) with the cards speaking.
    ``wild`` is what is wild in the game (any extra wild ranks or cards for this showdown
    added with `WildSpec.plus`); under follow the queen, ``queen_ranks`` is what
    `hilo.hands.wildspec.follow_the_queen` worked out from the deal (None: queens only).
    ``sides`` names the split's sides and how hands score on them
    (`hilo.rules.Variant.sides`); by default a high side and a low side of the house
    rules' ``low`` and qualifier. A split with one side only is settled with the cards
    speaking.
    ``validate=False`` skips checking the pots, seats and cards, for callers such as the
    hand engine whose input is right by construction; a declaration in a game of one side
    (where the cards speak) is refused all the same, as it is when validating.

    Raises `ConfigError` or `HandError` naming what is wrong with the input.
    """
    rules = rules if rules is not None else _DEFAULT_RULES
    given = rules  # its wild-card switches hold in a high game too
    if sides is None:
        latest = _LATEST_SIDES[0]
        if latest[0] is rules and latest[1] is high_only:
            sides = latest[2]
        else:
            sides = _default_sides(rules, high_only)
    high_rule, low_rule = sides.high, sides.low
    high_only = low_rule is None
    order = None if seat_order is None else tuple(seat_order)
    shared = tuple(board)
    quick = None
    if (
        selection is _ANY_FIVE
        and (wild is None or wild.is_empty)
        and type(high_rule) is HandSide
        and type(low_rule) is HandSide
        and high_rule.ranking is _HIGH_RANKING
        and low_rule.ranking is _ACE_TO_FIVE
    ):
        if len(pots) == 1 and not sides.missing_low_rides:
            alone = settle_one_pot(
                pots[0], hands, rules, shared, order, sides, low_rule.qualifier, validate
            )
            if alone is not None:
                ruling, order = alone
                return _make_result(
                    (ruling,), tuple(hands), rules, shared, selection, order, False, None, sides
                )
        quick = quick_scoreboard(
            pots, hands, rules, shared, order, sides, low_rule.qualifier, validate
        )
    if quick is not None:
        table, order = quick
        wilds = None
    else:
        if order is None:
            order = tuple([hand.seat for hand in hands])
        if not validate and (high_rule is None or high_only):
            check_one_side(hands, sides)
        if (high_rule is None or high_only) and not rules.is_cards_speak:
            rules = _cards_speak_rules(rules.odd_chip_order)
        table, wilds = _full_scoreboard(
            pots, hands, rules, given, shared, selection, order, sides, validate, wild, queen_ranks
        )
    if len(pots) == 1:
        (pot,) = pots
        rulings: tuple[PotRuling, ...] = (settle_pot(0, pot.amount, pot.seats, table),)
    else:
        rulings = tuple(
            [settle_pot(index, pot.amount, pot.seats, table) for index, pot in enumerate(pots)]
        )
    return _make_result(
        rulings, tuple(hands), rules, shared, selection, order, high_only, wilds, sides
    )


def _full_scoreboard(
    pots: Sequence[Pot],
    hands: Sequence[ShowdownHand],
    rules: HouseRules,
    given: HouseRules,
    shared: tuple[Card, ...],
    selection: Selection,
    order: tuple[int, ...],
    sides: Sides,
    validate: bool,
    wild: WildSpec | None,
    queen_ranks: Iterable[Rank] | None,
) -> tuple[_Scoreboard, WildTable | None]:
    """Check the input fully (``validate``) and score every hand, wild cards and all."""
    bits = None
    if validate:
        contested, bits = check_showdown(pots, hands, rules, shared, selection, order, sides)
    else:
        folded = {hand.seat for hand in hands if hand.is_folded}
        contested = set()
        for pot in pots:
            live = [seat for seat in pot.seats if seat not in folded]
            if len(live) > 1:
                contested.update(live)
    wilds = None
    if wild is not None and not wild.is_empty:
        wilds = WildTable(
            hands, wild, given, queen_ranks=queen_ranks, board=shared, selection=selection
        )
    table = _Scoreboard.from_cards(
        hands, rules, shared, selection, order, contested, sides, wilds, bits
    )
    return table, wilds


_make_result = quick_maker(ShowdownResult)
_ANY_FIVE, _HIGH_RANKING, _ACE_TO_FIVE = Selection.ANY_FIVE, Ranking.HIGH, Ranking.ACE_TO_FIVE
"""Enum members looked up once: every showdown asks which path settles it."""
_DEFAULT_RULES = HouseRules()
_LATEST_SIDES: list[tuple[HouseRules | None, bool, Sides]] = [(None, False, Sides())]
"""The rules, ``high_only`` and house sides of the latest showdown, looked at first (a
table settles every showdown under the same rules)."""


def _default_sides(rules: HouseRules, high_only: bool) -> Sides:
    """A high side and, unless ``high_only``, a low side of the house rules' low."""
    sides = _house_sides(rules.low, None if high_only else rules.low_qualifier, high_only)
    _LATEST_SIDES[0] = (rules, high_only, sides)
    return sides


def settle_scores(
    amount: int,
    highs: Sequence[int],
    lows: Sequence[int],
    declarations: Sequence[Direction | None],
    *,
    rules: HouseRules,
    high_only: bool = False,
    sides: Sides | None = None,
) -> PotRuling:
    """Settle one pot among seats 0, 1, ... still in, from scores already worked out.

    The same referee as `settle`, for callers that score many deals themselves (the bots'
    simulations): ``highs`` and ``lows`` are the seats' best scores (greater is better; a
    low of 0 is no qualifying low), ``declarations`` theirs (None under cards speak). Odd
    chips go in seat order. Nothing is checked. ``sides``: the game's sides
    (`hilo.rules.Variant.sides`: razz's low alone, a Chicago spade half that rides); by
    default a high side and, unless ``high_only``, a low side of the house's low.

    >>> ruling = settle_scores(
    ...     60, [5, 9, 1], [3, 4, 8], [Direction.HIGH, Direction.BOTH, Direction.LOW],
    ...     rules=HouseRules.preset("strict"))
    >>> [(award.seat, award.amount) for award in ruling.awards]
    [(2, 60)]
    """
    if sides is None:
        sides = Sides(HandSide("high"), None if high_only else HandSide("low", rules.low))
    high_only = sides.low is None
    if (high_only or sides.high is None) and not rules.is_cards_speak:
        rules = HouseRules.preset("cards-speak", odd_chip_order=rules.odd_chip_order)
    seats = tuple(range(len(highs)))
    table = _Scoreboard(
        rules,
        sides,
        dict(zip(seats, declarations, strict=True)),
        {seat: seat for seat in seats},
        dict(zip(seats, [0] * len(seats) if sides.high is None else highs, strict=True)),
        dict(zip(seats, [0] * len(seats) if high_only else lows, strict=True)),
    )
    return settle_pot(0, amount, seats, table)
