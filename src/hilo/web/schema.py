"""The tables hilo keeps in its database, at the newest revision (`hilo.web.migrations`
builds exactly these; `hilo.web.store.Store` reads and writes them)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    func,
)

__all__ = ["home_games", "home_nights", "journal", "metadata", "tables", "tokens"]

metadata = MetaData()
"""The store's tables at the newest revision; the migrations build exactly these."""

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", DateTime(timezone=True), server_default=func.now(), nullable=False),
    Column("owner_epoch", Integer, server_default="0", nullable=False),
)

journal = Table(
    "journal",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("entry", JSON, nullable=False),
    Column("written_at", DateTime(timezone=True), server_default=func.now(), nullable=False),
)

tokens = Table(
    "tokens",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("role", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("player", Integer, nullable=True),
    Column("browser", String(64), nullable=True),
)

home_games = Table(
    "home_games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("host", String(64), nullable=False, unique=True),
    Column("name", String(200), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), server_default=func.now(), nullable=False),
)
"""Home games (revision 0004): name, table settings, players' names, the host's token."""

home_nights = Table(
    "home_nights",
    metadata,
    Column("home_id", String(32), ForeignKey("home_games.id"), primary_key=True),
    Column("night", Integer, primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, unique=True),
    Column("played_on", Date, nullable=False),
    Column("nets", JSON, nullable=True),
)
"""Each night of a home game: its table, its date and, once over, each player's net."""
