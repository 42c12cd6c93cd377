"""A view message marks the bets that are a whole stack and the round after the declare."""

from __future__ import annotations

import random

from hilo.engine import Action, Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes
from hilo.web.protocol import event_message, view_data

NO_LIMIT = Stakes(small_blind=1, big_blind=2, structure="no-limit")


def test_an_all_in_call_is_marked_in_the_view_and_nothing_else_is() -> None:
    hand = Hand.deal(
        VARIANTS["holdem"],
        HouseRules.preset("cards-speak"),
        NO_LIMIT,
        [50, 30, 80],
        rng=random.Random(3),
    )
    first = hand.to_act[0]
    hand.apply(Action.raise_to(first, 50))
    while hand.phase is Phase.BETTING and hand.to_act:
        hand.apply(Action.call(hand.to_act[0]))
    data = view_data(hand.view_for(None))
    marked = [index for index, event in enumerate(data["events"]) if event.get("all_in")]
    assert marked == sorted(hand.all_in_at)
    assert len(marked) == 2  # the shove of 50 and the call of 30; the call of 80 left chips
    assert {data["events"][index]["action"] for index in marked} == {"raise", "call"}
    # the cached plain data of an event is never changed by marking it
    assert all("all_in" not in event_message(event) for event in hand.view_for(None).events)
    assert data["after_declare_at"] is None
