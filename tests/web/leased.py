"""Server processes sharing one PostgreSQL database, for the lease and relay tests: each a
real server on loopback, in a thread, with its own address published with its locks."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import uvicorn

from hilo.cli.serve import listen
from hilo.web.app import create_app
from hilo.web.lease import NAMESPACE, Leases, lock_key
from hilo.web.runner import ServerSettings
from hilo.web.store import Store
from tests.web.server import QUIET


@contextmanager
def leased_server(url: str, settings: ServerSettings = QUIET) -> Iterator[str]:
    """Serve the tables of ``url`` this process owns, relaying the rest; yield the base URL
    (which is also the address it publishes)."""
    bound = listen("127.0.0.1", 0)
    base = f"http://127.0.0.1:{bound.getsockname()[1]}"
    store = Store(url)
    app = create_app(store, settings, Leases(url, base))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [bound]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:  # pragma: no cover
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        store.close()
        bound.close()


def owner(url: str, table_id: str) -> str | None:
    """The address of the process holding a table's lock, as the processes publish it."""
    with psycopg.connect(url, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s::int4::oid"
            " AND l.objid = %s::int4::oid AND l.objsubid = 2",
            (NAMESPACE, lock_key(table_id)),
        ).fetchall()
    return None if not rows else str(rows[0][0]).removeprefix("hilo-serve ")
