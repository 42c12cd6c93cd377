"""Declare advice: hand-worked spots, the default model, sampling against walking, and the
compiled settlement against the referee on thousands of random showdowns."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray

from hilo.engine.declare import Direction
from hilo.engine.showdown import Pot, ShowdownHand, settle
from hilo.errors import ConfigError
from hilo.hands import Ranking, Selection
from hilo.rules import PRESETS, HouseRules
from hilo.sim import (
    Advice,
    BestShareModel,
    FixedModel,
    GameShape,
    Measure,
    Scenario,
    advise,
    declared_shares,
    high_scores,
    low_scores,
    random_deals,
    to_cards,
)
from hilo.sim.models import KnownDeclarations
from hilo.sim.tally import OPTION_STATISTICS

STRICT = HouseRules.preset("strict")


def shares(advice: Advice) -> dict[Direction, float]:
    return {option.direction: option.share.value for option in advice.options}


def test_a_made_wheel_heads_up_declares_both() -> None:
    scenario = Scenario.from_text(
        "seven-card-stud-hilo-declare", "As 2d 3c 4h 5s Kd Qc", up=["Kh 9s 9d 2c"]
    )
    advice = advise(scenario, STRICT)
    assert advice.is_exact
    assert advice.best.direction is Direction.BOTH
    value = shares(advice)
    assert value[Direction.BOTH] > value[Direction.HIGH] > value[Direction.LOW] >= 0.5
    both = advice.option(Direction.BOTH)
    # Nobody can tie or beat a wheel for low here, so the swing fails exactly when
    # the opponent makes a better high (a straight to the king, a full house, quads).
    assert both.low_lost is not None
    assert both.low_lost.value == pytest.approx(both.swing_failed.value)
    assert both.share.value == pytest.approx(both.high_won.value)
    assert both.swing_failed.value == pytest.approx(1 - both.share.value)
    assert both.rides == Measure(0.0)


def test_a_made_wheel_against_one_unknown_hand_declares_both() -> None:
    scenario = Scenario.from_text("seven-card-stud-hilo-declare", "As 2d 3c 4h 5s Kd Qc")
    advice = advise(scenario, STRICT, samples=40_000, seed=2)
    assert advice.best.direction is Direction.BOTH
    value = shares(advice)
    assert value[Direction.BOTH] - value[Direction.LOW] > 20 * advice.best.share.error


def test_no_qualifying_low_declares_high() -> None:
    rules = HouseRules.preset("strict", low_qualifier=8)
    scenario = Scenario.from_text(
        "seven-card-stud-hilo-declare", "Kc Kd Kh 9s 9d Qc Jh", up=["As 5d 3c 7h"]
    )
    advice = advise(scenario, rules)
    assert advice.best.direction is Direction.HIGH
    assert advice.option(Direction.LOW).share == Measure(0.0)
    assert advice.option(Direction.LOW).low_won == Measure(0.0)
    assert advice.option(Direction.BOTH).swing_failed.value > 0.99
    assert advice.equity.win_low == Measure(0.0)


def test_a_nut_low_with_a_weak_high_against_three_declares_low() -> None:
    scenario = Scenario.from_text(
        "seven-card-stud-hilo-declare", "As 2d 3c 4h 6s Jd Qc", opponents=3
    )
    advice = advise(scenario, STRICT, samples=40_000, seed=3)
    assert not advice.is_exact
    assert advice.best.direction is Direction.LOW
    value = shares(advice)
    assert value[Direction.LOW] > 2 * value[Direction.BOTH]
    assert value[Direction.LOW] > 5 * value[Direction.HIGH]
    assert advice.option(Direction.LOW).low_won.value > 0.95


def test_the_nuts_both_ways_on_a_hold_em_board_swing() -> None:
    scenario = Scenario.from_text(
        "holdem-hilo-declare", "Ah 2h", board="3h 4h 5h Kc Kd", opponents=2
    )
    advice = advise(scenario, HouseRules.preset("liberal"), exact=True)
    assert advice.is_exact
    assert advice.best.direction is Direction.BOTH
    assert advice.option(Direction.BOTH).share.value > 0.9


def test_a_fixed_model_makes_the_shares_exact() -> None:
    # Every opponent declares high: declaring low alone takes exactly half the pot.
    scenario = Scenario.from_text(
        "seven-card-stud-hilo-declare", "As 2d 3c 4h 5s Kd Qc", up=["Kh 9s 9d 2c"]
    )
    advice = advise(scenario, STRICT, model=FixedModel(Direction.HIGH))
    low, both = advice.option(Direction.LOW), advice.option(Direction.BOTH)
    assert low.share == Measure(0.5)
    assert low.low_won == Measure(1.0)
    assert both.share.value == pytest.approx(both.high_won.value)
    assert advice.opponents_declared == (1.0, 0.0, 0.0)
    assert advice.model == "FixedModel"


def test_sampling_agrees_with_walking() -> None:
    scenario = Scenario.from_text(
        "seven-card-stud-hilo-declare", "As 2d 3c 8h 9s Kd", up=["Kh 9d 9c 2c"]
    )
    walked = advise(scenario, HouseRules.preset("outright"))
    sampled = advise(scenario, HouseRules.preset("outright"), exact=False, samples=60_000, seed=4)
    assert walked.is_exact
    assert not sampled.is_exact
    for ours, exact in zip(sampled.options, walked.options, strict=True):
        for name in OPTION_STATISTICS:
            measure, truth = getattr(ours, name), getattr(exact, name)
            if measure.error == 0:
                assert abs(measure.value - truth.value) < 2e-4, name
            else:
                assert abs(measure.value - truth.value) <= 4 * measure.error, name


def test_the_same_seed_gives_the_same_advice() -> None:
    scenario = Scenario.from_text("omaha-hilo-declare", "Ah 2h 3d Kc", board="4c 8s", opponents=2)
    first = advise(scenario, samples=20_000, seed=8)
    assert first == advise(scenario, samples=20_000, seed=8)
    assert first.to_dict()["best"] == first.best.direction.value
    assert [option["direction"] for option in first.to_dict()["options"]] == [
        "high",
        "low",
        "both",
    ]


def test_advice_is_for_declare_games() -> None:
    with pytest.raises(ConfigError, match="not played with declarations"):
        advise(Scenario.from_text("omaha-hilo", "Ah 2h 3d Kc"), STRICT)
    with pytest.raises(ConfigError, match="declare game"):
        advise(
            Scenario.from_text("seven-card-stud-hilo-declare", "As 2d 3c"),
            HouseRules.preset("cards-speak"),
        )


def test_a_model_must_answer_every_opponent() -> None:
    class Broken:
        def declare(
            self, game: GameShape, highs: NDArray[np.int64], lows: NDArray[np.int64]
        ) -> NDArray[np.int64]:
            return np.full(highs.shape, 5, np.int64)

    scenario = Scenario.from_text("seven-card-stud-hilo-declare", "As 2d 3c 4h 5s Kd Qc")
    with pytest.raises(ConfigError, match="0, 1 or 2"):
        advise(scenario, samples=100, seed=1, model=Broken(), exact=False)


def test_known_declarations_are_kept_and_the_others_follow_the_model() -> None:
    game = GameShape(Selection.ANY_FIVE, 7, 0, 3, Ranking.ACE_TO_FIVE)
    hands = random_deals(np.random.default_rng(5), 400, 7)
    highs = high_scores(hands).reshape(200, 2)
    lows = low_scores(hands).reshape(200, 2)
    free = BestShareModel().declare(game, highs, lows)
    ways = KnownDeclarations((None, Direction.LOW)).declare(game, highs, lows)
    assert (ways[:, 0] == free[:, 0]).all()
    assert (ways[:, 1] == 1).all()
    assert len(set(free[:, 1].tolist())) > 1  # the model alone would vary


def test_advice_with_every_declaration_known_is_the_fixed_model_advice() -> None:
    scenario = Scenario.from_text(
        "seven-card-stud-hilo-declare", "As 2d 3c 4h 6s Jd Qc", up=["Kh 9s 9d 2c", "7c 8c Tc Jh"]
    )
    known = KnownDeclarations((Direction.HIGH, Direction.HIGH))
    advice = advise(scenario, STRICT, samples=4000, seed=3, model=known)
    fixed = advise(scenario, STRICT, samples=4000, seed=3, model=FixedModel(Direction.HIGH))
    assert shares(advice) == shares(fixed)
    assert advice.opponents_declared == pytest.approx((1.0, 0.0, 0.0))
    assert advice.model == "KnownDeclarations"
    # Both opponents go high: low is unopposed and takes half of every pot.
    assert shares(advice)[Direction.LOW] == pytest.approx(0.5)


_DIRECTIONS = (Direction.HIGH, Direction.LOW, Direction.BOTH)
_RULES = [HouseRules.preset(name) for name in PRESETS if name != "cards-speak"] + [
    HouseRules.preset("strict", no_winner="split"),
    HouseRules.preset("strict", no_winner="cards-speak"),
    HouseRules.preset("strict", no_winner="second-best"),
    HouseRules.preset("outright", no_winner="second-best"),
    HouseRules.preset("strict", no_winner="keep-won-side"),
    HouseRules.preset("strict", all_swing_fallback="no-winner", no_winner="keep-won-side"),
    HouseRules.preset("liberal", no_winner="keep-won-side", low_qualifier=8),
    HouseRules.preset("strict", swing_ties="keep-won-side"),
    HouseRules.preset("liberal", swing_ties="keep-won-side", low_qualifier=8),
    HouseRules.preset("strict", all_swing_fallback="no-winner", no_winner="split"),
    HouseRules.preset("outright", low_qualifier=8, no_winner="cards-speak"),
]


@pytest.mark.parametrize("rules", _RULES, ids=lambda rules: rules.name)
def test_the_compiled_settlement_agrees_with_the_referee(rules: HouseRules) -> None:
    rng = np.random.default_rng(len(rules.name))
    pot = 5040  # every share of a pot among up to ten players is a whole number of chips
    checked = 0
    for players, board_size in ((2, 0), (3, 0), (5, 0), (3, 5), (6, 5)):
        count = 600
        hole = 7 if board_size == 0 else 2
        deals = random_deals(rng, count, hole * players + board_size)
        hands = deals[:, : hole * players].reshape(count, players, hole)
        boards = deals[:, hole * players :]
        full = [np.hstack([hands[:, player], boards]) for player in range(players)]
        highs = np.stack([high_scores(cards) for cards in full], axis=1)
        lows = np.stack([low_scores(cards, rules.low, rules.low_qualifier) for cards in full], 1)
        ways = rng.integers(0, 3, (count, players))
        ways[: count // 10] = 2  # every one swings now and then
        fast, rides = declared_shares(highs, lows, ways, rules)
        for row in range(count):
            showdown = [
                ShowdownHand(
                    seat, to_cards(hands[row, seat : seat + 1])[0], _DIRECTIONS[ways[row, seat]]
                )
                for seat in range(players)
            ]
            result = settle(
                [Pot(pot, tuple(range(players)))],
                showdown,
                rules=rules,
                board=to_cards(boards[row : row + 1])[0],
                selection=Selection.HOLDEM if board_size else Selection.ANY_FIVE,
            )
            amounts = result.amounts()
            expected = [amounts.get(seat, 0) / pot for seat in range(players)]
            assert fast[row].tolist() == pytest.approx(expected, abs=1e-12), (row, str(result))
            assert bool(rides[row]) == (result.carried == pot)
            checked += 1
    assert checked == 3000
