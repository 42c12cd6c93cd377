"""Each table has one owner among the processes sharing a PostgreSQL database."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import httpx
import psycopg
import pytest

from hilo.errors import ConfigError
from hilo.web.hub import UnavailableError
from hilo.web.lease import Leases, lock_key, postgresql_address
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client
from tests.web.holding import answered_while_held
from tests.web.leased import leased_server, owner
from tests.web.postgres import PostgresCluster
from tests.web.test_app import TABLE
from tests.web.test_scale import connect, wait_closed

TABLE_IDS = [f"{number:016x}" for number in range(200)]


def test_two_processes_racing_for_every_table_each_win_it_alone(
    postgres_cluster: PostgresCluster,
) -> None:
    url = postgres_cluster.new_database()
    first, second = Leases(url, "http://10.0.0.1:8001"), Leases(url, "http://10.0.0.2:8001")
    won: dict[str, list[str]] = {table: [] for table in TABLE_IDS}
    start = threading.Barrier(2)

    def race(leases: Leases, order: list[str]) -> None:
        start.wait()
        for table in order:
            if leases.claim(table):
                won[table].append(leases.address)

    try:
        racers = [
            threading.Thread(target=race, args=(first, TABLE_IDS)),
            threading.Thread(target=race, args=(second, TABLE_IDS[::-1])),
        ]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(timeout=60)
        assert all(len(winners) == 1 for winners in won.values()), won
        wins = Counter(winners[0] for winners in won.values())
        assert set(wins) == {first.address, second.address}  # both won some: they raced
        for table, (winner,) in won.items():
            assert first.owner(table) == winner == second.owner(table)
        assert first.claimed.isdisjoint(second.claimed)
        assert first.claimed | second.claimed == set(TABLE_IDS)
        assert first.processes() == [first.address, second.address]
        assert len(first.held()) == len({lock_key(table) for table in TABLE_IDS})
    finally:
        first.close()
        second.close()


def test_a_process_that_goes_away_frees_its_tables_at_once(
    postgres_cluster: PostgresCluster,
) -> None:
    url = postgres_cluster.new_database()
    gone, survivor = Leases(url, "http://10.0.0.1:8001"), Leases(url, "http://10.0.0.2:8001")
    try:
        assert gone.claim(TABLE_IDS[0])
        assert not survivor.claim(TABLE_IDS[0])
        assert survivor.owner(TABLE_IDS[0]) == "http://10.0.0.1:8001"
        gone.close()  # as its connection closes when the process is killed
        deadline = time.monotonic() + 10  # its server session ends a moment after the close
        while survivor.owner(TABLE_IDS[0]) is not None:
            assert time.monotonic() < deadline, "the lock outlived its connection"
            time.sleep(0.01)
        assert survivor.claim(TABLE_IDS[0])
        assert survivor.processes() == ["http://10.0.0.2:8001"]
    finally:
        survivor.close()


def test_a_table_given_up_can_be_claimed_by_another(postgres_cluster: PostgresCluster) -> None:
    url = postgres_cluster.new_database()
    first, second = Leases(url, "http://10.0.0.1:8001"), Leases(url, "http://10.0.0.2:8001")
    try:
        assert first.claim(TABLE_IDS[1])
        assert first.claim(TABLE_IDS[1])  # claiming again what it holds changes nothing
        first.release(TABLE_IDS[1])
        assert second.claim(TABLE_IDS[1])
        assert not first.claim(TABLE_IDS[1])
    finally:
        first.close()
        second.close()


def test_a_lost_lock_connection_is_noticed_and_reopened(postgres_cluster: PostgresCluster) -> None:
    url = postgres_cluster.new_database()
    leases = Leases(url, "http://10.0.0.1:8001")
    try:
        assert leases.claim(TABLE_IDS[2])
        assert leases.is_alive()
        leases._connection.close()  # as when the database restarts under it
        assert not leases.is_alive()
        leases.reconnect()
        assert leases.is_alive()
        assert leases.claimed == set()
        assert leases.claim(TABLE_IDS[2])
    finally:
        leases.close()


def test_several_processes_need_postgresql() -> None:
    with pytest.raises(ConfigError, match="several server processes need a PostgreSQL database"):
        postgresql_address("sqlite:///hilo.db")


def test_an_address_too_long_to_publish_is_refused(postgres_cluster: PostgresCluster) -> None:
    with pytest.raises(ConfigError, match="too long to publish"):
        Leases(postgres_cluster.new_database(), "http://" + "a" * 60 + ":8001")


def test_a_database_that_cannot_answer_is_said_in_a_sentence(
    postgres_cluster: PostgresCluster,
) -> None:
    leases = Leases(postgres_cluster.new_database(), "http://10.0.0.1:8001")
    leases._connection.close()
    with pytest.raises(UnavailableError, match="which server process plays this table cannot"):
        leases.claim(TABLE_IDS[3])
    leases.close()


def test_a_process_that_loses_its_locks_stops_its_tables_and_claims_them_again(
    postgres_cluster: PostgresCluster,
) -> None:
    url = postgres_cluster.new_database()
    with leased_server(url) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": "Ann", "seat": 0, "buy_in": 100},
        ).json()
        ann = Client(base, joined["token"], "Ann")
        ann.wait(lambda frame: True)
        with psycopg.connect(url, autocommit=True) as admin:  # as if the database restarted
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s",
                ("hilo-serve " + base,),
            ).fetchall()
        assert ended == [(True,)]
        wait_closed(ann, time.monotonic() + 20)
        assert ann.connection.close_code == 1012  # the page reconnects
        again = connect(base, joined["token"], "Ann", time.monotonic() + 20)
        assert again.latest["table"]["id"] == created["table"]
        assert again.latest["table"]["seats"][0]["name"] == "Ann"
        again.close()


class Held:
    """A blocking call held at one table until the test lets it go, noting that it began."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.started = threading.Event()
        self.released = threading.Event()

    def wrap(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def held(owner: object, table_id: str, *args: Any) -> Any:
            if table_id == self.table_id:
                self.started.set()
                assert self.released.wait(timeout=60)
            return method(owner, table_id, *args)

        return held


def answered_meanwhile(
    base: str, token: str, spectator: Client, held: Held, path: str = "/api/lobby"
) -> httpx.Response:
    """The answer to a request for ``token`` at ``base`` (a lobby, unless ``path`` says),
    which ``held`` holds up; while it is held, the process answers ``spectator``'s ping at
    once."""
    return answered_while_held(
        lambda: loopback.get(f"{base}{path}", params={"token": token}, timeout=60),
        spectator,
        held,
    )


def test_a_process_serves_its_tables_while_it_asks_who_plays_another_or_takes_it_over(
    postgres_cluster: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = postgres_cluster.new_database()
    running_first = leased_server(url)
    first = running_first.__enter__()
    stopped = False
    try:  # the first's table is made before the second runs, so only the first claims it
        there = loopback.post(f"{first}/api/tables", json=TABLE).json()
        with leased_server(url) as second:
            here = loopback.post(f"{second}/api/tables", json=TABLE).json()
            spectator = Client(second, here["spectator"], "spectator")
            spectator.wait(lambda frame: True)
            assert owner(url, there["table"]) == first

            # A request for the first's table at the second: the lock question waits on the
            # database (held here), the second's event loop does not.
            asking = Held(there["table"])
            monkeypatch.setattr(Leases, "claim", asking.wrap(Leases.claim))
            relayed = answered_meanwhile(second, there["host"], spectator, asking)
            assert relayed.status_code == 200
            assert relayed.json()["id"] == there["table"]
            monkeypatch.undo()

            # The first stops: the second takes its table over, reading and replaying its
            # journal (held here) off the loop.
            running_first.__exit__(None, None, None)
            stopped = True
            replaying = Held(there["table"])
            monkeypatch.setattr(Store, "open_table", replaying.wrap(Store.open_table))
            taken = answered_meanwhile(second, there["host"], spectator, replaying)
            assert taken.status_code == 200
            assert taken.json()["id"] == there["table"]
            assert owner(url, there["table"]) == second
            spectator.close()
    finally:
        if not stopped:
            running_first.__exit__(None, None, None)
