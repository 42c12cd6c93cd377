"""Revision 0001: hilo's first layout, as it was written before revisions were recorded.

Tables, each table's journal, the tokens that open a table to its host, players and
spectators, and a ``schema`` table holding version 1 (the old way of naming the layout).
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    String,
    column,
    func,
    insert,
    table,
)

__all__ = ["down_revision", "downgrade", "revision", "upgrade"]

revision = "0001"
"""This revision."""

down_revision: str | None = None
"""The revision this one builds on: none, it starts from an empty database."""


def upgrade() -> None:
    """Create the first layout."""
    op.create_table(
        "tables",
        Column("id", String(32), primary_key=True),
        Column("created_at", DateTime(timezone=True), server_default=func.now(), nullable=False),
    )
    op.create_table(
        "journal",
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("entry", JSON, nullable=False),
    )
    op.create_table("schema", Column("version", Integer, primary_key=True))
    op.create_table(
        "tokens",
        Column("token", String(64), primary_key=True),
        Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
        Column("role", String(16), nullable=False),
        Column("seat", Integer, nullable=True),
    )
    op.execute(insert(table("schema", column("version"))).values(version=1))


def downgrade() -> None:
    """Drop everything: back to an empty database."""
    for name in ("tokens", "schema", "journal", "tables"):
        op.drop_table(name)
