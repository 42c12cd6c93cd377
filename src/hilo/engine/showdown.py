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
from hilo.engine.showdown_checks import check_showdown
from hilo.engine.wild_table import WildTable
from hilo.frozen import quick_init
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


def _share(
    pot: int, amount: int, winners: Sequence[int], side: Side, reason: str, table: _Scoreboard
) -> list[PotAward]:
    """Divide ``amount`` among ``winners``; odd chips one each in the house's order.

    A tied winner whose share rounds down to nothing gets no award.
    """
    if not winners or amount == 0:
        return []
    each, odd = divmod(amount, len(winners))
    ordered = table.chip_order(winners, side) if odd else list(winners)
    shares = [(seat, each + (1 if position < odd else 0)) for position, seat in enumerate(ordered)]
    return [PotAward(pot, seat, chips, side, reason) for seat, chips in shares if chips]


def _reason(name: str, winners: Sequence[int], *, whole: bool, how: str) -> str:
    """A short reason such as ``"high half, 2-way tie, cards speak"``."""
    words = [f"whole pot to {name}" if whole else f"{name} half"]
    if len(winners) > 1:
        words.append(f"{len(winners)}-way tie")
    if how:
        words.append(how)
    return ", ".join(words)


def _side_name(table: _Scoreboard, side: Side) -> str:
    high, low = table.sides.names
    return (high or "high") if side is Side.HIGH else (low or "low")


def _halves(
    pot: int,
    amount: int,
    high: Sequence[int],
    low: Sequence[int],
    table: _Scoreboard,
    how: str,
    *,
    low_rides: bool = False,
) -> tuple[list[PotAward], int]:
    """Award the pot to the high and low winners: halves, or all to the only side with one.

    ``low_rides``: the low half rides to the next hand (nobody had anything on that side).
    Returns the awards and the chips that ride.
    """
    if high and (low or low_rides):
        small, big = amount // 2, amount - amount // 2
        high_part, low_part = (big, small) if table.rules.odd_chip == "high" else (small, big)
        high_reason = _reason(_side_name(table, Side.HIGH), high, whole=False, how=how)
        awards = _share(pot, high_part, high, Side.HIGH, high_reason, table)
        if low_rides:
            return awards, low_part
        low_reason = _reason(_side_name(table, Side.LOW), low, whole=False, how=how)
        return awards + _share(pot, low_part, low, Side.LOW, low_reason, table), 0
    side, winners = (Side.HIGH, high) if high else (Side.LOW, low)
    reason = _reason(_side_name(table, side), winners, whole=True, how=how)
    return _share(pot, amount, winners, side, reason, table), 0


def _low_rides(table: _Scoreboard, contenders: Sequence[int]) -> bool:
    """Whether the low half rides: the split says so, somebody contests the low side, and
    nobody contesting it has anything on it (no spade in the hole)."""
    return (
        table.sides.missing_low_rides
        and bool(contenders)
        and all(table.low[seat] <= 0 for seat in contenders)
    )


def _best(seats: Iterable[int], scores: dict[int, int]) -> tuple[int, ...]:
    """The seats with the greatest score (none when the best is no qualifying low)."""
    pool = list(seats)
    if not pool:
        return ()
    top = max(scores[seat] for seat in pool)
    if top <= 0:
        return ()
    return tuple(seat for seat in pool if scores[seat] == top)


def _cards_speak(index: int, amount: int, seats: tuple[int, ...], table: _Scoreboard) -> PotRuling:
    high = _best(seats, table.high)
    low = _best(seats, table.low)
    rides = bool(high) and table.sides.low is not None and _low_rides(table, seats)
    awards, carried = _halves(index, amount, high, low, table, "cards speak", low_rides=rides)
    return PotRuling(
        index,
        amount,
        seats,
        Method.CARDS_SPEAK,
        tuple(awards),
        carried=carried,
        high_winners=high,
        low_winners=low,
        low_rides=rides,
    )


_WIN, _TIE, _LOSE = Outcome.WIN, Outcome.TIE, Outcome.LOSE
_HIGH, _LOW, _BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH
_BOTH_SIDES = frozenset((_HIGH, _LOW))
_HIGH_SIDE, _LOW_SIDE, _NO_SIDE = frozenset((_HIGH,)), frozenset((_LOW,)), frozenset[Direction]()
"""Enum members and side sets looked up once: a swing is checked at every declared showdown."""


