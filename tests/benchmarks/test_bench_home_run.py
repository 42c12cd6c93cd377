"""The home-game benchmark still runs end to end (tiny sizes; no timing is asserted)."""

from __future__ import annotations

import pytest

from benchmarks import bench_home


def test_home_benchmark_prints_each_spot_with_the_same_figures_every_way(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_home.main(["--samples", "2100", "--workers", "2", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("same figures every way: True") == len(bench_home.SPOTS)
    assert out.count("pool already started") == len(bench_home.SPOTS)
    assert "us in the fresh pool's workers" in out
