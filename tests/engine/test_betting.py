"""A betting round keeps its own chips and folds; the hand takes what each action put in."""

from __future__ import annotations

import random

from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import BettingRound
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes

LIMIT = Stakes(small_bet=10, big_bet=20)


def test_a_round_never_changes_the_stacks_it_was_given() -> None:
    stacks = [100, 15, 100]
    betting = BettingRound([1, 2, 0], stacks, LIMIT, big_bet=False, pot_before=0)
    assert betting.apply(1, ActionKind.BET, 10) == 10
    assert betting.apply(2, ActionKind.RAISE, 20) == 20
    assert betting.apply(0, ActionKind.FOLD, 0) == 0
    assert betting.apply(1, ActionKind.CALL, 0) == 5  # all in for 15
    assert stacks == [100, 15, 100]
    assert betting.stacks == [100, 0, 80]
    assert betting.folded == {0}
    assert betting.live() == [1, 2]
    assert betting.to_act() is None
    assert betting.uncalled() == (2, 5)
    assert betting.bets == {1: 15, 2: 20, 0: 0}  # the hand returns the excess, not the round


def test_the_hand_records_a_fold_once_and_its_stacks_follow_the_round() -> None:
    hand = Hand.deal(
        VARIANTS["holdem"],
        HouseRules.preset("cards-speak"),
        Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20),
        [200, 200, 200],
        rng=random.Random(3),
    )
    assert hand.to_act == (0,)
    hand.apply(Action.raise_to(0, 20))
    hand.apply(Action.fold(1))
    assert hand.folded == {1}
    assert hand.fold_order == [1]
    assert hand.round is not None
    assert hand.round.folded == {1}
    assert hand.stacks == [180, 195, 190] == hand.round.stacks
    hand.apply(Action.call(2))
    assert hand.round is not None
    assert hand.round.folded == set()
    assert hand.contributed == [20, 5, 20]
    assert hand.fold_order == [1]
