"""Carrying out what a hand's players chose: secret card choices, answers to offers.

`Hand` calls these when every live seat has chosen, or when a seat answers an offer (take a
card or stand, an extra card for a four, a three matched or folded to, a card bought); they
change the hand's own state as its methods would, through its public attributes and methods
only (`Hand.pay_in`, `Hand.fold_out`, appending to `Hand.events`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hilo.cards import Card, Rank
from hilo.engine.actions import ActionKind
from hilo.engine.choices import carry_out
from hilo.engine.events import Acted, Dealt, Discarded, Drew, Event, Face
from hilo.engine.phases import CHOOSING, Phase

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = ["answer_offer", "carry_out_choices"]


def carry_out_choices(hand: Hand, phase: Phase, index: int) -> None:
    """Every live seat has chosen: pass, discard, arrange or roll the cards together."""
    chosen, hand.chosen = hand.chosen, {}
    street = hand.variant.streets[index]
    for event in carry_out(CHOOSING[phase], chosen, hand.cards, hand.live(), street.pass_to):
        if isinstance(event, Discarded) and event.cards:
            hand.dealer.discards.extend(event.cards)
        hand.events.append(event)


def answer_offer(hand: Hand, seat: int, kind: ActionKind, thrown: tuple[Card, ...]) -> Event:
    """Carry out an answer to an offer: a card taken or an extra card, a three matched
    (chips into the pot, not a bet) or folded to, a card bought (the new one face down
    where the thrown one was), a stand or a refusal."""
    hand.pending.remove(seat)
    if kind is ActionKind.BUY:
        event: Event = Acted(seat, kind, hand.pay_in(seat, hand.variant.buy_price))
        hand.events.append(event)
        (new,) = hand.dealer.replace(thrown)
        hand.cards[seat] = [
            (new, False) if card in thrown else (card, up) for card, up in hand.cards[seat]
        ]
        hand.events.append(Drew(seat, 1, thrown, (new,)))
        return event
    paid = 0
    hand.take_rounds.answered(seat, kind)
    if hand.phase is Phase.MATCHING:
        three = next(offer for offer in hand.threes if offer[0] == seat)
        hand.threes.remove(three)
        if kind is ActionKind.DECLINE:
            hand.unmatched[seat] = (*hand.unmatched.get(seat, ()), three[1])
    if kind is ActionKind.FOLD:
        hand.fold_out(seat)
        hand.pending = [other for other in hand.pending if other != seat]
    elif kind is ActionKind.MATCH:
        paid = hand.pay_in(seat, hand.pot_total())
    elif kind is ActionKind.EXTRA:
        paid = hand.pay_in(seat, hand.rules.four_price)
    event = Acted(seat, kind, paid)
    hand.events.append(event)
    if kind in (ActionKind.TAKE, ActionKind.EXTRA):
        face_up = kind is ActionKind.TAKE or hand.rules.four_card == "up"
        (card,) = hand.dealer.take(1)
        hand.cards[seat].append((card, face_up))
        hand.events.append(Dealt(seat, Face.UP if face_up else Face.DOWN, (card,)))
        if kind is ActionKind.EXTRA and face_up and card.rank is Rank.FOUR:
            hand.pending.insert(0, seat)  # another four face up: another extra card
    return event
