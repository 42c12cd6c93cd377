"""The store's schema migrations: every layout of its database, and the steps between them.

Opening a `hilo.web.store.Store` calls `upgrade`, which builds a new database from nothing
or brings an older one forward to the newest revision, all in the store's own transaction.
A database made before revisions were recorded (it has a ``schema`` table holding version 1)
is recognised as revision 0001 first. A database of a revision this hilo does not know,
written by a newer hilo, is refused with a sentence rather than touched.

>>> head()
'0005'
>>> revisions()
['0001', '0002', '0003', '0004', '0005']
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, column, inspect, select, table, text

from hilo.errors import ConfigError

__all__ = ["FIRST_REVISION", "alembic_config", "current", "head", "revisions", "upgrade"]

FIRST_REVISION = "0001"
"""The layout hilo wrote before it recorded revisions: tables, journal, tokens and schema."""

_LOCK_KEY = 0x68696C6F
"""PostgreSQL advisory lock held while a store migrates, so two servers starting at once
take turns (the number spells "hilo")."""

_HILO_TABLES = frozenset({"tables", "journal", "tokens"})


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's settings for hilo's revisions, built in code; env.py runs on ``connection``."""
    config = Config()
    location = str(Path(__file__).parent).replace("%", "%%")  # the settings interpolate %
    config.set_main_option("script_location", location)
    config.attributes["connection"] = connection
    return config


def _script() -> ScriptDirectory:
    """The folder of revisions shipped with hilo."""
    return ScriptDirectory.from_config(alembic_config())


def revisions() -> list[str]:
    """Every revision this hilo knows, oldest first."""
    return [revision.revision for revision in reversed(list(_script().walk_revisions()))]


def head() -> str:
    """The newest revision: the layout this hilo reads and writes."""
    newest = _script().get_current_head()
    assert newest is not None, "hilo ships at least one revision"
    return newest


def current(connection: Connection) -> str | None:
    """The revision of the database on ``connection``, or None if none is recorded."""
    found = MigrationContext.configure(connection).get_current_heads()
    return found[0] if found else None


def upgrade(connection: Connection, name: str) -> None:
    """Bring the database on ``connection`` (called ``name`` in errors) to the newest revision.

    Runs in the caller's transaction: commit it to keep the upgrade. Raises `ConfigError`
    for a database this hilo cannot read: a newer revision or tables of unknown origin.
    """
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
    config = alembic_config(connection)
    known = revisions()
    found = MigrationContext.configure(connection).get_current_heads()
    unknown = [revision for revision in found if revision not in known]
    if unknown:
        raise ConfigError(
            f"the database {name} is at schema revision {unknown[0]!r}, which this hilo does"
            f" not know (it reads up to {known[-1]}): it was written by a newer hilo;"
            " upgrade hilo to open it"
        )
    if not found:
        existing = set(inspect(connection).get_table_names())
        if "schema" in existing:
            version = connection.execute(
                select(column("version")).select_from(table("schema"))
            ).scalar()
            if version not in (None, 1):
                raise ConfigError(
                    f"the database {name} has schema version {version}, which this hilo does"
                    " not know"
                )
            command.stamp(config, FIRST_REVISION)
        elif existing & _HILO_TABLES:
            names = ", ".join(sorted(existing & _HILO_TABLES))
            raise ConfigError(
                f"the database {name} has tables named like hilo's ({names}) but no record"
                " of their schema; it was not made by hilo"
            )
    command.upgrade(config, "head")
