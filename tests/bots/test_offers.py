"""The bots answer Baseball's fours and threes and 7/27's offers legally and sensibly."""

from __future__ import annotations

import random

from hilo.bots.simple import CallingBot, RandomBot
from hilo.bots.solid import SolidBot
from hilo.engine.actions import Action
from hilo.engine.phases import Phase
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import deck

BRING_IN = Stakes(structure="fixed-limit", ante=1, bring_in=3, small_bet=10, big_bet=20)
# Seat 1 is dealt a four face up, seat 2 a three (see tests/engine/test_scripted_offers.py).
FOUR_AND_THREE = "Kc Kd 4h  2c 2d 3s  9c 9d Ts  As"


def baseball(stacks: list[int], **switches: object) -> Hand:
    return Hand(
        HandSetup(
            VARIANTS["baseball-hilo-declare"],
            HouseRules.preset("strict", **switches),
            BRING_IN,
            stacks,
            button=0,
            deck_order=deck(FOUR_AND_THREE),
        )
    )


def solid(hand: Hand) -> SolidBot:
    return SolidBot(random.Random(1), rules=hand.rules, samples=4, advice_samples=None)


def test_the_solid_bot_takes_a_cheap_extra_card_and_declines_a_dear_one() -> None:
    cheap = baseball([100, 100, 100], four_price=5)
    assert solid(cheap).act(cheap.view_for(1)) == Action.extra(1)
    dear = baseball([100, 100, 100], four_price=40)
    assert solid(dear).act(dear.view_for(1)) == Action.decline(1)


def test_the_solid_bot_matches_a_small_pot_and_folds_to_a_big_one() -> None:
    small = baseball([100, 100, 100])
    small.apply(Action.decline(1))
    assert solid(small).act(small.view_for(2)) == Action.match(2)
    big = baseball([100, 100, 10])  # the pot of 3 is a third of the 9 chips behind
    big.apply(Action.decline(1))
    assert solid(big).act(big.view_for(2)) == Action.fold(2)
    to_wild = baseball([100, 100, 10], three_rule="match-to-wild")
    to_wild.apply(Action.decline(1))
    assert solid(to_wild).act(to_wild.view_for(2)) == Action.decline(2)


def test_the_calling_bot_takes_a_free_extra_card_and_matches_every_three() -> None:
    hand = baseball([100, 100, 10])
    assert CallingBot().act(hand.view_for(1)) == Action.extra(1)
    priced = baseball([100, 100, 10], four_price=1)
    assert CallingBot().act(priced.view_for(1)) == Action.decline(1)
    priced.apply(Action.decline(1))
    assert CallingBot().act(priced.view_for(2)) == Action.match(2)


def test_the_random_bot_answers_an_offer_with_one_of_its_options() -> None:
    hand = baseball([100, 100, 100], four_price=5)
    answers = {RandomBot(random.Random(seed)).act(hand.view_for(1)) for seed in range(20)}
    assert answers == {Action.extra(1), Action.decline(1)}


def test_the_solid_bot_stands_near_a_7_27_target_and_takes_a_card_far_from_both() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["seven-twenty-seven"],
            HouseRules.preset("strict"),
            Stakes(structure="fixed-limit", ante=1, small_bet=10, big_bet=20),
            [100, 100, 100],
            button=0,
            # Seat 1: 2c down, 2d up (4); seat 2: 3c down, 4d up (7); seat 0: Tc, Kd (10½).
            deck_order=deck("2c 2d  3c 4d  Tc Kd  9s 5h"),
        )
    )
    while hand.phase is Phase.BETTING:
        hand.apply(Action.check(hand.to_act[0]))
    assert solid(hand).act(hand.view_for(1)) == Action.take(1)
    hand.apply(Action.take(1))  # 4 and the 9: 13
    assert solid(hand).act(hand.view_for(2)) == Action.stand(2)
    hand.apply(Action.stand(2))
    assert solid(hand).act(hand.view_for(0)) == Action.take(0)
    assert CallingBot().act(hand.view_for(0)) == Action.stand(0)
