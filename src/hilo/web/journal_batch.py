"""Journal entries committed together, in a thread of their own, while the loop plays on.

Every change a table makes is handed to its journal at once, but the entries written
during one turn of the server's event loop, at every table, are committed in a single
transaction as soon as that turn is over: a busy server commits once for dozens of
changes instead of once for each. The commit runs in a worker thread of its own, so the
event loop goes on serving every table while the database works; entries written
meanwhile wait for the next commit, which starts as soon as this one is done (one commit
at a time, so each table's entries reach its journal in the order they were written).
Nobody is told of a change before its entry is committed: whatever shows a table waits
for `JournalBatch.committed` first.

If a commit fails, none of its entries is kept, nor any entry written since at the same
tables (each builds on the changes lost); the tables are handed to ``lost`` (the server
puts each back as its journal last committed it), and everybody waiting is told, in a
sentence, that their change was not made.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Sequence
from queue import SimpleQueue
from typing import Generic, TypeVar

from hilo.errors import HiloError

__all__ = ["JournalBatch", "NotSavedError"]

Entry = TypeVar("Entry")
"""What the journal is handed: to the batch, something ``commit`` writes, unlooked at."""

_log = logging.getLogger(__name__)


class NotSavedError(HiloError):
    """A change the server could not write to its database, so it was not made."""


NOT_SAVED = "the server could not save that change to its database, so it was not made: try again"


class _Batch(Generic[Entry]):
    """Entries committed together, and for each of their tables what its waiters wait on."""

    __slots__ = ("entries", "waits")

    def __init__(self) -> None:
        self.entries: list[tuple[str, Entry]] = []
        self.waits: dict[str, asyncio.Future[None]] = {}


_Job = tuple[_Batch[Entry], asyncio.AbstractEventLoop]
"""A batch handed to the journal's thread, and the event loop to tell how it went."""


class JournalBatch(Generic[Entry]):
    """The journal entries written since the last commit, and those being committed.

    ``commit`` writes ``(table id, entry)`` pairs, in order, in one transaction (or raises: a
    `NotSavedError` of its own is what the waiting are told);
    ``lost`` is given the tables whose entries a failed commit threw away. With ``threaded``
    (the default) ``commit`` runs in a worker thread; without, on the event loop (a database
    that is one connection shared by every thread, as in-memory SQLite is).
    """

    def __init__(
        self,
        commit: Callable[[Sequence[tuple[str, Entry]]], None],
        lost: Callable[[set[str]], None],
        *,
        threaded: bool = True,
    ) -> None:
        self._commit = commit
        self._lost = lost
        self._pending: _Batch[Entry] = _Batch()
        self._committing: _Batch[Entry] | None = None
        self._scheduled = False
        self._threaded = threaded
        self._jobs: SimpleQueue[_Job[Entry] | None] = SimpleQueue()
        self._thread: threading.Thread | None = None

    def write(self, table_id: str, entry: Entry) -> None:
        """Add an entry to the next commit (started once this turn of the event loop is over,
        or once the commit under way is done; at once, in the caller's thread, when no event
        loop runs there)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._commit([(table_id, entry)])
            return
        batch = self._pending
        batch.entries.append((table_id, entry))
        if table_id not in batch.waits:
            batch.waits[table_id] = loop.create_future()
        if not self._scheduled and self._committing is None:
            self._scheduled = True
            loop.call_soon(self._flush)

    def is_pending(self, table_id: str) -> bool:
        """Whether a table has entries that are not committed yet."""
        committing = self._committing
        return table_id in self._pending.waits or (
            committing is not None and table_id in committing.waits
        )

    async def committed(self, table_id: str) -> None:
        """Wait until a table has no entry left that is not committed; `NotSavedError` if a
        commit failed (the table is then as its journal last committed it)."""
        while True:
            waiting = self._pending.waits.get(table_id)
            if waiting is None and self._committing is not None:
                waiting = self._committing.waits.get(table_id)
            if waiting is None:
                return
            await asyncio.shield(waiting)

    async def flushed(self) -> None:
        """Wait until every entry written so far, at every table, is committed or lost."""
        while True:
            waits = [*self._pending.waits.values()]
            if self._committing is not None:
                waits += self._committing.waits.values()
            if not waits:
                return
            await asyncio.wait(waits)

    def close(self) -> None:
        """Stop the journal's thread (after `flushed`: an entry written later is never
        committed)."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None

    def _flush(self) -> None:
        """Start committing every pending entry in one transaction, unless a commit is under
        way (the next starts when it is done)."""
        self._scheduled = False
        if self._committing is not None or not self._pending.entries:
            return
        batch: _Batch[Entry] = self._pending
        self._pending = _Batch()
        self._committing = batch
        if not self._threaded:
            try:
                self._commit(batch.entries)
            except Exception as error:
                self._done(batch, error)
            else:
                self._done(batch, None)
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="hilo-journal", daemon=True)
            self._thread.start()
        self._jobs.put((batch, asyncio.get_running_loop()))

    def _work(self) -> None:
        """The journal's thread: commit each batch handed to it, and tell the event loop how
        it went (`_done`, called there)."""
        while (job := self._jobs.get()) is not None:
            batch, loop = job
            error: Exception | None = None
            try:
                self._commit(batch.entries)
            except Exception as failed:
                error = failed
            try:
                loop.call_soon_threadsafe(self._done, batch, error)
            except RuntimeError:  # the event loop is closed: nobody waits any more
                return

    def _done(self, batch: _Batch[Entry], error: BaseException | None) -> None:
        """Wake whoever waits for ``batch``; after a failure, throw away the entries written
        since at its tables and hand the tables to ``lost``. Then commit what waits."""
        self._committing = None
        if error is None:
            for waiting in batch.waits.values():
                waiting.set_result(None)
        else:
            self._failed(batch, error)
        if self._pending.entries:
            self._flush()

    def _failed(self, batch: _Batch[Entry], error: BaseException) -> None:
        """A commit failed: its tables lose it and every change written since."""
        _log.error(
            "%d journal entries could not be committed",
            len(batch.entries),
            exc_info=(type(error), error, error.__traceback__),
        )
        tables = set(batch.waits)
        later = self._pending
        waits = list(batch.waits.values())
        if tables & later.waits.keys():
            later.entries = [
                (table, entry) for table, entry in later.entries if table not in tables
            ]
            waits += [later.waits.pop(table) for table in tables & later.waits.keys()]
        self._lost(tables)
        told = error if isinstance(error, NotSavedError) else NotSavedError(NOT_SAVED)
        for waiting in waits:
            waiting.set_exception(told)
            waiting.exception()  # told to whoever waits; nobody need be waiting
