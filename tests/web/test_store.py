"""The store keeps every journal entry; a new process rebuilds every table from it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import update

from hilo.engine import Action
from hilo.engine.table import TableConfig
from hilo.rules import HouseRules, Stakes
from hilo.web import store as store_module
from hilo.web.store import Store
from tests.engine.test_journal import random_move, snapshot

CONFIG = TableConfig(
    games=("seven-card-stud-hilo-declare", "holdem-hilo-declare"),
    rules=HouseRules.preset("liberal"),
    stakes=Stakes(ante=1, small_blind=1, big_blind=2, bring_in=1, small_bet=2, big_bet=4),
    seats=5,
)


def test_tables_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hilo.db'}"
    store = Store(url)
    rng = random.Random(6)
    tables = {}
    for _ in range(2):
        table_id, table = store.new_table(CONFIG)
        for seat in range(4):
            table.sit(seat, f"P{seat}", 100)
        tables[table_id] = table
    for _ in range(150):
        random_move(rng.choice(list(tables.values())), rng)
    store.close()

    reopened = Store(url)  # a new process after the old one died
    again = reopened.open_tables()
    assert set(again) == set(tables)
    for table_id, table in tables.items():
        assert snapshot(again[table_id].table) == snapshot(table.table)
    # Play goes on in the rebuilt table, and its journal grows in the store.
    table_id = next(iter(tables))
    before = len(reopened.journal(table_id))
    rebuilt = again[table_id]
    if rebuilt.table.hand is None or rebuilt.table.hand.is_complete:
        rebuilt.start_hand(rng=random.Random(1))
    seat = rebuilt.table.to_act()[0]
    kinds = {option.kind.value for option in rebuilt.table.legal_actions(seat)}
    rebuilt.apply(Action.fold(seat) if "fold" in kinds else Action.check(seat))
    assert len(reopened.journal(table_id)) > before
    assert snapshot(reopened.open_tables()[table_id].table) == snapshot(rebuilt.table)


def test_a_database_of_another_schema_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    with store.engine.begin() as connection:
        connection.execute(update(store_module._schema).values(version=99))
    store.close()
    with pytest.raises(RuntimeError, match="has schema 99; this hilo reads 1"):
        Store(url)
