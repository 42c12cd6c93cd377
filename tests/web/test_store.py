"""The store keeps every journal entry; a new process rebuilds every table from it.

Every test that takes ``database_url`` runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import IntegrityError, StatementError

from hilo.engine import Action
from hilo.engine.journal import restore
from hilo.engine.table import TableConfig
from hilo.errors import ConfigError
from hilo.rules import HouseRules, Stakes
from hilo.web.store import JournalWrite, NewToken, Store, TokenRecord
from hilo.web.token_cache import new_token
from tests.engine.test_journal import random_move, snapshot
from tests.web.postgres import free_port

CONFIG = TableConfig(
    games=("seven-card-stud-hilo-declare", "holdem-hilo-declare"),
    rules=HouseRules.preset("liberal"),
    stakes=Stakes(ante=1, small_blind=1, big_blind=2, bring_in=1, small_bet=2, big_bet=4),
    seats=5,
)


@contextmanager
def statements(store: Store, about: str) -> Iterator[list[str]]:
    """The SQL statements naming ``about`` that ``store`` sends to its database meanwhile."""
    sent: list[str] = []

    def note(*args: Any) -> None:
        if about in args[2]:
            sent.append(args[2])

    event.listen(store.engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(store.engine, "before_cursor_execute", note)


def test_tables_survive_a_restart(database_url: str) -> None:
    store = Store(database_url)
    rng = random.Random(6)
    tables = {}
    for _ in range(2):
        table_id, table = store.new_table(CONFIG)
        for seat in range(4):
            table.sit(seat, f"P{seat}", 100)
        tables[table_id] = table
    for _ in range(150):
        random_move(rng.choice(list(tables.values())), rng)
    store.close()

    reopened = Store(database_url)  # a new process after the old one died
    again = reopened.open_tables()
    assert set(again) == set(tables)
    for table_id, table in tables.items():
        assert snapshot(again[table_id].table) == snapshot(table.table)
    # Play goes on in the rebuilt table, and its journal grows in the store.
    table_id = next(iter(tables))
    before = len(reopened.journal(table_id))
    rebuilt = again[table_id]
    if rebuilt.table.hand is None or rebuilt.table.hand.is_complete:
        rebuilt.start_hand(rng=random.Random(1))
    seat = rebuilt.table.to_act()[0]
    kinds = {option.kind.value for option in rebuilt.table.legal_actions(seat)}
    rebuilt.apply(Action.fold(seat) if "fold" in kinds else Action.check(seat))
    assert len(reopened.journal(table_id)) > before
    assert snapshot(reopened.open_tables()[table_id].table) == snapshot(rebuilt.table)
    reopened.close()


def test_a_table_played_on_numbers_its_entries_without_asking_the_database(
    database_url: str,
) -> None:
    store = Store(database_url)
    rng = random.Random(11)
    table_id, table = store.new_table(CONFIG)
    for seat in range(3):
        table.sit(seat, f"P{seat}", 100)
    store.close()

    reopened = Store(database_url)  # restarted: the journal is read once, as the table is taken
    again = reopened.open_tables()[table_id]
    with statements(reopened, "max(") as sent:
        for _ in range(60):
            random_move(again, rng)
        assert sent == []  # each commit numbers its entries from the last one it wrote
    journal = reopened.journal(table_id)
    assert snapshot(restore(journal).table) == snapshot(again.table)
    with reopened.engine.connect() as connection:  # numbered 0, 1, 2, ... with no gap
        numbers = connection.execute(
            text("SELECT seq FROM journal WHERE table_id = :table ORDER BY seq"),
            {"table": table_id},
        ).scalars()
        assert list(numbers) == list(range(len(journal)))
    reopened.close()


def test_journal_entries_come_back_exactly_as_written(database_url: str) -> None:
    store = Store(database_url)
    table_id, _ = store.new_table(CONFIG)
    entry = {
        "op": "note",
        "name": 'Zoë 🂡 "quoted" \\ back',
        "chips": 2**53,
        "share": 0.5,
        "folded": True,
        "seat": None,
        "cards": ["As", "Kd"],
        "nested": {"pots": [{"amount": 7, "seats": [0, 2]}]},
    }
    assert store.append(table_id, entry) == 1  # the table's 'create' entry is number 0
    assert store.append(table_id, {"op": "again"}) == 2
    journal = store.journal(table_id)
    assert journal[1:] == [entry, {"op": "again"}]
    assert journal[0]["op"] == "create"
    assert store.journal("no-such-table") == []
    store.close()


def test_entries_of_several_tables_are_committed_together_or_not_at_all(
    database_url: str,
) -> None:
    store = Store(database_url)
    first, _ = store.new_table(CONFIG)
    second, _ = store.new_table(CONFIG)
    store.append_many([(first, {"op": "a"}), (second, {"op": "b"}), (first, {"op": "c"})])
    assert [entry["op"] for entry in store.journal(first)] == ["create", "a", "c"]
    assert [entry["op"] for entry in store.journal(second)] == ["create", "b"]
    with pytest.raises((StatementError, TypeError)):  # not JSON: the whole batch is refused
        store.append_many([(first, {"op": "d"}), (second, {"op": object()})])
    assert [entry["op"] for entry in store.journal(first)] == ["create", "a", "c"]
    assert store.append(second, {"op": "e"}) == 2
    store.close()


def test_a_new_table_and_its_tokens_are_written_together_or_not_at_all(
    database_url: str,
) -> None:
    store = Store(database_url)
    host = NewToken(new_token(), TokenRecord("t" * 16, "host"))
    table_id, _ = store.new_table(CONFIG, "t" * 16, tokens=[host])
    assert store.find_token(host.token) == TokenRecord(table_id, "host")
    clash = NewToken(host.token, TokenRecord("u" * 16, "host"))  # a token already written
    with pytest.raises(IntegrityError):
        store.new_table(CONFIG, "u" * 16, tokens=[NewToken(new_token(), clash.record), clash])
    assert store.table_ids() == [table_id]  # no table without its links
    assert store.find_token(host.token) == TokenRecord(table_id, "host")
    store.close()


def test_a_seat_token_is_committed_with_the_journal_entries_or_not_at_all(
    database_url: str,
) -> None:
    store = Store(database_url)
    table_id, _ = store.new_table(CONFIG)
    written: list[tuple[str, JournalWrite]] = []
    store.deferred = lambda table, entry: written.append((table, entry))
    token = store.add_seat_token(table_id, 2, player=1, browser="b" * 32)
    assert written == [(table_id, NewToken(token, TokenRecord(table_id, "seat", 2, 1, "b" * 32)))]
    assert store.find_token(token) is None  # handed to the batch: not written yet
    store.deferred = None
    store.append_many([(table_id, {"op": "sit"}), *written])
    assert store.find_token(token) == TokenRecord(table_id, "seat", 2, 1, "b" * 32)
    again = NewToken(token, TokenRecord(table_id, "seat", 3, 2))
    with pytest.raises(IntegrityError):  # the token clashes: the entry is not kept either
        store.append_many([(table_id, {"op": "sit again"}), (table_id, again)])
    assert [entry["op"] for entry in store.journal(table_id)] == ["create", "sit"]
    assert store.append(table_id, {"op": "next"}) == 2
    assert store.add_seat_token(table_id, 4, player=3, browser=None) != token  # written at once
    assert [record.seat for record in store.seat_tokens(table_id)] == [2, 4]
    store.close()


def test_a_new_link_replaces_a_persons_links_in_one_transaction(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(database_url)
    table_id, _ = store.new_table(CONFIG)
    first = store.add_token(table_id, "seat", 2, player=4)
    second = store.add_token(table_id, "seat", 2, player=4, browser="b" * 32)
    other = store.add_token(table_id, "seat", 1, player=3, browser="c" * 32)
    token, revoked = store.renew_seat_token(table_id, 2, 4)
    assert sorted(revoked) == sorted([first, second])
    assert store.find_token(token) == TokenRecord(table_id, "seat", 2, 4, "b" * 32)
    assert (store.find_token(first), store.find_token(second)) == (None, None)
    assert store.find_token(other) == TokenRecord(table_id, "seat", 1, 3, "c" * 32)
    monkeypatch.setattr("hilo.web.store.new_token", lambda: other)  # a clash: nothing changes
    with pytest.raises(IntegrityError):
        store.renew_seat_token(table_id, 2, 4)
    store.close()
    fresh = Store(database_url)  # keeps nothing: asks the database
    assert fresh.find_token(token) == TokenRecord(table_id, "seat", 2, 4, "b" * 32)
    assert [record.player for record in fresh.seat_tokens(table_id)] == [3, 4]
    fresh.close()


def test_seat_tokens_that_name_nobody_are_claimed_for_their_player(database_url: str) -> None:
    store = Store(database_url)
    table_id, _ = store.new_table(CONFIG)
    other_id, _ = store.new_table(CONFIG)
    old = [store.add_token(table_id, "seat", seat) for seat in (0, 0, 2)]
    elsewhere = store.add_token(other_id, "seat", 0)
    named = store.add_token(table_id, "seat", 0, player=9)
    host = store.add_token(table_id, "host")
    assert store.claim_seat_tokens(table_id, {0: 5, 2: 7, 3: 8}) == 3
    assert [store.find_token(token) for token in old] == [
        TokenRecord(table_id, "seat", 0, 5),
        TokenRecord(table_id, "seat", 0, 5),
        TokenRecord(table_id, "seat", 2, 7),
    ]
    assert store.find_token(elsewhere) == TokenRecord(other_id, "seat", 0)
    assert store.find_token(named) == TokenRecord(table_id, "seat", 0, 9)
    assert store.find_token(host) == TokenRecord(table_id, "host")
    assert store.claim_seat_tokens(table_id, {0: 6}) == 0  # claimed once, for good
    store.close()


def test_tokens_name_their_table_role_and_seat(database_url: str) -> None:
    store = Store(database_url)
    first, _ = store.new_table(CONFIG)
    second, _ = store.new_table(CONFIG)
    host = store.add_token(first, "host")
    seat = store.add_token(second, "seat", 3)
    assert store.find_token(host) == TokenRecord(first, "host", None)
    assert store.find_token(seat) == TokenRecord(second, "seat", 3)
    assert store.find_token("not-a-token") is None
    held = store.add_token(second, "seat", 1, player=4, browser="b" * 32)
    assert store.find_token(held) == TokenRecord(second, "seat", 1, 4, "b" * 32)
    assert store.revoke_token(held)
    assert store.find_token(held) is None
    assert not store.revoke_token(held)
    assert host != seat
    assert len(host) >= 32
    assert sorted(store.table_ids()) == sorted([first, second])
    store.close()


def test_seat_tokens_by_seat_and_by_browser(database_url: str) -> None:
    store = Store(database_url)
    table, _ = store.new_table(CONFIG)
    other, _ = store.new_table(CONFIG)
    store.add_token(table, "invite")
    store.add_token(table, "seat", 2, player=1, browser="a" * 32)
    store.add_token(table, "seat", 0, browser="b" * 32)
    store.add_token(table, "seat", 2, player=1, browser="a" * 32)
    store.add_token(other, "seat", 4, browser="a" * 32)
    assert [record.seat for record in store.seat_tokens(table)] == [0, 2, 2]
    assert store.seat_tokens(table, seat=2) == [TokenRecord(table, "seat", 2, 1, "a" * 32)] * 2
    assert store.seat_tokens(table, browser="a" * 32) == store.seat_tokens(table, seat=2)
    assert store.seat_tokens(table, seat=0, browser="a" * 32) == []
    assert store.seat_tokens(other, browser="a" * 32) == [
        TokenRecord(other, "seat", 4, None, "a" * 32)
    ]
    store.close()


def test_last_written_is_utc_and_moves_forward(database_url: str) -> None:
    store = Store(database_url)
    table_id, table = store.new_table(CONFIG)
    first = store.last_written(table_id)
    table.sit(0, "Ann", 100)
    later = store.last_written(table_id)
    assert first is not None
    assert later is not None
    assert first.tzinfo is UTC
    assert later.tzinfo is UTC
    assert first <= later
    assert abs(datetime.now(UTC) - later) < timedelta(hours=1)  # UTC, not local time
    assert store.last_written("no-such-table") is None
    store.close()


def test_bare_postgresql_urls_are_opened_with_psycopg_3(database_url: str) -> None:
    store = Store(database_url)
    expected = "psycopg" if database_url.startswith("postgresql://") else "pysqlite"
    assert store.engine.dialect.driver == expected
    store.close()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("hilo.db", "'hilo.db' is not a database URL"),
        ("nosuch://somewhere/hilo", "names a kind of database hilo cannot use"),
        ("mysql+nosuchdriver://ann:secret@db/hilo", "names a kind of database"),
        ("sqlite:///{missing}/hilo.db", "cannot open the database sqlite:///"),
    ],
)
def test_a_bad_url_is_refused_in_one_sentence(tmp_path: Path, url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as refused:
        Store(url.format(missing=tmp_path / "no" / "such" / "folder"))
    assert "\n" not in str(refused.value)
    assert "secret" not in str(refused.value)


def test_an_unreachable_postgresql_is_refused_without_its_password() -> None:
    url = f"postgresql://ann:secret@127.0.0.1:{free_port()}/hilo"
    with pytest.raises(ConfigError, match="cannot open the database postgresql://ann:") as refused:
        Store(url)
    message = str(refused.value)
    assert "127.0.0.1" in message
    assert "secret" not in message
    assert "\n" not in message


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.db"
    notes.write_text("Ann owes Bob 20 chips\n" * 200)
    with pytest.raises(ConfigError, match=r"notes\.db: file is not a database"):
        Store(f"sqlite:///{notes}")
    assert notes.read_text().startswith("Ann owes Bob")
