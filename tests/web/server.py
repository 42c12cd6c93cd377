"""A real server on loopback, in a thread, for the web tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from hilo.web.app import create_app
from hilo.web.runner import ServerSettings
from hilo.web.store import Store

QUIET = ServerSettings(bot_delay=0.0, next_hand_delay=3600.0)
"""Bots act at once; the next hand is dealt only when a test asks for it."""


@contextmanager
def running(store: Store, settings: ServerSettings = QUIET) -> Iterator[str]:
    """Serve ``store`` on a free loopback port; yield the base URL (http://127.0.0.1:PORT)."""
    app = create_app(store, settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:  # pragma: no cover
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
