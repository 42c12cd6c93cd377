"""The server's clocks: the real one waits on asyncio's timers, the fake one only when told."""

from __future__ import annotations

import asyncio

import pytest

from hilo.web.clock import FakeClock, MonotonicClock
from tests.web.loop import run


def test_the_real_clock_returns_when_woken_or_when_the_time_comes() -> None:
    async def scenario() -> None:
        clock = MonotonicClock()
        wake = asyncio.Event()
        wake.set()
        start = clock.now()
        await clock.wait_until(None, wake)  # woken already: returns at once
        await clock.wait_until(start - 1.0, asyncio.Event())  # a time already past
        later = clock.now() + 0.01
        await clock.wait_until(later, asyncio.Event())
        assert clock.now() >= later

    run(scenario)


def test_the_fake_clock_moves_only_when_told() -> None:
    async def scenario() -> None:
        clock = FakeClock(100.0)
        wake = asyncio.Event()
        timed = asyncio.create_task(clock.wait_until(110.0, asyncio.Event()))
        forever = asyncio.create_task(clock.wait_until(None, wake))
        await clock.settle()
        await clock.advance(9.5)
        assert clock.now() == 109.5
        assert not timed.done()
        await clock.advance(0.5)
        assert timed.done()
        assert not forever.done()
        wake.set()
        await clock.settle()
        assert forever.done()
        assert clock.now() == 110.0

    run(scenario)


def test_a_task_that_never_waits_again_is_reported() -> None:
    async def scenario() -> None:
        clock = FakeClock()

        async def busy() -> None:
            await clock.wait_until(1.0, asyncio.Event())
            while True:  # never waits on the clock again
                await asyncio.sleep(0)

        task = asyncio.create_task(busy())
        await clock.settle()
        with pytest.raises(AssertionError, match="never settled"):
            await clock.advance(1.0)
        task.cancel()

    run(scenario)
