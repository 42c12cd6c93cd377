"""Alembic runs this file to apply hilo's revisions on the connection the store hands over."""

from __future__ import annotations

from alembic import context
from alembic.config import Config

from hilo.web.store import metadata


def run(config: Config) -> None:
    """Apply the revisions Alembic was asked for, in the store's open transaction."""
    context.configure(connection=config.attributes["connection"], target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


_config = getattr(context, "config", None)
if _config is not None:  # set only while Alembic runs this file, not when it is imported
    run(_config)
