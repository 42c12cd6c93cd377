"""Journal writes fenced by an owner epoch, when several processes share one database.

A table's lock (`hilo.web.lease`) says which process plays it, but a process can lose its lock
without knowing yet (its lock connection was cut while it runs on: a network partition), and
another process may take the table over meanwhile. So each table has an owner epoch in the
database (``tables.owner_epoch``, store revision 0005): a process raises it right after
winning the table's lock and before reading its journal (`raise_epoch`), and every journal
write it makes reads the epoch again, ``FOR SHARE``, in the transaction of the write
(`check_epochs`). A write by the process that held the table before reads the new number and
is refused whole (`FencedError`); a write of that process already under way when the table is
taken over ends first (raising the epoch waits for its row lock), and the new owner's journal,
read afterwards, includes it.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Integer, String, column, select, table, update
from sqlalchemy.engine import Connection

from hilo.web.journal_batch import NotSavedError

__all__ = ["MOVED_AWAY", "FencedError", "check_epochs", "raise_epoch"]

MOVED_AWAY = (
    "this table is now played by another server process, so your last change was not made:"
    " the page reconnects to it"
)
"""What a player whose change a fenced journal write refused is told."""

_tables = table("tables", column("id", String), column("owner_epoch", Integer))


class FencedError(NotSavedError):
    """Journal entries refused because another process has taken their tables over: nothing
    of the write was kept."""

    def __init__(self, tables: set[str]) -> None:
        super().__init__(MOVED_AWAY)
        self.tables = frozenset(tables)
        """The tables whose owner epoch was not this process's."""


def raise_epoch(connection: Connection, table_id: str) -> int | None:
    """Raise a table's owner epoch; the new one (None if there is no such table)."""
    epoch = connection.execute(
        update(_tables)
        .where(_tables.c.id == table_id)
        .values(owner_epoch=_tables.c.owner_epoch + 1)
        .returning(_tables.c.owner_epoch)
    ).scalar()
    return None if epoch is None else int(epoch)


def check_epochs(connection: Connection, owned: Mapping[str, int], tables: set[str]) -> None:
    """Refuse (`FencedError`) a write to any of ``tables`` whose epoch is not the one in
    ``owned``; their rows stay locked against a takeover until the write commits."""
    epochs = dict(
        connection.execute(
            select(_tables.c.id, _tables.c.owner_epoch)
            .where(_tables.c.id.in_(tables))
            .with_for_update(read=True)
        ).all()
    )
    fenced = {table_id for table_id in tables if epochs.get(table_id) != owned.get(table_id)}
    if fenced:
        raise FencedError(fenced)
