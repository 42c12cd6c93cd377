"""The home games in the simulator: wild cards against a brute-force count with the pure
evaluator, follow the queen's order of cards, Chicago and 7/27 hands checked by hand,
and refusals in sentences."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from hilo.cards import Card, Rank, parse_cards
from hilo.engine.declare import Direction
from hilo.engine.state import Hand
from hilo.errors import ConfigError, HiloError
from hilo.hands.ranking import Ranking
from hilo.hands.wild import wild_score
from hilo.hands.wildspec import WildSpec, lowest_hole_rank
from hilo.rules import VARIANTS, HouseRules, Stakes
from hilo.sim.advice import advise
from hilo.sim.equity import equity
from hilo.sim.home import HomePlan, home_simulate, is_home_game, simulation_notes
from hilo.sim.models import FixedModel
from hilo.sim.scenario import Scenario

THREES_AND_NINES = WildSpec.parse("3,9")


def _share(mine: int, theirs: int) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def test_baseball_equity_is_exact_and_agrees_with_the_pure_evaluator() -> None:
    mine, theirs = "Kh Kd 3c 7s 8s Jd", "Qc Qd 2h 5h 6h Td"
    scenario = Scenario.from_text("baseball", mine, up=[theirs])
    result = equity(scenario, samples=100, seed=1)
    assert result.is_exact
    total = count = 0.0
    for one, two in permutations(scenario.unseen, 2):  # my seventh card, then theirs
        me = wild_score((*parse_cards(mine), one), wild=THREES_AND_NINES)
        them = wild_score((*parse_cards(theirs), two), wild=THREES_AND_NINES)
        total += _share(me, them)
        count += 1
    assert result.samples == count
    assert result.share.value == pytest.approx(total / count)


def test_low_hole_wild_counts_each_players_own_lowest_down_card() -> None:
    mine = "Kh 4d Ks 7s 8s Jd"  # down Kh 4d: fours are wild for me, and my last card is down
    theirs = "Qc Qd 2h 5h Ac Ad"  # up Qc Qd 2h 5h, down Ac Ad: their lowest down card is next
    scenario = Scenario.from_text("low-hole-wild-hilo-declare", mine, up=[theirs])
    rules = HouseRules.preset("cards-speak")
    result = home_simulate(HomePlan(scenario, rules), samples=100, seed=1)
    assert result.is_exact
    total = 0.0
    pairs = list(permutations(scenario.unseen, 2))
    for one, two in pairs:
        me = (*parse_cards(mine), one)
        them = (*parse_cards(theirs), two)
        scores = []
        for cards, down in ((me, (me[0], me[1], one)), (them, (them[4], them[5], two))):
            lowest = lowest_hole_rank(down)
            spec = WildSpec(ranks=frozenset({lowest} if lowest else set()))
            scores.append(wild_score(cards, wild=spec))
        total += _share(*scores)
    assert result.mean(2) == pytest.approx(total / len(pairs))  # the part of the high half


def _queen_case(after_queen: bool) -> tuple[float, float]:
    """Follow the queen on sixth street: my next up card, then my last card down; the
    opponent's seven cards are all known. Returns (simulated, brute-force) shares."""
    mine, theirs = "Ah Ad 7c 7h 5s", "Kc Kd Ks 8c 8d 2h 4s"
    wild = "Q" if after_queen else "6"
    scenario = Scenario.from_text("follow-the-queen", mine, up=[theirs], wild=wild)
    result = equity(scenario, samples=100, seed=1)
    assert result.is_exact
    total = 0.0
    pairs = list(permutations(scenario.unseen, 2))
    for up, down in pairs:
        if after_queen:  # the card after a queen names the rank, unless it is a queen too
            ranks = {Rank.QUEEN} if up.rank is Rank.QUEEN else {Rank.QUEEN, up.rank}
        else:
            ranks = {Rank.QUEEN, Rank.SIX} if up.rank is not Rank.QUEEN else {Rank.QUEEN}
        spec = WildSpec(ranks=frozenset(ranks))
        me = wild_score((*parse_cards(mine), up, down), wild=spec)
        them = wild_score(parse_cards(theirs), wild=spec)
        total += _share(me, them)
    return result.share.value, total / len(pairs)


