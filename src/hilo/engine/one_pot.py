"""The referee's straight path for the commonest showdown: one pot, any five of a hand and
the board, high against an ace-to-five low of plain cards, declared or cards speak.

`settle_one_pot` checks the input, scores every hand and settles the pot in one function,
as `hilo.engine.quick_scores` and `hilo.engine.pot_settling.settle_pot` would, with the
seats' scores in lists rather than dicts. A hand's high and low are looked up by its rank
key (`hilo.engine.quick_scores.RANK_KEYS`). Whatever it does not settle plainly is left to
them: input that fails a check (the full path names the fault), a folded hand under the
checks, odd chips among tied winners, and a pot nobody wins under the declarations that
does not simply ride (once the hands are scored, `settle_pot` settles these from their
scores).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.declare import Direction, Outcome
from hilo.engine.pot_settling import award_reason, settle_pot
from hilo.engine.quick_scores import FLUSH, RANK_KEYS, hand_scores, score_cache
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
from hilo.errors import HandError
from hilo.frozen import quick_maker
from hilo.hands.sides import Sides
from hilo.hands.tables import RANK_BITS
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.engine.showdown import Pot, ShowdownHand

__all__ = ["settle_one_pot"]

_make_award = quick_maker(PotAward)
_make_ruling = quick_maker(PotRuling)
_make_check = quick_maker(SwingCheck)

_F = RANK_BITS
_WIN, _TIE, _LOSE = Outcome.WIN, Outcome.TIE, Outcome.LOSE
_HIGH, _LOW, _BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH
_SIDE_HIGH, _SIDE_LOW = Side.HIGH, Side.LOW
_DECLARED, _CARDS_SPEAK, _RIDES = Method.DECLARED, Method.CARDS_SPEAK, Method.RIDES
_RIDES_FALLBACK = FallbackRuling(Fallback.RIDES)
_BOTH_SIDES = frozenset((_HIGH, _LOW))
_HIGH_SIDE, _LOW_SIDE, _NO_SIDE = frozenset((_HIGH,)), frozenset((_LOW,)), frozenset[Direction]()


def settle_one_pot(
    pot: Pot,
    hands: Sequence[ShowdownHand],
    rules: HouseRules,
    board: tuple[Card, ...],
    seat_order: tuple[int, ...] | None,
    sides: Sides,
    qualifier: int | None,
    check: bool,
) -> tuple[PotRuling, tuple[int, ...]] | None:
    """The ruling of a showdown of one pot among every hand not folded, in the hands'
    order, and the seat order; or None, and the general path settles it.

    ``check``: the input passes every check of `hilo.engine.showdown_checks` (else None);
    without it, folded hands are left out. ``seat_order`` None: the hands' seats.
    """
    amount = pot.amount
    if check and (type(amount) is not int or amount < 0):
        return None
    shared = 0
    count = len(board)
    if board:
        try:
            for card in board:
                shared |= card.bit
        except HandError:  # the joker has no bit
            return None
        if shared.bit_count() != count:
            return None
    cards_speak = rules.declare == "cards-speak"
    least = 5 - count
    cache = score_cache(qualifier)
    keys = RANK_KEYS
    seen = shared
    seats: list[int] = []
    highs: list[int] = []
    lows: list[int] = []
    declared: list[Direction | None] = []
    folded = False
    for hand in hands:
        if hand.is_folded:
            if check:
                return None
            folded = True
            continue
        held = hand.cards
        mask = 0
        try:
            for card in held:
                mask |= card.bit
        except HandError:
            return None
        if mask.bit_count() != len(held):
            return None
        declaration = hand.declaration
        if check:
            shown = 0
            try:
                for card in hand.up:
                    shown |= card.bit
            except HandError:
                return None
            if (
                mask & seen
                or len(held) < least
                or (declaration is None) is not cards_speak
                or shown & ~mask
            ):
                return None
            seen |= mask
        elif shared and mask & shared:
            return None
        if shared:
            mask |= shared
        key = keys[mask & _F] + keys[mask >> 16 & _F] + keys[mask >> 32 & _F] + keys[mask >> 48]
        scores = cache.get(key) if key < FLUSH else None
        if scores is None:
            scores = hand_scores(key, mask, len(held) + count, qualifier)
        seats.append(hand.seat)
        declared.append(declaration)
        highs.append(scores[0])
        lows.append(scores[1])
    in_pot = pot.seats
    if len(seats) < 2 or tuple(seats) != in_pot:
        return None
    if len(set(in_pot)) != len(in_pot):
        return None
    order = seat_order
    if folded:
        everybody = tuple([hand.seat for hand in hands])
        if len(set(everybody)) != len(everybody):
            return None
        if order is None:
            order = everybody
    elif order is None:
        order = in_pot
    elif check and (len(order) != len(in_pot) or set(order) != set(in_pot)):
        return None
    if cards_speak:
        ruling = _cards_speak(amount, in_pot, highs, lows, rules, sides)
    else:
        ruling = _declared(amount, in_pot, declared, highs, lows, rules, sides)
    if ruling is None:
        ruling = _settled_in_full(amount, in_pot, highs, lows, rules, sides, order, board, hands)
    return ruling, order


def _settled_in_full(
    amount: int,
    seats: tuple[int, ...],
    highs: list[int],
    lows: list[int],
    rules: HouseRules,
    sides: Sides,
    order: tuple[int, ...],
    board: tuple[Card, ...],
    hands: Sequence[ShowdownHand],
) -> PotRuling:
    """The pot settled by `settle_pot` from the scores worked out here."""
    table = Scoreboard(
        rules,
        sides,
        {hand.seat: hand.declaration for hand in hands},
        order,
        dict(zip(seats, highs, strict=True)),
        dict(zip(seats, lows, strict=True)),
        folded=frozenset([hand.seat for hand in hands if hand.is_folded]),
        board=board,
        hands=hands,
    )
    return settle_pot(0, amount, seats, table)


def _winners(seats: tuple[int, ...], scores: list[int]) -> tuple[int, ...]:
    """The seats with the greatest score (none when it is not above 0)."""
    top = max(scores)
    if top <= 0:
        return ()
    if scores.count(top) == 1:
        return (seats[scores.index(top)],)
    return tuple([seat for seat, score in zip(seats, scores, strict=True) if score == top])


def _cards_speak(
    amount: int,
    seats: tuple[int, ...],
    highs: list[int],
    lows: list[int],
    rules: HouseRules,
    sides: Sides,
) -> PotRuling | None:
    high = _winners(seats, highs)
    low = _winners(seats, lows)
    awards = _awards(amount, high, low, rules, sides, "cards speak")
    if awards is None:
        return None
    return _make_ruling(
        0, amount, seats, _CARDS_SPEAK, awards, 0, None, (), high, low, None, None, False, False
    )


def _declared(
    amount: int,
    seats: tuple[int, ...],
    declared: list[Direction | None],
    highs: list[int],
    lows: list[int],
    rules: HouseRules,
    sides: Sides,
) -> PotRuling | None:
    high_side: list[int] = []  # places in ``seats``
    low_side: list[int] = []
    swings: list[int] = []
    for place, direction in enumerate(declared):
        if direction is _HIGH:
            high_side.append(place)
        elif direction is _LOW:
            low_side.append(place)
        elif direction is _BOTH:
            high_side.append(place)
            low_side.append(place)
            swings.append(place)
        else:  # unchecked input without a declaration: the general path
            return None
    checks = []
    eligible_high, eligible_low = high_side, low_side
    for place in swings:
        high, high_rival = _against(place, high_side, highs)
        low, low_rival = _against(place, low_side, lows)
        if high is _LOSE or low is _LOSE:
            allowed = _NO_SIDE
        elif (high is _WIN and low is _WIN) or rules.swing_ties == "share":
            allowed = _BOTH_SIDES
        elif rules.swing_ties == "keep-won-side":
            allowed = _HIGH_SIDE if high is _WIN else _LOW_SIDE if low is _WIN else _NO_SIDE
        else:
            allowed = _NO_SIDE
        checks.append(
            _make_check(
                seats[place],
                high,
                low,
                None if high_rival < 0 else seats[high_rival],
                None if low_rival < 0 else seats[low_rival],
                allowed,
            )
        )
        if allowed is not _BOTH_SIDES:
            if allowed is not _HIGH_SIDE:
                eligible_high = [other for other in eligible_high if other != place]
            if allowed is not _LOW_SIDE:
                eligible_low = [other for other in eligible_low if other != place]
    second_best = rules.second_best
    high_winners, high_blocker = _side(seats, high_side, eligible_high, highs, second_best)
    low_winners, low_blocker = _side(seats, low_side, eligible_low, lows, second_best)
    if not (high_winners or low_winners):  # nobody can win: the house's fallback
        if rules.no_winner != "rides" or (
            len(swings) == len(seats) and rules.all_swing_fallback == "cards-speak"
        ):
            return None  # settle_pot settles it
        return _make_ruling(
            0, amount, seats, _RIDES, (), amount, _RIDES_FALLBACK, tuple(checks), (), (),
            high_blocker, low_blocker, False, False,
        )  # fmt: skip
    awards = _awards(amount, high_winners, low_winners, rules, sides, "")
    if awards is None:
        return None
    return _make_ruling(
        0, amount, seats, _DECLARED, awards, 0, None, tuple(checks), high_winners,
        low_winners, high_blocker, low_blocker, second_best, False,
    )  # fmt: skip


def _against(place: int, rivals: list[int], scores: list[int]) -> tuple[Outcome, int]:
    """A swing's outcome on one side against the side's other contenders, and the first
    of the best of them (-1: none)."""
    mine = scores[place]
    best = -1
    theirs = 0
    for rival in rivals:
        if rival != place:
            score = scores[rival]
            if best < 0 or score > theirs:
                best, theirs = rival, score
    if mine <= 0:  # nothing on this side: a swing cannot win it
        return _LOSE, best
    if best < 0 or mine > theirs:
        return _WIN, best
    return (_TIE if mine == theirs else _LOSE), best


def _side(
    seats: tuple[int, ...],
    contenders: list[int],
    eligible: list[int],
    scores: list[int],
    second_best: bool,
) -> tuple[tuple[int, ...], int | None]:
    """The winners of one side, and the failed swing that stopped them (if one did)."""
    pool = eligible if second_best else contenders
    top = 0
    best = -1
    tied = False
    for place in pool:
        score = scores[place]
        if score > top:
            top, best, tied = score, place, False
        elif score == top:
            tied = True
    if top <= 0:
        return (), None
    if pool is eligible and not tied:
        return (seats[best],), None
    winners = tuple([seats[place] for place in eligible if scores[place] == top])
    if winners:
        return winners, None
    for place in contenders:
        if scores[place] == top:
            return (), seats[place]
    raise AssertionError("the best score is a contender's")  # pragma: no cover


def _awards(
    amount: int,
    high: tuple[int, ...],
    low: tuple[int, ...],
    rules: HouseRules,
    sides: Sides,
    how: str,
) -> tuple[PotAward, ...] | None:
    """The pot's awards to the high and the low winners (None: odd chips among tied
    winners, which `settle_pot` deals out)."""
    high_name = sides.high.name if sides.high is not None else ""
    low_name = sides.low.name if sides.low is not None else ""
    if high and low:
        small = amount // 2
        big = amount - small
        high_part, low_part = (big, small) if rules.odd_chip == "high" else (small, big)
        high_awards = _share(high_part, high, _SIDE_HIGH, high_name or "high", False, how)
        low_awards = _share(low_part, low, _SIDE_LOW, low_name or "low", False, how)
        if high_awards is None or low_awards is None:
            return None
        return high_awards + low_awards
    if high:
        return _share(amount, high, _SIDE_HIGH, high_name or "high", True, how)
    return _share(amount, low, _SIDE_LOW, low_name or "low", True, how)


def _share(
    amount: int, winners: tuple[int, ...], side: Side, name: str, whole: bool, how: str
) -> tuple[PotAward, ...] | None:
    """``amount`` divided among ``winners``, or None when it does not divide evenly."""
    if not winners or amount == 0:
        return ()
    reason = award_reason(name, len(winners), whole, how)
    if len(winners) == 1:
        return (_make_award(0, winners[0], amount, side, reason),)
    each, odd = divmod(amount, len(winners))
    if odd:
        return None
    return tuple([_make_award(0, seat, each, side, reason) for seat in winners])
