"""Running a test's coroutine on an event loop of its own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(main: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run ``main()`` to the end in a thread of its own and return what it returns
    (Playwright's browser tests keep an event loop running in the main thread for the whole
    session, so ``asyncio.run`` in a test's own thread fails once one of them has run)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()
