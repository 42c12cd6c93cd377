"""A database written at store revision 0004 (home games, journal writes not yet fenced) opens,
upgrades and plays on, its home game's season and open night intact.

``tests/web/saved/revision-0004.db`` was written by the code of that revision (see
``tests/web/saved/make_revision_0004_database.py``); ``revision-0004.json`` records what its
tables, tokens and home game held then.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hilo.web import migrations
from hilo.web.store import Store
from tests.engine.test_journal import random_move
from tests.web import loopback
from tests.web.saved.make_revision_0004_database import DATABASE, FACTS
from tests.web.server import running

SAVED: dict[str, Any] = json.loads(FACTS.read_text())


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    copy = tmp_path / "hilo.db"
    shutil.copyfile(DATABASE, copy)
    store = Store(f"sqlite:///{copy}")
    yield store
    store.close()


def test_the_saved_tables_come_back_at_the_newest_revision(store: Store) -> None:
    with store.engine.connect() as connection:
        assert migrations.current(connection) == migrations.head()
    tables = store.open_tables()
    assert sorted(tables) == sorted(SAVED["tables"])
    for table_id, facts in SAVED["tables"].items():
        table = tables[table_id].table
        assert [player.stack for player in table.players if player is not None] == facts["stacks"]
        assert table.status == facts["status"]
        assert len(store.journal(table_id)) == facts["journal"]


def test_the_home_game_and_every_link_still_work(store: Store) -> None:
    with running(store) as base:
        home = loopback.get(f"{base}/api/home", params={"token": SAVED["home_host"]}).json()
        assert home["id"] == SAVED["home"]
        first, saved = home["nights"][0], SAVED["nights"][0]
        assert (first["table"], first["date"], first["over"]) == (
            saved["table"],
            saved["date"],
            True,
        )
        assert first["nets"] == [{"player": name, "net": net} for name, net in saved["nets"]]
        assert home["tonight"]["table"] == SAVED["nights"][1]["table"]
        assert {row["player"] for row in home["season"]} == {"Ann", "Bob"}
        for table_id, facts in SAVED["tables"].items():
            for holder, token in facts["tokens"].items():
                lobby = loopback.get(f"{base}/api/lobby", params={"token": token})
                assert lobby.json()["id"] == table_id, holder


def test_the_open_night_plays_on_with_chips_kept(store: Store) -> None:
    table_id = SAVED["nights"][1]["table"]
    journaled = store.open_tables()[table_id]
    before = journaled.table.chips()
    rng = random.Random(11)
    for _ in range(40):
        random_move(journaled, rng)
    assert journaled.table.chips() == before
    assert len(store.journal(table_id)) > SAVED["tables"][table_id]["journal"]
    assert store.open_tables()[table_id].table.chips() == before
