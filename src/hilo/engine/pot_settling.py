"""Settling one pot of a showdown from its scoreboard: the referee's rules (RULES.md
sections 4-6) for declarations, swings, ties, odd chips and the fallbacks when nobody can
win.

`settle_pot` is the one place these rules are decided, for `hilo.engine.showdown.settle`
and `hilo.engine.showdown.settle_scores` alike. It runs for every pot of every showdown,
so it keeps to plain loops over a few seats and makes its rulings, awards and swing checks
with `hilo.frozen.quick_maker` (its own values, right by construction); the reasons are
a few dozen short sentences written once each.
"""

from __future__ import annotations

from collections.abc import Sequence

from hilo.engine.declare import Direction, Outcome
from hilo.engine.rulings import (
    Fallback,
    FallbackRuling,
    Method,
    PotAward,
    PotRuling,
    Side,
    SwingCheck,
)
from hilo.engine.scoreboard import Scoreboard
from hilo.frozen import quick_maker
from hilo.rules.house_rules import HouseRules

__all__ = [
    "DeclaredSides",
    "award_reason",
    "best_seats",
    "cards_speak_fallback",
    "declared_sides",
    "make_award",
    "make_check",
    "make_ruling",
    "settle_pot",
    "with_fallback",
]

make_award = quick_maker(PotAward)
make_ruling = quick_maker(PotRuling)
make_check = quick_maker(SwingCheck)

_WIN, _TIE, _LOSE = Outcome.WIN, Outcome.TIE, Outcome.LOSE
_DECLARED, _CARDS_SPEAK = Method.DECLARED, Method.CARDS_SPEAK
_SIDE_HIGH, _SIDE_LOW = Side.HIGH, Side.LOW
_HIGH, _LOW, _BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH
_BOTH_SIDES = frozenset((_HIGH, _LOW))
_HIGH_SIDE, _LOW_SIDE, _NO_SIDE = frozenset((_HIGH,)), frozenset((_LOW,)), frozenset[Direction]()
"""Enum members and side sets looked up once: a swing is checked at every declared showdown."""
_NOBODY: tuple[tuple[int, ...], int | None] = ((), None)


def _share(
    pot: int, amount: int, winners: Sequence[int], side: Side, reason: str, table: Scoreboard
) -> list[PotAward]:
    """Divide ``amount`` among ``winners``; odd chips one each in the house's order.

    A tied winner whose share rounds down to nothing gets no award.
    """
    if not winners or amount == 0:
        return []
    if len(winners) == 1:
        return [make_award(pot, winners[0], amount, side, reason)]
    each, odd = divmod(amount, len(winners))
    ordered = table.chip_order(winners, side) if odd else list(winners)
    shares = [(seat, each + (1 if position < odd else 0)) for position, seat in enumerate(ordered)]
    return [make_award(pot, seat, chips, side, reason) for seat, chips in shares if chips]


def award_reason(name: str, winners: int, whole: bool, how: str) -> str:
    """A short reason such as ``"high half, 2-way tie, cards speak"`` for an award to one of
    ``winners`` winners of a side called ``name`` (``whole``: the whole pot)."""
    key = (name, winners, whole, how)
    reason = _REASONS.get(key)
    if reason is None:
        words = [f"whole pot to {name}" if whole else f"{name} half"]
        if winners > 1:
            words.append(f"{winners}-way tie")
        if how:
            words.append(how)
        reason = _REASONS[key] = ", ".join(words)
    return reason


_REASONS: dict[tuple[str, int, bool, str], str] = {}
"""Every reason written so far: a few dozen sentences are written again and again."""


def _halves(
    pot: int,
    amount: int,
    high: Sequence[int],
    low: Sequence[int],
    table: Scoreboard,
    how: str,
    low_rides: bool,
) -> tuple[list[PotAward], int]:
    """Award the pot to the high and low winners: halves, or all to the only side with one.

    ``low_rides``: the low half rides to the next hand (nobody had anything on that side).
    Returns the awards and the chips that ride.
    """
    if high and (low or low_rides):
        small = amount // 2
        big = amount - small
        high_part, low_part = (big, small) if table.rules.odd_chip == "high" else (small, big)
        high_reason = award_reason(table.high_name, len(high), False, how)
        awards = _share(pot, high_part, high, _SIDE_HIGH, high_reason, table)
        if low_rides:
            return awards, low_part
        low_reason = award_reason(table.low_name, len(low), False, how)
        return awards + _share(pot, low_part, low, _SIDE_LOW, low_reason, table), 0
    if high:
        reason = award_reason(table.high_name, len(high), True, how)
        return _share(pot, amount, high, _SIDE_HIGH, reason, table), 0
    reason = award_reason(table.low_name, len(low), True, how)
    return _share(pot, amount, low, _SIDE_LOW, reason, table), 0