def _against(
    seat: int, rivals: Sequence[int], scores: dict[int, int]
) -> tuple[Outcome, int | None]:
    """A swing's outcome on one side against every other contender of that side."""
    mine = scores[seat]
    others = [rival for rival in rivals if rival != seat]
    if mine <= 0:  # no qualifying low: a swing without a low cannot win low
        best_rival = max(others, key=scores.__getitem__, default=None)
        return _LOSE, best_rival
    if not others:
        return _WIN, None
    best_rival = max(others, key=scores.__getitem__)
    theirs = scores[best_rival]
    if mine > theirs:
        return _WIN, best_rival
    if mine == theirs:
        return _TIE, best_rival
    return _LOSE, best_rival


def _swing_sides(high: Outcome, low: Outcome, swing_ties: str) -> frozenset[Direction]:
    """The sides a swing may win, by the swing_ties rule."""
    if high is _LOSE or low is _LOSE:
        return _NO_SIDE
    if high is _WIN and low is _WIN:
        return _BOTH_SIDES
    if swing_ties == "share":
        return _BOTH_SIDES
    if swing_ties == "keep-won-side":
        if high is _WIN:
            return _HIGH_SIDE
        if low is _WIN:
            return _LOW_SIDE
    return _NO_SIDE


def _side_winners(
    contenders: Sequence[int], eligible: Sequence[int], scores: dict[int, int], second_best: bool
) -> tuple[tuple[int, ...], int | None]:
    """Winners of one side, and the ineligible swing that blocked it (if one did)."""
    pool = eligible if second_best else contenders
    if not pool:
        return (), None
    top = max([scores[seat] for seat in pool])
    if top <= 0:
        return (), None
    winners = tuple(seat for seat in eligible if scores[seat] == top)
    if winners:
        return winners, None
    blocker = next(seat for seat in contenders if scores[seat] == top)
    return (), blocker


def _declared(
    index: int,
    amount: int,
    seats: tuple[int, ...],
    table: _Scoreboard,
    second_best: bool,
    declared: dict[int, Direction | None] | None = None,
) -> PotRuling:
    rules = table.rules
    declared = table.declared if declared is None else declared
    high_side: list[int] = []
    low_side: list[int] = []
    swings: list[int] = []
    for seat in seats:
        direction = declared[seat]
        if direction is not _LOW:
            high_side.append(seat)
        if direction is not _HIGH:
            low_side.append(seat)
        if direction is _BOTH:
            swings.append(seat)
    checks: list[SwingCheck] = []
    eligible_high, eligible_low = high_side, low_side
    for seat in swings:
        high, high_rival = _against(seat, high_side, table.high)
        low, low_rival = _against(seat, low_side, table.low)
        allowed = _swing_sides(high, low, rules.swing_ties)
        checks.append(SwingCheck(seat, high, low, high_rival, low_rival, allowed))
        if _HIGH not in allowed:
            eligible_high = [other for other in eligible_high if other != seat]
        if _LOW not in allowed:
            eligible_low = [other for other in eligible_low if other != seat]
    high_winners, high_blocker = _side_winners(high_side, eligible_high, table.high, second_best)
    low_winners, low_blocker = _side_winners(low_side, eligible_low, table.low, second_best)
    rides = bool(high_winners) and _low_rides(table, low_side)
    awards, carried = _halves(index, amount, high_winners, low_winners, table, "", low_rides=rides)
    return PotRuling(
        index,
        amount,
        seats,
        Method.DECLARED,
        tuple(awards),
        carried=carried,
        low_rides=rides,
        swings=tuple(checks),
        high_winners=high_winners,
        low_winners=low_winners,
        high_blocker=high_blocker,
        low_blocker=low_blocker,
        second_best_used=second_best,
    )


def _won_sides(
    seats: tuple[int, ...], table: _Scoreboard
) -> tuple[tuple[int, ...], dict[int, Direction | None]]:
    """no_winner=keep-won-side: each swing read as a declaration for the side where its hand
    is best among that side's contenders, ties included; a swing best on neither stays out."""
    declared = dict(table.declared)
    top_high = max((table.high[seat] for seat in seats if declared[seat] is not _LOW), default=0)
    top_low = max((table.low[seat] for seat in seats if declared[seat] is not _HIGH), default=0)
    kept = []
    for seat in seats:
        if declared[seat] is _BOTH:
            best_high = table.high[seat] == top_high
            best_low = top_low > 0 and table.low[seat] == top_low
            if best_high != best_low:
                declared[seat] = _HIGH if best_high else _LOW
            elif not best_high:
                continue
        kept.append(seat)
    return tuple(kept), declared


