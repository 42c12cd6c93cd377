"""The server's clock: what time it is, and waiting until a time (or until woken).

A table's runner asks one `Clock` for everything it times: when a decision began, how
long a player took, when a bot's deadline or the next deal falls. The server uses
`MonotonicClock`; tests use `FakeClock`, which moves only when told, so clocks and
time banks can be checked to the exact second without sleeping.

>>> clock = FakeClock(100.0)
>>> clock.now()
100.0
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol

__all__ = ["Clock", "FakeClock", "MonotonicClock"]


class Clock(Protocol):
    """Seconds on one steady scale, and waiting on that scale."""

    def now(self) -> float:
        """The time now, in seconds (only differences mean anything)."""
        ...

    async def wait_until(self, when: float | None, wake: asyncio.Event) -> None:
        """Return at ``when`` (never, if None) or as soon as ``wake`` is set."""
        ...


class MonotonicClock:
    """The real clock: `time.monotonic`, and asyncio's timers."""

    def now(self) -> float:
        """Seconds from `time.monotonic`."""
        return time.monotonic()

    async def wait_until(self, when: float | None, wake: asyncio.Event) -> None:
        """Wait for ``wake`` up to ``when``."""
        timeout = None if when is None else max(0.0, when - time.monotonic())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), timeout)


class FakeClock:
    """A clock for tests that stands still until `advance` moves it."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._ticked = asyncio.Event()
        self._waiting: dict[asyncio.Task[object], tuple[float | None, asyncio.Event]] = {}
        self._known: set[asyncio.Task[object]] = set()

    def now(self) -> float:
        """The fake time."""
        return self._now

    async def wait_until(self, when: float | None, wake: asyncio.Event) -> None:
        """Wait until `advance` reaches ``when``, or ``wake`` is set."""
        task = asyncio.current_task()
        assert task is not None
        try:
            while not wake.is_set() and (when is None or self._now < when):
                ticked = self._ticked
                self._waiting[task] = (when, wake)
                self._known.add(task)
                woken = asyncio.ensure_future(wake.wait())
                moved = asyncio.ensure_future(ticked.wait())
                try:
                    await asyncio.wait((woken, moved), return_when=asyncio.FIRST_COMPLETED)
                finally:
                    woken.cancel()
                    moved.cancel()
        finally:
            self._waiting.pop(task, None)

    async def advance(self, seconds: float = 0.0) -> None:
        """Move time on by ``seconds``, then let every waiter run until it waits again."""
        self._now += seconds
        ticked, self._ticked = self._ticked, asyncio.Event()
        ticked.set()
        await self.settle()

    async def settle(self) -> None:
        """Let the event loop run until everything waiting on this clock waits again."""
        for _ in range(10_000):
            await asyncio.sleep(0)
            if all(not self._is_due(task) for task in self._waiting) and not self._moving():
                return
        raise AssertionError("the tasks waiting on the fake clock never settled")

    def _is_due(self, task: asyncio.Task[object]) -> bool:
        when, wake = self._waiting[task]
        return wake.is_set() or (when is not None and self._now >= when)

    def _moving(self) -> bool:
        """Whether a task that waited on this clock is running rather than waiting."""
        self._known = {task for task in self._known if not task.done()}
        return any(task not in self._waiting for task in self._known)
