"""Bots choosing cards to pass, discard, arrange and roll: legal, and the sensible ones keep
what makes a hand."""

from __future__ import annotations

import random

from hilo.bots import CallingBot, RandomBot, SolidBot
from hilo.bots.cards_choice import sensible_choice, worst_first
from hilo.cards import format_cards, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import deck

ANTES = Stakes(structure="fixed-limit", ante=1, small_bet=10, big_bet=20)
# Seat 1: a low draw with a pair of kings; seat 0: three nines.
DEALT = "Ac 2d 3h Kd Ks 9c Ts  9d 9h 9s 4c 7d Jh Qc"


def trash() -> Hand:
    hand = Hand(
        HandSetup(
            VARIANTS["pass-the-trash-hilo"],
            HouseRules.preset("cards-speak"),
            ANTES,
            [200, 200],
            button=0,
            deck_order=deck(DEALT),
        )
    )
    hand.apply(Action.check(1))
    hand.apply(Action.check(0))
    assert hand.phase is Phase.PASSING
    return hand


def test_worst_first_keeps_pairs_aces_and_low_cards_last() -> None:
    order = worst_first(parse_cards("Ac 2d 3h Kd Ks 9c Ts"), is_hi_lo=True)
    assert format_cards(order) == "9c Ts 3h 2d Kd Ks Ac"
    high_only = worst_first(parse_cards("Ac 2d 3h Kd Ks 9c Ts"), is_hi_lo=False)
    assert format_cards(high_only[:3]) == "2d 3h 9c"


def test_the_sensible_choice_passes_the_trash_and_keeps_the_nines() -> None:
    hand = trash()
    (option,) = hand.legal_actions(0)
    chosen = sensible_choice(hand.view_for(0), option)
    assert chosen.kind is ActionKind.PASS
    assert format_cards(chosen.cards) == "7d Jh Qc"  # the four is kept for a low
    hand.check(chosen)


def test_every_bot_makes_only_legal_choices_to_the_end_of_the_hand() -> None:
    for make in (
        lambda: RandomBot(random.Random(3)),
        lambda: CallingBot(random.Random(3)),
        lambda: SolidBot(random.Random(3), samples=8, advice_samples=None),
    ):
        bots = [make(), make()]
        hand = trash()
        choices = 0
        while not hand.is_complete:
            seat = hand.to_act[0]
            action = bots[seat].act(hand.view_for(seat))
            choices += action.kind in (ActionKind.PASS, ActionKind.DISCARD, ActionKind.ROLL)
            hand.apply(action)
        assert choices >= 2
        assert sum(hand.stacks) == 400
