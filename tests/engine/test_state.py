"""The hand as an object: no reference cycles, so finished hands are freed at once."""

from __future__ import annotations

import gc
import random

from hilo.engine import Action, Direction, Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes


def play_to_the_end(seed: int) -> Hand:
    rules = HouseRules.preset("strict", bet_after_declare=True, lock_rule="call-only")
    hand = Hand.deal(
        VARIANTS["five-card-draw-hilo-declare"],
        rules,
        Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        [100] * 6,
        rng=random.Random(seed),
    )
    while not hand.is_complete:
        seat = hand.to_act[0]
        if hand.phase is Phase.DRAWING:
            hand.apply(Action.draw(seat, hand.own_cards(seat)[:3]))
        elif hand.phase is Phase.DECLARING:
            hand.apply(Action.declare(seat, Direction.HIGH if seat % 2 else Direction.LOW))
        else:
            hand.apply(Action.call(seat) if hand.to_call(seat) else Action.check(seat))
    return hand


def test_hands_hold_no_reference_cycles() -> None:
    gc.collect()
    gc.disable()
    try:
        for seed in range(20):
            hand = play_to_the_end(seed)
            assert hand.result is not None
            assert hand.view_for(0).result
        del hand
        assert gc.collect() == 0
    finally:
        gc.enable()
