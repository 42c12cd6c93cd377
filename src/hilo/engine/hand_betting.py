"""A hand's betting rounds opened and closed: who acts first, the blinds, the uncalled bet.

`Hand` calls these as it moves from phase to phase; they change the hand's own state as
its methods would, through its public attributes and methods only (`Hand.around`,
`Hand.blinds`, `Hand.pay_in`, appending to `Hand.events`); the round itself is
`hilo.engine.betting.BettingRound`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hilo.engine.betting import BettingRound
from hilo.engine.events import Post, Posted, Returned
from hilo.engine.posts import first_after_posts, post_name
from hilo.engine.seating import best_high_showing, blind_seats, first_to_act

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = ["end_betting", "post_blinds", "start_betting"]


def start_betting(hand: Hand, index: int) -> bool:
    """Open the betting round of street ``index``; False when nobody can bet (all in, or one
    player left)."""
    facts = hand.facts
    streets = facts.streets
    street = streets[min(index, len(streets) - 1)]
    order = hand.live()
    if index and facts.is_stud and hand.variant.low is None:  # the best high hand showing
        first, opener = best_high_showing(order, hand.cards), None
    else:
        first, opener = first_to_act(
            hand.variant,
            hand.rules,
            hand.stakes,
            index,
            seats=hand.seats,
            button=hand.button,
            live=order,
            up_cards=hand.all_up_cards() if facts.is_stud else (),
        )
    if index == 0 and hand.blinds:
        first = first_after_posts(hand.blinds, hand.around, order)
    start = order.index(first)
    order = order[start:] + order[:start]
    posted: dict[int, int] = {}
    if index == 0 and hand.variant.forced == "blinds" and (hand.stakes.big_blind or hand.blinds):
        posted = post_blinds(hand)
    hand.round = BettingRound(
        order,
        hand.stacks,
        hand.stakes,
        big_bet=street.big_bet or index >= len(hand.variant.streets),
        pot_before=hand.pot_total(),  # blinds are in the bets
        posted=posted,
        bring_in=opener,
        declarations=hand.declarations if index >= len(hand.variant.streets) else None,
        lock_rule=hand.rules.lock_rule,
    )
    return hand.round.to_act() is not None


def post_blinds(hand: Hand) -> dict[int, int]:
    """Post the blinds: live bets, collected with the first round's other bets."""
    small, big = blind_seats(hand.seats, hand.button)
    posted = {}
    dead = hand.dead_blinds
    for seat in hand.around if dead else ():  # dead chips go in the pot, not the bets
        if dead[seat]:
            hand.events.append(Posted(seat, hand.pay_in(seat, dead[seat]), Post.DEAD_BLIND))
    posts = (
        [
            (
                seat,
                hand.blinds[seat],
                post_name(
                    hand.blinds[seat], seat, small_seat=small, big_blind=hand.stakes.big_blind
                ),
            )
            for seat in hand.around
        ]
        if hand.blinds
        else [
            (small, hand.stakes.small_blind, Post.SMALL_BLIND),
            (big, hand.stakes.big_blind, Post.BIG_BLIND),
        ]
    )
    for seat, amount, name in posts:
        if amount:  # blinds are live bets: collected with the round's other bets
            paid = min(amount, hand.stacks[seat])
            hand.stacks[seat] -= paid
            posted[seat] = paid
            hand.events.append(Posted(seat, paid, name))
    return posted


def end_betting(hand: Hand) -> None:
    """Close the betting round: return an uncalled bet, put the bets in the pot."""
    assert hand.round is not None
    betting = hand.round
    back = betting.uncalled()
    returned, excess = back if back is not None else (None, 0)
    if returned is not None:
        hand.stacks[returned] += excess
        hand.events.append(Returned(returned, excess))
    for seat, amount in betting.bets.items():
        hand.contributed[seat] += amount - excess if seat == returned else amount
    if betting.last_aggressor is not None:
        hand.last_aggressor = betting.last_aggressor
    hand.round = None
