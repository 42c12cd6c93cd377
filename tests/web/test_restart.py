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
from tests.web import loopback
from tests.web.test_app import TABLE


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(database: Path, port: int) -> subprocess.Popen[bytes]:
    url = f"sqlite:///{database}"
    server = subprocess.Popen(
        [*hilo_command(), "serve", "--port", str(port), "--database-url", url, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120  # the first start may compile the bots' kernels
    while time.monotonic() < deadline:
        try:
            loopback.get(f"http://127.0.0.1:{port}/api/view", timeout=0.5)
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
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        tokens = [
            loopback.post(
                f"{base}/api/join",
                json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
            ).json()["token"]
            for seat, name in enumerate(("Ann", "Bob", "Cy"))
        ]
        bot = {"host": created["host"], "command": "add-bot", "seat": 3, "bot": "solid"}
        assert loopback.post(f"{base}/api/host", json={**bot, "buy_in": 100}).json()["ok"]
        loopback.post(f"{base}/api/deal", json={"host": created["host"]})
        for _ in range(4):  # a few actions into the hand (the bot, in a worker, acts too)
            seat = person_to_act(base, tokens[0])
            with connect(f"ws://127.0.0.1:{port}/ws?token={tokens[seat]}") as player:
                legal = {o["kind"] for o in json.loads(player.recv(timeout=5))["view"]["legal"]}
                kind = "bring-in" if "bring-in" in legal else "call" if "call" in legal else "check"
                player.send(json.dumps({"type": "act", "action": {"kind": kind}}))
                player.recv(timeout=5)
        person_to_act(base, tokens[0])  # killed while a person is to act, not the bot
        before = [loopback.get(f"{base}/api/view", params={"token": t}).json() for t in tokens]
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    server = start(database, port)
    try:
        after = [loopback.get(f"{base}/api/view", params={"token": t}).json() for t in tokens]
    finally:
        server.kill()
        server.wait(timeout=10)
    assert [frame["view"] for frame in after] == [frame["view"] for frame in before]
    assert before[0]["view"]["phase"] == "betting"
    assert (
        sum(seat["stack"] + seat["in_pot"] + seat["bet"] for seat in after[0]["view"]["seats"])
        == 400
    )
    acted = [event for event in after[0]["view"]["events"] if event["kind"] == "acted"]
    assert any(event["seat"] == 3 for event in acted)  # the bot played its part


def person_to_act(base: str, token: str) -> int:
    """The seat of the person the hand waits for, once it waits for one and not the bot."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = loopback.get(f"{base}/api/view", params={"token": token}).json()["view"]
        if view["to_act"] and view["to_act"][0] != 3:
            seat: int = view["to_act"][0]
            return seat
        time.sleep(0.05)
    raise AssertionError("the bot did not act")
