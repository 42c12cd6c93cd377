"""hilo serve: a port in use is said in one line before serving; the bots' kernels load first."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from hilo.cli.serve import event_loop
from tests.cli.test_hand_command import hilo_command, run
from tests.web import loopback


def test_a_port_in_use_is_said_in_one_line_before_anything_is_served(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run(
            "serve", "--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'h.db'}"
        )
    assert result.returncode != 0
    assert result.stdout == ""  # never "hilo is serving at ..."
    assert result.stderr == (
        f"hilo: error: port {port} on 127.0.0.1 is already in use; choose another with --port\n"
    )


def test_an_address_that_is_not_there_is_said_in_one_line(tmp_path: Path) -> None:
    result = run(
        "serve", "--host", "nowhere.invalid", "--database-url", f"sqlite:///{tmp_path / 'h.db'}"
    )
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr == "hilo: error: nowhere.invalid is not an address this machine has\n"


def test_the_kernels_load_before_the_server_says_it_is_serving(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [
            *hilo_command(),
            "serve",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{tmp_path / 'h.db'}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if importlib.util.find_spec("numba") is not None:  # hilo.sim is installed
            assert (
                line
                == "hilo serve: loading the bots' simulation kernels (compiled once, then cached)\n"
            )
            line = server.stdout.readline()
        assert line.startswith(f"hilo is serving at http://127.0.0.1:{port}/ (tables kept in ")
        assert options(port)["bots"] == ["random", "calling", "solid"]
    finally:
        server.terminate()
        server.wait(timeout=10)


def options(port: int) -> Any:
    """The server's /api/options, once it answers."""
    deadline = time.monotonic() + 20
    while True:
        try:
            return loopback.get(f"http://127.0.0.1:{port}/api/options", timeout=1.0).json()
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_a_second_server_starting_at_the_same_time_is_refused_its_port() -> None:
    from hilo.cli.serve import listen  # noqa: PLC0415 - the web extra is installed for tests
    from hilo.errors import HiloError  # noqa: PLC0415

    first = listen("127.0.0.1", 0)  # still loading its kernels: bound, not yet serving
    port = first.getsockname()[1]
    try:
        with pytest.raises(HiloError, match=f"^port {port} on 127.0.0.1 is already in use"):
            listen("127.0.0.1", port).close()
    finally:
        first.close()


def test_the_server_runs_on_uvloop_when_it_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("uvloop")
    assert event_loop() == "uvloop"
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if it were not installed
    assert event_loop() == "asyncio"
