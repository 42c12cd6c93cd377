"""Opening the store's database: URLs, drivers, and SQLite made transactional.

`open_engine` turns a database URL into a SQLAlchemy engine, or a `ConfigError` with one
sentence; `shown_url` hides a password wherever a URL is printed or logged.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from hilo.errors import ConfigError

__all__ = ["driver_url", "error_line", "open_engine", "shown_url"]

_BARE_POSTGRESQL = re.compile(r"^postgres(ql)?://")
_PASSWORD = re.compile(r"(://[^:/@]*):[^/]*@")  # up to the last @ before the host


def driver_url(url: str) -> str:
    """The URL SQLAlchemy opens for ``url``: PostgreSQL through psycopg 3 unless a driver is named.

    >>> driver_url("postgres://ann@db.example/hilo")
    'postgresql+psycopg://ann@db.example/hilo'
    >>> driver_url("postgresql+psycopg2://ann@db.example/hilo")
    'postgresql+psycopg2://ann@db.example/hilo'
    >>> driver_url("sqlite:///hilo.db")
    'sqlite:///hilo.db'
    """
    return _BARE_POSTGRESQL.sub("postgresql+psycopg://", url, count=1)


def shown_url(url: str) -> str:
    """``url`` fit to print: any password replaced by ``***``.

    >>> shown_url("postgresql://ann:secret@db.example:5432/hilo")
    'postgresql://ann:***@db.example:5432/hilo'
    >>> shown_url("sqlite:///hilo.db")
    'sqlite:///hilo.db'
    """
    return _PASSWORD.sub(r"\1:***@", url, count=1)


def error_line(error: BaseException, url: URL | None) -> str:
    """A driver's error message on one line, without the password it may repeat."""
    if isinstance(error, DBAPIError) and error.orig is not None:
        error = error.orig
    message = " ".join(str(error).split())
    if url is not None and url.password:
        message = message.replace(str(url.password), "***")
    return message


def _transactional_sqlite(engine: Engine) -> None:
    """Make SQLite begin every transaction itself, so a migration is all or nothing.

    Python's sqlite3 module (before 3.12's ``autocommit``) leaves DDL outside transactions;
    taking over ``BEGIN`` puts creating and altering tables inside them, like PostgreSQL.
    A connection with the execution option ``hilo_write_lock`` takes the write lock at once
    (``BEGIN IMMEDIATE``), so two processes migrating one file take turns.

    The file is kept in write-ahead-log mode with ``synchronous=NORMAL``: a commit is in the
    operating system's hands when it returns, so killing the server loses nothing, and a
    commit costs well under a millisecond instead of a disk flush (a power cut may lose
    the last moments of play; PostgreSQL is the choice for a host who needs more).
    """

    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA journal_mode=WAL")
        dbapi_connection.execute("PRAGMA synchronous=NORMAL")
        dbapi_connection.execute("PRAGMA busy_timeout=10000")

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        locking = connection.get_execution_options().get("hilo_write_lock", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if locking else "BEGIN")


def open_engine(url: str) -> Engine:
    """An engine for ``url`` (not yet connected), or a `ConfigError` saying why not."""
    shown = shown_url(url)
    try:
        parsed = make_url(driver_url(url))
    except ArgumentError:
        raise ConfigError(
            f"{shown!r} is not a database URL (try sqlite:///hilo.db or"
            " postgresql://user@host/hilo)"
        ) from None
    options: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database in (None, "", ":memory:"):  # one shared in-memory database
            options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    else:
        options = {"pool_pre_ping": True}  # a server restarted under us is reconnected
        if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
            options["connect_args"] = {"connect_timeout": 10}  # not hang on a silent host
    try:
        engine = create_engine(parsed, **options)
    except NoSuchModuleError:
        raise ConfigError(
            f"the database URL {shown} names a kind of database hilo cannot use"
            f" ({parsed.drivername}); use sqlite or postgresql"
        ) from None
    except ImportError as missing:
        raise ConfigError(
            f"the database URL {shown} needs a driver that is not installed: {missing}"
        ) from None
    if parsed.get_backend_name() == "sqlite":
        _transactional_sqlite(engine)
    return engine
