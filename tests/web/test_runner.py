"""The table runner: a bot that fails does not stop the table; a start deals in one change."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hilo.engine.actions import Action
from hilo.engine.table import Table
from hilo.engine.views import TableView
from hilo.web import runner
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, Frame, play_until
from tests.web.server import running
from tests.web.test_app import TABLE, host, set_up


class BrokenBot:
    """A bot with a bug in it."""

    def act(self, view: TableView) -> Action:
        raise ZeroDivisionError("a bug")


def broken(kind: str, table: Table) -> BrokenBot:
    return BrokenBot()


@pytest.fixture
def base(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(runner, "make_bot", broken)
    with running(store) as url:
        yield url


def bot_acted(frame: Frame) -> bool:
    view = frame["view"]
    return view is not None and any(
        event["kind"] == "acted" and event.get("seat") == 1 for event in view["events"]
    )


def test_a_bot_that_fails_is_timed_out_and_the_table_plays_on(store: Store, base: str) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    joined = loopback.post(
        f"{base}/api/join",
        json={"invite": created["invite"], "name": "Ann", "seat": 0, "buy_in": 100},
    ).json()
    assert host(base, created, "add-bot", seat=1, bot="solid").json()["ok"]
    ann = Client(base, joined["token"], "Ann")
    host(base, created, "start")
    # Whatever the bot is asked, the clock answers for it, and the hand goes on.
    play_until({0: ann}, [], bot_acted, ann)
    assert ann.latest["view"]["seats"][1]["name"] == "Solid bot 1"
    ann.close()
    entries = store.journal(created["table"])
    assert any(
        entry.get("op") == "act" and entry["action"] == {"seat": 1, "kind": "timeout"}
        for entry in entries
    )


@pytest.mark.parametrize("where", ["file", "memory"])
def test_starting_the_table_sends_each_watcher_one_frame_with_the_hand_dealt(
    tmp_path: Path, where: str
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hilo.db'}" if where == "file" else "sqlite://")
    with running(store) as base:
        created, tokens = set_up(base)
        clients = [Client(base, token, name) for name, token in tokens.items()]
        clients += [Client(base, created["spectator"], "spectator")]
        clients += [Client(base, created["host"], "host")]
        for client in clients:
            client.wait(lambda frame: frame["view"] is None)  # the table waits for its host
        time.sleep(0.3)  # every connection's own news has gone out
        for client in clients:
            client.drain()
        seen = {client.name: len(client.frames) for client in clients}
        assert host(base, created, "start").json() == {"ok": True, "status": "playing"}
        for client in clients:
            client.wait(lambda frame: frame["view"] is not None)
        time.sleep(0.3)
        for client in clients:
            client.drain()
            started = client.frames[seen[client.name] :]
            assert len(started) == 1, f"{client.name} was sent {len(started)} frames"
            assert started[0]["table"]["status"] == "playing"
            assert started[0]["view"]["phase"] == "betting"
        for client in clients:
            client.close()
    store.close()
