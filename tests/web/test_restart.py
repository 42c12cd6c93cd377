"""Killing the server mid-hand (kill -9) and starting it again loses nothing."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.cli.test_hand_command import hilo_command
from tests.web.test_app import TABLE


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(database: Path, port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [*hilo_command(), "serve", "--port", str(port), "--database-url", f"sqlite:///{database}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/view", timeout=0.5)
            return server
        except httpx.TransportError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("hilo serve did not start")


def test_kill_9_mid_hand_and_resume(tmp_path: Path) -> None:
    database, port = tmp_path / "hilo.db", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(database, port)
    try:
        created = httpx.post(f"{base}/api/tables", json=TABLE).json()
        tokens = [
            httpx.post(
                f"{base}/api/join",
                json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
            ).json()["token"]
            for seat, name in enumerate(("Ann", "Bob", "Cy"))
        ]
        httpx.post(f"{base}/api/deal", json={"host": created["host"]})
        for _ in range(4):  # a few actions into the hand
            view = httpx.get(f"{base}/api/view", params={"token": tokens[0]}).json()["view"]
            seat = view["to_act"][0]
            with connect(f"ws://127.0.0.1:{port}/ws?token={tokens[seat]}") as player:
                legal = {o["kind"] for o in json.loads(player.recv(timeout=5))["view"]["legal"]}
                kind = "bring-in" if "bring-in" in legal else "call" if "call" in legal else "check"
                player.send(json.dumps({"type": "act", "action": {"kind": kind}}))
                player.recv(timeout=5)
        before = [httpx.get(f"{base}/api/view", params={"token": t}).json() for t in tokens]
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    server = start(database, port)
    try:
        after = [httpx.get(f"{base}/api/view", params={"token": t}).json() for t in tokens]
    finally:
        server.kill()
        server.wait(timeout=10)
    assert [frame["view"] for frame in after] == [frame["view"] for frame in before]
    assert before[0]["view"]["phase"] == "betting"
    assert (
        sum(seat["stack"] + seat["in_pot"] + seat["bet"] for seat in after[0]["view"]["seats"])
        == 300
    )
