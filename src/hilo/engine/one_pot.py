"""The referee's straight path for the commonest showdown: one pot, any five of a hand and
the board, high against an ace-to-five low of plain cards, declared or cards speak.

`settle_one_pot` checks the input and scores every hand in one function, as
`hilo.engine.quick_scores` would, and decides the pot with the same functions of
`hilo.engine.pot_settling` that `settle_pot` uses, without building a scoreboard, once for
each pattern of declarations and scores (kept by `hilo.engine.pot_patterns`); the chips
are awarded afresh every time. A hand's high and low are looked up by its rank key
(`hilo.engine.quick_scores.RANK_KEYS`).
Whatever it does not settle plainly is left to them: input that fails a check (the full
path names the fault), a folded hand under the checks, odd chips among tied winners, and
a pot nobody wins under the declarations that neither rides nor goes to the cards
speaking (once the hands are scored, `settle_pot` settles these from their scores).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.declare import Direction
from hilo.engine.pot_patterns import (
    IN_FULL,
    LATEST,
    MOST_PLAYERS,
    Decision,
    in_seats,
    keep,
    kept,
    pattern,
)
from hilo.engine.pot_settling import (
    award_reason,
    best_seats,
    cards_speak_fallback,
    declared_sides,
    make_award,
    make_ruling,
    settle_pot,
)
from hilo.engine.quick_scores import FLUSH, RANK_KEYS, hand_scores, score_cache
from hilo.engine.rulings import Fallback, FallbackRuling, Method, PotAward, PotRuling, Side
from hilo.engine.scoreboard import Scoreboard
from hilo.errors import HandError
from hilo.hands.sides import Sides
from hilo.hands.tables import RANK_BITS
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.engine.showdown import Pot, ShowdownHand

__all__ = ["settle_one_pot"]

_F = RANK_BITS
_HIGH, _LOW, _BOTH = Direction.HIGH, Direction.LOW, Direction.BOTH
_SIDE_HIGH, _SIDE_LOW = Side.HIGH, Side.LOW
_DECLARED, _CARDS_SPEAK, _RIDES = Method.DECLARED, Method.CARDS_SPEAK, Method.RIDES
_RIDES_FALLBACK = FallbackRuling(Fallback.RIDES)


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
    try:  # a card twice leaves fewer bits set than cards
        if board:
            for card in board:
                shared |= card.bit
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
            many = len(held)
            if many == 7:  # the bits summed in C: or-ing them makes an int a card
                one, two, three, four, five, six, seven = held
                mask = sum((one.bit, two.bit, three.bit, four.bit, five.bit, six.bit, seven.bit))
            else:
                mask = 0
                for card in held:
                    mask |= card.bit
            if mask.bit_count() != many:  # a card twice
                return None
            declaration = hand.declaration
            seat = hand.seat
            if check:
                if (
                    mask & seen
                    or many < least
                    or (declaration is None) is not cards_speak
                    or type(seat) is not int  # True would pass for seat 1, and 1.0
                    or seat < 0
                ):
                    return None
                seen |= mask
                if hand.up:  # the cards face up are among the hand's
                    shown = 0
                    for card in hand.up:
                        shown |= card.bit
                    if shown & ~mask:
                        return None
            elif shared and mask & shared:
                return None
            if shared:
                mask |= shared
            key = keys[mask & _F] + keys[mask >> 16 & _F] + keys[mask >> 32 & _F] + keys[mask >> 48]
            scores = cache.get(key) if key < FLUSH else None
            if scores is None:
                scores = hand_scores(key, mask, many + count, qualifier)
            seats.append(seat)
            declared.append(declaration)
            highs.append(scores[0])
            lows.append(scores[1])
    except HandError:  # the joker has no bit
        return None
    in_pot = pot.seats
    if len(seats) < 2 or tuple(seats) != in_pot:
        return None
    if check:
        for seat in in_pot:
            if type(seat) is not int:  # equal to the hands' seats, so not below 0
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
    if len(in_pot) > MOST_PLAYERS:
        return None
    latest = LATEST[0]
    by_place, by_seats = (
        latest[2] if latest[0] is rules and latest[1] is sides else kept(rules, sides)
    )
    met = pattern(declared, highs, lows)
    seated = (in_pot, met)
    decision = by_seats.get(seated)
    if decision is None:  # these seats first meet this pattern: checked, then kept
        if len(set(in_pot)) != len(in_pot):
            return None
        placed = by_place.get(met)
        if placed is None:
            decided = _decision(
                tuple(range(len(in_pot))),
                None if cards_speak else dict(enumerate(declared)),
                dict(enumerate(highs)),
                dict(enumerate(lows)),
                rules,
                sides,
            )
            placed = keep(by_place, met, decided)
        decision = keep(by_seats, seated, in_seats(placed, in_pot))
    ruling = None
    if decision is not IN_FULL:
        ruling = _ruling(amount, in_pot, decision, rules.odd_chip == "high")
    if ruling is None:
        ruling = _settled_in_full(
            amount,
            in_pot,
            dict(zip(in_pot, highs, strict=True)),
            dict(zip(in_pot, lows, strict=True)),
            rules,
            sides,
            order,
            board,
            hands,
        )
    return ruling, order


def _settled_in_full(
    amount: int,
    seats: tuple[int, ...],
    highs: dict[int, int],
    lows: dict[int, int],
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
        highs,
        lows,
        folded=frozenset([hand.seat for hand in hands if hand.is_folded]),
        board=board,
        hands=hands,
    )
    return settle_pot(0, amount, seats, table)


def _decision(
    seats: tuple[int, ...],
    declared: dict[int, Direction | None] | None,
    highs: dict[int, int],
    lows: dict[int, int],
    rules: HouseRules,
    sides: Sides,
) -> Decision:
    """How the pot among ``seats`` is won under their declarations (None: the cards speak),
    whatever its chips; `IN_FULL` when `settle_pot` must settle it."""
    if declared is None:
        high = best_seats(seats, highs)
        low = best_seats(seats, lows)
        high_reason, low_reason = _reasons(high, low, sides, "cards speak")
        return (
            _CARDS_SPEAK, None, (), high, low, None, None, False, high_reason, low_reason
        )  # fmt: skip
    second_best = rules.second_best
    checks, high_winners, high_blocker, low_winners, low_blocker, _ = declared_sides(
        seats, declared, highs, lows, rules.swing_ties, second_best
    )
    if high_winners or low_winners:
        high_reason, low_reason = _reasons(high_winners, low_winners, sides, "")
        return (
            _DECLARED, None, checks, high_winners, low_winners, high_blocker, low_blocker,
            second_best, high_reason, low_reason,
        )  # fmt: skip
    # Nobody can win either side under the declarations: the house's fallback.
    fallback = cards_speak_fallback(rules, len(checks) == len(seats))
    if fallback is not None:
        method, _, _, high, low, _, _, used, high_reason, low_reason = _decision(
            seats, None, highs, lows, rules, sides
        )
        return (
            method, fallback, checks, high, low, high_blocker, low_blocker, used, high_reason,
            low_reason,
        )  # fmt: skip
    if rules.no_winner != "rides":
        return IN_FULL
    return (
        _RIDES, _RIDES_FALLBACK, checks, (), (), high_blocker, low_blocker, False, "", ""
    )  # fmt: skip


def _reasons(
    high: tuple[int, ...], low: tuple[int, ...], sides: Sides, how: str
) -> tuple[str, str]:
    """The reasons of the awards to the high and the low winners."""
    whole = not (high and low)
    high_name, low_name = sides.names
    return (
        award_reason(high_name or "high", len(high), whole, how) if high else "",
        award_reason(low_name or "low", len(low), whole, how) if low else "",
    )


def _ruling(
    amount: int, seats: tuple[int, ...], decision: Decision, odd_chip_high: bool
) -> PotRuling | None:
    """The pot's ruling by ``decision`` among ``seats``, its chips awarded (None: odd
    chips among tied winners, which `settle_pot` deals out)."""
    (
        method,
        fallback,
        checks,
        high,
        low,
        high_blocker,
        low_blocker,
        used,
        high_why,
        low_why,
    ) = decision
    if method is _RIDES:
        awards: tuple[PotAward, ...] | None = ()
        carried = amount
    else:
        carried = 0
        if high and low:
            small = amount // 2
            big = amount - small
            high_part, low_part = (big, small) if odd_chip_high else (small, big)
            if small and len(high) == 1 and len(low) == 1:  # one winner a side, as mostly
                awards = (
                    make_award(0, high[0], high_part, _SIDE_HIGH, high_why),
                    make_award(0, low[0], low_part, _SIDE_LOW, low_why),
                )
            else:
                high_awards = _share(high_part, high, _SIDE_HIGH, high_why)
                low_awards = _share(low_part, low, _SIDE_LOW, low_why)
                if high_awards is None or low_awards is None:
                    return None
                awards = high_awards + low_awards
        elif high:
            awards = _share(amount, high, _SIDE_HIGH, high_why)
        else:
            awards = _share(amount, low, _SIDE_LOW, low_why)
        if awards is None:
            return None
    return make_ruling(
        0, amount, seats, method, awards, carried, fallback, checks, high, low, high_blocker,
        low_blocker, used, False,
    )  # fmt: skip


def _share(
    amount: int, winners: tuple[int, ...], side: Side, reason: str
) -> tuple[PotAward, ...] | None:
    """``amount`` divided among ``winners``, or None when it does not divide evenly."""
    if not winners or amount == 0:
        return ()
    if len(winners) == 1:
        return (make_award(0, winners[0], amount, side, reason),)
    each, odd = divmod(amount, len(winners))
    if odd:
        return None
    return tuple([make_award(0, seat, each, side, reason) for seat in winners])
