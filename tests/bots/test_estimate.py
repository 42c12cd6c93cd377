"""The Monte Carlo estimate: what a view lets a seat know, and sensible figures."""

from __future__ import annotations

import random

import pytest

from hilo.bots import Estimate, MonteCarloEstimator
from hilo.bots.estimate import guess_direction, neutral_estimate
from hilo.bots.game import GameFacts
from hilo.bots.situation import read_situation
from hilo.cards import parse_cards
from hilo.engine.actions import Action
from hilo.engine.declare import Direction
from hilo.engine.state import Hand, Phase
from hilo.errors import IllegalActionError
from hilo.hands import high_score, low_score
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.bots.hands import STUD, call_down_to, stud_hand


def test_the_situation_holds_only_what_the_seat_may_see() -> None:
    hand = stud_hand()
    call_down_to(hand, Phase.DECLARING)
    facts = GameFacts.for_game(STUD, HouseRules())
    situation = read_situation(hand.view_for(1), facts)
    assert set(situation.cards) == set(parse_cards("As 2s 3s 4s 5s Kd Kh"))
    (opponent,) = situation.opponents
    assert set(opponent.cards) == set(parse_cards("Jc 9h 8d 7c"))
    assert opponent.unknown == 3
    assert situation.to_come == 0
    hidden = set(parse_cards("Qc Qd 6c"))
    assert hidden <= set(situation.unseen)
    assert len(situation.unseen) == 52 - 7 - 4
    with pytest.raises(IllegalActionError):
        read_situation(hand.view_for(None), facts)


def test_the_nuts_both_ways_scoop_every_deal() -> None:
    hand = stud_hand()
    call_down_to(hand, Phase.DECLARING)
    estimate = MonteCarloEstimator(150, rng=random.Random(1)).estimate(
        hand.view_for(1), HouseRules()
    )
    assert estimate.samples == 150
    assert estimate.high == estimate.low == estimate.scoop == 1.0
    assert estimate.share_for(Direction.BOTH) == 1.0
    assert estimate.best_direction is Direction.BOTH


def test_the_other_seat_knows_it_is_behind() -> None:
    hand = stud_hand()
    call_down_to(hand, Phase.DECLARING)
    estimate = MonteCarloEstimator(150, rng=random.Random(1)).estimate(
        hand.view_for(0), HouseRules()
    )
    assert estimate.scoop < 0.05
    assert estimate.share < 0.6
    assert 0.0 <= estimate.low < estimate.high < 1.0


def test_once_declared_the_share_is_for_the_declaration() -> None:
    rules = HouseRules.preset("strict", bet_after_declare=True)
    hand = stud_hand(rules=rules)
    call_down_to(hand, Phase.DECLARING)
    hand.apply(Action.declare(1, Direction.LOW))
    hand.apply(Action.declare(0, Direction.HIGH))
    assert hand.phase is Phase.BETTING
    estimate = MonteCarloEstimator(100, rng=random.Random(1)).estimate(hand.view_for(1), rules)
    assert estimate.share == estimate.share_for(Direction.LOW) == 0.5  # the low half is sure


def test_cards_speak_has_no_declarations_and_splits_the_halves() -> None:
    variant = VARIANTS["seven-card-stud-hilo"]
    rules = HouseRules.preset("cards-speak")
    hand = Hand.deal(
        variant, rules, Stakes(small_bet=10, big_bet=20, bring_in=3), [500] * 3,
        rng=random.Random(8),
    )  # fmt: skip
    estimate = MonteCarloEstimator(120, rng=random.Random(2)).estimate(
        hand.view_for(hand.to_act[0]), rules
    )
    assert estimate.declared == ()
    assert estimate.best_direction is None
    assert 0.0 < estimate.share < 1.0
    assert estimate.share_for(Direction.HIGH) == estimate.share


def test_discards_are_simulated_as_drawn() -> None:
    variant = VARIANTS["five-card-draw"]
    rules = HouseRules.preset("cards-speak")
    stakes = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    hand = Hand.deal(variant, rules, stakes, [100, 100], rng=random.Random(1))
    view = hand.view_for(hand.to_act[0])
    estimator = MonteCarloEstimator(300, rng=random.Random(3))
    mine = view.seats[view.viewer or 0].down_cards
    pat = estimator.estimate(view, rules)
    worst = sorted(mine, key=lambda card: card.rank)[:1]
    everything = estimator.estimate(view, rules, discards=mine)
    assert pat.samples == everything.samples == 300
    assert 0.2 < everything.high < 0.8  # five new cards against five unknown ones
    assert estimator.estimate(view, rules, discards=worst).samples == 300


def test_slow_games_use_fewer_deals_but_never_too_few() -> None:
    variant = VARIANTS["omaha-hilo"]
    rules = HouseRules.preset("cards-speak")
    stakes = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    hand = Hand.deal(variant, rules, stakes, [100] * 8, rng=random.Random(1))
    estimator = MonteCarloEstimator(200, rng=random.Random(1))
    estimate = estimator.estimate(hand.view_for(hand.to_act[0]), rules)
    assert estimate.samples == estimator.least == 20


def test_unknown_games_get_an_even_share() -> None:
    assert neutral_estimate(4) == Estimate(high=0.25, low=0.25, scoop=0.0625, share=0.25)


def test_an_estimator_needs_samples() -> None:
    with pytest.raises(ValueError, match="at least one sample"):
        MonteCarloEstimator(0)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("As 2d 3c 4h 5s 9c 9d", Direction.BOTH),  # a wheel: straight and the best low
        ("As 2d 3c 4h 8s Kc Kd", Direction.LOW),
        ("As 2d 3c 9h 9s Kc Kd", Direction.HIGH),
        ("Ts Jd Qc Kh 2s 3c 4d", Direction.HIGH),
    ],
)
def test_guessed_declarations(cards: str, expected: Direction) -> None:
    facts = GameFacts.for_game(STUD, HouseRules())
    hand = parse_cards(cards)
    assert guess_direction(facts, high_score(hand), low_score(hand)) is expected
