"""Changes that wait for one commit are shown together: each watcher gets the latest frame."""

from __future__ import annotations

import time
from typing import Any

import pytest

from hilo.web.journal_batch import JournalBatch
from hilo.web.store import JournalWrite, Store
from tests.web import loopback
from tests.web.clients import Frame
from tests.web.server import running
from tests.web.test_journal_batch import HeldCommits, dealt_to_two, frames_so_far
from tests.web.test_leaks import TABLE

Entry = dict[str, Any]


def acted(frame: Frame) -> list[Entry]:
    """The actions of the hand a view frame shows."""
    return [event for event in frame["view"]["events"] if event["kind"] == "acted"]


def test_changes_waiting_for_one_commit_send_each_watcher_only_the_latest_frame(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldCommits(store, monkeypatch)
    written: list[Entry] = []
    write = JournalBatch.write

    def noted(batch: JournalBatch[JournalWrite], table_id: str, entry: JournalWrite) -> None:
        if isinstance(entry, dict):  # a journal entry, not a seat token
            written.append(entry)
        write(batch, table_id, entry)

    monkeypatch.setattr(JournalBatch, "write", noted)
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        clients, spectator, _, seat = dealt_to_two(base, created)
        everybody = [*clients, spectator]
        seen = frames_so_far(everybody)
        before = {client.name: client.latest["seq"] for client in everybody}

        held.holding = True
        clients[seat].send({"type": "act", "action": {"kind": "bring-in"}})
        assert held.started.wait(timeout=10)  # the bring-in's commit waits in its thread
        held.holding = False
        # The next player answers at once, before the bring-in is shown or committed.
        clients[1 - seat].send({"type": "act", "action": {"kind": "call"}})
        deadline = time.monotonic() + 10
        while not any(entry.get("action", {}).get("seat") == 1 - seat for entry in list(written)):
            assert time.monotonic() < deadline, "the call was not made"
            time.sleep(0.01)
        for client in everybody:  # nothing is shown before it is committed
            client.drain(wait=0.1)
            assert len(client.frames) == seen[client.name], client.name

        held.released.set()
        for client in everybody:
            shown = client.wait(lambda frame: len(acted(frame)) == 2)
            assert [event["seat"] for event in acted(shown)] == [seat, 1 - seat]
            client.drain(wait=0.3)
            # One frame for both changes, numbered next, and nothing after it.
            assert len(client.frames) == seen[client.name] + 1, client.name
            assert client.latest["seq"] == before[client.name] + 1
        journal = store.journal(created["table"])
        assert [entry["action"]["seat"] for entry in journal[-2:]] == [seat, 1 - seat]
        for client in everybody:
            client.close()


def test_tables_committed_together_are_shown_over_several_turns_each_once_committed(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No time to spare: a turn of the event loop shows one table, the others wait for theirs.
    monkeypatch.setattr("hilo.web.hub.SHOWING_PER_TURN", -1.0)
    held = HeldCommits(store, monkeypatch)
    with running(store) as base:
        tables = []
        for _ in range(3):
            created = loopback.post(f"{base}/api/tables", json=TABLE).json()
            tables.append(dealt_to_two(base, created))
        everybody = [
            client for clients, spectator, _, _ in tables for client in [*clients, spectator]
        ]
        seen = frames_so_far(everybody)

        held.holding = True
        for clients, _, _, seat in tables:  # the bring-ins wait for one commit
            clients[seat].send({"type": "act", "action": {"kind": "bring-in"}})
        assert held.started.wait(timeout=10)
        time.sleep(0.3)  # each bring-in reaches the server while the commit is held
        for client in everybody:  # nothing is shown before it is committed
            client.drain(wait=0.1)
            assert len(client.frames) == seen[client.name], client.name

        held.holding = False
        held.released.set()
        for clients, spectator, _, seat in tables:
            for client in [*clients, spectator]:
                shown = client.wait(lambda frame: len(acted(frame)) >= 1)
                assert [event["seat"] for event in acted(shown)] == [seat]
            # Bob or Ann answers at once, while other tables wait for their turn to be shown.
            clients[1 - seat].send({"type": "act", "action": {"kind": "call"}})
        for clients, spectator, _, seat in tables:
            for client in [*clients, spectator]:
                shown = client.wait(lambda frame: len(acted(frame)) == 2)
                assert [event["seat"] for event in acted(shown)] == [seat, 1 - seat]
                client.close()
