"""What a bot knows of a game: with wild cards, its scorers count what is wild now."""

from __future__ import annotations

import random

from hilo.bots.estimate import MonteCarloEstimator
from hilo.bots.game import GameFacts
from hilo.cards import parse_cards
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.hands import Ranking, high_score, low_score
from hilo.hands.tables import Category
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import deck

DRAW = Stakes(structure="fixed-limit", small_blind=5, big_blind=10, small_bet=10, big_bet=20)
STUD = Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3)


def test_a_bots_scores_count_the_deuces_in_deuces_wild() -> None:
    rules = HouseRules()
    game = "five-card-draw-deuces-wild-hilo-declare"
    setup = HandSetup(VARIANTS[game], rules, DRAW, [200, 200], deck_order=deck(""))
    facts = GameFacts.for_view(Hand(setup).view_for(0), rules)
    plain = GameFacts.for_variant(VARIANTS[game], rules)
    nines = parse_cards("9s 9d 2c 9h 2d")
    assert facts.high_of(nines, ()) >> 28 == Category.FIVE_OF_A_KIND
    assert plain.high_of(nines, ()) == high_score(nines)  # the game's facts alone: no wilds
    paired = parse_cards("Ac 2d 2h 4s 6c")  # no pair of deuces: a deuce and a three
    six_four = low_score(parse_cards("Ac 2d 3h 4s 6c"), Ranking.ACE_TO_FIVE)
    assert facts.low_of(paired, ()) == six_four
    assert plain.low_of(paired, ()) < six_four


def test_follow_the_queen_scores_follow_the_rank_the_view_shows() -> None:
    rules = HouseRules()
    game = "follow-the-queen-hilo-declare"
    hand = Hand(
        HandSetup(VARIANTS[game], rules, STUD, [200, 200], deck_order=deck("2c 3c Qh 4d 5d 7s"))
    )
    facts = GameFacts.for_view(hand.view_for(0), rules)
    sevens = parse_cards("7c 7d Kh Kd 3s")  # sevens are wild now: four kings
    assert facts.high_of(sevens, ()) >> 28 == Category.FOUR_OF_A_KIND
    estimate = MonteCarloEstimator(30, rng=random.Random(2)).estimate(hand.view_for(0), rules)
    assert 0.0 <= estimate.share <= 1.0
    assert estimate.samples > 0
