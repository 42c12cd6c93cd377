"""Two `hilo serve` processes on one PostgreSQL database play one table; killing the one that
owns it (kill -9, mid-hand) moves the table to the other within seconds, losing nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from websockets.exceptions import InvalidStatus
from websockets.protocol import State

from hilo.engine.journal import restore
from hilo.web.store import Store
from tests.cli.test_hand_command import hilo_command
from tests.web import loopback
from tests.web.clients import Client, play_until
from tests.web.postgres import PostgresCluster, free_port
from tests.web.test_app import TABLE as SMALL_TABLE
from tests.web.test_leaks import cards_in, deals

TABLE = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 5,
    "provably_fair": False,  # a fair deck is shown whole once its hand is over
}
TAKEOVER_SECONDS = 10.0
"""How soon the table must play on after its process is killed."""


def start(url: str, port: int) -> subprocess.Popen[bytes]:
    """``hilo serve --workers 1`` on ``port``, once it answers."""
    server = subprocess.Popen(
        [
            *hilo_command(),
            "serve",
            "--workers",
            "1",
            "--port",
            str(port),
            "--database-url",
            url,
            "--bot-delay",
            "0",
            "--next-hand-delay",
            "3600",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120  # the first start may compile the bots' kernels
    while time.monotonic() < deadline:
        try:
            loopback.get(f"http://127.0.0.1:{port}/api/options", timeout=0.5)
            return server
        except httpx.TransportError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("hilo serve did not start")


@pytest.fixture
def two_servers(
    postgres_cluster: PostgresCluster,
) -> Iterator[tuple[str, list[subprocess.Popen[bytes]], list[str]]]:
    """The database URL, and two server processes sharing it with their addresses."""
    url = postgres_cluster.new_database()
    ports = free_port(), free_port()
    servers = [start(url, ports[0])]
    try:
        servers.append(start(url, ports[1]))
        yield url, servers, [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        for server in servers:
            if server.poll() is None:
                server.terminate()
            server.wait(timeout=20)


def connect(base: str, token: str, name: str, deadline: float) -> Client:
    """A connection to ``base``, tried again while the table is between owners."""
    while True:
        try:
            client = Client(base, token, name)
            client.wait(lambda frame: True, timeout=max(0.1, deadline - time.monotonic()))
        except (InvalidStatus, OSError, AssertionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
            continue
        return client


def wait_closed(client: Client, deadline: float) -> None:
    """Read what is left until the connection is closed."""
    while client.connection.state is not State.CLOSED:
        assert time.monotonic() < deadline, f"{client.name}'s connection stayed open"
        client.drain(wait=0.1)


def mid_hand(frame: dict[str, Any]) -> bool:
    """A few actions into the hand, waiting for a person (not the bot in seat 4)."""
    view = frame["view"]
    if view is None or view["phase"] != "betting" or not view["to_act"]:
        return False
    acted = [event for event in view["events"] if event["kind"] == "acted"]
    return len(acted) >= 6 and view["to_act"][0] != 4


def is_over(frame: dict[str, Any]) -> bool:
    return frame["view"] is not None and frame["view"]["phase"] == "complete"


def chips(frame: dict[str, Any]) -> int:
    return sum(seat["stack"] + seat["in_pot"] + seat["bet"] for seat in frame["view"]["seats"])


def test_the_table_moves_to_the_other_process_when_its_own_is_killed(
    two_servers: tuple[str, list[subprocess.Popen[bytes]], list[str]],
) -> None:
    url, servers, (first, second) = two_servers
    created = loopback.post(f"{first}/api/tables", json=TABLE).json()  # the first owns it
    names = ("Ann", "Bob", "Cy", "Dee")
    via = (first, first, second, second)
    tokens = []
    for seat, (name, base) in enumerate(zip(names, via, strict=True)):
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
        )
        tokens.append(joined.json()["token"])
    bot = {"host": created["host"], "command": "add-bot", "seat": 4, "bot": "solid", "buy_in": 100}
    assert loopback.post(f"{second}/api/host", json=bot).json()["ok"]

    deadline = time.monotonic() + 30
    clients = [
        connect(base, token, name, deadline)
        for name, base, token in zip(names, via, tokens, strict=True)
    ]
    host = connect(second, created["host"], "host", deadline)
    assert loopback.post(f"{second}/api/deal", json={"host": created["host"]}).status_code == 200
    play_until(dict(enumerate(clients)), [host], mid_hand, host)
    before = [loopback.get(f"{second}/api/view", params={"token": t}).json() for t in tokens]
    assert chips(before[0]) == 500

    os.kill(servers[0].pid, signal.SIGKILL)
    killed = time.monotonic()

    for client in (*clients, host):  # every connection is closed: the owner's at once,
        wait_closed(client, killed + 5.0)  # the relayed ones by the survivor (1012: reconnect)
    assert [client.connection.close_code for client in (clients[2], clients[3], host)] == [1012] * 3

    # Every client reconnects (to the survivor, as a load balancer would send them).
    deadline = killed + TAKEOVER_SECONDS
    again = [
        connect(second, token, name, deadline) for name, token in zip(names, tokens, strict=True)
    ]
    host_again = connect(second, created["host"], "host", deadline)
    assert time.monotonic() - killed < TAKEOVER_SECONDS
    for client, old in zip(again, before, strict=True):
        assert client.latest["view"] == old["view"]  # the same hand, to the card and chip
        assert chips(client.latest) == 500
    assert host_again.latest["table"]["hands_played"] == 0

    play_until(dict(enumerate(again)), [host_again], is_over, host_again, limit=60)
    for client in (*again, host_again):
        client.drain(wait=0.2)
        assert client.latest["table"]["hands_played"] == 1
        assert sum(seat["stack"] for seat in client.latest["view"]["seats"]) == 500

    # The journal has the whole hand, and no frame showed anybody a card not theirs.
    store = Store(url)
    try:
        table = restore(store.journal(created["table"])).table
    finally:
        store.close()
    assert table.hands_played == 1
    (deal,) = deals(table)
    people = {player.name: player.number for player in table.players if player is not None}
    frames = 0
    for client in (*clients, *again, host, host_again):
        person = people.get(client.name)
        for frame, text in zip(client.frames, client.texts, strict=True):
            view = frame["view"]
            if view is None:
                assert not cards_in(text), client.name
                continue
            frames += 1
            leaked = cards_in(text) - deal.allowed(person, len(view["events"]))
            assert not leaked, f"{client.name} was sent {sorted(leaked)}"
    assert frames > 50


def processes(url: str) -> list[str]:
    """The addresses the server processes on the database publish."""
    with psycopg.connect(url, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT application_name FROM pg_stat_activity"
            " WHERE application_name LIKE 'hilo-serve %' ORDER BY 1"
        ).fetchall()
    return [str(name) for (name,) in rows]


def children(pid: int) -> list[int]:
    """The server processes a supervisor started (not multiprocessing's helpers)."""
    listing = subprocess.run(
        ["ps", "-ww", "-o", "pid=,args=", "--ppid", str(pid)],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return [
        int(line.split()[0])
        for line in listing.splitlines()
        if "spawn_main" in line and "resource_tracker" not in line
    ]


def wait_for(condition: object, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not callable(condition) or not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_workers_share_the_port_and_one_that_stops_is_replaced(
    postgres_cluster: PostgresCluster,
) -> None:
    url, port = postgres_cluster.new_database(), free_port()
    base = f"http://127.0.0.1:{port}"
    command = [*hilo_command(), "serve", "--workers", "2", "--port", str(port)]
    supervisor = subprocess.Popen(
        [*command, "--database-url", url, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: len(processes(url)) == 2, "two processes did not start", 120)
        first = processes(url)
        created = loopback.post(f"{base}/api/tables", json=SMALL_TABLE).json()
        for _ in range(8):  # each a new connection, which either process may accept
            with httpx.Client() as client:
                lobby = client.get(f"{base}/api/lobby", params={"token": created["host"]})
                assert lobby.json()["id"] == created["table"]

        (victim, _) = children(supervisor.pid)
        subprocess.run(["kill", "-9", str(victim)], check=True)
        wait_for(
            lambda: len(processes(url)) == 2 and processes(url) != first,
            "the stopped process was not replaced",
        )
        lobby = loopback.get(f"{base}/api/lobby", params={"token": created["host"]})
        assert lobby.json()["id"] == created["table"]
    finally:
        supervisor.send_signal(signal.SIGTERM)
        supervisor.wait(timeout=30)
    assert processes(url) == []