def _low_rides(table: Scoreboard, contenders: Sequence[int]) -> bool:
    """Whether the low half rides: the split says so, somebody contests the low side, and
    nobody contesting it has anything on it (no spade in the hole)."""
    return (
        table.sides.missing_low_rides
        and bool(contenders)
        and all(table.low[seat] <= 0 for seat in contenders)
    )


def _top(seats: Sequence[int], scores: dict[int, int]) -> tuple[int, int, bool]:
    """The greatest score among ``seats`` (0 when none is above 0), the first seat holding
    it, and whether another seat holds it too."""
    top = 0
    best = -1
    tied = False
    for seat in seats:
        score = scores[seat]
        if score > top:
            top, best, tied = score, seat, False
        elif score == top:
            tied = True
    return top, best, tied


def best_seats(seats: Sequence[int], scores: dict[int, int]) -> tuple[int, ...]:
    """The seats with the greatest score (none when the best is no qualifying low)."""
    top, best, tied = _top(seats, scores)
    if top <= 0:
        return ()
    if not tied:
        return (best,)
    return tuple([seat for seat in seats if scores[seat] == top])


def _cards_speak(index: int, amount: int, seats: tuple[int, ...], table: Scoreboard) -> PotRuling:
    high = best_seats(seats, table.high)
    low = best_seats(seats, table.low)
    rides = (
        bool(high)
        and table.sides.missing_low_rides
        and table.sides.low is not None
        and _low_rides(table, seats)
    )
    awards, carried = _halves(index, amount, high, low, table, "cards speak", rides)
    return make_ruling(
        index, amount, seats, _CARDS_SPEAK, tuple(awards), carried, None, (), high, low,
        None, None, False, rides,
    )  # fmt: skip


def _against(
    seat: int, rivals: Sequence[int], scores: dict[int, int]
) -> tuple[Outcome, int | None]:
    """A swing's outcome on one side against every other contender of that side."""
    mine = scores[seat]
    best_rival = None
    theirs = 0
    for rival in rivals:  # the first of the best rivals
        if rival != seat:
            score = scores[rival]
            if best_rival is None or score > theirs:
                best_rival, theirs = rival, score
    if mine <= 0:  # no qualifying low: a swing without a low cannot win low
        return _LOSE, best_rival
    if best_rival is None:
        return _WIN, None
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
    top, best, tied = _top(pool, scores)
    if top <= 0:  # nobody, or nothing on this side
        return _NOBODY
    if pool is eligible and not tied:  # one best hand, and it may win
        return (best,), None
    winners = tuple([seat for seat in eligible if scores[seat] == top])
    if winners:
        return winners, None
    for seat in contenders:
        if scores[seat] == top:
            return (), seat
    raise AssertionError("the best score is a contender's")  # pragma: no cover


DeclaredSides = tuple[
    tuple[SwingCheck, ...], tuple[int, ...], int | None, tuple[int, ...], int | None, list[int]
]
"""What `declared_sides` works out: the swings' checks, the high winners and the failed swing
that blocked the high side (if one did), the same for the low side, and the low side's
contenders."""


def declared_sides(
    seats: Sequence[int],
    declared: dict[int, Direction | None],
    highs: dict[int, int],
    lows: dict[int, int],
    swing_ties: str,
    second_best: bool,
) -> DeclaredSides:
    """Each side's winners among ``seats`` under their declarations (a seat without one
    contends both sides without swinging), every swing checked first (RULES.md section 5)."""
    high_side: list[int] = []
    low_side: list[int] = []
    swings: list[int] = []
    for seat in seats:
        direction = declared[seat]
        if direction is _HIGH:
            high_side.append(seat)
        elif direction is _LOW:
            low_side.append(seat)
        else:
            high_side.append(seat)
            low_side.append(seat)
            if direction is _BOTH:
                swings.append(seat)
    checks = []
    eligible_high, eligible_low = high_side, low_side
    for seat in swings:
        high, high_rival = _against(seat, high_side, highs)
        low, low_rival = _against(seat, low_side, lows)
        allowed = _swing_sides(high, low, swing_ties)
        checks.append(make_check(seat, high, low, high_rival, low_rival, allowed))
        if _HIGH not in allowed:
            eligible_high = eligible_high.copy()
            eligible_high.remove(seat)
        if _LOW not in allowed:
            eligible_low = eligible_low.copy()
            eligible_low.remove(seat)
    high_winners, high_blocker = _side_winners(high_side, eligible_high, highs, second_best)
    low_winners, low_blocker = _side_winners(low_side, eligible_low, lows, second_best)
    return tuple(checks), high_winners, high_blocker, low_winners, low_blocker, low_side


