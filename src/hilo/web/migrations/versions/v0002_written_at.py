"""Revision 0002: when each journal entry was written, tokens found by table, no schema table.

``journal.written_at`` records when an entry was stored (entries already there get the time
of the upgrade); an index on ``tokens.table_id`` finds a table's tokens without a scan; the
``schema`` table goes, Alembic's own version table names the layout now.
"""

from __future__ import annotations

from typing import Literal

from alembic import op
from sqlalchemy import Column, DateTime, Integer, column, func, insert, table

__all__ = ["down_revision", "downgrade", "revision", "upgrade"]

revision = "0002"
"""This revision."""

down_revision: str | None = "0001"
"""The revision this one builds on."""


def upgrade() -> None:
    """Add ``journal.written_at`` and the tokens index; drop the ``schema`` table."""
    # SQLite cannot add a column whose default is the current time: it copies the table.
    recreate: Literal["always", "auto"] = (
        "always" if op.get_bind().dialect.name == "sqlite" else "auto"
    )
    with op.batch_alter_table("journal", recreate=recreate) as journal:
        journal.add_column(
            Column("written_at", DateTime(timezone=True), server_default=func.now(), nullable=False)
        )
    op.create_index("ix_tokens_table_id", "tokens", ["table_id"])
    op.drop_table("schema")


def downgrade() -> None:
    """Back to revision 0001, with its ``schema`` table at version 1."""
    op.create_table("schema", Column("version", Integer, primary_key=True))
    op.execute(insert(table("schema", column("version"))).values(version=1))
    op.drop_index("ix_tokens_table_id", table_name="tokens")
    with op.batch_alter_table("journal") as journal:
        journal.drop_column("written_at")
