"""The wild-card benchmark still runs end to end (tiny sizes; no timing is asserted)."""

from __future__ import annotations

import pytest

from benchmarks import bench_wild


def test_wild_benchmark_prints_each_wild_measure_beside_its_plain_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_wild.main(["--hands", "300", "--rounds", "1", "--python-share", "3"]) == 0
    out = capsys.readouterr().out
    for line in (
        "wild_score, deuces wild",
        "wild_high_scores, deuces wild",
        "wild_low_scores, deuces wild",
        "high_scores",
        "low_scores",
    ):
        assert line in out
    assert out.count("wild over plain") == 4
