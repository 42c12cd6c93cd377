"""Blocking calls held up by a test while it checks that the server's event loop is free."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol

import httpx

from tests.web.clients import Client


class Holding(Protocol):
    """A held call: ``started`` is set when it begins, and it waits for ``released``."""

    started: threading.Event
    released: threading.Event


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
