"""The load check's probe of the server's event loop keeps what it measured, and the load check
reads back the playing time's share of it."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

from benchmarks.loop_probe import Probe, window

from tests.web.loop import run


def test_calls_on_the_loops_thread_are_timed_once_and_others_not() -> None:
    probe = Probe()
    calls: list[str] = []

    def inner() -> None:
        calls.append("inner")

    timed_inner = probe.timed(inner)

    def outer() -> None:
        calls.append("outer")
        timed_inner()  # inside a timed call: not counted again

    timed_outer = probe.timed(outer)
    probe.loop_thread = threading.get_ident()
    timed_outer()
    timed_inner()
    elsewhere = threading.Thread(target=timed_inner)
    elsewhere.start()
    elsewhere.join()
    assert calls == ["outer", "inner", "inner", "inner"]
    assert len(probe.store) == 2


def test_a_blocked_loop_is_seen_late() -> None:
    probe = Probe()

    async def main() -> None:
        watching = asyncio.ensure_future(probe.watch())
        await asyncio.sleep(0.02)
        threading.Event().wait(0.1)  # holds the loop
        await asyncio.sleep(0.02)
        watching.cancel()

    run(main)
    assert max(seconds for _, seconds in probe.late) > 0.05


def test_the_window_keeps_the_playing_time_alone(tmp_path: Path) -> None:
    probe = Probe()
    probe.late = [(1.0, 0.5), (10.0, 0.03), (11.0, 0.06), (30.0, 2.0)]
    probe.store = [(5.0, 9.0), (10.5, 0.002), (12.0, 0.003)]
    probe.collected("start", {"generation": 2})
    probe.collected("stop", {"generation": 2})
    probe.collected("start", {"generation": 0})
    probe.collected("stop", {"generation": 0})
    path = tmp_path / "probe.json"
    probe.save(path)
    assert len(json.loads(path.read_text())["collections"]) == 1
    measured = window(path, 10.0, 20.0)
    assert measured["longest_block"] == 0.06
    assert measured["blocks_over_20ms"] == 2
    assert measured["blocks_over_50ms"] == 1
    assert measured["store_calls"] == 2
    assert abs(measured["store_seconds"] - 0.005) < 1e-9
    assert measured["full_collections"] == 0  # made at another time
