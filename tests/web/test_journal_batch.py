"""Journal entries committed once per turn of the event loop, and never shown uncommitted."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from hilo.engine.journal import JournaledTable
from hilo.web.journal_batch import NOT_SAVED, JournalBatch, NotSavedError
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, Frame
from tests.web.loop import run
from tests.web.server import running
from tests.web.test_leaks import TABLE

Entry = dict[str, Any]


class Commits:
    """A database stand-in: the batches committed, and whether the next commit fails."""

    def __init__(self) -> None:
        self.batches: list[list[tuple[str, Entry]]] = []
        self.lost: list[set[str]] = []
        self.fail = False

    def commit(self, entries: Sequence[tuple[str, Entry]]) -> None:
        if self.fail:
            self.fail = False
            raise OSError("the disk is full")
        self.batches.append(list(entries))


def test_entries_of_one_turn_at_every_table_are_committed_together() -> None:
    commits = Commits()

    async def main() -> None:
        batch = JournalBatch(commits.commit, commits.lost.append)
        batch.write("a", {"op": "act", "n": 1})
        batch.write("b", {"op": "act", "n": 2})
        batch.write("a", {"op": "act", "n": 3})
        assert batch.is_pending("a")
        assert commits.batches == []  # nothing is committed before the turn is over
        await batch.committed("a")
        assert not batch.is_pending("b")
        batch.write("b", {"op": "act", "n": 4})
        await batch.committed("b")
        await batch.committed("a")  # nothing of a's waits: at once

    run(main)
    assert commits.batches == [
        [("a", {"op": "act", "n": 1}), ("b", {"op": "act", "n": 2}), ("a", {"op": "act", "n": 3})],
        [("b", {"op": "act", "n": 4})],
    ]
    assert commits.lost == []


def test_a_failed_commit_loses_its_tables_and_tells_everybody_waiting() -> None:
    commits = Commits()
    told: list[str] = []

    async def act(batch: JournalBatch[Entry], table_id: str) -> None:
        batch.write(table_id, {"op": "act"})
        try:
            await batch.committed(table_id)
        except NotSavedError as error:
            told.append(f"{table_id}: {error}")

    async def main() -> None:
        batch = JournalBatch(commits.commit, commits.lost.append)
        commits.fail = True
        await asyncio.gather(act(batch, "a"), act(batch, "b"))
        batch.write("a", {"op": "again"})
        await batch.committed("a")

    run(main)
    assert told == [f"a: {NOT_SAVED}", f"b: {NOT_SAVED}"]
    assert commits.lost == [{"a", "b"}]
    assert commits.batches == [[("a", {"op": "again"})]]


def test_outside_an_event_loop_an_entry_is_committed_at_once() -> None:
    commits = Commits()
    batch = JournalBatch(commits.commit, commits.lost.append)
    # A thread of its own: the test's thread may hold a browser test's running loop.
    writer = threading.Thread(target=batch.write, args=("a", {"op": "sit"}))
    writer.start()
    writer.join()
    assert commits.batches == [[("a", {"op": "sit"})]]


def dealt_to_two(base: str, created: dict[str, Any]) -> tuple[list[Client], Client, Frame, int]:
    """Ann and Bob sit at the table ``created``, a spectator watches, and a hand is dealt:
    their clients, the spectator's, the spectator's first view, and the seat whose decision
    has arrived."""
    clients = []
    for seat, name in enumerate(("Ann", "Bob")):
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 200},
        ).json()
        clients.append(Client(base, joined["token"], name))
    spectator = Client(base, created["spectator"], "spectator")
    assert loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
    dealt = spectator.wait(lambda frame: frame["view"] is not None)
    seat = int(dealt["view"]["to_act"][0])
    clients[seat].wait(lambda frame: frame["decision"] is not None)
    return clients, spectator, dealt, seat


def frames_so_far(clients: list[Client]) -> dict[str, int]:
    """How many view frames each client has had once what is on its way has arrived."""
    for client in clients:
        client.drain(wait=0.3)
    return {client.name: len(client.frames) for client in clients}


def test_an_action_whose_entry_cannot_be_committed_is_never_shown_and_is_undone(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing = {"next": False}
    append_many = store.append_many

    def unreliable(entries: Sequence[tuple[str, Entry]]) -> None:
        if failing["next"]:
            failing["next"] = False
            raise OperationalError("INSERT INTO journal", {}, OSError("disk I/O error"))
        append_many(entries)

    monkeypatch.setattr(store, "append_many", unreliable)
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        clients, spectator, dealt, seat = dealt_to_two(base, created)
        acting = clients[seat]
        for client in [*clients, spectator]:
            client.wait(lambda frame: frame["view"] is not None)
            client.drain(wait=0.3)
        journal = store.journal(created["table"])
        seen = {client.name: len(client.frames) for client in [*clients, spectator]}
        events = {client.name: client.latest["view"]["events"] for client in [*clients, spectator]}

        failing["next"] = True
        acting.send({"type": "act", "action": {"kind": "bring-in"}})
        assert acting.reply() == {"type": "error", "message": NOT_SAVED}
        for client in [*clients, spectator]:
            client.drain(wait=0.3)
            for frame in client.frames[seen[client.name] :]:
                assert frame["view"]["events"] == events[client.name], client.name
        assert store.journal(created["table"]) == journal
        again = loopback.get(f"{base}/api/view", params={"token": created["spectator"]}).json()
        assert again["view"]["events"] == dealt["view"]["events"]
        assert again["view"]["to_act"] == [seat]

        acting.send({"type": "act", "action": {"kind": "bring-in"}})
        shown = spectator.wait(
            lambda frame: len(frame["view"]["events"]) > len(dealt["view"]["events"])
        )
        assert shown["view"]["events"][-1]["seat"] == seat
        assert store.journal(created["table"])[-1] == {
            "op": "act",
            "action": {"seat": seat, "kind": "bring-in"},
        }
        for client in [*clients, spectator]:
            client.close()


def events_of(frame: Frame) -> int:
    return len(frame["view"]["events"])


def test_a_table_that_can_be_neither_saved_nor_read_back_is_taken_out_of_play(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = {"now": False}
    append_many, reopen = store.append_many, store.reopen

    def unreliable(entries: Sequence[tuple[str, Entry]]) -> None:
        if broken["now"]:
            raise OperationalError("INSERT INTO journal", {}, OSError("disk I/O error"))
        append_many(entries)

    def unreadable(table_id: str) -> JournaledTable:
        if broken["now"]:
            raise OperationalError("SELECT journal", {}, OSError("disk I/O error"))
        return reopen(table_id)

    monkeypatch.setattr(store, "append_many", unreliable)
    monkeypatch.setattr(store, "reopen", unreadable)
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        other = loopback.post(f"{base}/api/tables", json=TABLE).json()
        broken["now"] = True
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": "Ann", "seat": 0, "buy_in": 200},
        )
        assert joined.status_code == 503
        assert joined.json() == {"error": NOT_SAVED}
        view = loopback.get(f"{base}/api/view", params={"token": created["spectator"]})
        assert view.status_code == 503
        assert "could not be saved, so the table is out of play" in view.json()["error"]
        still = loopback.get(f"{base}/api/view", params={"token": other["spectator"]})
        assert still.status_code == 200  # the other tables play on


class Gate:
    """A database stand-in whose commits wait, in their worker thread, until released."""

    def __init__(self) -> None:
        self.batches: list[list[tuple[str, Entry]]] = []
        self.lost: list[set[str]] = []
        self.started = threading.Event()
        self.open = threading.Event()
        self.refuse: set[str] = set()
        """Tables whose next commit is refused (as a fenced write is)."""

    def commit(self, entries: Sequence[tuple[str, Entry]]) -> None:
        self.started.set()
        assert self.open.wait(timeout=30)
        refused = self.refuse & {table_id for table_id, _ in entries}
        if refused:
            self.refuse -= refused
            raise NotSavedError(f"refused: {', '.join(sorted(refused))}")
        self.batches.append(list(entries))


async def commit_started(gate: Gate) -> None:
    """Wait, without blocking the event loop, until a commit is waiting in its thread."""
    for _ in range(3000):
        if gate.started.is_set():
            gate.started.clear()
            return
        await asyncio.sleep(0.01)
    raise AssertionError("no commit started")


def test_the_loop_plays_on_while_a_commit_waits_and_nobody_is_told_before_it_is_done() -> None:
    gate = Gate()

    async def main() -> None:
        batch = JournalBatch(gate.commit, gate.lost.append)
        batch.write("a", {"op": "act", "n": 1})
        told = asyncio.ensure_future(batch.committed("a"))
        await commit_started(gate)
        # The commit waits in its thread; the loop serves on: other coroutines run, and a
        # table with nothing waiting is shown at once.
        for _ in range(5):
            await asyncio.sleep(0.01)
        await asyncio.wait_for(batch.committed("b"), timeout=1)
        assert not told.done()
        assert batch.is_pending("a")
        batch.write("b", {"op": "act", "n": 2})  # into the next commit
        assert gate.batches == []
        gate.open.set()
        await told
        await batch.committed("b")
        assert not batch.is_pending("a")
        assert not batch.is_pending("b")
        batch.close()

    run(main)
    assert gate.batches == [[("a", {"op": "act", "n": 1})], [("b", {"op": "act", "n": 2})]]
    assert gate.lost == []


def test_a_tables_entries_reach_its_journal_in_the_order_written() -> None:
    gate = Gate()

    async def main() -> None:
        batch = JournalBatch(gate.commit, gate.lost.append)
        batch.write("a", {"n": 1})
        await commit_started(gate)
        for n in range(2, 6):  # several turns of the loop while the first commit waits
            batch.write("a", {"n": n})
            batch.write("b", {"n": n})
            await asyncio.sleep(0)
        gate.open.set()
        await batch.committed("a")
        await batch.flushed()
        batch.close()

    run(main)
    written = [entry["n"] for commit in gate.batches for table, entry in commit if table == "a"]
    assert written == [1, 2, 3, 4, 5]
    assert len(gate.batches) == 2  # the entries written meanwhile, committed together


def test_a_refused_commit_drops_the_changes_written_since_at_its_tables_only() -> None:
    gate = Gate()
    told: dict[str, str] = {}

    async def wait(batch: JournalBatch[Entry], table_id: str) -> None:
        try:
            await batch.committed(table_id)
        except NotSavedError as error:
            told[table_id] = str(error)
        else:
            told[table_id] = "saved"

    async def main() -> None:
        batch = JournalBatch(gate.commit, gate.lost.append)
        gate.refuse = {"a"}
        batch.write("a", {"n": 1})
        first = asyncio.ensure_future(wait(batch, "a"))
        await commit_started(gate)
        batch.write("a", {"n": 2})  # builds on the change about to be refused
        batch.write("b", {"n": 3})
        later = [asyncio.ensure_future(wait(batch, table)) for table in ("a", "b")]
        await asyncio.sleep(0.01)
        gate.open.set()
        await first
        await asyncio.gather(*later)
        batch.write("a", {"n": 4})  # the table, put back, plays on
        await batch.committed("a")
        batch.close()

    run(main)
    assert told == {"a": "refused: a", "b": "saved"}
    assert gate.lost == [{"a"}]
    assert gate.batches == [[("b", {"n": 3})], [("a", {"n": 4})]]


def test_stopping_waits_for_every_commit() -> None:
    gate = Gate()

    async def main() -> None:
        batch = JournalBatch(gate.commit, gate.lost.append)
        batch.write("a", {"n": 1})
        await commit_started(gate)
        batch.write("b", {"n": 2})
        flushed = asyncio.ensure_future(batch.flushed())
        await asyncio.sleep(0.05)
        assert not flushed.done()
        gate.open.set()
        await flushed
        batch.close()

    run(main)
    assert gate.batches == [[("a", {"n": 1})], [("b", {"n": 2})]]


def test_a_shared_connection_commits_on_the_loop() -> None:
    threads: list[int] = []

    async def main() -> None:
        batch = JournalBatch[Entry](
            lambda entries: threads.append(threading.get_ident()), lambda lost: None, threaded=False
        )
        batch.write("a", {"n": 1})
        await batch.committed("a")
        threads.append(threading.get_ident())

    run(main)
    assert len(threads) == 2
    assert threads[0] == threads[1]
    in_memory = Store("sqlite://")
    assert not in_memory.threadable
    in_memory.close()


def test_a_file_database_commits_in_a_thread_of_its_own(store: Store) -> None:
    assert store.threadable


class HeldCommits:
    """A store whose commits, while ``holding``, wait in their thread until ``released``."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started, self.released = threading.Event(), threading.Event()
        self.holding = False
        self._append_many = store.append_many
        monkeypatch.setattr(store, "append_many", self._append)

    def _append(self, entries: Sequence[tuple[str, Entry]]) -> None:
        if self.holding:
            self.started.set()
            assert self.released.wait(timeout=30)
        self._append_many(entries)


