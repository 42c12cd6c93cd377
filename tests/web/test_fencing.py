"""Journal writes fenced by the owner epoch: a process that lost its table's lock without
knowing it (its lock connection cut while it runs on) never writes to that table's journal
once another process has taken it over."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest

from hilo.engine.journal import restore
from hilo.web.clock import FakeClock
from hilo.web.fencing import MOVED_AWAY, FencedError, check_epochs
from hilo.web.hub import MOVED
from hilo.web.runner import ServerSettings
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, choose
from tests.web.leased import leased_server, owner
from tests.web.postgres import PostgresCluster
from tests.web.test_app import TABLE
from tests.web.test_scale import connect, wait_closed
from tests.web.test_store import CONFIG


@contextmanager
def two_fenced_stores(url: str) -> Iterator[tuple[Store, Store]]:
    """Two processes' stores on one database, each fencing its writes, closed at the end."""
    first, second = Store(url), Store(url)
    try:
        first.fence_writes()
        second.fence_writes()
        yield first, second
    finally:
        first.close()
        second.close()


def test_a_write_after_another_process_took_the_table_over_is_refused_whole(
    postgres_cluster: PostgresCluster,
) -> None:
    with two_fenced_stores(postgres_cluster.new_database()) as (first, second):
        table_id, table = first.new_table(CONFIG)
        first.take_over(table_id)
        table.sit(0, "Ann", 100)
        written = first.journal(table_id)

        second.take_over(table_id)  # as after winning the lock the first lost
        with pytest.raises(FencedError, match="now played by another server process") as refused:
            table.sit(1, "Bob", 100)
        assert refused.value.tables == {table_id}
        with pytest.raises(FencedError):
            first.append_many([(table_id, {"op": "status", "status": "playing"})])
        assert second.journal(table_id) == written

        again = second.reopen(table_id)  # the new owner writes on
        again.sit(1, "Bob", 100)
        assert [entry["op"] for entry in second.journal(table_id)] == ["create", "sit", "sit"]
        assert restore(second.journal(table_id)).table.players[1].name == "Bob"  # type: ignore[union-attr]


def test_a_table_taken_back_and_forth_numbers_on_from_its_journal_each_time(
    postgres_cluster: PostgresCluster,
) -> None:
    with two_fenced_stores(postgres_cluster.new_database()) as (first, second):
        table_id, table = first.new_table(CONFIG)
        first.take_over(table_id)
        table.sit(0, "Ann", 100)  # the first numbers its entries from memory now

        second.take_over(table_id)
        taken = second.reopen(table_id)
        taken.sit(1, "Bob", 100)
        taken.sit(2, "Cy", 100)
        with pytest.raises(FencedError):  # what the first remembers does not let it write
            table.sit(3, "Dee", 100)

        first.take_over(table_id)  # taken back: numbered on after the second's entries
        again = first.reopen(table_id)
        again.sit(3, "Dee", 100)
        with pytest.raises(FencedError):
            taken.sit(4, "Eve", 100)
        second.take_over(table_id)  # and taken once more without reading the journal first
        assert second.append(table_id, {"op": "status", "status": "playing"}) == 5
        assert [entry["op"] for entry in first.journal(table_id)] == [
            "create",
            "sit",
            "sit",
            "sit",
            "sit",
            "status",
        ]
        names = [player.name for player in restore(first.journal(table_id)).table.players if player]
        assert names == ["Ann", "Bob", "Cy", "Dee"]


def test_a_store_never_taken_over_writes_as_before(database_url: str) -> None:
    store = Store(database_url)  # one process plays every table: nothing is fenced
    try:
        table_id, table = store.new_table(CONFIG)
        table.sit(0, "Ann", 100)
        assert [entry["op"] for entry in store.journal(table_id)] == ["create", "sit"]
    finally:
        store.close()


