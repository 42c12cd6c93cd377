"""A hand's end: the chips its folded players left behind, and the showdown settled.

`Hand` calls these when it is over (everyone else folded, or the showdown); they change the
hand's own state as its methods would, through its public attributes and methods only
(`Hand.live`, `Hand.pots`, `Hand.stacks`, appending to `Hand.events`); the ruling itself is
`hilo.engine.showdown.settle`'s.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from hilo.engine.events import Awarded, make_awarded, make_shown
from hilo.engine.pots import split_abandoned
from hilo.engine.showdown import ShowdownHand, settle
from hilo.frozen import quick_maker

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = ["award_abandoned", "settle_showdown"]

_make_showdown_hand = quick_maker(ShowdownHand)
_CARD = itemgetter(0)
"""The card of a (card, face up) pair as a hand holds it."""


def award_abandoned(hand: Hand) -> None:
    """Chips above every live seat's stake, called by players who then all folded (a
    declare that timed out), go to the last of them to fold: that pot was theirs."""
    awards, hand.contributed = split_abandoned(hand.contributed, hand.live(), hand.fold_order)
    for seat, amount in awards:
        hand.stacks[seat] += amount
        hand.events.append(Awarded(seat, amount, Awarded.ABANDONED))


def settle_showdown(hand: Hand) -> None:
    """Show every live hand, settle the pots and award them (`Hand.result` the ruling)."""
    folded = hand.folded
    if folded:  # with nobody folded, no chips are above every live seat's stake
        award_abandoned(hand)
    cards = hand.cards
    held = [tuple(map(_CARD, pairs)) for pairs in cards]
    log = hand.events.append
    for seat in hand.live():
        log(make_shown(seat, held[seat]))
    declarations = hand.declarations if hand.has_declarations else {}
    names, unmatched = hand.names, hand.unmatched
    hands = [
        _make_showdown_hand(
            seat,
            held[seat],
            declarations.get(seat),
            names[seat],
            seat in folded,
            tuple([card for card, face_up in cards[seat] if face_up]),
            unmatched.get(seat, ()),
        )
        for seat in range(hand.seats)
    ]
    facts, variant = hand.facts, hand.variant
    result = settle(
        hand.pots(),
        hands,
        rules=facts.showdown_rules,
        board=tuple(hand.board),
        selection=variant.selection,
        seat_order=hand.around,
        validate=False,
        sides=facts.sides,
        wild=variant.wild,
        queen_ranks=hand.wild_ranks,
    )
    hand.result = result
    stacks = hand.stacks
    for award in result.awards:
        stacks[award.seat] += award.amount
        log(make_awarded(award.seat, award.amount, award.reason, award.pot))
    hand.carried_out = result.carried
