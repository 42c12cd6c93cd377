"""Home games on several processes: a seed gives the same figures to the last bit in this
process and on a pool of worker processes, for every home game, equity and advice."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from hilo.rules import HouseRules
from hilo.sim.advice import advise
from hilo.sim.equity import equity
from hilo.sim.home import (
    HOME_CHUNK_SAMPLES,
    HomePlan,
    home_simulate,
    is_home_game,
    run_home_chunk,
)
from hilo.sim.parallel import InlineExecutor
from hilo.sim.scenario import Scenario

SAMPLES = 2 * HOME_CHUNK_SAMPLES + 300
"""Three chunks, the last one short."""

EQUITY_SPOTS = [
    ("follow-the-queen", "Ah Ad 7c", [], "", 3, 11),
    ("follow-the-queen", "Ah Ad 7c 7h", ["Kc Qd"], "Q", 2, 12),
    ("seven-twenty-seven", "Ac 6d", ["Kh"], "", 1, 13),
    ("seven-twenty-seven", "2c 3d", [], "", 3, 14),
    ("baseball", "Kh Kd 3c", [], "", 3, 15),
    ("high-chicago", "As 2d 3c", [], "", 2, 16),
    ("low-chicago", "Kh 2s 5d 9c", ["Ts 4h"], "", 1, 17),
    ("low-hole-wild-hilo-declare", "Kh 4d Ks", [], "", 2, 18),
    ("five-card-draw-deuces-wild", "2c 3d 4h 5s 9c", [], "", 2, 19),
    ("criss-cross-center-wild-hilo-declare", "Ah Ad 9c 9d", [], "", 2, 20),
    ("seven-card-stud", "Ah Ad Kc", [], "joker=wild", 2, 21),
]
"""(game, my cards, up cards, extra wild, opponents, seed): a spot of every home game."""

DECLARE_SPOTS = [
    ("follow-the-queen-hilo-declare", "Ah 2d 3c", 3, 31),
    ("baseball-hilo-declare", "Ah 2d 3c 9s", 2, 32),
    ("high-chicago-declare", "As 2d 3c", 2, 33),
    ("seven-twenty-seven", "Ac 6d", 2, 34),
    ("low-hole-wild-hilo-declare", "Ah 2d 5c", 2, 35),
]
"""(game, my cards, opponents, seed): advice under strict rules."""


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as executor:
        yield executor


def _scenario(game: str, cards: str, up: list[str], wild: str, opponents: int) -> Scenario:
    return Scenario.from_text(game, cards, up=up, wild=wild, opponents=opponents)


@pytest.mark.parametrize(("game", "cards", "up", "wild", "opponents", "seed"), EQUITY_SPOTS)
def test_a_home_games_sums_are_the_same_here_and_on_worker_processes(
    pool: ProcessPoolExecutor,
    game: str,
    cards: str,
    up: list[str],
    wild: str,
    opponents: int,
    seed: int,
) -> None:
    scenario = _scenario(game, cards, up, wild, opponents)
    assert is_home_game(scenario)
    plan = HomePlan(scenario, HouseRules.preset("cards-speak"))
    here = home_simulate(plan, samples=SAMPLES, seed=seed, executor=InlineExecutor())
    there = home_simulate(plan, samples=SAMPLES, seed=seed, executor=pool)
    assert not here.is_exact
    assert (here.count, here.seed) == (there.count, there.seed) == (SAMPLES, seed)
    np.testing.assert_array_equal(here.sums, there.sums)
    assert 0.0 < here.mean(7) < 1.0  # the share: neither a sure win nor a sure loss


@pytest.mark.parametrize(("game", "cards", "opponents", "seed"), DECLARE_SPOTS)
def test_home_game_advice_is_the_same_here_and_on_worker_processes(
    pool: ProcessPoolExecutor, game: str, cards: str, opponents: int, seed: int
) -> None:
    scenario = Scenario.from_text(game, cards, opponents=opponents)
    rules = HouseRules.preset("strict")
    here = advise(scenario, rules, samples=SAMPLES, seed=seed, executor=InlineExecutor())
    there = advise(scenario, rules, samples=SAMPLES, seed=seed, executor=pool)
    automatic = advise(scenario, rules, samples=SAMPLES, seed=seed)  # small: in this process
    assert here == there == automatic
    assert not here.is_exact
    assert sum(here.opponents_declared) == pytest.approx(1.0)


def test_equity_hands_its_executor_to_a_home_game(pool: ProcessPoolExecutor) -> None:
    scenario = _scenario("follow-the-queen", "Ah Ad 7c", [], "", 3)
    here = equity(scenario, samples=SAMPLES, seed=5, executor=InlineExecutor())
    there = equity(scenario, samples=SAMPLES, seed=5, executor=pool)
    assert here == there
    assert here.samples == SAMPLES
    assert here.seed == 5


def test_a_run_is_its_chunks_summed_in_order() -> None:
    scenario = _scenario("seven-twenty-seven", "Ac 6d", ["Kh"], "", 1)
    plan = HomePlan(scenario)
    samples = HOME_CHUNK_SAMPLES + 10
    whole = home_simulate(plan, samples=samples, seed=9)
    first, second = np.random.SeedSequence(9).spawn(2)
    chunks = run_home_chunk(plan, (HOME_CHUNK_SAMPLES, first)) + run_home_chunk(plan, (10, second))
    np.testing.assert_array_equal(whole.sums, chunks)
    assert whole.sums[0, 0] > 0  # the player wins the high alone in some deals


def test_progress_counts_every_deal_once() -> None:
    scenario = _scenario("baseball", "Kh Kd 3c", [], "", 2)
    seen: list[tuple[int, int]] = []
    home_simulate(
        HomePlan(scenario),
        samples=SAMPLES,
        seed=1,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (SAMPLES, SAMPLES)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