def _declared(
    index: int,
    amount: int,
    seats: tuple[int, ...],
    table: Scoreboard,
    second_best: bool,
    declared: dict[int, Direction | None] | None = None,
) -> PotRuling:
    checks, high_winners, high_blocker, low_winners, low_blocker, low_side = declared_sides(
        seats,
        table.declared if declared is None else declared,
        table.high,
        table.low,
        table.rules.swing_ties,
        second_best,
    )
    rides = bool(high_winners) and table.sides.missing_low_rides and _low_rides(table, low_side)
    awards, carried = _halves(index, amount, high_winners, low_winners, table, "", rides)
    return make_ruling(
        index, amount, seats, _DECLARED, tuple(awards), carried, None, checks,
        high_winners, low_winners, high_blocker, low_blocker, second_best, rides,
    )  # fmt: skip


def _won_sides(
    seats: tuple[int, ...], table: Scoreboard
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


def settle_pot(index: int, amount: int, in_pot: tuple[int, ...], table: Scoreboard) -> PotRuling:
    """Settle pot ``index`` of ``amount`` chips among the seats ``in_pot`` not folded."""
    folded = table.folded
    seats = tuple([seat for seat in in_pot if seat not in folded] if folded else in_pot)
    if len(seats) == 1:
        award = PotAward(index, seats[0], amount, Side.UNCONTESTED, "only player in the pot")
        return PotRuling(index, amount, seats, Method.UNCONTESTED, (award,) if amount else ())
    if table.cards_speak:
        return _cards_speak(index, amount, seats, table)
    rules = table.rules
    ruling = _declared(index, amount, seats, table, rules.second_best)
    if ruling.high_winners or ruling.low_winners:
        return ruling
    # Nobody can win either side under the declarations.
    everybody_swung = all(table.declared[seat] is _BOTH for seat in seats)
    rides = PotRuling(index, amount, seats, Method.RIDES, (), carried=amount)
    speaks = cards_speak_fallback(rules, everybody_swung)
    if speaks is not None:
        fallback = speaks
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
    return with_fallback(
        index, amount, seats, settled, fallback, ruling.swings, ruling.high_blocker,
        ruling.low_blocker,
    )  # fmt: skip


_ALL_SWING_SPEAKS = FallbackRuling(Fallback.ALL_SWING_CARDS_SPEAK)
_NO_WINNER_SPEAKS = FallbackRuling(Fallback.CARDS_SPEAK)


def cards_speak_fallback(rules: HouseRules, everybody_swung: bool) -> FallbackRuling | None:
    """The fallback that settles a pot nobody can win under the declarations with the cards
    speaking (everybody swung under all_swing_fallback=cards-speak, or no_winner=cards-speak),
    or None when the house falls back otherwise."""
    if everybody_swung and rules.all_swing_fallback == "cards-speak":
        return _ALL_SWING_SPEAKS
    if rules.no_winner == "cards-speak":
        return _NO_WINNER_SPEAKS
    return None


def with_fallback(
    index: int,
    amount: int,
    seats: tuple[int, ...],
    settled: PotRuling,
    fallback: FallbackRuling,
    swings: tuple[SwingCheck, ...],
    high_blocker: int | None,
    low_blocker: int | None,
) -> PotRuling:
    """The ruling of a pot nobody could win under the declarations: the swings checked and
    the blockers found under them, then how ``fallback`` settled it (``settled``)."""
    return make_ruling(
        index, amount, seats, settled.method, settled.awards, settled.carried, fallback,
        swings, settled.high_winners, settled.low_winners, high_blocker, low_blocker,
        settled.second_best_used, settled.low_rides,
    )  # fmt: skip
