"""hilo serve --workers: several processes need PostgreSQL (the processes themselves are
tested with the server, in tests/web/test_scale.py)."""

from __future__ import annotations

import gc
import socket
from pathlib import Path

import pytest
import uvicorn

import hilo.web.app
import hilo.web.lease
import hilo.web.store
from hilo.cli import serve_workers
from hilo.cli.serve import GC_THRESHOLDS, event_loop
from tests.cli.test_hand_command import run


def test_sqlite_keeps_one_process_and_says_so(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'h.db'}"
    result = run("serve", "--port", "0", "--workers", "2", "--database-url", url)
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr == (
        f"hilo: error: several server processes need a PostgreSQL database, not {url}"
        " (SQLite keeps one process: leave out --workers)\n"
    )
    assert not (tmp_path / "h.db").exists()  # refused before anything was made


def test_each_process_serves_as_one_process_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """--compress, the event loop and the collector's settings reach every process."""
    started: list[uvicorn.Config] = []

    class Recorded:
        def __init__(self, config: uvicorn.Config) -> None:
            started.append(config)

        def run(self, sockets: list[socket.socket]) -> None:
            assert len(sockets) == 2  # the shared port and the process's own

    monkeypatch.setattr(uvicorn, "Server", Recorded)
    monkeypatch.setattr(hilo.web.store, "Store", lambda url: url)
    monkeypatch.setattr(hilo.web.lease, "Leases", lambda url, address: address)
    monkeypatch.setattr(hilo.web.app, "create_app", lambda *parts: parts)
    monkeypatch.setattr(gc, "set_threshold", lambda *thresholds: frozen.append(thresholds))
    frozen: list[tuple[int, ...]] = []
    options = serve_workers.WorkerOptions(
        "postgresql://hilo@db/hilo", "127.0.0.1", 0.5, 3.0, compress=True
    )
    with socket.create_server(("127.0.0.1", 0)) as shared:
        serve_workers.run_worker(shared, options)
    gc.unfreeze()
    (config,) = started
    assert config.ws_per_message_deflate is True
    assert config.loop == event_loop()
    assert frozen == [GC_THRESHOLDS]
    app = config.app
    assert isinstance(app, tuple)  # what the stand-in create_app was given
    assert app[0] == "postgresql://hilo@db/hilo"
    assert str(app[2]).startswith("http://127.0.0.1:")  # where the others reach it