def test_a_write_under_way_ends_before_the_takeover_and_is_in_its_journal(
    postgres_cluster: PostgresCluster,
) -> None:
    url = postgres_cluster.new_database()
    with two_fenced_stores(url) as (first, second):
        table_id, _ = first.new_table(CONFIG)
        first.take_over(table_id)
        assert first.fences is not None
        taking = threading.Thread(target=second.take_over, args=(table_id,))
        with first.engine.begin() as connection:  # the first's write, epoch read FOR SHARE
            check_epochs(connection, first.fences, {table_id})
            taking.start()
            with psycopg.connect(url, autocommit=True) as admin:  # the takeover waits for it
                deadline = time.monotonic() + 30
                while not admin.execute(
                    "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                ).fetchall():
                    assert time.monotonic() < deadline, "the takeover never waited"
                    time.sleep(0.05)
            assert taking.is_alive()
            first.append_many([])  # nothing to write changes nothing
        taking.join(timeout=30)
        assert not taking.is_alive()
        with pytest.raises(FencedError):
            first.append(table_id, {"op": "status", "status": "playing"})
        assert [entry["op"] for entry in second.journal(table_id)] == ["create"]


def test_a_process_cut_from_its_locks_cannot_write_and_its_players_move_over(
    postgres_cluster: PostgresCluster,
) -> None:
    url = postgres_cluster.new_database()
    # The first process's clock stands still: it never gets to check its lock connection by
    # itself, as a process cut off from the database has not yet; only its writes tell it.
    stopped = ServerSettings(bot_delay=0.0, next_hand_delay=3600.0, clock=FakeClock())
    reader = Store(url)
    with leased_server(url, stopped) as first, leased_server(url) as second:
        created = loopback.post(f"{first}/api/tables", json=TABLE).json()
        tokens = {}
        for seat, name in enumerate(("Ann", "Bob")):
            joined = loopback.post(
                f"{first}/api/join",
                json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
            ).json()
            tokens[seat] = joined["token"]
        clients = {seat: Client(first, token, f"seat {seat}") for seat, token in tokens.items()}
        assert loopback.post(f"{first}/api/deal", json={"host": created["host"]}).status_code == 200
        for client in clients.values():
            client.wait(lambda frame: frame["view"] is not None and bool(frame["view"]["to_act"]))
        assert owner(url, created["table"]) == first

        with psycopg.connect(url, autocommit=True) as admin:  # a network partition, as seen
            ended = admin.execute(  # from the database: the lock session is gone
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s",
                ("hilo-serve " + first,),
            ).fetchall()
        assert ended == [(True,)]
        deadline = time.monotonic() + 30
        while owner(url, created["table"]) != second:  # the second takes the table over
            assert time.monotonic() < deadline, "the second process never took the table"
            loopback.get(f"{second}/api/lobby", params={"token": created["host"]})
            time.sleep(0.1)
        journal = reader.journal(created["table"])

        seat = clients[0].latest["view"]["to_act"][0]
        before: dict[str, Any] = clients[seat].latest["view"]
        clients[seat].send({"type": "act", "action": choose(before, seat)})
        for client in clients.values():  # the refused write drops the table at the first
            wait_closed(client, time.monotonic() + 20)
            assert client.connection.close_code == 1012  # the page reconnects
            assert client.connection.close_reason == MOVED
        assert all(
            reply["message"] == MOVED_AWAY for reply in clients[seat].replies if "message" in reply
        )
        assert reader.journal(created["table"]) == journal  # nothing of the first's written

        # Reconnecting to the first process reaches the second through the relay, at the
        # hand as it was before the refused action.
        deadline = time.monotonic() + 30
        again = {s: connect(first, token, f"again {s}", deadline) for s, token in tokens.items()}
        assert again[seat].latest["view"] == before
        again[seat].send({"type": "act", "action": choose(before, seat)})
        again[seat].wait(lambda frame: frame["view"]["to_act"] != before["to_act"])
        grown = reader.journal(created["table"])
        assert grown[: len(journal)] == journal
        assert len(grown) > len(journal)
        restored = restore(grown).table
        assert restored.to_act() != tuple(before["to_act"])
        for client in again.values():
            client.close()
    reader.close()