def _settle_pot(index: int, pot: Pot, table: _Scoreboard) -> PotRuling:
    folded = table.folded
    seats = tuple([seat for seat in pot.seats if seat not in folded] if folded else pot.seats)
    amount = pot.amount
    if len(seats) == 1:
        award = PotAward(index, seats[0], amount, Side.UNCONTESTED, "only player in the pot")
        return PotRuling(index, amount, seats, Method.UNCONTESTED, (award,) if amount else ())
    rules = table.rules
    if rules.is_cards_speak:
        return _cards_speak(index, amount, seats, table)
    ruling = _declared(index, amount, seats, table, rules.second_best)
    if ruling.high_winners or ruling.low_winners:
        return ruling
    # Nobody can win either side under the declarations.
    everybody_swung = all(table.declared[seat] is _BOTH for seat in seats)
    rides = PotRuling(index, amount, seats, Method.RIDES, (), carried=amount)
    if everybody_swung and rules.all_swing_fallback == "cards-speak":
        fallback = FallbackRuling(Fallback.ALL_SWING_CARDS_SPEAK)
        settled = _cards_speak(index, amount, seats, table)
    elif rules.no_winner == "cards-speak":
        fallback = FallbackRuling(Fallback.CARDS_SPEAK)
        settled = _cards_speak(index, amount, seats, table)
    elif rules.no_winner == "split":
        fallback = FallbackRuling(Fallback.SPLIT)
        awards = _share(index, amount, seats, Side.SPLIT, "equal share, nobody won", table)
        settled = PotRuling(index, amount, seats, Method.SPLIT, tuple(awards))
    elif rules.no_winner == "second-best" and not rules.second_best:
        settled = _declared(index, amount, seats, table, second_best=True)
        then_rides = not (settled.high_winners or settled.low_winners)
        fallback = FallbackRuling(Fallback.SECOND_BEST, then_rides=then_rides)
        settled = rides if then_rides else settled
    elif rules.no_winner == "keep-won-side":
        kept, declared = _won_sides(seats, table)
        settled = _declared(index, amount, kept, table, rules.second_best, declared)
        then_rides = not (settled.high_winners or settled.low_winners)
        fallback = FallbackRuling(Fallback.KEEP_WON_SIDE, then_rides=then_rides)
        settled = rides if then_rides else settled
    elif rules.no_winner == "rides":
        fallback = FallbackRuling(Fallback.RIDES)
        settled = rides
    else:  # second-best, when second-best hands could already win
        fallback = FallbackRuling(Fallback.SECOND_BEST, then_rides=True)
        settled = rides
    return PotRuling(
        index,
        amount,
        seats,
        settled.method,
        settled.awards,
        carried=settled.carried,
        fallback=fallback,
        swings=ruling.swings,
        high_winners=settled.high_winners,
        low_winners=settled.low_winners,
        high_blocker=ruling.high_blocker,
        low_blocker=ruling.low_blocker,
        second_best_used=settled.second_best_used,
        low_rides=settled.low_rides,
    )


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
    ``validate=False`` skips checking the input, for callers such as the hand engine
    whose pots, cards and declarations are right by construction.

    Raises `ConfigError` or `HandError` naming what is wrong with the input.
    """
    rules = rules if rules is not None else HouseRules()
    given = rules  # its wild-card switches hold in a high game too
    if sides is None:
        sides = _house_sides(rules.low, None if high_only else rules.low_qualifier, high_only)
    high_only = sides.low is None
    if (sides.high is None or sides.low is None) and not rules.is_cards_speak:
        rules = _cards_speak_rules(rules.odd_chip_order)
    shared = tuple(board)
    order = tuple(seat_order) if seat_order is not None else tuple([hand.seat for hand in hands])
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
    rulings = tuple([_settle_pot(index, pot, table) for index, pot in enumerate(pots)])
    return ShowdownResult(
        rulings, tuple(hands), rules, shared, selection, order, high_only, wilds, sides
    )


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
    return _settle_pot(0, Pot(amount, seats), table)
