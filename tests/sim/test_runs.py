"""Runs on several threads: the same seed gives the same figures, to the last bit, for any
number of threads, sampled or exact, equity or advice; progress still climbs in order."""

from __future__ import annotations

import pytest

from hilo.errors import ConfigError
from hilo.rules import HouseRules
from hilo.sim import InlineExecutor, Scenario, advise, equity
from hilo.sim.completion import BLOCK

SAMPLES = 3 * BLOCK + 123  # four blocks, the last one short
SCENARIOS = {
    "stud": Scenario.from_text("seven-card-stud-hilo", "As 2d 3c", up=["Kh 9s", "Qd"]),
    "omaha": Scenario.from_text(
        "omaha-hilo", "Ah 2h 3d Kc", ranges=["Qs Qd Js Td, 5c 6c 7d 7h"], opponents=2
    ),
    "omaha, no qualifier": Scenario.from_text("omaha", "Ah 2h 3d Kc", opponents=1),
    "razz": Scenario.from_text("razz", "As 2d 3c", up=["Kh"]),
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_equity_is_the_same_for_any_number_of_threads(name: str) -> None:
    scenario = SCENARIOS[name]
    one = equity(scenario, samples=SAMPLES, seed=7, exact=False, threads=1)
    for threads in (2, 3):
        assert equity(scenario, samples=SAMPLES, seed=7, exact=False, threads=threads) == one


def test_omaha_with_a_house_low_is_the_same_for_any_number_of_threads() -> None:
    scenario = Scenario.from_text("omaha-hilo-declare", "Ah 2h 3d Kc", opponents=2)
    rules = HouseRules.preset("strict")
    one = advise(scenario, rules, samples=SAMPLES, seed=3, exact=False, threads=1)
    assert advise(scenario, rules, samples=SAMPLES, seed=3, exact=False, threads=2) == one
    assert one.samples == SAMPLES


def test_exact_runs_and_advice_are_the_same_for_any_number_of_threads() -> None:
    river = Scenario.from_text("omaha-hilo", "Ah 2h Kd Kc", board="3c 4d 8s Ks 9h")
    one = equity(river, threads=1)
    assert one.is_exact
    assert one.samples > BLOCK
    assert equity(river, threads=2) == one
    declare = Scenario.from_text("seven-card-stud-hilo-declare", "As 2d 3c 4h", opponents=2)
    strict = HouseRules.preset("strict")
    advice = advise(declare, strict, samples=SAMPLES, seed=5, threads=1)
    assert advise(declare, strict, samples=SAMPLES, seed=5, threads=3) == advice
    on_executor = advise(
        declare, strict, samples=SAMPLES, seed=5, threads=2, executor=InlineExecutor()
    )
    assert on_executor == advice


def test_progress_climbs_block_by_block_on_threads() -> None:
    seen: list[tuple[int, int]] = []
    equity(
        SCENARIOS["stud"],
        samples=SAMPLES,
        seed=1,
        threads=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert (BLOCK, SAMPLES) in seen
    assert seen[-1] == (SAMPLES, SAMPLES)


@pytest.mark.parametrize("threads", [0, True, 2.0])
def test_bad_thread_counts_are_refused_before_anything_runs(threads: object) -> None:
    with pytest.raises(ConfigError, match="threads must be a whole number from 1 to 256"):
        equity(SCENARIOS["stud"], samples=1000, threads=threads)  # type: ignore[arg-type]
    home = Scenario.from_text("baseball", "As 2d 3c")
    with pytest.raises(ConfigError, match="threads must be a whole number from 1 to 256"):
        advise(home, samples=1000, threads=threads)  # type: ignore[arg-type]
