"""Revision 0004: home games, which persist across nights, and each night's results.

``home_games`` holds a home game's name, the settings its tables are created with (games,
house rules, stakes and the rest, as ``POST /api/tables`` takes them), its players' names
and its host's token; ``home_nights`` holds each night: the table played, its date, and
each player's net result once the night is over. The tables of earlier revisions are
untouched.
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import JSON, Column, Date, DateTime, ForeignKey, Integer, String, func

__all__ = ["down_revision", "downgrade", "revision", "upgrade"]

revision = "0004"
"""This revision."""

down_revision: str | None = "0003"
"""The revision this one builds on."""


def upgrade() -> None:
    """Add ``home_games`` and ``home_nights``."""
    op.create_table(
        "home_games",
        Column("id", String(32), primary_key=True),
        Column("host", String(64), nullable=False, unique=True),
        Column("name", String(200), nullable=False),
        Column("settings", JSON, nullable=False),
        Column("players", JSON, nullable=False),
        Column("created_at", DateTime(timezone=True), server_default=func.now(), nullable=False),
    )
    op.create_table(
        "home_nights",
        Column("home_id", String(32), ForeignKey("home_games.id"), primary_key=True),
        Column("night", Integer, primary_key=True),
        Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, unique=True),
        Column("played_on", Date, nullable=False),
        Column("nets", JSON, nullable=True),
    )


def downgrade() -> None:
    """Back to revision 0003."""
    op.drop_table("home_nights")
    op.drop_table("home_games")