def test_a_view_waits_for_its_commit_while_the_server_serves_on(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldCommits(store, monkeypatch)
    started, released = held.started, held.released
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        other = loopback.post(f"{base}/api/tables", json=TABLE).json()
        clients, spectator, dealt, seat = dealt_to_two(base, created)
        everybody = [*clients, spectator]
        seen = frames_so_far(everybody)

        held.holding = True
        clients[seat].send({"type": "act", "action": {"kind": "bring-in"}})
        assert started.wait(timeout=10)  # the commit waits in its thread
        # Meanwhile the server answers: another table's view, and a ping at this one.
        answer = loopback.get(f"{base}/api/view", params={"token": other["spectator"]})
        assert answer.status_code == 200
        spectator.send({"type": "ping"})
        assert spectator.reply() == {"type": "pong"}
        for client in everybody:  # but nobody is shown the action before it is committed
            client.drain(wait=0.2)
            assert len(client.frames) == seen[client.name], client.name
        assert not released.is_set()

        held.holding = False
        released.set()
        shown = spectator.wait(lambda frame: events_of(frame) > events_of(dealt))
        assert shown["view"]["events"][-1]["seat"] == seat
        assert store.journal(created["table"])[-1] == {
            "op": "act",
            "action": {"seat": seat, "kind": "bring-in"},
        }
        for client in everybody:
            client.close()
