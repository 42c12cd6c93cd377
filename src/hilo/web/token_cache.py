"""What tokens open, kept in memory so a request costs no database round trip.

The store (`hilo.web.store.Store`) looks a token up in the database once and keeps the answer
here; as it revokes or claims tokens it forgets what it kept of them, and it forgets a table's
tokens whenever another process may have changed them (as it takes a table over or lets it go).
A token found missing is never kept: another process may write it next.

>>> from hilo.web.store import TokenRecord
>>> cache = TokenCache()
>>> cache.keep("t1", TokenRecord("a1b2", "seat", 2, player=5))
>>> cache.get("t1")
TokenRecord(table_id='a1b2', role='seat', seat=2, player=5, browser=None)
>>> cache.forget("a1b2", lambda record: record.seat == 2)
>>> cache.get("t1") is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hilo.web.store import TokenRecord

__all__ = ["TokenCache"]


class TokenCache:
    """The records of the tokens kept, and which tokens each table has among them."""

    __slots__ = ("_records", "_tables")

    def __init__(self) -> None:
        self._records: dict[str, TokenRecord] = {}
        self._tables: dict[str, set[str]] = {}

    def get(self, token: str) -> TokenRecord | None:
        """What ``token`` opens, if it is kept."""
        return self._records.get(token)

    def keep(self, token: str, record: TokenRecord) -> None:
        """Keep what ``token`` opens."""
        self._records[token] = record
        self._tables.setdefault(record.table_id, set()).add(token)

    def forget(
        self, table_id: str, gone: Callable[[TokenRecord], bool] = lambda record: True
    ) -> None:
        """Forget the kept tokens of a table that ``gone`` picks (every one by default)."""
        tokens = self._tables.get(table_id, set())
        for token in [token for token in tokens if gone(self._records[token])]:
            tokens.discard(token)
            del self._records[token]

    def forget_token(self, token: str) -> None:
        """Forget one token."""
        record = self._records.pop(token, None)
        if record is not None:
            self._tables[record.table_id].discard(token)
