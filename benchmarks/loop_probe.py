"""``hilo serve`` with a probe of its event loop, for the load check (`benchmarks.load_server`).

Runs ``hilo serve`` with its arguments, and measures two things a busy machine disturbs
little: how late the event loop wakes a task that sleeps `TICK` seconds at a time (the
longest the loop was blocked, and how often it was blocked long), and how long the loop's
thread spends inside the store (`hilo.web.store.Store`: the database, and SQLAlchemy around
it) — the journal's commits and the token look-ups when they run there — and how long each
of the collector's passes over the oldest objects (generation 2) held it. Each measurement is
kept with the time it was taken (``time.monotonic``, which every process on the machine
shares), and written as JSON to the file named by ``HILO_LOOP_PROBE`` when the server stops,
so the load check can keep those of its playing time alone.

    HILO_LOOP_PROBE=probe.json python -m benchmarks.loop_probe --port 8000

Nothing of hilo is changed but by wrapping: the same probe measures the code of any round.
With ``HILO_LOOP_DEBUG=20`` the server runs on the standard library's event loop in debug
mode instead, which logs every callback or task step that held the loop 20 ms or more, by
name (slower: for finding what blocks, not for measuring).
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TICK = 0.005
"""How long the probe sleeps between two looks at the clock, in seconds."""

LATE = 0.001
"""A wake-up later than this (seconds) is kept; earlier ones count only in the total."""


class Probe:
    """The loop's late wake-ups and the store's calls on the loop's thread, as they happen."""

    def __init__(self) -> None:
        self.late: list[tuple[float, float]] = []
        """(when, seconds late) for every wake-up later than `LATE`."""
        self.store: list[tuple[float, float]] = []
        """(when, seconds) for every call into the store made on the loop's thread."""
        self.collections: list[tuple[float, float]] = []
        """(when, seconds) for every collection of generation 2."""
        self._collecting = 0.0
        self.loop_thread: int | None = None
        self._depth = 0

    async def watch(self) -> None:
        """Sleep `TICK` at a time for ever, noting how late each wake-up is."""
        while True:
            asked = time.monotonic()
            await asyncio.sleep(TICK)
            woke = time.monotonic()
            if woke - asked - TICK > LATE:
                self.late.append((woke, woke - asked - TICK))

    def timed(self, method: Callable[..., Any]) -> Callable[..., Any]:
        """``method`` timed whenever the loop's thread calls it (outermost calls only)."""

        @functools.wraps(method)
        def call(*args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() != self.loop_thread or self._depth:
                return method(*args, **kwargs)
            self._depth += 1
            started = time.monotonic()
            try:
                return method(*args, **kwargs)
            finally:
                self._depth -= 1
                ended = time.monotonic()
                self.store.append((ended, ended - started))

        return call

    def collected(self, phase: str, info: dict[str, int]) -> None:
        """The collector starts or ends a pass (see `gc.callbacks`): note those of generation 2."""
        if info["generation"] != 2:
            return
        if phase == "start":
            self._collecting = time.monotonic()
        else:
            ended = time.monotonic()
            self.collections.append((ended, ended - self._collecting))

    def save(self, path: Path) -> None:
        """Write what was measured to ``path`` as JSON."""
        measured = {"late": self.late, "store": self.store, "collections": self.collections}
        path.write_text(json.dumps(measured))


def install(probe: Probe, path: Path) -> None:
    """Wrap the store's public methods and the hub's start and stop with ``probe``."""
    from hilo.web.hub import Hub
    from hilo.web.store import Store

    for name, method in list(vars(Store).items()):
        if not name.startswith("_") and callable(method):
            setattr(Store, name, probe.timed(method))
    start, stop = Hub.start, Hub.stop
    watching: list[asyncio.Task[None]] = []

    def started(hub: Hub) -> None:
        probe.loop_thread = threading.get_ident()
        debug = os.environ.get("HILO_LOOP_DEBUG")
        if debug:
            loop = asyncio.get_running_loop()
            loop.set_debug(True)
            loop.slow_callback_duration = float(debug) / 1000
        start(hub)
        gc.callbacks.append(probe.collected)
        watching.append(asyncio.get_running_loop().create_task(probe.watch()))

    async def stopped(hub: Hub) -> None:
        for task in watching:
            task.cancel()
        await stop(hub)
        probe.save(path)

    setattr(Hub, "start", started)  # noqa: B010 - a method replaced, as mypy allows
    setattr(Hub, "stop", stopped)  # noqa: B010


def window(path: Path, start: float, end: float) -> dict[str, float]:
    """What ``path`` says of the time from ``start`` to ``end``: the longest late wake-up,
    wake-ups later than 20 and 50 ms, the seconds spent in the store on the loop, and the
    collections of generation 2 with the longest of them."""
    saved = json.loads(path.read_text())
    late = [seconds for when, seconds in saved["late"] if start <= when <= end]
    store = [seconds for when, seconds in saved["store"] if start <= when <= end]
    collections = [seconds for when, seconds in saved["collections"] if start <= when <= end]
    return {
        "full_collections": len(collections),
        "longest_collection": max(collections, default=0.0),
        "longest_block": max(late, default=0.0),
        "blocks_over_20ms": sum(1 for seconds in late if seconds > 0.020),
        "blocks_over_50ms": sum(1 for seconds in late if seconds > 0.050),
        "store_seconds": sum(store),
        "store_calls": len(store),
    }


def main() -> None:
    """Serve as ``hilo serve`` would, probed."""
    probe = Probe()
    install(probe, Path(os.environ["HILO_LOOP_PROBE"]))
    if os.environ.get("HILO_LOOP_DEBUG"):
        from hilo.cli import serve

        setattr(serve, "event_loop", lambda: "asyncio")  # noqa: B010 - uvloop has no debug mode
    from hilo.cli.main import run

    sys.argv = ["hilo", "serve", *sys.argv[1:]]
    run()


if __name__ == "__main__":
    main()
