"""Journal entries committed together, once per turn of the event loop.

Every change a table makes is handed to its journal at once, but the entries written
during one turn of the server's event loop, at every table, are committed in a single
transaction as soon as that turn is over: a busy server commits once for dozens of
changes instead of once for each. Nobody is told of a change before its entry is
committed: whatever shows a table waits for `JournalBatch.committed` first.

If the commit fails, none of its entries is kept; the tables they belong to are handed to
``lost`` (the server puts each back as its journal last committed it), and everybody
waiting is told, in a sentence, that their change was not made.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from hilo.errors import HiloError

__all__ = ["JournalBatch", "NotSavedError"]

Entry = dict[str, Any]

_log = logging.getLogger(__name__)


class NotSavedError(HiloError):
    """A change the server could not write to its database, so it was not made."""


NOT_SAVED = "the server could not save that change to its database, so it was not made: try again"


class JournalBatch:
    """The journal entries written since the last commit, and those waiting for it.

    ``commit`` writes ``(table id, entry)`` pairs, in order, in one transaction (or raises: a
    `NotSavedError` of its own is what the waiting are told);
    ``lost`` is given the tables whose entries a failed commit threw away.
    """

    def __init__(
        self,
        commit: Callable[[Sequence[tuple[str, Entry]]], None],
        lost: Callable[[set[str]], None],
    ) -> None:
        self._commit = commit
        self._lost = lost
        self._pending: list[tuple[str, Entry]] = []
        self._tables: set[str] = set()
        self._done: asyncio.Future[None] | None = None

    def write(self, table_id: str, entry: Entry) -> None:
        """Add an entry to the next commit (made once this turn of the event loop is over;
        at once, in the caller's thread, when no event loop runs there)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._commit([(table_id, entry)])
            return
        self._pending.append((table_id, entry))
        self._tables.add(table_id)
        if self._done is None:
            self._done = loop.create_future()
            loop.call_soon(self._flush)

    def is_pending(self, table_id: str) -> bool:
        """Whether a table has entries that are not committed yet."""
        return table_id in self._tables

    async def committed(self, table_id: str) -> None:
        """Wait until every entry of a table written so far is committed; `NotSavedError` if
        the commit failed (the table is then as its journal last committed it)."""
        while table_id in self._tables and self._done is not None:
            await asyncio.shield(self._done)

    def _flush(self) -> None:
        """Commit every pending entry in one transaction, and wake whoever waits for it."""
        entries, done, tables = self._pending, self._done, self._tables
        self._pending, self._done, self._tables = [], None, set()
        assert done is not None
        try:
            self._commit(entries)
        except Exception as error:
            _log.exception("%d journal entries could not be committed", len(entries))
            self._lost(tables)
            done.set_exception(
                error if isinstance(error, NotSavedError) else NotSavedError(NOT_SAVED)
            )
            done.exception()  # told to whoever waits; nobody need be waiting
        else:
            done.set_result(None)
