"""Runs on executors: a process pool and a Dask cluster give what this process gives."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from hilo.errors import ConfigError
from hilo.rules import HouseRules
from hilo.sim import InlineExecutor, Scenario, advise, equity, parallel
from hilo.sim.parallel import CHUNK_SAMPLES, chunk_plan, map_chunks, run_executor

SAMPLES = 2 * CHUNK_SAMPLES + 1000  # three chunks
STUD = Scenario.from_text("seven-card-stud-hilo", "As 2d 3c", up=["Kh 9s"])
DECLARE = Scenario.from_text("seven-card-stud-hilo-declare", "As 2d 3c 4h", opponents=2)


def test_chunks_and_their_seeds_depend_only_on_the_seed_and_the_samples() -> None:
    plan = chunk_plan(SAMPLES, 42)
    assert [size for size, _ in plan] == [CHUNK_SAMPLES, CHUNK_SAMPLES, 1000]
    again = chunk_plan(SAMPLES + CHUNK_SAMPLES, 42)
    for (_, seed), (_, same) in zip(plan[:2], again[:2], strict=True):
        assert seed.generate_state(4).tolist() == same.generate_state(4).tolist()
    other = chunk_plan(SAMPLES, 43)[0][1]
    assert other.generate_state(4).tolist() != plan[0][1].generate_state(4).tolist()
    assert chunk_plan(0, 1) == []


def test_progress_climbs_to_the_total_in_this_process() -> None:
    seen: list[tuple[int, int]] = []
    equity(STUD, samples=SAMPLES, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (SAMPLES, SAMPLES)
    assert len(seen) > 3  # finer than one report a chunk
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_the_inline_executor_gives_the_same_answer() -> None:
    here = equity(STUD, samples=SAMPLES, seed=7)
    assert equity(STUD, samples=SAMPLES, seed=7, executor=InlineExecutor()) == here
    future = InlineExecutor().submit(divmod, 7, 0)
    with pytest.raises(ZeroDivisionError):
        future.result()


def test_a_process_pool_gives_the_same_answer() -> None:
    here = equity(STUD, samples=SAMPLES, seed=3)
    advice_here = advise(DECLARE, HouseRules(), samples=SAMPLES, seed=3)
    seen: list[int] = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = equity(
            STUD, samples=SAMPLES, seed=3, executor=pool, progress=lambda done, _: seen.append(done)
        )
        advice_there = advise(DECLARE, HouseRules(), samples=SAMPLES, seed=3, executor=pool)
    assert there == here
    assert advice_there == advice_here
    assert sorted(seen) == seen
    assert seen[-1] == SAMPLES


@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_a_dask_cluster_gives_the_same_answer(processes: bool) -> None:
    distributed = pytest.importorskip("dask.distributed")
    here = equity(STUD, samples=SAMPLES, seed=5)
    advice_here = advise(DECLARE, HouseRules(), samples=SAMPLES, seed=5)
    # Loopback only, no dashboard; in-process threads talk without any socket at all.
    where = {"host": "127.0.0.1"} if processes else {}
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=processes,
            dashboard_address=None,
            **where,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        there = equity(STUD, samples=SAMPLES, seed=5, executor=executor)
        advice_there = advise(DECLARE, HouseRules(), samples=SAMPLES, seed=5, executor=executor)
    assert there == here
    assert advice_there == advice_here


def test_only_a_large_run_starts_a_pool_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    with run_executor(None, 0.5, 8) as chosen:
        assert chosen is None
    with run_executor(None, 100.0, 1) as chosen:
        assert chosen is None
    with run_executor(InlineExecutor(), 100.0, 8) as chosen:
        assert chosen is None
    with ProcessPoolExecutor(max_workers=1) as pool, run_executor(pool, 0.1, 1) as chosen:
        assert chosen is pool
    with run_executor(None, 100.0, 8) as chosen:  # no worker starts until a job is sent
        assert isinstance(chosen, ProcessPoolExecutor)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    with run_executor(None, 100.0, 8) as chosen:
        assert chosen is None


def test_a_large_run_on_its_own_pool_gives_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here = equity(STUD, samples=SAMPLES, seed=9, executor=InlineExecutor())
    monkeypatch.setattr(parallel, "LARGE_RUN_SECONDS", 0.0)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert equity(STUD, samples=SAMPLES, seed=9) == here


def test_map_chunks_keeps_the_order_of_the_jobs() -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert map_chunks(_square, [3, 1, 2], [1, 1, 1], pool) == [9, 1, 4]
    assert map_chunks(_square, [3, 1, 2], [1, 1, 1], None) == [9, 1, 4]


def _square(value: int, report: object) -> int:
    return value * value


def test_an_executor_must_be_an_executor() -> None:
    with pytest.raises(ConfigError, match=r"concurrent\.futures\.Executor"):
        equity(STUD, samples=100, seed=1, executor=np.zeros(1))  # type: ignore[arg-type]