def test_follow_the_queen_names_the_rank_of_the_next_up_card() -> None:
    after, expected_after = _queen_case(after_queen=True)
    before, expected_before = _queen_case(after_queen=False)
    assert after == pytest.approx(expected_after)
    assert before == pytest.approx(expected_before)
    assert after != pytest.approx(before)  # the next up card's rank matters only after a queen


def test_follow_the_queen_from_text_reads_the_rank_wild_now() -> None:
    sixes = Scenario.from_text("follow-the-queen", "Ah Ad 7c", wild="6")
    assert sixes.queen_ranks == frozenset({Rank.QUEEN, Rank.SIX})
    assert not sixes.after_queen
    waiting = Scenario.from_text("follow-the-queen", "Ah Ad 7c", wild="q")
    assert waiting.queen_ranks == frozenset({Rank.QUEEN})
    assert waiting.after_queen
    assert "wild now Q" in waiting.describe()


CHICAGO_MINE = "As 2d 3c 4h 5d 7c 9h"  # the ace of spades in the hole; a wheel
CHICAGO_THEIRS = "Kh Kd Kc 8d 8h 2s 3h"  # four up, then 8h 2s 3h down: kings full, the 2s


def test_chicago_hand_checked_by_hand() -> None:
    scenario = Scenario.from_text("high-chicago", CHICAGO_MINE, up=[CHICAGO_THEIRS])
    result = equity(scenario, samples=100, seed=1)
    assert result.is_exact
    assert result.samples == 1
    assert (result.high_half.value, result.low_half.value, result.share.value) == (0.0, 1.0, 0.5)
    low = Scenario.from_text("low-chicago", CHICAGO_MINE, up=[CHICAGO_THEIRS])
    assert equity(low, samples=100, seed=1).share.value == 0.0  # their 2s is the lowest spade


def test_chicago_declare_advice_ranks_high_spade_and_both() -> None:
    scenario = Scenario.from_text("high-chicago-declare", CHICAGO_MINE, up=[CHICAGO_THEIRS])
    advice = advise(scenario, HouseRules(), samples=100, seed=1, model=FixedModel(Direction.HIGH))
    assert advice.best.direction is Direction.LOW  # the spade half
    assert advice.option(Direction.LOW).share.value == 0.5
    assert advice.option(Direction.BOTH).share.value == 0.0  # the swing loses the high


def test_seven_twenty_seven_hand_checked_by_hand() -> None:
    scenario = Scenario.from_text("seven-twenty-seven", "Ac 6d", up=["Tc 9d 8h"])
    assert scenario.cards_to_deal == 0  # both stand: 7 exactly, and 27 exactly
    result = equity(scenario, samples=50, seed=1)
    assert (result.high_half.value, result.low_half.value, result.share.value) == (0.0, 1.0, 0.5)
    advice = advise(scenario, HouseRules(), samples=50, seed=1, model=FixedModel(Direction.HIGH))
    assert advice.best.direction is Direction.LOW
    assert advice.option(Direction.LOW).share.value == 0.5
    assert advice.option(Direction.BOTH).share.value == 0.0


def test_seven_twenty_seven_draws_by_the_stated_policy() -> None:
    short = Scenario.from_text("seven-twenty-seven", "2c 2d", up=["Tc 9d 8h"])  # 4: takes
    result = equity(short, samples=2000, seed=3)
    assert not result.is_exact
    assert result.share.error > 0
    assert 0.0 < result.share.value < 1.0
    assert "takes a card while" in simulation_notes(short)[0]


