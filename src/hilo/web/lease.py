"""Which server process plays which table, when several share one PostgreSQL database.

Each table is owned by one process at a time through a PostgreSQL session advisory lock
(``pg_try_advisory_lock``) held on a connection the process keeps for nothing else. The
database grants a lock to one session only, so two processes racing for a table cannot
both win; when a process dies its connection closes and PostgreSQL releases every lock it
held at that moment, with no expiry to wait out. The connection's ``application_name``
carries the process's address, so any process can ask who holds a table and forward a
request there (`hilo.web.relay`).

A table's lock key is 31 bits of a hash of its id, in hilo's own lock namespace. Two tables
whose keys collide are simply owned by the same process (a session may take a lock it holds
again), so a collision moves no table away from its journal.

A process that loses its lock connection (the database restarted, the network failed) loses
its locks with it: its tables stop at once and are taken by whichever process claims them
next, from their journals, as after a restart. Until it notices, its journal writes are
fenced: claiming a table raises its owner epoch before its journal is read
(`hilo.web.fencing`), so a write by the process that held it before is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import secrets
import threading
from typing import TYPE_CHECKING

import psycopg
from sqlalchemy.engine import make_url

from hilo.errors import ConfigError, HiloError
from hilo.web.database import driver_url, shown_url

if TYPE_CHECKING:
    from hilo.engine.journal import JournaledTable
    from hilo.web.hub import Hub
    from hilo.web.runner import TableRunner

__all__ = [
    "NAMESPACE",
    "SWEEP_SECONDS",
    "Leases",
    "MovedError",
    "claim_table",
    "keep_tables",
    "lock_key",
    "look_around",
    "postgresql_address",
    "sweep",
    "take_table",
]

NAMESPACE = 0x68696C6F
"""The first key of every advisory lock hilo takes (the letters "hilo"); the table's key is
the second."""

SWEEP_SECONDS = 2.0
"""How often a process looks for tables nobody owns (a dead process's) and claims its share,
and checks that its lock connection is alive."""

_PREFIX = "hilo-serve "
_NAME_LIMIT = 63  # PostgreSQL keeps at most 63 bytes of an application_name


class MovedError(Exception):
    """The table is owned by another process: the request is served at ``addresses`` (tried in
    turn). Not a `HiloError`: nothing may turn it into an answer but the relay."""

    def __init__(self, addresses: tuple[str, ...]) -> None:
        super().__init__(f"the table is served at {', '.join(addresses) or 'no address yet'}")
        self.addresses = addresses


def lock_key(table_id: str) -> int:
    """The second key of a table's advisory lock: 31 bits of a hash of its id.

    >>> lock_key("0123456789abcdef") == lock_key("0123456789abcdef")
    True
    >>> 0 <= lock_key("0123456789abcdef") < 2**31
    True
    """
    digest = hashlib.sha256(table_id.encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def postgresql_address(url: str) -> str:
    """The libpq address of a PostgreSQL database URL, or a `ConfigError` for any other.

    >>> postgresql_address("postgres://ann@db.example/hilo")
    'postgresql://ann@db.example/hilo'
    """
    parsed = make_url(driver_url(url))
    if parsed.get_backend_name() != "postgresql":
        raise ConfigError(
            f"several server processes need a PostgreSQL database, not {shown_url(url)}"
            " (SQLite keeps one process: leave out --workers)"
        )
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


class Leases:
    """This process's claims on tables: advisory locks on a connection of its own.

    ``address`` is where other processes reach this one (``http://10.0.0.5:8001``); it is
    published as the connection's ``application_name``.
    """

    def __init__(self, url: str, address: str) -> None:
        self.address = address
        name = _PREFIX + address
        if len(name.encode()) > _NAME_LIMIT:
            raise ConfigError(
                f"the address {address!r} is too long to publish: at most"
                f" {_NAME_LIMIT - len(_PREFIX)} characters"
            )
        self._conninfo = postgresql_address(url)
        self._shown = shown_url(url)
        self._lock = threading.Lock()
        self._connection = self._connect()
        self.claimed: set[str] = set()
        """The tables this process holds the lock of."""

    def _connect(self) -> psycopg.Connection[tuple[object, ...]]:
        """A new lock connection; TCP keepalives let the database notice a vanished machine."""
        try:
            return psycopg.connect(
                self._conninfo,
                autocommit=True,
                application_name=_PREFIX + self.address,
                connect_timeout=10,
                keepalives=1,
                keepalives_idle=5,
                keepalives_interval=1,
                keepalives_count=3,
            )
        except psycopg.Error as error:
            message = " ".join(str(error).split())
            raise ConfigError(f"cannot open the database {self._shown}: {message}") from None

    def _query(self, sql: str, *arguments: object) -> list[tuple[object, ...]]:
        """Rows of one statement on the lock connection, or an `UnavailableError` saying why
        the database could not answer."""
        from hilo.web.hub import UnavailableError  # noqa: PLC0415 - the hub imports this module

        try:
            with self._lock:
                rows = self._connection.execute(sql.encode(), arguments).fetchall()
        except psycopg.errors.OutOfMemory:
            raise UnavailableError(
                "the database holds as many table locks as it can: its administrator must"
                " raise max_locks_per_transaction before more tables can play"
            ) from None
        except psycopg.Error as error:
            message = " ".join(str(error).split())[:200]
            raise UnavailableError(
                f"which server process plays this table cannot be asked now ({message});"
                " try again in a moment"
            ) from None
        return list(rows)

    def claim(self, table_id: str) -> bool:
        """Take the table's lock if nobody else holds it; whether this process owns it now."""
        if table_id in self.claimed:
            return True
        rows = self._query("SELECT pg_try_advisory_lock(%s, %s)", NAMESPACE, lock_key(table_id))
        if rows[0][0] is True:
            self.claimed.add(table_id)
            return True
        return False

    def release(self, table_id: str) -> None:
        """Give up the table's lock (another process may claim it at once)."""
        if table_id in self.claimed:
            self.claimed.discard(table_id)
            self.unlock(table_id)

    def unlock(self, table_id: str) -> None:
        """Give up a lock whose claim is forgotten already (out of `claimed`). A claim of the
        same table between the two asks the database and takes the lock again, and the
        database counts a session's takings of one lock, so the lock stays held then."""
        self._query("SELECT pg_advisory_unlock(%s, %s)", NAMESPACE, lock_key(table_id))

    def owner(self, table_id: str) -> str | None:
        """The address of the process owning the table, or None if nobody does."""
        rows = self._query(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = %s::int4::oid"
            " AND l.objid = %s::int4::oid AND l.objsubid = 2",
            NAMESPACE,
            lock_key(table_id),
        )
        for (name,) in rows:
            if isinstance(name, str) and name.startswith(_PREFIX):
                return name.removeprefix(_PREFIX)
        return None

    def held(self) -> set[int]:
        """The keys of every table some process owns now."""
        rows = self._query(
            "SELECT l.objid::int8 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted"
            " AND l.classid = %s::int4::oid AND l.objsubid = 2",
            NAMESPACE,
        )
        return {int(str(key)) for (key,) in rows}

    def processes(self) -> list[str]:
        """The addresses of every hilo process on the database now, this one first."""
        rows = self._query(
            "SELECT application_name FROM pg_stat_activity WHERE application_name LIKE %s",
            _PREFIX + "%",
        )
        others = sorted({str(name).removeprefix(_PREFIX) for (name,) in rows} - {self.address})
        return [self.address, *others]

    def is_alive(self) -> bool:
        """Whether the lock connection still works (so every claimed lock is still held)."""
        try:
            self._query("SELECT 1")
        except HiloError:
            return False
        return True

    def reconnect(self) -> None:
        """Forget every claim and open a new lock connection (after `is_alive` said no)."""
        self.claimed.clear()
        with self._lock, contextlib.suppress(psycopg.Error):
            self._connection.close()
        connection = self._connect()
        with self._lock:
            self._connection = connection

    def close(self) -> None:
        """Release every lock by closing the connection."""
        self.claimed.clear()
        with self._lock, contextlib.suppress(psycopg.Error):
            self._connection.close()


async def take_table(hub: Hub, leases: Leases, table_id: str) -> TableRunner | None:
    """The table in play here after claiming it (restored from its journal, as after a
    restart); None if the store has no such table or cannot replay it. Raises `MovedError`
    when another process owns it. The claim, the questions to the database and the journal's
    replay run in a worker thread (`claim_table`), off the event loop."""
    from hilo.web.runner import TableRunner  # noqa: PLC0415 - the runner imports the hub's kin

    journaled = await asyncio.to_thread(claim_table, hub, leases, table_id)
    if journaled is None:
        return None
    runner = TableRunner(table_id, journaled, hub.settings, hub.broadcast, bots=hub.bots)
    await hub.adopt(table_id, runner)
    return runner


def claim_table(hub: Hub, leases: Leases, table_id: str) -> JournaledTable | None:
    """Claim a table and read it back from its journal, its old seat tokens given to their
    players; None if the store has no such table or cannot replay it (the claim is given up).
    Raises `MovedError` when another process owns it. Blocking: `take_table` runs it in a
    worker thread."""
    for _ in range(3):  # an owner may stop between the claim and the question who owns it
        if leases.claim(table_id):
            break
        owner = leases.owner(table_id)
        if owner is not None:
            raise MovedError((owner,))
    else:
        raise MovedError(())
    hub.store.take_over(table_id)  # fences off any earlier owner, before reading the journal
    journaled = hub.store.open_table(table_id)
    if journaled is None:
        hub.store.let_go(table_id)
        leases.release(table_id)
        return None
    hub.claim_old_tokens(table_id, journaled.table)
    return journaled


async def keep_tables(hub: Hub, leases: Leases) -> None:
    """Every `SWEEP_SECONDS`: check the lock connection, and claim a share of the tables nobody
    owns (those of a process that died), so every table is in play somewhere within seconds.
    Which tables there are and which are owned is read in a worker thread, off the event loop
    (a list as long as the database has tables)."""
    clock = hub.settings.clock
    while True:
        await clock.wait_until(clock.now() + SWEEP_SECONDS, asyncio.Event())
        try:
            await hub.recover_locks()
            await sweep(hub, leases, await asyncio.to_thread(look_around, hub, leases))
        except HiloError:  # the database is away: the next sweep tries again
            logging.getLogger("hilo.web").exception("looking for tables nobody plays failed")


def look_around(hub: Hub, leases: Leases) -> tuple[set[int], list[str]]:
    """The lock keys of every table some process owns now, and every table in the store."""
    return leases.held(), hub.store.table_ids()


async def sweep(
    hub: Hub, leases: Leases, found: tuple[set[int], list[str]] | None = None
) -> list[str]:
    """Claim this process's share of the tables nobody owns; the ids claimed. ``found`` is
    what `look_around` says, if it was asked already (else it is asked in a worker thread)."""
    if found is None:
        found = await asyncio.to_thread(look_around, hub, leases)
    held, table_ids = found
    free = [
        table_id
        for table_id in table_ids
        if table_id not in hub.runners
        and table_id not in hub.store.damaged
        and lock_key(table_id) not in held
    ]
    if not free:
        return []
    secrets.SystemRandom().shuffle(free)  # survivors claiming at once take different tables
    share = math.ceil(len(free) / len(await asyncio.to_thread(leases.processes)))
    taken: list[str] = []
    for table_id in free:
        if len(taken) >= share:
            break
        with contextlib.suppress(MovedError):
            if await hub.take(table_id) is not None:
                taken.append(table_id)
    return taken
