"""The store: every table's journal in a database (SQLite by default, PostgreSQL too).

Each journal entry is committed before `Store.append` returns, so a server that writes an
entry before it broadcasts can be killed at any moment and lose nothing: `open_tables`
rebuilds every table, and the hand in play, from the journals.

>>> store = Store("sqlite://")
>>> from hilo.rules import HouseRules, Stakes
>>> config = TableConfig(games=("holdem",), rules=HouseRules.preset("cards-speak"),
...                      stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4))
>>> table_id, table = store.new_table(config)
>>> table.sit(0, "Ann", 100)
>>> [entry["op"] for entry in store.journal(table_id)]
['create', 'sit']
>>> store.open_tables()[table_id].table.players[0].name
'Ann'
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    func,
    insert,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool

from hilo.engine.journal import JournaledTable, restore
from hilo.engine.table import TableConfig

__all__ = ["SCHEMA_VERSION", "Store"]

SCHEMA_VERSION = 1
"""The layout of the database this code writes; checked when a store is opened."""

_metadata = MetaData()

_tables = Table(
    "tables",
    _metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", DateTime(timezone=True), server_default=func.now(), nullable=False),
)

_journal = Table(
    "journal",
    _metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("entry", JSON, nullable=False),
)

_schema = Table("schema", _metadata, Column("version", Integer, primary_key=True))

_tokens = Table(
    "tokens",
    _metadata,
    Column("token", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("role", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
)


class Store:
    """Journals of every table, kept in the database at ``url``."""

    def __init__(self, url: str = "sqlite:///hilo.db") -> None:
        options: dict[str, Any] = {}
        if url in ("sqlite://", "sqlite:///:memory:"):  # one shared in-memory database
            options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
        self.engine: Engine = create_engine(url, **options)
        _metadata.create_all(self.engine)
        with self.engine.begin() as connection:
            found = connection.execute(select(_schema.c.version)).scalar()
            if found is None:
                connection.execute(insert(_schema).values(version=SCHEMA_VERSION))
            elif found != SCHEMA_VERSION:
                raise RuntimeError(
                    f"the database at {url} has schema {found}; this hilo reads {SCHEMA_VERSION}"
                )

    def new_table(self, config: TableConfig) -> tuple[str, JournaledTable]:
        """Open a new table; its journal starts in the store at once."""
        table_id = secrets.token_hex(8)
        with self.engine.begin() as connection:
            connection.execute(insert(_tables).values(id=table_id))
        return table_id, JournaledTable(config, self._writer(table_id))

    def _writer(self, table_id: str) -> Callable[[dict[str, Any]], None]:
        """A function that appends to one table's journal."""

        def write(entry: dict[str, Any]) -> None:
            self.append(table_id, entry)

        return write

    def append(self, table_id: str, entry: dict[str, Any]) -> int:
        """Add one entry to a table's journal and commit it; returns its number."""
        with self.engine.begin() as connection:
            last = connection.execute(
                select(func.max(_journal.c.seq)).where(_journal.c.table_id == table_id)
            ).scalar()
            seq = 0 if last is None else int(last) + 1
            connection.execute(insert(_journal).values(table_id=table_id, seq=seq, entry=entry))
        return seq

    def journal(self, table_id: str) -> list[dict[str, Any]]:
        """A table's journal, oldest entry first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(_journal.c.entry)
                .where(_journal.c.table_id == table_id)
                .order_by(_journal.c.seq)
            )
            return [dict(row.entry) for row in rows]

    def table_ids(self) -> list[str]:
        """Every table in the store."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(_tables.c.id).order_by(_tables.c.created_at, _tables.c.id)
            )
            return [row.id for row in rows]

    def open_tables(self) -> dict[str, JournaledTable]:
        """Rebuild every table from its journal, writing on into the store."""
        tables = {}
        for table_id in self.table_ids():
            entries = self.journal(table_id)
            if entries:
                tables[table_id] = restore(entries, self._writer(table_id))
        return tables

    def add_token(self, table_id: str, role: str, seat: int | None = None) -> str:
        """A new unguessable token giving ``role`` (host, invite, spectator, seat) at a table."""
        token = secrets.token_urlsafe(24)
        with self.engine.begin() as connection:
            connection.execute(
                insert(_tokens).values(token=token, table_id=table_id, role=role, seat=seat)
            )
        return token

    def find_token(self, token: str) -> tuple[str, str, int | None] | None:
        """``(table id, role, seat)`` for a token, or None if it is unknown."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(_tokens.c.table_id, _tokens.c.role, _tokens.c.seat).where(
                    _tokens.c.token == token
                )
            ).first()
        return None if row is None else (row.table_id, row.role, row.seat)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()
