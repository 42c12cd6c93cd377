"""A request or WebSocket reaching a process that does not own the table is served by the
owner, through the process it reached."""

from __future__ import annotations

from typing import Any

import httpx

from hilo.web.relay import MOVING, RELAYED
from tests.web import loopback
from tests.web.clients import Client, play_until
from tests.web.leased import leased_server
from tests.web.postgres import PostgresCluster
from tests.web.test_app import TABLE


def join(client: httpx.Client, base: str, invite: str, name: str, seat: int) -> Any:
    answer = client.post(
        f"{base}/api/join", json={"invite": invite, "name": name, "seat": seat, "buy_in": 100}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def is_over(frame: dict[str, Any]) -> bool:
    return frame["view"] is not None and frame["view"]["phase"] == "complete"


def test_players_on_two_processes_play_one_table(postgres_cluster: PostgresCluster) -> None:
    url = postgres_cluster.new_database()
    with leased_server(url) as owner, leased_server(url) as other:
        created = loopback.post(f"{owner}/api/tables", json=TABLE).json()
        # Joining through the other process: the owner seats the player and sets the cookie.
        browser = httpx.Client()
        ann = join(browser, other, created["invite"], "Ann", 0)
        assert "hilo_browser" in browser.cookies
        bob = join(httpx.Client(), owner, created["invite"], "Bob", 1)
        # Another browser joining through the same process is a browser of its own: the relay
        # keeps no cookie of one client to send with another's request.
        other_browser = httpx.Client()
        cy = join(other_browser, other, created["invite"], "Cy", 2)
        assert other_browser.cookies["hilo_browser"] != browser.cookies["hilo_browser"]
        lobby = [
            loopback.get(f"{base}/api/lobby", params={"token": created["host"]}).json()
            for base in (owner, other)
        ]
        assert lobby[0] == lobby[1]
        assert [seat["name"] for seat in lobby[1]["seats"][:3]] == ["Ann", "Bob", "Cy"]

        seats = {
            0: Client(other, ann["token"], "Ann"),
            1: Client(owner, bob["token"], "Bob"),
            2: Client(other, cy["token"], "Cy"),
        }
        host = Client(other, created["host"], "host")
        dealt = loopback.post(f"{other}/api/deal", json={"host": created["host"]})
        assert dealt.json() == {"table": created["table"], "hand": 1}
        play_until(seats, [host], is_over, host)
        for client in (*seats.values(), host):
            client.drain(wait=0.2)
        assert seats[0].latest["table"] == seats[1].latest["table"] == host.latest["table"]
        assert seats[0].latest["you"] == 0
        assert seats[1].latest["you"] == 1
        assert [frame["seq"] for frame in seats[0].frames] == sorted(
            {frame["seq"] for frame in seats[0].frames}
        )

        views = [
            loopback.get(f"{base}/api/view", params={"token": ann["token"]}).json()
            for base in (owner, other)
        ]
        assert views[0] == views[1]
        assert views[0]["table"]["hands_played"] == 1
        csv = {"token": created["host"], "format": "csv"}
        ledger = loopback.get(f"{other}/api/ledger", params=csv)
        assert ledger.headers["content-disposition"].endswith('-ledger.csv"')
        assert "Ann" in ledger.text
        for client in (*seats.values(), host):
            client.close()


def test_a_seat_request_is_followed_on_any_process(postgres_cluster: PostgresCluster) -> None:
    url = postgres_cluster.new_database()
    with leased_server(url) as owner, leased_server(url) as other:
        created = loopback.post(f"{owner}/api/tables", json={**TABLE, "approve_seats": True}).json()
        asked = join(httpx.Client(), other, created["invite"], "Dee", 2)
        state = loopback.get(f"{other}/api/request", params={"token": asked["pending"]})
        assert state.json()["status"] == "pending"
        approved = loopback.post(
            f"{other}/api/host",
            json={"host": created["host"], "command": "approve", "request": asked["pending"]},
        )
        assert approved.json()["ok"]
        state = loopback.get(f"{owner}/api/request", params={"token": asked["pending"]})
        assert state.json()["status"] == "approved"
        unknown = loopback.get(f"{other}/api/request", params={"token": "x" * 32})
        assert unknown.status_code == 404


def test_a_relayed_request_is_never_relayed_again(postgres_cluster: PostgresCluster) -> None:
    url = postgres_cluster.new_database()
    with leased_server(url) as owner, leased_server(url) as other:
        created = loopback.post(f"{owner}/api/tables", json=TABLE).json()
        again = loopback.get(
            f"{other}/api/lobby", params={"token": created["host"]}, headers={RELAYED: "1"}
        )
        assert again.status_code == 503
        assert again.json() == {"error": MOVING}
