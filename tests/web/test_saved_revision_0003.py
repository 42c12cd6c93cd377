"""A database written at store revision 0003 (before home games) opens, upgrades and plays on.

``tests/web/saved/revision-0003.db`` was written by the code of that revision (see
``tests/web/saved/make_revision_0003_database.py``); ``revision-0003.json`` records what its
table and tokens held then.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from hilo.web import migrations
from hilo.web.homes import HomeBook
from hilo.web.store import Store
from tests.web import loopback
from tests.web.saved.make_revision_0003_database import DATABASE, FACTS
from tests.web.server import running

SAVED: dict[str, Any] = json.loads(FACTS.read_text())


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    copy = tmp_path / "hilo.db"
    shutil.copyfile(DATABASE, copy)
    store = Store(f"sqlite:///{copy}")
    yield store
    store.close()


def test_the_saved_table_comes_back_at_the_newest_revision(store: Store) -> None:
    with store.engine.connect() as connection:
        assert migrations.current(connection) == migrations.head()
    (table_id,) = store.open_tables()
    table = store.open_tables()[table_id].table
    assert table_id == SAVED["table"]
    assert [player.stack for player in table.players if player is not None] == SAVED["stacks"]
    assert [p.bought_in for p in table.players if p is not None] == SAVED["bought_in"]
    assert len(store.journal(table_id)) == SAVED["journal"]


def test_every_saved_token_still_opens_the_table(store: Store) -> None:
    with running(store) as base:
        for holder, token in SAVED["tokens"].items():
            lobby = loopback.get(f"{base}/api/lobby", params={"token": token})
            assert lobby.json()["id"] == SAVED["table"], holder
            if holder != "invite":
                seen = loopback.get(f"{base}/api/view", params={"token": token}).json()
                assert seen["table"]["id"] == SAVED["table"], holder
                you = (
                    None if holder in ("host", "spectator") else ["Ann", "Bob", "Cat"].index(holder)
                )
                assert seen["you"] == you


def test_the_upgraded_database_keeps_home_games_beside_its_old_table(store: Store) -> None:
    book = HomeBook(store)
    home_id, host = book.create("Old friends", {"games": ["holdem-hilo"]}, ["Ann"])
    assert book.add_night(home_id, SAVED["table"], date(2026, 12, 4)) == 1
    assert book.find(host).name == "Old friends"
    (night,) = book.nights(home_id)
    assert (night.table_id, night.played_on, night.nets) == (
        SAVED["table"],
        date(2026, 12, 4),
        None,
    )
    assert list(store.open_tables()) == [SAVED["table"]]
