"""The benchmarks still run end to end (tiny sizes; no timing is asserted)."""

from __future__ import annotations

import pytest
from benchmarks.timing import best_rates, median_ratio

from benchmarks import bench_engine, bench_hands, bench_referee
from hilo.engine.actions import ActionKind


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


def test_engine_benchmark_prints_every_game_in_one_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_engine.main(["--hands", "3", "--peer-hands", "2", "--rounds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line for line in lines if line.strip().startswith("game"))
    assert header.split() == [
        "game",
        "hilo",
        "hands/s",
        "PokerKit",
        "hands/s",
        "of",
        "stud",
        "declare",
    ]
    rows = {}
    for words, _, _ in bench_engine.GAMES:
        (line,) = [line for line in lines if line.strip().startswith(words)]
        rows[words] = line[len("  ") + len(words) :].split()
    for words in (
        "seven-card stud hi-lo, declare (strict)",
        "five-card draw, declare (strict)",
        "Baseball, declare (strict)",
        "follow the queen, declare (strict)",
        "Anaconda, declare (strict)",
    ):
        hilo, theirs, share = rows[words]
        assert float(hilo.replace(",", "")) > 0
        assert theirs == "\u2014"  # PokerKit does not play declare or wild cards
        assert share.endswith("x")
    assert rows["seven-card stud hi-lo, declare (strict)"][2] == "1.00x"
    assert rows["seven-card stud hi-lo, cards speak"][1] != "\u2014"
    assert any(line.startswith("Ratio: hilo / PokerKit:") for line in lines)


def test_engine_benchmark_hands_are_declared_showdowns() -> None:
    hand = bench_engine.play_hilo(seed=3, players=6)
    assert hand.result is not None
    assert len(hand.declarations) == 6
    assert sum(hand.stacks) + hand.carried_out == 6 * bench_engine.STACK


@pytest.mark.parametrize(
    ("game", "decisions"),
    [
        ("baseball-hilo-declare", {ActionKind.EXTRA, ActionKind.MATCH}),
        ("anaconda-hilo-declare", {ActionKind.PASS, ActionKind.DISCARD, ActionKind.ARRANGE}),
        ("five-card-draw-hilo-declare", {ActionKind.DRAW}),
    ],
)
def test_engine_benchmark_home_game_hands_answer_their_decisions(
    game: str, decisions: set[ActionKind]
) -> None:
    answered: set[ActionKind] = set()
    for seed in range(4):
        hand = bench_engine.play_game(game, "strict", seed, players=6)
        assert hand.result is not None
        assert len(hand.declarations) + len(hand.folded) == 6
        assert sum(hand.stacks) + hand.carried_out == 6 * bench_engine.STACK
        answered |= {action.kind for action in hand.actions}
    assert decisions <= answered


def test_compared_runs_take_turns_in_every_round() -> None:
    """Each round runs every contender once, so a slow moment falls on all of them; the
    order turns round every other round, so no contender always runs just after another."""
    order: list[str] = []
    rates = best_rates(
        {"hilo": (lambda: order.append("hilo"), 10), "peer": (lambda: order.append("peer"), 5)}, 3
    )
    assert order == ["hilo", "peer", "peer", "hilo", "hilo", "peer"]
    assert set(rates) == {"hilo", "peer"}
    assert all(rate > 0 for rate in rates.values())


def test_median_ratio_pairs_rounds_and_refuses_uneven_lists() -> None:
    assert median_ratio([3.0, 1.0], [1.0, 1.0]) == 2.0
    with pytest.raises(ValueError, match="shorter"):
        median_ratio([1.0, 2.0], [1.0])
