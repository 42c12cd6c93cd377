"""A seat's situation in the passing games: five cards kept, passed cards known."""

from __future__ import annotations

import random

from hilo.bots.game import GameFacts
from hilo.bots.situation import read_situation
from hilo.engine.actions import Action, ActionKind
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes


def _anaconda_after_first_pass() -> tuple[Hand, dict[int, tuple[object, ...]]]:
    hand = Hand.deal(
        VARIANTS["anaconda-hilo-declare"],
        HouseRules(),
        Stakes(ante=1, small_bet=2, big_bet=4),
        [100, 100, 100],
        rng=random.Random(7),
    )
    passed: dict[int, tuple[object, ...]] = {}
    while True:
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.PASS in kinds:
            cards = hand.view_for(seat).seat(seat).down_cards[:3]
            passed[seat] = cards
            hand.apply(Action.pass_cards(seat, cards))
            if len(passed) == 3:
                return hand, passed
        else:
            hand.apply(Action(seat, ActionKind.CHECK))


def test_anaconda_counts_five_kept_cards_and_knows_what_it_passed() -> None:
    hand, passed = _anaconda_after_first_pass()
    facts = GameFacts.for_game("anaconda-hilo-declare", HouseRules())
    situation = read_situation(hand.view_for(0), facts)
    left = next(opponent for opponent in situation.opponents if opponent.seat == 1)
    right = next(opponent for opponent in situation.opponents if opponent.seat == 2)
    assert set(left.cards) == set(passed[0])
    assert left.unknown == 2
    assert right.unknown == 5
    assert not set(passed[0]) & set(situation.unseen)
