"""The store: every table's journal in a database (SQLite by default, PostgreSQL too).

Each journal entry is committed before `Store.append` returns, so a server that writes an
entry before it broadcasts can be killed at any moment and lose nothing: `open_tables`
rebuilds every table, and the hand in play, from the journals. A running server hands its
entries to `Store.deferred` instead, and commits each turn's entries together with
`Store.append_many` before it shows any of them (`hilo.web.journal_batch`). Opening a store
creates or upgrades its database to the layout this hilo writes (`hilo.web.migrations`).
What a token opens is looked up once, then kept in memory (`hilo.web.token_cache`). The
database is opened by `hilo.web.database`, whose names are importable from here too.

>>> store = Store("sqlite://")
>>> from hilo.rules import HouseRules, Stakes
>>> config = TableConfig(games=("holdem",), rules=HouseRules.preset("cards-speak"),
...                      stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4))
>>> table_id, table = store.new_table(config)
>>> table.sit(0, "Ann", 100)
>>> [entry["op"] for entry in store.journal(table_id)]
['create', 'sit']
>>> store.open_tables()[table_id].table.players[0].name
'Ann'
>>> store.last_written(table_id).tzinfo
datetime.timezone.utc
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Text,
    cast,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool
from sqlalchemy.sql.elements import ColumnElement

from hilo.engine.journal import JournaledTable, JournalError, restore
from hilo.engine.table import TableConfig
from hilo.errors import ConfigError
from hilo.web import migrations
from hilo.web.database import driver_url, error_line, open_engine, shown_url
from hilo.web.fencing import check_epochs, raise_epoch
from hilo.web.schema import home_games, home_nights, metadata
from hilo.web.schema import journal as _journal
from hilo.web.schema import tables as _tables
from hilo.web.schema import tokens as _tokens
from hilo.web.token_cache import TOKENS_KEPT, NewToken, TokenCache, TokenRecord, new_token

__all__ = [
    "JournalWrite",
    "NewToken",
    "Store",
    "TokenRecord",
    "driver_url",
    "home_games",
    "home_nights",
    "metadata",
    "new_table_id",
    "open_engine",
    "shown_url",
]


_log = logging.getLogger(__name__)

JournalWrite = dict[str, Any] | NewToken
"""What a table hands `Store.deferred`: a journal entry, or a seat token to commit with the
table's entries (`Store.add_seat_token`)."""


def new_table_id() -> str:
    """A new table's id: 16 random hexadecimal digits.

    >>> len(new_table_id()), new_table_id() != new_table_id()
    (16, True)
    """
    return secrets.token_hex(8)


def _insert_tokens(connection: Connection, tokens: Sequence[NewToken]) -> None:
    """Write new tokens in the transaction under way."""
    if tokens:
        connection.execute(
            insert(_tokens),
            [
                {
                    "token": new.token,
                    "table_id": new.record.table_id,
                    "role": new.record.role,
                    "seat": new.record.seat,
                    "player": new.record.player,
                    "browser": new.record.browser,
                }
                for new in tokens
            ],
        )


def _person(table_id: str, player: int) -> tuple[ColumnElement[bool], ...]:
    """The conditions that pick one person's seat tokens at a table."""
    return (_tokens.c.table_id == table_id, _tokens.c.role == "seat", _tokens.c.player == player)