def test_extra_wild_cards_count_and_a_joker_joins_the_deck() -> None:
    plain = Scenario.from_text("seven-card-stud", "Ah Ad Kc Kd", up=["Qs Qh"])
    assert not is_home_game(plain)
    deuces = Scenario.from_text("seven-card-stud", "Ah Ad Kc Kd", up=["Qs Qh"], wild="2")
    assert is_home_game(deuces)
    assert "also wild 2" in deuces.describe()
    joker = Scenario.from_text("seven-card-stud", "Ah Ad Kc Kd", up=["Qs Qh"], wild="joker=wild")
    assert Card("Jk") in joker.unseen
    assert Card("Jk") not in deuces.unseen
    run_plain = equity(plain, samples=3000, seed=2)
    run_wild = equity(deuces, samples=3000, seed=2)
    assert run_wild.share.value != pytest.approx(run_plain.share.value)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Scenario.from_text("seven-card-stud", "Ah Ad", wild="follow-the-queen"),
            "a game's own wild rules",
        ),
        (
            lambda: Scenario.from_text("follow-the-queen", "Ah Ad 7c", wild="Jh"),
            "the rank wild now",
        ),
        (
            lambda: Scenario(
                "baseball", parse_cards("Ah Ad 7c"), queen_ranks=frozenset({Rank.SIX})
            ),
            "not follow the queen",
        ),
        (
            lambda: Scenario(
                "follow-the-queen",
                parse_cards("Ah Ad 7c"),
                queen_ranks=frozenset({Rank.SIX, Rank.TWO}),
            ),
            "at most one rank more",
        ),
    ],
)
def test_bad_wild_scenarios_are_refused(make: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make()  # type: ignore[operator]


def test_chicago_refusals_are_sentences() -> None:
    scenario = Scenario.from_text("high-chicago", "As 2d 3c", opponents=1)
    with pytest.raises(ConfigError, match="not played with declarations"):
        advise(scenario, HouseRules(), samples=100, seed=1)
    with pytest.raises(ConfigError, match="no_spade=rides is not simulated"):
        equity(scenario, HouseRules.preset("cards-speak", no_spade="rides"), samples=100)
    with pytest.raises(HiloError, match="too many deals to walk"):
        equity(scenario, samples=100, exact=True, exact_limit=10)


def test_low_sides_follow_the_house_low_with_wild_cards() -> None:
    scenario = Scenario.from_text(
        "five-card-draw-deuces-wild-hilo-declare", "2c 3d 4h 5s 9c", opponents=1
    )
    rules = HouseRules(low=Ranking.DEUCE_TO_SEVEN)
    advice = advise(scenario, rules, samples=300, seed=5)
    assert advice.samples == 300
    assert not advice.is_exact
    assert advice.option(Direction.LOW).low_won.value > 0.5


@pytest.mark.parametrize("game", ["follow-the-queen", "low-hole-wild-hilo-declare"])
def test_a_view_gives_its_face_up_cards_and_what_is_wild(game: str) -> None:
    hand = Hand.deal(
        VARIANTS[game],
        HouseRules(),
        Stakes(small_bet=10, big_bet=20, bring_in=3),
        [200, 200, 200],
        rng=random.Random(4),
    )
    view = hand.view_for(1)
    scenario = Scenario.from_view(view)
    me = view.seats[1]
    assert scenario.face_up == me.up_cards
    assert len(scenario.cards) == 3
    if game == "follow-the-queen":
        shown = [card for seat in view.seats for card in seat.up_cards]
        queens = [card for card in shown if card.rank is Rank.QUEEN]
        assert scenario.queen_ranks is not None
        assert Rank.QUEEN in scenario.queen_ranks
        assert scenario.queen_ranks == frozenset({Rank.QUEEN}) or queens
    else:
        assert scenario.queen_ranks is None
    result = equity(scenario, samples=200, seed=1)
    assert result.samples == 200
    assert 0.0 <= result.share.value <= 1.0


def test_criss_cross_centre_wild_deals_the_rest_of_the_board() -> None:
    game = "criss-cross-center-wild-hilo-declare"
    scenario = Scenario.from_text(game, "Ah Ad 9c 9d", board="Kc Kd 7h 2s")  # centre to come
    rules = HouseRules.preset("cards-speak")
    result = home_simulate(HomePlan(scenario, rules), samples=60, seed=1)
    assert result.count == 60
    assert not result.is_exact
    assert 0.0 < result.mean(7) < 1.0
    ranged = Scenario.from_text(game, "Ah Ad 9c 9d", board="Kc Kd", ranges=["QsQhJsJh"])
    with pytest.raises(ConfigError, match="ranges are not simulated"):
        equity(ranged, samples=60, seed=1)
