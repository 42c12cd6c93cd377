"""Revision 0003: a seat token names the person who holds it and the browser that took it.

``tokens.player`` is the number the table gave the player when they sat down (so a link
opens what that person may see, never what a seat number once held); ``tokens.browser``
is the browser that asked for the seat (so one browser holds one seat unless the host
allows more). Both are empty for tokens written before this revision.
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import Column, Integer, String

__all__ = ["down_revision", "downgrade", "revision", "upgrade"]

revision = "0003"
"""This revision."""

down_revision: str | None = "0002"
"""The revision this one builds on."""


def upgrade() -> None:
    """Add ``tokens.player`` and ``tokens.browser``."""
    with op.batch_alter_table("tokens") as tokens:
        tokens.add_column(Column("player", Integer, nullable=True))
        tokens.add_column(Column("browser", String(64), nullable=True))


def downgrade() -> None:
    """Back to revision 0002."""
    with op.batch_alter_table("tokens") as tokens:
        tokens.drop_column("browser")
        tokens.drop_column("player")
