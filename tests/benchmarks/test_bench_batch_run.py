"""The batch benchmark still runs end to end (tiny sizes; no timing is asserted)."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks import bench_batch


def test_batch_benchmark_prints_rates_and_targets(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--hands", "2000", "--omaha-hands", "300", "--rounds", "1", "--slow-share", "20",
                 "--threads", "2", "--thread-hands", "9000", "--thread-omaha", "9000",
                 "--thread-rounds", "3"]  # fmt: skip
    assert bench_batch.main(arguments) == 0
    out = capsys.readouterr().out
    for line in (
        "hilo high_scores, 7-card high",
        "OMPEval batch (pokerfast native call)",
        "OMPEval via pokerfast equity.evaluate",
        "eval7 evaluate",
        "hilo low_scores, 7-card ace-to-five",
        "hilo omaha_high_scores, 4 hole + 5 board",
        "hilo omaha_low_scores, ace-to-five 8 or better",
        "hilo 7-card high / OMPEval batch (pokerfast native call):",
        "hilo 7-card high / eval7 evaluate:",
        "hilo 7-card ace-to-five low:",
        "hilo high_scores, 7-card high, 2 threads",
        "hilo omaha_high_scores, 4 hole + 5 board, 2 threads",
        "hilo on 2 threads against one, 9,000 7-card hands and 9,000 Omaha deals a call",
        "hilo on 2 threads over hilo on one thread (same hands, same run; best rate",
        "(target 1.8x on two cores: ",
        "hilo high_scores, 7-card high, 2,000 a call: ",
        "x, median ",
    ):
        assert line in out
    # The peers order the same hands as hilo does, tie for tie.
    assert out.count("orders of neighbouring hands unlike hilo's: 0") == 2


def test_ompeval_numbers_every_card_once() -> None:
    assert sorted(bench_batch._OMPEVAL_CARD.tolist()) == list(range(52))
    assert bench_batch.same_order(np.array([1, 2, 2, 0]), [5, 9, 9, 1]) == 0
    assert bench_batch.same_order(np.array([1, 2, 2, 0]), [5, 9, 8, 1]) == 1
