"""Where the log marks a bet that is a whole stack, and where the round after the declare begins."""

from __future__ import annotations

import random

from hilo.engine import Action, Direction, Hand, Phase
from hilo.engine.events import Acted, Declared, Revealed
from hilo.rules import VARIANTS, HouseRules, Stakes

LIMIT = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
NO_LIMIT = Stakes(small_blind=1, big_blind=2, structure="no-limit")


def test_a_shove_and_the_call_of_a_whole_stack_are_marked_all_in() -> None:
    hand = Hand.deal(
        VARIANTS["holdem"],
        HouseRules.preset("cards-speak"),
        NO_LIMIT,
        [50, 30, 80],
        rng=random.Random(3),
    )
    first = hand.to_act[0]
    hand.apply(Action.raise_to(first, hand.stacks[first] + hand.round.bets.get(first, 0)))  # type: ignore[union-attr]
    shove = len(hand.events) - 1
    assert shove in hand.all_in_at
    callers = []
    while hand.phase is Phase.BETTING and hand.to_act:
        seat = hand.to_act[0]
        before = len(hand.events)
        hand.apply(Action.call(seat))
        callers.append((seat, before, hand.stacks[seat]))
    for seat, index, left in callers:
        assert isinstance(hand.events[index], Acted)
        assert (index in hand.all_in_at) is (left == 0), (seat, left)
    assert any(left == 0 for _, _, left in callers)  # the 30 stack had to call all of it
    marked = frozenset(hand.all_in_at)
    view = hand.view_for(1)
    assert view.all_in_events == marked
    for index in marked:
        event = view.events[index]
        assert isinstance(event, Acted)
        assert event.action.value in {"raise", "call", "bet"}


def test_a_bet_that_leaves_chips_behind_is_not_marked() -> None:
    hand = Hand.deal(
        VARIANTS["holdem"], HouseRules.preset("cards-speak"), LIMIT, [100] * 3, rng=random.Random(1)
    )
    while hand.phase is Phase.BETTING and hand.street == 0:
        seat = hand.to_act[0]
        hand.apply(Action.call(seat) if hand.to_call(seat) else Action.check(seat))
    assert hand.all_in_at == set()
    assert hand.view_for(None).all_in_events == frozenset()


def declare_hand(*, after: bool) -> Hand:
    rules = HouseRules.preset("strict", bet_after_declare=after)
    hand = Hand.deal(
        VARIANTS["five-card-draw-hilo-declare"], rules, LIMIT, [100] * 3, rng=random.Random(7)
    )
    while hand.phase is not Phase.DECLARING:
        seat = hand.to_act[0]
        if hand.phase is Phase.DRAWING:
            hand.apply(Action.draw(seat, ()))
        else:
            hand.apply(Action.call(seat) if hand.to_call(seat) else Action.check(seat))
    while hand.phase is Phase.DECLARING:
        seat = hand.to_act[0]
        hand.apply(Action.declare(seat, Direction.HIGH if seat % 2 else Direction.LOW))
    return hand


def test_the_round_after_the_declare_is_named_and_placed_in_the_log() -> None:
    hand = declare_hand(after=True)
    assert hand.phase is Phase.BETTING
    at = hand.after_declare_at
    assert at is not None
    assert at == len(hand.events)
    assert isinstance(hand.events[at - 1], (Declared, Revealed))
    view = hand.view_for(0)
    assert view.after_declare_at == at
    assert view.street_name == "after the declare"
    seat = hand.to_act[0]
    hand.apply(Action.check(seat))
    assert isinstance(hand.events[at], Acted)


def test_without_the_round_after_the_declare_nothing_is_placed() -> None:
    hand = declare_hand(after=False)
    assert hand.after_declare_at is None
    view = hand.view_for(0)
    assert view.after_declare_at is None
    assert view.street_name == VARIANTS["five-card-draw-hilo-declare"].streets[-1].name
