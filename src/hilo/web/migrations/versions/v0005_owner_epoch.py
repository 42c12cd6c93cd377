"""Revision 0005: each table's owner epoch, the fencing token of its journal.

``tables.owner_epoch`` counts the times a server process has taken a table over when several
share the database (`hilo.web.lease`): a process raises it right after winning the table's
lock, and every journal write it makes afterwards checks, in the same transaction, that the
number is still the one it raised it to. Tables already there start at 0; a single process
never reads it.
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import Column, Integer

__all__ = ["down_revision", "downgrade", "revision", "upgrade"]

revision = "0005"
"""This revision."""

down_revision: str | None = "0004"
"""The revision this one builds on."""


def upgrade() -> None:
    """Add ``tables.owner_epoch``, 0 for every table."""
    with op.batch_alter_table("tables") as tables:
        tables.add_column(Column("owner_epoch", Integer, server_default="0", nullable=False))


def downgrade() -> None:
    """Back to revision 0004."""
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("owner_epoch")
