"""The bots score every game's sides: razz and deuce-to-seven for the low alone, Chicago's
spade in the hole, and the referee settles their simulated pots on those sides."""

from __future__ import annotations

import random

from hilo.bots.advice import SimulatedAdvisor
from hilo.bots.estimate import MonteCarloEstimator, guess_direction, settled_share
from hilo.bots.game import GameFacts
from hilo.bots.simple import made_hand_direction
from hilo.bots.situation import Opponent, Situation
from hilo.cards import FULL_DECK, parse_cards
from hilo.engine.declare import Direction
from hilo.engine.showdown import settle_scores
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes

CARDS_SPEAK = HouseRules.preset("cards-speak")


def _situation(
    game: str,
    mine: str,
    theirs: str,
    *,
    unknown: int,
    up: str = "",
    rules: HouseRules = CARDS_SPEAK,
) -> Situation:
    facts = GameFacts.for_game(game, rules)
    cards, shown = parse_cards(mine), parse_cards(theirs)
    seen = set(cards) | set(shown)
    return Situation(
        facts=facts,
        seat=0,
        cards=cards,
        to_come=0,
        board=(),
        board_to_come=0,
        opponents=(Opponent(1, shown, unknown, None),),
        unseen=tuple(card for card in FULL_DECK if card not in seen),
        declaration=None,
        up=frozenset(parse_cards(up)),
    )


def test_razz_scores_the_low_alone() -> None:
    facts = GameFacts.for_game("razz", CARDS_SPEAK)
    wheel = parse_cards("Ac 2d 3h 4s 5c Kd Kh")
    assert facts.has_low
    assert facts.high_of(wheel, ()) == 0
    assert facts.low_of(wheel, ()) > facts.low_of(parse_cards("Ac 2d 3h 4s 8c Kd Kh"), ())


def test_deuce_to_seven_counts_the_ace_high() -> None:
    facts = GameFacts.for_game("deuce-to-seven-triple-draw", CARDS_SPEAK)
    seven = facts.low_of(parse_cards("2c 3d 4h 5s 7c"), ())
    assert seven > facts.low_of(parse_cards("Ac 2d 3h 4s 5c"), ())


def test_a_razz_wheel_wins_against_two_pair_showing() -> None:
    situation = _situation("razz", "Ac 2d 3h 4s 5c Ks Qd", "Kd Kc Qh Qs", unknown=3)
    estimate = MonteCarloEstimator(200, rng=random.Random(1)).simulate(situation)
    assert estimate.share > 0.95


def test_chicago_scores_the_spade_in_the_hole_only() -> None:
    hole_ace = _situation("high-chicago", "As 7h 2d 9c 4h Jd 3c", "Kd Kc 8h 8d", unknown=3)
    up_ace = _situation("high-chicago", "As 7h 2d 9c 4h Jd 3c", "Kd Kc 8h 8d", unknown=3, up="As")
    estimator = MonteCarloEstimator(200, rng=random.Random(2))
    assert estimator.simulate(hole_ace).share >= 0.5  # the spade half is certain
    assert estimator.simulate(up_ace).share < 0.2


def test_chicago_values_the_spade_and_not_a_low() -> None:
    facts = GameFacts.for_game("low-chicago", CARDS_SPEAK)
    assert facts.low_of(parse_cards("2s Kd Kh"), ()) > facts.low_of(
        parse_cards("5s Ac 2d 3h 4c"), ()
    )
    assert facts.low_of(parse_cards("Ac 2d 3h 4c 5d"), ()) == 0


def test_a_chicago_spade_half_nobody_has_rides_in_the_simulated_pot() -> None:
    facts = GameFacts.for_game("high-chicago", HouseRules.preset("cards-speak", no_spade="rides"))
    assert settled_share(facts, [9, 5], [0, 0], [None, None]) == 0.5


def test_a_lowball_pot_goes_to_the_best_low_whatever_the_high() -> None:
    facts = GameFacts.for_game("razz", CARDS_SPEAK)
    ruling = settle_scores(100, [9, 0], [3, 8], [None, None], rules=CARDS_SPEAK, sides=facts.sides)
    assert [(award.seat, award.amount) for award in ruling.awards] == [(1, 100)]


def test_chicago_guesses_spade_with_a_top_spade() -> None:
    facts = GameFacts.for_game("high-chicago-declare", HouseRules())
    high = facts.high_of(parse_cards("7c 2d 9h 4s Jd"), ())
    assert guess_direction(facts, high, 14) is Direction.LOW
    assert guess_direction(facts, high, 6) is Direction.HIGH


def test_the_advisor_leaves_chicago_to_the_estimate() -> None:
    hand = Hand.deal(
        VARIANTS["high-chicago-declare"],
        HouseRules(),
        Stakes(small_bet=10, big_bet=20, bring_in=3),
        [200, 200],
        rng=random.Random(3),
    )
    assert SimulatedAdvisor(rng=random.Random(1)).shares(hand.view_for(0), HouseRules()) is None


def test_the_calling_bot_declares_the_spade_with_the_ace_of_spades_and_nothing_else() -> None:
    facts = GameFacts.for_game("high-chicago-declare", HouseRules())
    assert made_hand_direction(facts, parse_cards("As 7h 2d 9c 4h"), ()) is Direction.LOW
    assert made_hand_direction(facts, parse_cards("Kd Kh Kc 9c 4h"), ()) is Direction.HIGH


def test_seven_twenty_seven_scores_the_totals_and_guesses_the_nearer_target() -> None:
    facts = GameFacts.for_game("seven-twenty-seven", HouseRules())
    seven = parse_cards("5c 2d")
    twenty_seven = parse_cards("Tc 9d 8h")
    assert facts.low_of(seven, ()) > facts.low_of(twenty_seven, ())
    assert facts.high_of(twenty_seven, ()) > facts.high_of(seven, ())
    assert facts.high_of(parse_cards("Tc 9d 8h 5s"), ()) == 0  # over 27: a bust
    high, low = facts.high_of(seven, ()), facts.low_of(seven, ())
    assert guess_direction(facts, high, low) is Direction.LOW
    high, low = facts.high_of(twenty_seven, ()), facts.low_of(twenty_seven, ())
    assert guess_direction(facts, high, low) is Direction.HIGH
