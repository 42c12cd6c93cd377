"""The store's database is built, and kept up to date, by its migrations.

Every test that takes ``database_url`` runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    JSON,
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    event,
    func,
    insert,
    inspect,
    select,
    text,
)

from hilo.engine.journal import JournaledTable
from hilo.errors import ConfigError
from hilo.web import migrations
from hilo.web.store import Store, TokenRecord, metadata, open_engine
from tests.engine.test_journal import random_move, snapshot
from tests.web.test_store import CONFIG

# The layout hilo wrote before it recorded revisions, as it created it then.
FIRST_LAYOUT = MetaData()
OLD_TABLES = Table(
    "tables",
    FIRST_LAYOUT,
    Column("id", String(32), primary_key=True),
    Column("created_at", DateTime(timezone=True), server_default=func.now(), nullable=False),
)
OLD_JOURNAL = Table(
    "journal",
    FIRST_LAYOUT,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("entry", JSON, nullable=False),
)
OLD_SCHEMA = Table("schema", FIRST_LAYOUT, Column("version", Integer, primary_key=True))
OLD_TOKENS = Table(
    "tokens",
    FIRST_LAYOUT,
    Column("token", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("role", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
)


HOME_TABLES = {"home_games", "home_nights"}
"""The tables revision 0004 adds, empty in an upgraded database."""


def make_first_layout(url: str, version: int = 1) -> tuple[str, JournaledTable, list[str]]:
    """A database as the first hilo left it: one table in mid-play, its journal and tokens."""
    entries: list[dict[str, Any]] = []
    table = JournaledTable(CONFIG, entries.append)
    for seat in range(3):
        table.sit(seat, f"P{seat}", 100)
    rng = random.Random(4)
    for _ in range(40):
        random_move(table, rng)
    engine = open_engine(url)
    with engine.begin() as connection:
        FIRST_LAYOUT.create_all(connection)
        connection.execute(insert(OLD_SCHEMA).values(version=version))
        connection.execute(insert(OLD_TABLES).values(id="old-table"))
        connection.execute(
            insert(OLD_JOURNAL),
            [{"table_id": "old-table", "seq": seq, "entry": e} for seq, e in enumerate(entries)],
        )
        tokens = ["host-token", "seat-token"]
        connection.execute(
            insert(OLD_TOKENS),
            [
                {"token": tokens[0], "table_id": "old-table", "role": "host", "seat": None},
                {"token": tokens[1], "table_id": "old-table", "role": "seat", "seat": 2},
            ],
        )
    engine.dispose()
    return "old-table", table, tokens


def layout_differences(connection: Connection, layout: MetaData) -> list[Any]:
    """What Alembic's autogenerate would change to make the database match ``layout``."""
    context = MigrationContext.configure(connection, opts={"compare_server_default": True})
    differences: list[Any] = compare_metadata(context, layout)
    return differences


def table_names(store: Store) -> set[str]:
    """The tables in a store's database."""
    with store.engine.connect() as connection:
        return set(inspect(connection).get_table_names())


def test_a_new_database_is_built_at_the_newest_revision(database_url: str) -> None:
    store = Store(database_url)
    with store.engine.connect() as connection:
        assert migrations.current(connection) == migrations.head() == "0005"
        assert layout_differences(connection, metadata) == []
    assert (
        table_names(store)
        == {
            "alembic_version",
            "tables",
            "journal",
            "tokens",
        }
        | HOME_TABLES
    )
    store.close()


def test_revision_0001_is_the_layout_hilo_wrote_before(database_url: str) -> None:
    engine = open_engine(database_url)
    with engine.begin() as connection:
        command.upgrade(migrations.alembic_config(connection), migrations.FIRST_REVISION)
    with engine.connect() as connection:
        assert layout_differences(connection, FIRST_LAYOUT) == []
        assert connection.execute(select(OLD_SCHEMA.c.version)).scalars().all() == [1]
    # ... and going back down from the newest revision gives it again.
    with engine.begin() as connection:
        command.upgrade(migrations.alembic_config(connection), "head")
        command.downgrade(migrations.alembic_config(connection), migrations.FIRST_REVISION)
    with engine.connect() as connection:
        assert layout_differences(connection, FIRST_LAYOUT) == []
        assert migrations.current(connection) == "0001"
    engine.dispose()


