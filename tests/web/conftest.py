"""Databases for the web tests: a SQLite file, and a PostgreSQL server of the test run's own;
and a hilo server on loopback over a SQLite store, for the tests that need no other."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from hilo.web.store import Store
from tests.web.postgres import PROGRAMS, PostgresCluster, find_binaries
from tests.web.server import running


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL server started once per test process; skipped if none is installed.

    On CI (``CI=true``) a missing PostgreSQL fails the tests instead: they must not be
    skipped there without anybody noticing.
    """
    binaries = find_binaries()
    if binaries is None:
        reason = (
            f"PostgreSQL is not installed: no {', '.join(PROGRAMS)} on PATH"
            " or in /usr/lib/postgresql/*/bin"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI must run the PostgreSQL tests", pytrace=False)
        pytest.skip(reason)
    cluster = PostgresCluster(binaries)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'hilo.db'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    return cluster.new_database()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A store on a new SQLite file of the test's own."""
    store = Store(f"sqlite:///{tmp_path / 'hilo.db'}")
    yield store
    store.close()


@pytest.fixture
def base(store: Store) -> Iterator[str]:
    """A hilo server of the test's own on loopback, over ``store``; its base URL."""
    with running(store) as url:
        yield url
