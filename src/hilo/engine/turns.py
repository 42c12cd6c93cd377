"""Whose turn it is in a hand and what they may do: the checks behind `Hand.to_act`,
`Hand.legal_actions` and `Hand.check`, and the seats asked in turn in a phase of offers.

Every refusal is a sentence a player understands (`IllegalActionError`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hilo.cards import Rank
from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.choices import check_choice, choice_count
from hilo.engine.dealing import check_discards
from hilo.engine.grammar import possessive
from hilo.engine.names import seat_label
from hilo.engine.offers import answer_refusal, offer_options, offered, offered_threes, priced
from hilo.engine.phases import CHOOSING, OFFERS, Phase
from hilo.errors import IllegalActionError

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = ["allowed_option", "cards_to_choose", "legal_options", "offered_seats", "waiting_for"]

_BETTING, _DECLARING, _COMPLETE = Phase.BETTING, Phase.DECLARING, Phase.COMPLETE
"""Read once: an enum's member read from its class costs as much as a small call."""


def waiting_for(hand: Hand) -> tuple[int, ...]:
    """The seats ``hand`` waits for now (several when declaring or choosing at once)."""
    phase, betting = hand.phase, hand.round
    if phase is _BETTING and betting is not None:
        seat = betting.to_act()
        return () if seat is None else (seat,)
    if phase is _DECLARING:
        if hand.rules.declare == "simultaneous":
            return tuple(hand.pending)
        return (hand.pending[0],) if hand.pending else ()
    if phase is _COMPLETE:
        return ()
    if phase in CHOOSING:
        return tuple(hand.pending)
    is_in_turn = phase in OFFERS or phase in (Phase.DRAWING, Phase.TURNING_UP)
    if (is_in_turn or phase is Phase.DECLARING) and hand.pending:
        return (hand.pending[0],)
    return ()


def offered_seats(hand: Hand, phase: Phase) -> list[int]:
    """The seats asked, in turn, in a phase of offers (once per four or three dealt up)."""
    if phase is Phase.TAKING:
        return hand.take_rounds.begin(hand.live(), hand.rules)
    if phase is Phase.EXTRA_CARD:
        return offered(hand.events, Rank.FOUR, hand.live()) if len(hand.dealer.deck) else []
    if phase is Phase.BUYING:
        return hand.live() if len(hand.dealer.deck) else []
    hand.threes = offered_threes(hand.events, hand.live())
    return [seat for seat, _ in hand.threes]


SHOW_OR_MUCK = (ActionOption(ActionKind.SHOW), ActionOption(ActionKind.MUCK))
"""What a winner nobody called may do once the hand is over."""


def legal_options(hand: Hand, seat: int | None = None) -> list[ActionOption]:
    """What ``seat`` may do now in ``hand``: see `Hand.legal_actions`."""
    if hand.phase is Phase.COMPLETE:
        return list(SHOW_OR_MUCK) if seat is not None and seat == hand.may_show else []
    if seat is None:
        if not hand.to_act:
            return []
        seat = hand.to_act[0]
    if seat not in hand.to_act:
        return []
    phase = hand.phase
    if phase is Phase.BETTING:
        assert hand.round is not None
        return list(hand.round.options(seat))
    if phase is Phase.DRAWING:
        most = min(hand.rules.max_draw, len(hand.cards[seat]))
        return [ActionOption(ActionKind.DRAW, 0, most)]
    if phase is Phase.TURNING_UP:
        return [ActionOption(ActionKind.TURN_UP), ActionOption(ActionKind.KEEP_DOWN)]
    if phase in CHOOSING:
        count = cards_to_choose(hand, seat)
        return [ActionOption(CHOOSING[phase], count, count)]
    if phase in OFFERS:
        return offer_options(
            phase,
            hand.rules,
            hand.variant,
            stack=hand.stacks[seat],
            pot=hand.pot_total(),
            cards_left=len(hand.dealer.deck),
        )
    return [ActionOption(ActionKind.DECLARE)]


def _check_show_or_muck(hand: Hand, action: Action) -> None:
    """Once the hand is over, only its winner nobody called may act: to show or muck."""
    asked = action.kind in (ActionKind.SHOW, ActionKind.MUCK)
    winner = hand.may_show
    if winner is None:
        raise IllegalActionError(
            "The hand is over: nobody is asked to show or muck." if asked else "The hand is over."
        )
    if action.seat != winner:
        raise IllegalActionError(
            f"The hand is over: only {hand.names[winner]}, who won it uncalled, may show or muck."
        )
    if not asked and action.kind is not ActionKind.TIMEOUT:
        raise IllegalActionError("The hand is over: show your cards or muck them.")


def cards_to_choose(hand: Hand, seat: int) -> int:
    """How many cards ``seat`` names in the secret choice now asked of it."""
    street = hand.variant.streets[hand.street]
    return choice_count(CHOOSING[hand.phase], street, hand.cards[seat])


def allowed_option(hand: Hand, action: Action) -> ActionOption | None:
    """Check ``action`` (raising `IllegalActionError` with a player's sentence); in a betting
    round, return the option that allows it."""
    if not 0 <= action.seat < hand.seats:
        raise IllegalActionError(f"There is no {seat_label(action.seat)} in this hand.")
    if hand.phase is Phase.COMPLETE:
        _check_show_or_muck(hand, action)
        return None
    waiting = hand.to_act
    if action.kind is ActionKind.TIMEOUT:
        if action.seat not in waiting:
            raise IllegalActionError(
                f"It is not {possessive(hand.names[action.seat])} turn; no clock runs for them."
            )
        return None
    if action.seat in hand.folded:
        raise IllegalActionError("You have folded: you are out of this hand.")
    if action.seat not in waiting:
        names = ", ".join(hand.names[seat] for seat in waiting) or "nobody"
        raise IllegalActionError(f"It is not your turn: the hand is waiting for {names}.")
    phase = hand.phase
    if phase is Phase.BETTING:
        assert hand.round is not None
        return hand.round.allowed(action.seat, action.kind, action.amount)
    if phase is Phase.DECLARING:  # everybody asked declares, and does nothing else
        if action.kind is not ActionKind.DECLARE:
            raise IllegalActionError(f"You cannot {action.kind.value} now: you may declare.")
        if action.direction is None:
            raise IllegalActionError("Declare high, low or both.")
        return None
    on_sale, price = priced(phase, hand.rules, hand.variant)
    for_sale = action.kind in (ActionKind.EXTRA, ActionKind.BUY)
    if phase in OFFERS and (not for_sale or action.kind is on_sale):
        refusal = answer_refusal(
            action.kind,
            action.amount,
            action.cards,
            held=hand.own_cards(action.seat),
            price=price,
            stack=hand.stacks[action.seat],
            cards_left=len(hand.dealer.deck),
        )
        if refusal is not None:
            raise IllegalActionError(refusal)
    kinds = {option.kind for option in legal_options(hand, action.seat)}
    if action.kind not in kinds:
        allowed = " or ".join(sorted(kind.value for kind in kinds))
        raise IllegalActionError(f"You cannot {action.kind.value} now: you may {allowed}.")
    if phase is Phase.DRAWING:
        check_discards(action.cards, hand.own_cards(action.seat), hand.rules.max_draw)
    if phase in CHOOSING:
        held = hand.cards[action.seat]
        check_choice(action.kind, action.cards, held, cards_to_choose(hand, action.seat))
    return None