def test_a_database_of_the_first_layout_is_upgraded_with_its_data(database_url: str) -> None:
    table_id, table, (host, seat) = make_first_layout(database_url)
    store = Store(database_url)
    assert table_names(store) == {"alembic_version", "tables", "journal", "tokens"} | HOME_TABLES
    with store.engine.connect() as connection:
        assert migrations.current(connection) == migrations.head()
        assert layout_differences(connection, metadata) == []
    again = store.open_tables()
    assert list(again) == [table_id]
    assert snapshot(again[table_id].table) == snapshot(table.table)
    assert store.find_token(host) == TokenRecord(table_id, "host", None)
    assert store.find_token(seat) == TokenRecord(table_id, "seat", 2)
    assert store.last_written(table_id) is not None  # old entries get the upgrade's time
    before = len(store.journal(table_id))
    assert store.append(table_id, {"op": "note"}) == before
    store.close()


def test_upgrading_again_changes_nothing(database_url: str) -> None:
    make_first_layout(database_url)
    Store(database_url).close()
    store = Store(database_url)
    statements: list[str] = []

    @event.listens_for(store.engine, "before_cursor_execute")
    def record(*arguments: Any) -> None:
        statements.append(arguments[2])

    with store.engine.begin() as connection:
        migrations.upgrade(connection, database_url)
    changes = [s for s in statements if s.split()[0].upper() in ("CREATE", "ALTER", "DROP")]
    writes = [s for s in statements if s.split()[0].upper() in ("INSERT", "UPDATE", "DELETE")]
    assert statements  # it did look
    assert changes == []
    assert writes == []
    assert len(store.open_tables()) == 1
    store.close()


def upgrade_and_fail(engine: Engine) -> None:
    """Upgrade in a transaction that then fails before it commits."""
    with engine.begin() as connection:
        migrations.upgrade(connection, "the test database")
        assert migrations.current(connection) == migrations.head()
        raise RuntimeError("power cut")


def test_a_failed_upgrade_leaves_the_database_as_it_was(database_url: str) -> None:
    make_first_layout(database_url)
    engine = open_engine(database_url)
    with pytest.raises(RuntimeError, match="power cut"):
        upgrade_and_fail(engine)
    with engine.connect() as connection:
        assert layout_differences(connection, FIRST_LAYOUT) == []
        assert migrations.current(connection) is None
    engine.dispose()
    assert len(Store(database_url).open_tables()) == 1


def test_a_database_of_a_newer_hilo_is_refused(database_url: str) -> None:
    Store(database_url).close()
    engine = open_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
    with pytest.raises(ConfigError, match=r"revision 'f00d'.*newer hilo") as refused:
        Store(database_url)
    assert "\n" not in str(refused.value)
    with engine.connect() as connection:
        assert migrations.current(connection) == "f00d"  # left alone
    engine.dispose()


def test_an_unknown_old_schema_version_is_refused(database_url: str) -> None:
    make_first_layout(database_url, version=7)
    with pytest.raises(ConfigError, match="schema version 7, which this hilo does not know"):
        Store(database_url)


def test_tables_named_like_hilos_but_not_made_by_it_are_refused(database_url: str) -> None:
    engine = open_engine(database_url)
    with engine.begin() as connection:
        Table("journal", MetaData(), Column("line", String(80))).create(connection)
    engine.dispose()
    with pytest.raises(ConfigError, match=r"like hilo's \(journal\).*not made by hilo"):
        Store(database_url)


def test_an_empty_schema_table_counts_as_the_first_layout(database_url: str) -> None:
    make_first_layout(database_url)
    engine = open_engine(database_url)
    with engine.begin() as connection:  # the first hilo died before writing its version
        connection.execute(OLD_SCHEMA.delete())
    engine.dispose()
    assert len(Store(database_url).open_tables()) == 1


def test_two_servers_starting_at_once_both_open_the_database(database_url: str) -> None:
    make_first_layout(database_url)
    start = threading.Barrier(2)
    opened: list[Store] = []
    failures: list[BaseException] = []

    def open_store() -> None:
        start.wait()
        try:
            opened.append(Store(database_url))
        except Exception as error:  # reported by the assertion below
            failures.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert failures == []
    assert [len(store.open_tables()) for store in opened] == [1, 1]
    for store in opened:
        store.close()
