"""The benchmarks still run end to end (tiny sizes; no timing is asserted)."""

from __future__ import annotations

import pytest

from benchmarks import bench_engine, bench_hands, bench_referee


def test_hand_benchmark_prints_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_hands.main(["--hands", "200", "--rounds", "1", "--slow-share", "10"]) == 0
    out = capsys.readouterr().out
    assert "hilo high_score / treys Evaluator.evaluate:" in out
    assert "hilo ace_to_five_score / PokerKit RegularLowHand.from_game:" in out


def test_referee_benchmark_prints_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_referee.main(["--showdowns", "100", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "hilo settle, strict" in out
    assert "Ratio: hilo settle (strict) / PokerKit evaluation alone:" in out


def test_engine_benchmark_prints_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_engine.main(["--hands", "20", "--peer-hands", "5", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "hilo, high-low declare (strict)" in out
    assert "PokerKit, cards speak eight or better" in out
    assert "Ratio: hilo / PokerKit:" in out


def test_engine_benchmark_hands_are_declared_showdowns() -> None:
    hand = bench_engine.play_hilo(seed=3, players=6)
    assert hand.result is not None
    assert len(hand.declarations) == 6
    assert sum(hand.stacks) + hand.carried_out == 6 * bench_engine.STACK
