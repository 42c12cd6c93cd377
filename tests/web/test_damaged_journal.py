"""A journal entry that cannot be replayed takes down its own table, loudly, and no other."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from hilo.engine.journal import JournalError, restore
from hilo.web.store import Store
from tests.web import loopback
from tests.web.server import running

TABLE = {
    "games": ["holdem"],
    "rules": "cards-speak",
    "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2},
}


def two_tables(base: str) -> tuple[dict[str, Any], dict[str, Any]]:
    tables = []
    for name in ("Ann", "Bob"):
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": 0, "buy_in": 100},
        )
        assert joined.status_code == 200
        tables.append(created)
    return tables[0], tables[1]


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ({"op": "sit", "seat": 1, "name": "\u202eevil", "buy_in": 100}, "U+202E"),
        ({"op": "sit", "seat": 1, "name": "Cy"}, "KeyError"),
        ({"op": "rebuy", "seat": "one", "chips": 5}, "ValueError"),
        ({"op": "act", "action": {"seat": 0, "kind": "fly"}}, "fly"),
        ({"op": "teleport"}, "unknown journal entry 'teleport'"),
        (["not", "an", "object"], "AttributeError"),
    ],
)
def test_a_damaged_table_answers_503_and_the_others_play_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, entry: Any, reason: str
) -> None:
    url = f"sqlite:///{tmp_path / 'hilo.db'}"
    store = Store(url)
    with running(store) as base:
        damaged, healthy = two_tables(base)
    position = store.append(damaged["table"], entry)
    store.close()

    again = Store(url)
    with caplog.at_level(logging.ERROR, logger="hilo.web.store"), running(again) as base:
        assert damaged["table"] in caplog.text
        assert f"journal entry {position}" in caplog.text
        assert reason in caplog.text
        error = again.damaged[damaged["table"]]
        assert isinstance(error, JournalError)
        assert error.position == position
        for route in ("lobby", "view", "history"):
            answer = loopback.get(f"{base}/api/{route}", params={"token": damaged["host"]})
            assert answer.status_code == 503
            assert answer.json()["error"].startswith(
                f"this table could not be loaded: its journal entry {position}"
            )
        answer = loopback.post(
            f"{base}/api/host", json={"host": damaged["host"], "command": "start"}
        )
        assert answer.status_code == 503
        with pytest.raises(InvalidStatus):
            connect(base.replace("http", "ws", 1) + f"/ws?token={damaged['host']}").close()
        lobby = loopback.get(f"{base}/api/lobby", params={"token": healthy["host"]})
        assert lobby.status_code == 200
        assert lobby.json()["seats"][0]["name"] == "Bob"
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": healthy["invite"], "name": "Cy", "seat": 1, "buy_in": 100},
        )
        assert joined.status_code == 200
        started = loopback.post(
            f"{base}/api/host", json={"host": healthy["host"], "command": "start"}
        )
        assert started.status_code == 200
    assert restore(again.journal(healthy["table"])).table.hand is not None
    again.close()


@pytest.mark.parametrize(
    ("position", "stored", "where"),
    [
        (1, '{"op": "sit", "seat": 0, "na', "at character 25"),  # cut short
        (0, "{'op': 'create'}", "at character 1"),  # edited by hand, not JSON
    ],
)
def test_a_journal_whose_json_is_damaged_takes_down_its_table_alone_and_stays_as_stored(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, position: int, stored: str, where: str
) -> None:
    url = f"sqlite:///{tmp_path / 'hilo.db'}"
    store = Store(url)
    with running(store) as base:
        damaged, healthy = two_tables(base)
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE journal SET entry = :stored WHERE table_id = :table AND seq = :seq"),
            {"stored": stored, "table": damaged["table"], "seq": position},
        )
    store.close()

    again = Store(url)
    with caplog.at_level(logging.ERROR, logger="hilo.web.store"), running(again) as base:
        assert f"table {damaged['table']} cannot be opened" in caplog.text
        assert f"journal entry {position} (not JSON)" in caplog.text
        assert f"the stored text is not JSON {where}" in caplog.text
        answer = loopback.get(f"{base}/api/view", params={"token": damaged["host"]})
        assert answer.status_code == 503
        assert answer.json()["error"] == (
            f"this table could not be loaded: its journal entry {position} (not JSON) is"
            " damaged; the other tables play on"
        )
        lobby = loopback.get(f"{base}/api/lobby", params={"token": healthy["host"]})
        assert lobby.status_code == 200
        assert lobby.json()["seats"][0]["name"] == "Bob"
    with again.engine.connect() as connection:
        kept = connection.execute(
            text("SELECT entry FROM journal WHERE table_id = :table AND seq = :seq"),
            {"table": damaged["table"], "seq": position},
        ).scalar()
    assert kept == stored  # never rewritten nor deleted
    assert len(again.journal(healthy["table"])) == 2
    again.close()
