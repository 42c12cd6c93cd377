"""Blocking calls held up by a test while it checks that the server's event loop is free."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import httpx
import pytest

from tests.web.clients import Client


class Holding(Protocol):
    """A held call: ``started`` is set when it begins, and it waits for ``released``."""

    started: threading.Event
    released: threading.Event


class Holder:
    """A blocking method held on its first call until the test lets it go: before it runs,
    or with ``after``, once it has run and before its answer is returned."""

    def __init__(self, *, after: bool = False) -> None:
        self.started = threading.Event()
        self.released = threading.Event()
        self.after = after

    def wrap(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any, **keywords: Any) -> Any:
            first = not self.started.is_set()
            answer = method(*args, **keywords) if self.after else None
            if first:
                self.started.set()
                assert self.released.wait(timeout=60)
            return answer if self.after else method(*args, **keywords)

        return held

    def wrap_async(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """The same for a coroutine method (its first call waits in a worker thread, so the
        event loop serves on meanwhile)."""

        async def held(*args: Any, **keywords: Any) -> Any:
            if not self.started.is_set():
                self.started.set()
                assert await asyncio.to_thread(self.released.wait, 60)
            return await method(*args, **keywords)

        return held


def held(monkeypatch: pytest.MonkeyPatch, owner: type, name: str, *, after: bool = False) -> Holder:
    """A `Holder` put in place of ``owner.name``."""
    holder = Holder(after=after)
    monkeypatch.setattr(owner, name, holder.wrap(getattr(owner, name)))
    return holder


def answered_while_held(
    request: Callable[[], httpx.Response], spectator: Client, held: Holding
) -> httpx.Response:
    """``request``'s answer; while ``held`` holds it up, the process answers ``spectator``'s
    ping at once."""
    answers: list[httpx.Response] = []
    asking = threading.Thread(target=lambda: answers.append(request()))
    asking.start()
    try:
        assert held.started.wait(timeout=20)
        asked = time.monotonic()
        spectator.send({"type": "ping"})
        assert spectator.reply(timeout=10) == {"type": "pong"}
        assert time.monotonic() - asked < 5  # seconds: the loop was free, only the call waited
        assert asking.is_alive(), answers[0].text  # still held up
    finally:
        held.released.set()
        asking.join(timeout=60)
    return answers[0]
