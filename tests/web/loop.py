"""Running a test's coroutine on an event loop of its own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``main()`` to the end in a thread of its own (Playwright's browser tests keep an
    event loop running in the main thread for the whole session)."""
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, main()).result()
