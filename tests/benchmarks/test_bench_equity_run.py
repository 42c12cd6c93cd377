"""The equity benchmark still runs end to end (tiny sizes; no timing is asserted)."""

from __future__ import annotations

import pytest

from benchmarks import bench_equity


def test_equity_benchmark_prints_rates_ratios_and_agreement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["--spots", "2", "--samples", "3000", "--rounds", "1", "--pokerkit-spots", "1",
                 "--pokerkit-samples", "20", "--threads", "2"]  # fmt: skip
    assert bench_equity.main(arguments) == 0
    out = capsys.readouterr().out
    for line in (
        "Seven-card stud high-low, eight or better",
        "Omaha high-low, eight or better",
        "hilo equity",
        "poker-equity chunk_from_text (threads=1)",
        "poker-equity chunk_from_text (threads=2)",
        "hilo equity, 2 threads",
        "PokerKit calculate_equities (share only)",
    ):
        assert line in out
    assert out.count("hilo / poker-equity, 1 thread each: ") == 2
    assert out.count("hilo / poker-equity, 2 threads each: ") == 2
    assert "(target 3x: " in out  # Omaha's target, threads each
    assert out.count("hilo on 2 threads / hilo on 1: ") == 2
    assert out.count("largest disagreement with poker-equity over 2 spots") == 2
    assert out.count("hilo / PokerKit: ") == 2


def test_random_spots_are_seeded_and_hold_different_cards() -> None:
    spots = bench_equity.random_spots("omaha", 5, 1)
    assert spots == bench_equity.random_spots("omaha", 5, 1)
    for spot in spots:
        assert len(set(spot.mine + spot.theirs)) == 8
    stud = bench_equity.random_spots("stud", 1, 1)[0]
    scenario = bench_equity.hilo_scenario(stud)
    assert [str(card) for card in scenario.up[0]] == list(stud.theirs)
    assert len(scenario.cards) == 3
