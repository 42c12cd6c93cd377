"""What tokens open (`TokenRecord`), kept in memory so a request costs no database round trip.

The store (`hilo.web.store.Store`) looks a token up in the database once and keeps the answer
here; as it revokes or claims tokens it forgets what it kept of them, and it forgets a table's
tokens whenever another process may have changed them (as it takes a table over or lets it go).
A token found missing is never kept: another process may write it next.

The cache holds at most `TOKENS_KEPT` tokens (or the ``size`` it is given): keeping one more
forgets the token used least recently, which is then looked up in the database again when it
comes back. So neither a client sending endless distinct tokens nor a server running for
months grows it without limit. It may be used from several threads (a table is taken over in
a worker thread, off the event loop).

>>> cache = TokenCache()
>>> cache.keep("t1", TokenRecord("a1b2", "seat", 2, player=5))
>>> cache.get("t1")
TokenRecord(table_id='a1b2', role='seat', seat=2, player=5, browser=None)
>>> cache.forget("a1b2", lambda record: record.seat == 2)
>>> cache.get("t1") is None
True
>>> small = TokenCache(size=2)
>>> for token in ("t1", "t2", "t3"):
...     small.keep(token, TokenRecord("a1b2", "host"))
>>> [token for token in ("t1", "t2", "t3") if small.get(token)], len(small)
(['t2', 't3'], 2)
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["TOKENS_KEPT", "NewToken", "TokenCache", "TokenRecord", "new_token"]


@dataclass(frozen=True, slots=True)
class TokenRecord:
    """What a token opens: a table, a role there, and for a seat token who holds the seat.

    >>> TokenRecord("a1b2", "seat", 2, player=5)
    TokenRecord(table_id='a1b2', role='seat', seat=2, player=5, browser=None)
    """

    table_id: str
    role: str
    """host, invite, spectator or seat."""
    seat: int | None = None
    """The seat a seat token was given for."""
    player: int | None = None
    """The number the table gave the person holding the seat (None in tokens from before
    hilo recorded it)."""
    browser: str | None = None
    """The browser that took the seat, if known."""


@dataclass(frozen=True, slots=True)
class NewToken:
    """A token not written yet, and what it is to open (`hilo.web.store.Store` writes it in
    the same transaction as the table or the journal entries it goes with).

    >>> NewToken("t1", TokenRecord("a1b2", "host")).record.role
    'host'
    """

    token: str
    record: TokenRecord


def new_token() -> str:
    """A new unguessable token: 24 random bytes, 32 characters of URL-safe base 64.

    >>> len(new_token()), new_token() != new_token()
    (32, True)
    """
    return secrets.token_urlsafe(24)


TOKENS_KEPT = 20_000
"""How many tokens a cache holds by default: every token of a thousand busy tables (three
links each, and a seat token for each person who sat down), in a few megabytes."""


class TokenCache:
    """The records of the tokens kept, least recently used first, and which tokens each table
    has among them."""

    __slots__ = ("_forgets", "_lock", "_records", "_size", "_tables")

    def __init__(self, size: int = TOKENS_KEPT) -> None:
        if size < 1:
            raise ValueError(f"a token cache holds at least one token, not {size}")
        self._size = size
        self._records: OrderedDict[str, TokenRecord] = OrderedDict()
        self._tables: dict[str, set[str]] = {}
        self._lock = threading.Lock()
        self._forgets = 0
        """How many times tokens were forgotten (`forgets`)."""

    def __len__(self) -> int:
        """How many tokens are kept."""
        return len(self._records)

    def get(self, token: str) -> TokenRecord | None:
        """What ``token`` opens, if it is kept (it becomes the one used most recently)."""
        with self._lock:
            record = self._records.get(token)
            if record is not None:
                self._records.move_to_end(token)
            return record

    @property
    def forgets(self) -> int:
        """A count that grows whenever tokens are forgotten: read before looking a token up
        in the database, and handed to `keep`, it keeps a token revoked meanwhile out."""
        with self._lock:
            return self._forgets

    def keep(self, token: str, record: TokenRecord, *, since: int | None = None) -> None:
        """Keep what ``token`` opens, forgetting the token used least recently if full; with
        ``since`` (a `forgets` count), only if nothing was forgotten since then."""
        with self._lock:
            if since is not None and since != self._forgets:
                return
            self._drop(token)  # it may have opened something else before
            self._records[token] = record
            self._tables.setdefault(record.table_id, set()).add(token)
            if len(self._records) > self._size:
                self._drop(next(iter(self._records)))

    def forget(
        self, table_id: str, gone: Callable[[TokenRecord], bool] = lambda record: True
    ) -> None:
        """Forget the kept tokens of a table that ``gone`` picks (every one by default)."""
        with self._lock:
            self._forgets += 1
            for token in [
                token for token in self._tables.get(table_id, ()) if gone(self._records[token])
            ]:
                self._drop(token)

    def forget_token(self, token: str) -> None:
        """Forget one token."""
        with self._lock:
            self._forgets += 1
            self._drop(token)

    def _drop(self, token: str) -> None:
        """Forget one token (the lock held)."""
        record = self._records.pop(token, None)
        if record is None:
            return
        tokens = self._tables[record.table_id]
        tokens.discard(token)
        if not tokens:
            del self._tables[record.table_id]