class Store:
    """Journals of every table, kept in the database at ``url``.

    ``url`` is a SQLAlchemy database URL: ``sqlite:///hilo.db`` (the default),
    ``sqlite://`` (in memory) or ``postgresql://user:password@host/database``. Raises
    `ConfigError` with one sentence if the database cannot be opened or is not hilo's.
    What at most ``tokens_kept`` tokens open is kept in memory (`hilo.web.token_cache`).
    """

    def __init__(self, url: str = "sqlite:///hilo.db", *, tokens_kept: int = TOKENS_KEPT) -> None:
        self.engine: Engine = open_engine(url)
        self.damaged: dict[str, JournalError] = {}
        """Tables whose journal `open_tables` could not replay, with the entry that failed."""
        self.deferred: Callable[[str, JournalWrite], None] | None = None
        """Where tables hand their journal entries and seat tokens when set (the server's
        batches, committed with `append_many`), instead of committing each one as it comes."""
        self.fences: dict[str, int] | None = None
        """With several processes on the database (`fence_writes`): the owner epoch this
        process took each of its tables over at; None when it plays every table."""
        self._known = TokenCache(tokens_kept)
        """The tokens looked up or written so far, of tables this process plays."""
        self._last_seq: dict[str, int] = {}
        """The number of the last entry of each table's journal as this process read or
        committed it: the table's owner writes on from there without asking the database
        (`append_many`). Read afresh whenever the table is taken (`take_over`, `reopen`)."""
        try:
            with (
                self.engine.connect().execution_options(hilo_write_lock=True) as connection,
                connection.begin(),
            ):
                migrations.upgrade(connection, shown_url(url))
        except ConfigError:
            self.engine.dispose()
            raise
        except (DBAPIError, OSError) as error:
            self.engine.dispose()
            raise ConfigError(
                f"cannot open the database {shown_url(url)}: {error_line(error, self.engine.url)}"
            ) from None

    def new_table(
        self,
        config: TableConfig,
        table_id: str | None = None,
        *,
        tokens: Sequence[NewToken] = (),
    ) -> tuple[str, JournaledTable]:
        """Open a new table (with the id given, one of `new_table_id`'s, or a new one); its
        journal starts in the store at once, in one transaction with ``tokens`` (the host's
        and the links to hand out: a table is never written without them)."""
        table_id = new_table_id() if table_id is None else table_id
        created: list[dict[str, Any]] = []
        later = self._writer(table_id)

        def write(entry: dict[str, Any]) -> None:
            if created:
                later(entry)
            else:  # the create entry, committed below with the table
                created.append(entry)

        journaled = JournaledTable(config, write)
        with self.engine.begin() as connection:
            connection.execute(insert(_tables).values(id=table_id))
            connection.execute(insert(_journal).values(table_id=table_id, seq=0, entry=created[0]))
            _insert_tokens(connection, tokens)
        self._last_seq[table_id] = 0
        self._keep_new(tokens)
        return table_id, journaled

    def _writer(self, table_id: str) -> Callable[[dict[str, Any]], None]:
        """A function that appends to one table's journal (through `deferred` when set)."""

        def write(entry: dict[str, Any]) -> None:
            if self.deferred is not None:
                self.deferred(table_id, entry)
            else:
                self.append(table_id, entry)

        return write

    @property
    def threadable(self) -> bool:
        """Whether the journal may be committed in a thread of its own while the event loop's
        thread reads (every database but in-memory SQLite, one connection every thread shares)."""
        return not isinstance(self.engine.pool, StaticPool)

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """A transaction that reads before it writes: on SQLite it takes the write lock at once,
        since another thread's commit between its reading and its writing would refuse it."""
        with (
            self.engine.connect().execution_options(hilo_write_lock=True) as connection,
            connection.begin(),
        ):
            yield connection

    def fence_writes(self) -> None:
        """Check every journal write from now on against the owner epoch of its table, as
        several processes sharing the database must (`take_over`)."""
        self.fences = {}

    def take_over(self, table_id: str) -> None:
        """Raise a table's owner epoch (`hilo.web.fencing`) and write its journal at the new
        one from now on: called right after winning the table's lock, before reading its
        journal. Whoever wrote it before is fenced off."""
        with self.engine.begin() as connection:
            epoch = raise_epoch(connection, table_id)
        self._known.forget(table_id)  # its tokens may have changed in other hands
        self._last_seq.pop(table_id, None)  # and its journal grown
        if self.fences is not None and epoch is not None:
            self.fences[table_id] = epoch

    def let_go(self, table_id: str) -> None:
        """Write no more to a table's journal (another process plays it now)."""
        if self.fences is not None:
            self.fences.pop(table_id, None)
            self._known.forget(table_id)
            self._last_seq.pop(table_id, None)

    def append_many(self, entries: Sequence[tuple[str, JournalWrite]]) -> dict[str, int]:
        """Add ``(table id, entry)`` pairs to their tables' journals, in order, and commit them
        all in one transaction (or none of them: `hilo.web.fencing.FencedError` if another
        process has taken one of the tables over); the number of each table's last entry now.
        A `NewToken` among them is written in the same transaction, so a seat and its link are
        kept together or not at all.

        Each entry's number follows the last this process read or committed for its table;
        the database is asked only for a table not yet read here. The owner epoch, checked in
        the same transaction, is what keeps a process that lost a table from writing to it.
        """
        if not entries:
            return {}
        tables = {table_id for table_id, _ in entries}
        with self.writing() as connection:
            if self.fences is not None:
                check_epochs(connection, self.fences, tables)
            last: dict[str, int] = {}
            for table_id in tables:  # the event loop's thread may take or let go of others
                known = self._last_seq.get(table_id)
                if known is not None:
                    last[table_id] = known
            unread = tables - last.keys()
            if unread:
                last.update(
                    (table_id, int(seq))
                    for table_id, seq in connection.execute(
                        select(_journal.c.table_id, func.max(_journal.c.seq))
                        .where(_journal.c.table_id.in_(unread))
                        .group_by(_journal.c.table_id)
                    )
                )
            rows, tokens = [], []
            for table_id, entry in entries:
                if isinstance(entry, NewToken):
                    tokens.append(entry)
                    continue
                seq = last[table_id] = last.get(table_id, -1) + 1
                rows.append({"table_id": table_id, "seq": seq, "entry": entry})
            if rows:
                connection.execute(insert(_journal), rows)
            _insert_tokens(connection, tokens)
        self._last_seq.update(last)  # committed: the numbers are the journals' now
        self._keep_new(tokens)
        return last

    def reopen(self, table_id: str) -> JournaledTable:
        """One table rebuilt from its journal as committed, writing on into the store."""
        return restore(self._read(table_id), self._writer(table_id))

    def append(self, table_id: str, entry: dict[str, Any]) -> int:
        """Add one entry to a table's journal and commit it; returns its number."""
        return self.append_many([(table_id, entry)])[table_id]

    def journal(self, table_id: str) -> list[dict[str, Any]]:
        """A table's journal, oldest entry first."""
        return self._numbered(table_id)[1]

    def _numbered(self, table_id: str) -> tuple[int | None, list[dict[str, Any]]]:
        """The number of a table's last journal entry (None if it has none), and its journal."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(_journal.c.seq, _journal.c.entry)
                .where(_journal.c.table_id == table_id)
                .order_by(_journal.c.seq)
            ).all()
        entries = [dict(row.entry) if isinstance(row.entry, dict) else row.entry for row in rows]
        return (int(rows[-1].seq) if rows else None), entries

    def _read(self, table_id: str) -> list[dict[str, Any]]:
        """A table's journal, oldest entry first, read to take the table: its last entry's
        number is noted, and the entries this process writes next follow it."""
        last, entries = self._numbered(table_id)
        if last is None:
            self._last_seq.pop(table_id, None)
        else:
            self._last_seq[table_id] = last
        return entries

    def last_written(self, table_id: str) -> datetime | None:
        """When a table's journal last grew (in UTC), or None if it has no entries."""
        with self.engine.connect() as connection:
            written: datetime | None = connection.execute(
                select(func.max(_journal.c.written_at)).where(_journal.c.table_id == table_id)
            ).scalar()
        if written is None:
            return None
        if written.tzinfo is None:  # SQLite keeps no zone; its CURRENT_TIMESTAMP is UTC
            return written.replace(tzinfo=UTC)
        return written.astimezone(UTC)

    def table_ids(self) -> list[str]:
        """Every table in the store."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(_tables.c.id).order_by(_tables.c.created_at, _tables.c.id)
            )
            return [row.id for row in rows]

    def open_tables(self) -> dict[str, JournaledTable]:
        """Rebuild every table from its journal, writing on into the store.

        A table whose journal cannot be read or replayed (an entry that is not JSON, or
        one the table refuses) is left out, logged, and kept in `damaged` with the entry
        that failed; every other table is opened as usual. Nothing stored is changed.
        """
        tables = {}
        self.damaged = {}
        for table_id in self.table_ids():
            try:
                entries = self._read(table_id)
                if not entries:
                    continue
                tables[table_id] = restore(entries, self._writer(table_id))
            except JournalError as error:
                self.damaged[table_id] = error
            except ValueError:  # an entry's stored JSON is damaged: which one, and how
                self.damaged[table_id] = self._unreadable(table_id)
            if table_id in self.damaged:
                _log.error("table %s cannot be opened: %s", table_id, self.damaged[table_id])
        return tables

    def _unreadable(self, table_id: str) -> JournalError:
        """The first entry of a table's journal whose stored text is not JSON, as an error."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(cast(_journal.c.entry, Text))
                .where(_journal.c.table_id == table_id)
                .order_by(_journal.c.seq)
            )
            for position, (stored,) in enumerate(rows):
                try:
                    json.loads(stored)
                except (TypeError, ValueError) as error:
                    where = (
                        f" at character {error.pos}"
                        if isinstance(error, json.JSONDecodeError)
                        else ""
                    )
                    return JournalError(position, "not JSON", f"the stored text is not JSON{where}")
        return JournalError(0, "not JSON", "the stored journal cannot be read")  # pragma: no cover

    def open_table(self, table_id: str) -> JournaledTable | None:
        """Rebuild one table from its journal, writing on into the store; None if it has no
        entries or cannot be read or replayed (then it is kept in `damaged` and logged, as by
        `open_tables`)."""
        try:
            entries = self._read(table_id)
            if not entries:
                return None
            return restore(entries, self._writer(table_id))
        except JournalError as error:
            self.damaged[table_id] = error
        except ValueError:  # an entry's stored JSON is damaged: which one, and how
            self.damaged[table_id] = self._unreadable(table_id)
        _log.error("table %s cannot be opened: %s", table_id, self.damaged[table_id])
        return None

    def add_token(
        self,
        table_id: str,
        role: str,
        seat: int | None = None,
        *,
        player: int | None = None,
        browser: str | None = None,
    ) -> str:
        """A new unguessable token giving ``role`` (host, invite, spectator, seat) at a table,
        committed at once."""
        new = NewToken(new_token(), TokenRecord(table_id, role, seat, player, browser))
        with self.engine.begin() as connection:
            _insert_tokens(connection, [new])
        self._keep_new([new])
        return new.token

    def add_seat_token(
        self, table_id: str, seat: int, *, player: int | None, browser: str | None
    ) -> str:
        """A new seat token for the person sitting down in ``seat``: handed to `deferred`
        when set, to be committed with the table's entries of the same turn (the sit among
        them), else committed at once."""
        if self.deferred is None:
            return self.add_token(table_id, "seat", seat, player=player, browser=browser)
        new = NewToken(new_token(), TokenRecord(table_id, "seat", seat, player, browser))
        self.deferred(table_id, new)
        return new.token

    def _keep_new(self, tokens: Sequence[NewToken]) -> None:
        """Remember what tokens just committed open."""
        for new in tokens:
            self._keep(new.token, new.record)

    def _keep(self, token: str, record: TokenRecord, since: int | None = None) -> None:
        """Remember what ``token`` opens, if it is a token of a table this process plays (and
        with ``since``, if no token was forgotten since: see `TokenCache.forgets`)."""
        if self.fences is None or record.table_id in self.fences:
            self._known.keep(token, record, since=since)

    def tokens_of(self, table_id: str, role: str) -> list[str]:
        """Every token of one role at a table (the host's page shows the links to hand out)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(_tokens.c.token).where(
                    _tokens.c.table_id == table_id, _tokens.c.role == role
                )
            )
            return [row.token for row in rows]

    def revoke_seat(self, table_id: str, seat: int) -> int:
        """Forget every token of one seat (a new player sits there); how many there were."""
        with self.engine.begin() as connection:
            result = connection.execute(
                delete(_tokens).where(
                    _tokens.c.table_id == table_id,
                    _tokens.c.role == "seat",
                    _tokens.c.seat == seat,
                )
            )
        self._known.forget(table_id, lambda record: record.role == "seat" and record.seat == seat)
        return int(result.rowcount)

    def revoke_player(self, table_id: str, player: int) -> int:
        """Forget every seat token of one person at a table; how many there were."""
        with self.engine.begin() as connection:
            result = connection.execute(delete(_tokens).where(*_person(table_id, player)))
        self._known.forget(table_id, lambda kept: kept.role == "seat" and kept.player == player)
        return int(result.rowcount)

    def renew_seat_token(self, table_id: str, seat: int, player: int) -> tuple[str, list[str]]:
        """A new seat token for the person sitting in ``seat``, recording the browser their
        earlier ones did, and every earlier seat token of theirs revoked, in one transaction:
        the new token, and those revoked."""
        with self.engine.begin() as connection:
            if self.fences is not None:  # refused if another process has taken the table
                check_epochs(connection, self.fences, {table_id})
            rows = connection.execute(
                select(_tokens.c.token, _tokens.c.browser)
                .where(*_person(table_id, player))
                .order_by(_tokens.c.browser.is_(None))
            ).all()
            connection.execute(delete(_tokens).where(*_person(table_id, player)))
            browser = rows[0].browser if rows else None
            new = NewToken(new_token(), TokenRecord(table_id, "seat", seat, player, browser))
            _insert_tokens(connection, [new])
        self._known.forget(table_id, lambda kept: kept.role == "seat" and kept.player == player)
        self._keep_new([new])
        return new.token, [row.token for row in rows]

    def claim_seat_tokens(self, table_id: str, holders: Mapping[int, int]) -> int:
        """Give each seat's tokens that name nobody to its player; how many there were.

        ``holders`` maps a seat to the number of the last person who sat there. Seat tokens
        written before revision 0003 name nobody: they belonged to that person, since hilo
        then revoked a seat's tokens whenever somebody new sat down in it.
        """
        claimed = 0
        self._known.forget(table_id)
        with self.engine.begin() as connection:
            for seat, player in holders.items():
                result = connection.execute(
                    update(_tokens)
                    .where(
                        _tokens.c.table_id == table_id,
                        _tokens.c.role == "seat",
                        _tokens.c.seat == seat,
                        _tokens.c.player.is_(None),
                    )
                    .values(player=player)
                )
                claimed += int(result.rowcount)
        return claimed

    def kept_token(self, token: str) -> TokenRecord | None:
        """What a token opens if it is kept in memory (None says nothing: ask `find_token`)."""
        return self._known.get(token)

    def find_token(self, token: str) -> TokenRecord | None:
        """What a token opens, or None if it is unknown (or was revoked); looked up in the
        database only the first time (`hilo.web.token_cache`)."""
        kept = self._known.get(token)
        if kept is not None:
            return kept
        seen = self._known.forgets  # a token revoked while it is read is not kept
        with self.engine.connect() as connection:
            row = connection.execute(
                select(
                    _tokens.c.table_id,
                    _tokens.c.role,
                    _tokens.c.seat,
                    _tokens.c.player,
                    _tokens.c.browser,
                ).where(_tokens.c.token == token)
            ).first()
        if row is None:
            return None
        record = TokenRecord(row.table_id, row.role, row.seat, row.player, row.browser)
        self._keep(token, record, since=seen)
        return record

    def seat_tokens(
        self, table_id: str, *, seat: int | None = None, browser: str | None = None
    ) -> list[TokenRecord]:
        """The seat tokens of a table, only those of ``seat`` or ``browser`` when given."""
        query = select(
            _tokens.c.table_id, _tokens.c.role, _tokens.c.seat, _tokens.c.player, _tokens.c.browser
        ).where(_tokens.c.table_id == table_id, _tokens.c.role == "seat")
        if seat is not None:
            query = query.where(_tokens.c.seat == seat)
        if browser is not None:
            query = query.where(_tokens.c.browser == browser)
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(_tokens.c.seat))
            return [
                TokenRecord(row.table_id, row.role, row.seat, row.player, row.browser)
                for row in rows
            ]

    def revoke_token(self, token: str) -> bool:
        """Forget one token; whether it was there."""
        with self.engine.begin() as connection:
            result = connection.execute(delete(_tokens).where(_tokens.c.token == token))
        self._known.forget_token(token)
        return bool(result.rowcount)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()
