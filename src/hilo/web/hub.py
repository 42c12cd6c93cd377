"""The tables a server plays, the tokens that open them, and the connections watching them.

A seat token is a person's key: it names the player who sat down with it, and every
watcher is sent what that person may see (`Table.view_for`): their own hidden cards and
sealed declaration while they sit in the hand, nobody else's. A spectator, the host, or a
person who has left sees only what is face up.

A change is shown once its journal entries are committed (`hilo.web.journal_batch`), and
written out once for each kind of watcher (`Hub.broadcast`): every spectator gets the same
frame, a person's tabs get the same frame, and nobody gets another person's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections import OrderedDict, defaultdict
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.websockets import WebSocket, WebSocketDisconnect

from hilo.engine.table import SPECTATOR, Table, Viewer
from hilo.errors import HiloError
from hilo.web.chat import ChatRoom, chat_log_message
from hilo.web.edges import is_token
from hilo.web.fencing import FencedError
from hilo.web.frames import frame
from hilo.web.journal_batch import JournalBatch
from hilo.web.loop_turns import SHOWING_PER_TURN, TurnBudget
from hilo.web.protocol import ChatMessage, view_message
from hilo.web.runner import ServerSettings, TableRunner
from hilo.web.seat_requests import Denied, SeatAsk, SeatRequests
from hilo.web.store import JournalWrite, Store
from hilo.web.table_state import (
    choice_state,
    ledger_state,
    straddle_state,
    table_state,
    table_summary,
)
from hilo.web.view_frames import EventData, ViewerClass, Watcher, viewer_class, views_data

if TYPE_CHECKING:
    from hilo.web.lease import Leases

_T = TypeVar("_T")

__all__ = [
    "ForbiddenError",
    "Hub",
    "UnavailableError",
    "Watcher",
    "choice_state",
    "ledger_state",
    "straddle_state",
    "table_state",
    "table_summary",
]

_log = logging.getLogger(__name__)

MOVED = "this table moved to another server process"
"""The reason given with code 1012 when a table's connections are closed because another
process plays it now (at most 123 bytes, as WebSocket close reasons are)."""

REVOKED_KEPT = 10_000
"""How many lately revoked seat tokens a server remembers (`Hub.new_link`)."""


class ForbiddenError(HiloError):
    """A token that does not allow what was asked."""


class UnavailableError(HiloError):
    """A table the server knows but cannot play: its journal could not be replayed."""


class Hub:
    """The tables in play and the connections watching each of them."""

    def __init__(
        self, store: Store, settings: ServerSettings, leases: Leases | None = None
    ) -> None:
        self.store = store
        self.settings = settings
        self.leases = leases
        """The tables this process owns when several share the database (`hilo.web.lease`);
        None when this process plays every table (it opens them all as it starts)."""
        self.bots = ThreadPoolExecutor(min(4, os.cpu_count() or 1), thread_name_prefix="hilo-bot")
        """The workers bots decide in, off the event loop."""
        self._keeping: asyncio.Task[None] | None = None
        tables = store.open_tables() if leases is None else {}
        self.runners: dict[str, TableRunner] = {
            table_id: TableRunner(table_id, table, settings, self.broadcast, bots=self.bots)
            for table_id, table in tables.items()
        }
        self.watchers: dict[str, dict[WebSocket, Watcher]] = defaultdict(dict)
        self._revoked: OrderedDict[str, None] = OrderedDict()
        """Seat tokens revoked lately (their person was given a new link), the newest
        `REVOKED_KEPT`: a request or connection that looked one up just before it was revoked
        is refused once it gets this far (`who`, `watch`)."""
        self.seq: dict[str, int] = defaultdict(int)
        self.seat_requests = SeatRequests()
        """Requests to sit down waiting for each table's host (kept in memory only)."""
        self.listeners: list[Callable[[TableRunner], Awaitable[None]]] = []
        """Told of every change to a table, after its watchers (a home game's season), and of
        every table claimed here; each is awaited in turn."""
        self.chats: dict[str, ChatRoom] = defaultdict(ChatRoom)
        """Each table's latest chat lines (kept in memory only)."""
        self.events: dict[str, EventData] = defaultdict(EventData)
        """Each table's events as plain data, written once for all its frames."""
        self.journal = JournalBatch[JournalWrite](
            self._commit, self._restore, threaded=store.threadable
        )
        """The journal entries (and new seat tokens) waiting to be committed together (once the
        server runs), in a worker thread of their own unless the database is one shared
        connection."""
        self.unsaved: dict[str, str] = {}
        """Tables taken out of play because a change could not be saved nor undone."""
        self._fenced: set[str] = set()
        """Tables whose journal writes were refused: another process has taken them over."""
        self._recovering = asyncio.Lock()
        self._dropping: set[asyncio.Task[None]] = set()
        if leases is not None:
            store.fence_writes()
        self._taking: dict[str, asyncio.Future[TableRunner | None]] = {}
        """The tables being claimed and read back from their journals (`take`), off the loop."""
        self._showing: dict[str, tuple[TableRunner, asyncio.Task[None]]] = {}
        """Each table's next frames, waiting for its changes to be committed (`broadcast`)."""
        self._showing_turn = TurnBudget(SHOWING_PER_TURN)
        """The time a turn of the event loop may spend showing changes (see `_show`)."""
        for table_id, runner in self.runners.items():
            self.claim_old_tokens(table_id, runner.table)

    def claim_old_tokens(self, table_id: str, table: Table) -> None:
        """Seat tokens from before revision 0003 name nobody: give them to their player."""
        holders = {seat: number for seat, number in enumerate(table.last_sitter) if number}
        if holders:
            self.store.claim_seat_tokens(table_id, holders)

    def start(self) -> None:
        """Start every table's background task (in the running event loop), commit the
        tables' journal entries in batches from now on, and with leases run the task that
        claims the tables nobody plays."""
        self.store.deferred = self.journal.write
        for runner in self.runners.values():
            runner.start()
        if self.leases is not None:
            from hilo.web.lease import keep_tables  # noqa: PLC0415

            self._keeping = asyncio.get_running_loop().create_task(
                keep_tables(self, self.leases), name="hilo-leases"
            )

    def _commit(self, entries: Sequence[tuple[str, JournalWrite]]) -> None:
        """Commit a batch of journal entries, noting the tables a fenced write refused."""
        try:
            self.store.append_many(entries)
        except FencedError as error:
            self._fenced |= error.tables
            raise

    def _restore(self, table_ids: set[str]) -> None:
        """Put tables whose latest entries could not be committed back as their journals
        last committed them; a table that cannot be read back is taken out of play, and one
        another process has taken over is dropped (`moved_away`)."""
        moved = self._fenced & table_ids
        self._fenced -= table_ids
        if moved:
            task = asyncio.get_running_loop().create_task(self.moved_away(moved), name="hilo-moved")
            self._dropping.add(task)  # kept until done: the loop holds tasks weakly
            task.add_done_callback(self._dropping.discard)
        for table_id in table_ids - moved:
            runner = self.runners.get(table_id)
            if runner is None:
                continue
            try:
                runner.restored(self.store.reopen(table_id))
            except Exception:
                _log.exception("table %s could not be read back from its journal", table_id)
                self.unsaved[table_id] = (
                    "this table's last change could not be saved, so the table is out of play"
                    " until the server restarts"
                )
                self.runners.pop(table_id).halt()

    async def committed(self, runner: TableRunner) -> None:
        """Wait until every change made at a table so far is committed (see `JournalBatch`)."""
        await self.journal.committed(runner.id)

    async def stop(self) -> None:
        """Stop every table's background task, commit every journal entry written, and stop the
        journal's thread and the bots' workers (dropping what waits)."""
        if self._keeping is not None:
            self._keeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeping
        for runner in self.runners.values():
            await runner.stop()
        await self.journal.flushed()
        self.store.deferred = None  # anything written from now on is committed at once
        self.journal.close()
        self.bots.shutdown(wait=False, cancel_futures=True)
        if self.leases is not None:
            self.leases.close()

    async def runner(self, table_id: str) -> TableRunner:
        """A table in play (with leases, claimed here if nobody plays it: `take`)."""
        runner = self.runners.get(table_id)
        if runner is None and self.leases is not None and table_id not in self.store.damaged:
            runner = await self.take(table_id)  # or MovedError: it is elsewhere
        if runner is None:
            if table_id in self.unsaved:
                raise UnavailableError(self.unsaved[table_id])
            damaged = self.store.damaged.get(table_id)
            if damaged is not None:
                raise UnavailableError(
                    f"this table could not be loaded: its journal entry {damaged.position}"
                    f" ({damaged.op}) is damaged; the other tables play on"
                )
            raise HiloError("there is no such table")
        return runner

    async def take(self, table_id: str) -> TableRunner | None:
        """With leases: the table in play here after claiming it and reading its journal in a
        worker thread (`hilo.web.lease.take_table`); None if it cannot be. Raises
        `hilo.web.lease.MovedError` when another process plays it. Requests for a table
        being taken wait for the one claim."""
        runner = self.runners.get(table_id)
        if runner is not None or self.leases is None:
            return runner
        taking = self._taking.get(table_id)
        if taking is None:
            from hilo.web.lease import take_table  # noqa: PLC0415

            taking = asyncio.ensure_future(take_table(self, self.leases, table_id))
            self._taking[table_id] = taking
            taking.add_done_callback(partial(self._taken, table_id))
        return await asyncio.shield(taking)  # one waiter leaving does not stop the claim

    def _taken(self, table_id: str, taking: asyncio.Future[TableRunner | None]) -> None:
        """A claim is over: the next request for the table asks afresh."""
        self._taking.pop(table_id, None)
        if not taking.cancelled():
            taking.exception()  # seen, even if every request that waited for it has left

    def claim_new(self, table_id: str) -> bool:
        """Whether this process may make a table of this id and play it: with leases, it takes
        the table's lock before the table exists, so that no other process finds the table
        unowned and claims it first. Blocking (a round trip to the database)."""
        return self.leases is None or self.leases.claim(table_id)

    def let_go(self, table_id: str) -> None:
        """Give up a table this process claimed and does not play (its making failed).
        Blocking (a round trip to the database)."""
        self.store.let_go(table_id)
        if self.leases is not None:
            with contextlib.suppress(HiloError):  # a lost lock connection has let it go
                self.leases.release(table_id)

    def add(self, table_id: str, runner: TableRunner) -> None:
        """A table this process plays from now on (made here, or claimed and restored)."""
        self.runners[table_id] = runner
        runner.start()

    async def adopt(self, table_id: str, runner: TableRunner) -> None:
        """A table this process has just claimed, restored from its journal: it plays on."""
        self.add(table_id, runner)
        await self.tell_listeners(runner)

    async def tell_listeners(self, runner: TableRunner) -> None:
        """Tell every listener of a table's change; one that fails is logged, and the change
        (already committed and shown) stands."""
        for listener in self.listeners:
            try:
                await listener(runner)
            except Exception:
                _log.exception("a listener failed on a change at table %s", runner.id)

    async def drop_all(self) -> None:
        """Stop playing every table (this process no longer owns them): each stops, and its
        connections are closed with 1012 so the pages reconnect, to the new owner."""
        for table_id in list(self.runners):
            await self.drop(table_id)

    async def drop(self, table_id: str, reason: str = "") -> None:
        """Stop playing one table (another process plays it now): nothing more is written to
        its journal, it stops, and its connections are closed with 1012 (and ``reason``) so
        the pages reconnect, to the new owner."""
        runner = self.runners.pop(table_id, None)
        if runner is None:
            return
        self.store.let_go(table_id)
        if self.leases is not None and table_id in self.leases.claimed:
            self.leases.claimed.discard(table_id)  # at once: a claim from now on asks afresh
            with contextlib.suppress(HiloError):  # a lost lock connection has let it go
                await asyncio.to_thread(self.leases.unlock, table_id)  # a round trip
        await runner.stop()
        for socket in list(self.watchers[table_id]):
            with contextlib.suppress(RuntimeError, OSError):
                await socket.close(code=1012, reason=reason)
        self.watchers.pop(table_id, None)
        self.events.pop(table_id, None)

    async def moved_away(self, table_ids: set[str]) -> None:
        """Drop tables another process has taken over (a journal write was refused), then
        see to the lock connection: losing it is how a process loses its tables unawares."""
        for table_id in table_ids:
            _log.error("table %s is played by another process now: dropping it", table_id)
            await self.drop(table_id, MOVED)
        try:
            await self.recover_locks()
        except HiloError:  # the database is away: the sweep tries again
            _log.exception("the lock connection could not be opened again")

    async def recover_locks(self) -> None:
        """If the lock connection was lost, stop playing every table (their locks went with
        it) and open a new one; the tables are claimed again afresh."""
        if self.leases is None:
            return
        async with self._recovering:
            if await asyncio.to_thread(self.leases.is_alive):  # a round trip, off the loop
                return
            _log.error("the lock connection to the database was lost: dropping every table")
            await self.drop_all()
            self.leases.reconnect()

    async def off_loop(self, read: Callable[..., _T], *args: Any) -> _T:
        """``read(*args)``, a blocking question to the store, asked in a worker thread while the
        loop serves on (where the database allows it: see `Store.threadable`), else here."""
        if self.store.threadable:
            return await asyncio.to_thread(read, *args)
        return read(*args)

    async def who(self, token: object, *roles: str) -> tuple[TableRunner, str, Viewer]:
        """``(table, role, viewer)`` for a token that must have one of ``roles``.

        A seat token's viewer is the person who sat down with it; any other token's is
        nobody in particular. A token not kept in memory is looked up in the database in a
        worker thread (where the database allows it: see `Store.threadable`).
        """
        found = None
        if is_token(token):
            found = self.store.kept_token(token)
            if found is None:
                found = await self.off_loop(self.store.find_token, token)
        if found is None:
            raise ForbiddenError("that link or token is not valid here")
        if found.role not in roles:
            raise ForbiddenError(f"a {found.role} link cannot do that")
        runner = await self.runner(found.table_id)
        if found.role != "seat":
            return runner, found.role, SPECTATOR
        if found.player is None:  # old tokens are claimed as the server starts; hilo writes none
            raise ForbiddenError("that seat link does not say whose it is")
        if token in self._revoked:  # revoked while it was being looked up
            raise ForbiddenError("that link or token is not valid here")
        return runner, found.role, Viewer(found.player)

    def playing(self, runner: TableRunner) -> None:
        """Refuse to go on with a table that left play here while a request waited (another
        process took it over, or its changes could not be saved)."""
        if self.runners.get(runner.id) is not runner:
            raise UnavailableError("this table moved while your request waited: try again")

    def seat_of(self, runner: TableRunner, viewer: Viewer) -> int:
        """The seat ``viewer`` holds now, or a `ForbiddenError` if they hold none."""
        seat = runner.table.seat_of(viewer)
        if seat is None:
            raise ForbiddenError("you no longer sit at this table")
        return seat

    def message(
        self,
        runner: TableRunner,
        role: str,
        viewer: Viewer,
        state: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The view message for one watcher (``state``: the table's `table_state`, if known)."""
        table = runner.table
        you = table.seat_of(viewer)
        decision = None if you is None else runner.decision(you)
        return view_message(
            self.seq[runner.id],
            table.view_for(viewer),
            you,
            role=role,
            decision=None if decision is None else decision.number,
            table=table_state(runner) if state is None else state,
            requests=self.seat_requests.listing(runner.id) if role == "host" else None,
        )

    async def current(self, runner: TableRunner, role: str, viewer: Viewer) -> dict[str, Any]:
        """The view message for one watcher, once the table's changes are committed."""
        await self.committed(runner)
        return self.message(runner, role, viewer)

    async def ask_seat(
        self, runner: TableRunner, *, seat: int, name: str, buy_in: int, browser: str
    ) -> SeatAsk:
        """Record a request to sit down; the host sees it."""
        asked = self.seat_requests.ask(
            runner.id,
            seat=seat,
            name=name,
            buy_in=buy_in,
            browser=browser,
            one_per_browser=not runner.table.config.several_seats_per_browser,
        )
        await self.broadcast(runner.id)
        return asked

    async def turn_down(self, runner: TableRunner, asked: SeatAsk, reason: str) -> None:
        """Deny a request to sit down, saying why; the host sees it gone."""
        self.seat_requests.answer(asked, Denied(reason))
        await self.broadcast(runner.id)

    async def broadcast(self, table_id: str) -> None:
        """Send every watcher of a table its own view of the change just made, once it is
        committed (`NotSavedError` if it could not be).

        The changes made at a table while its frames wait for a commit are all shown by the
        same frames, built once the latest of them is committed: a frame holds the whole
        view, so an earlier one would be stale before it was sent. Each caller returns once
        they are sent (a caller leaving does not stop them).
        """
        runner = self.runners.get(table_id)
        if runner is None:  # taken out of play
            return
        showing = self._showing.get(table_id)
        if showing is None or showing[0] is not runner:
            task = asyncio.ensure_future(self._show(runner))
            task.add_done_callback(_seen)
            showing = self._showing[table_id] = (runner, task)
        await asyncio.shield(showing[1])

    async def _show(self, runner: TableRunner) -> None:
        """Wait until every change made at a table is committed and this turn of the event
        loop has time to show it (`hilo.web.loop_turns`), then send its watchers the frames
        of that moment (see `_send_views`); changes made from then on are shown by the next
        frames."""
        try:
            await self.committed(runner)
            while self._showing_turn.spent():  # shown in a later turn, once committed
                await asyncio.sleep(0)
                await self.committed(runner)
        finally:
            showing = self._showing.get(runner.id)
            if showing is not None and showing[0] is runner:
                del self._showing[runner.id]
        await self._send_views(runner)

    async def _send_views(self, runner: TableRunner) -> None:
        """Send every watcher of a table, whose changes are all committed, its own view.

        Each kind of watcher's frame is built and serialised once (see `ViewerClass`), and
        every frame before any is sent, so all show the table at one moment. The views of
        the moment are built together (`hilo.web.view_frames.views_data`).
        """
        table_id = runner.id
        self.seq[table_id] += 1
        table = runner.table
        state = table_state(runner)
        decisions = runner.decisions()
        kinds: dict[ViewerClass, list[WebSocket]] = {}
        for socket, watcher in list(self.watchers[table_id].items()):
            kinds.setdefault(viewer_class(table, watcher), []).append(socket)
        views = views_data(table, list({kind[2]: None for kind in kinds}), self.events[table_id])
        requests = None
        sends: list[tuple[WebSocket, str]] = []
        for (role, you, seen), sockets in kinds.items():
            if role == "host" and requests is None:
                requests = self.seat_requests.listing(runner.id)
            decision = None if you is None else decisions.get(you)
            message: dict[str, Any] = {
                "type": "view",
                "seq": self.seq[table_id],
                "you": you,
                "view": views[seen],
                "role": role,
                "decision": None if decision is None else decision.number,
                "table": state,
            }
            if role == "host":
                message["requests"] = requests
            text = frame(message)  # what `message` says to each of them
            sends.extend((socket, text) for socket in sockets)
        for socket, text in sends:
            try:
                await socket.send_text(text)
            except (RuntimeError, WebSocketDisconnect, OSError):  # gone: forget it
                self.forget(table_id, socket)
        await self.tell_listeners(runner)

    async def chat(
        self,
        runner: TableRunner,
        role: str,
        viewer: Viewer,
        message: ChatMessage,
        connection: WebSocket,
    ) -> None:
        """Send a chat line to everybody watching the table, or refuse it in a sentence.

        A seated person is one speaker for the rate limit whatever connections they use; the
        host and spectators are each connection.
        """
        line = self.chats[runner.id].say(
            runner.table,
            role,
            viewer,
            message,
            speaker=connection if viewer.player is None else viewer.player,
            now=self.settings.clock.now(),
            at=self.settings.wall(),
        )
        text = frame(line)
        for socket in list(self.watchers[runner.id]):
            try:
                await socket.send_text(text)
            except (RuntimeError, WebSocketDisconnect, OSError):  # gone: forget it
                self.forget(runner.id, socket)

    async def watch(
        self, runner: TableRunner, socket: WebSocket, role: str, viewer: Viewer, token: str
    ) -> bool:
        """A new connection to a table, opened with ``token``: it is sent its view, and the
        others see a player connected. False, and nothing sent, if the token was revoked
        while the connection opened."""
        await self.committed(runner)
        if token in self._revoked:
            return False
        self.watchers[runner.id][socket] = Watcher(socket, role, viewer)
        if viewer.player is not None:
            runner.connected[viewer.player] += 1
        await socket.send_text(frame(self.message(runner, role, viewer)))
        await socket.send_text(frame(chat_log_message(list(self.chats[runner.id].lines))))
        if viewer.player is not None:
            await runner.changed()
        return True

    async def unwatch(self, runner: TableRunner, socket: WebSocket, viewer: Viewer) -> None:
        """A connection has closed: the others see a player gone (if it was one)."""
        self.forget(runner.id, socket)
        if viewer.player is not None and runner.id in self.runners:
            with contextlib.suppress(HiloError):
                await runner.changed()

    async def new_link(self, runner: TableRunner, seat: int, player: int) -> str:
        """A new link for ``player``, the person in ``seat``: every earlier link of theirs
        stops working (revoked with the new one written, in one transaction) and their
        connections are closed (code 4401)."""
        token, revoked = await self.off_loop(self.store.renew_seat_token, runner.id, seat, player)
        for old in revoked:
            self._revoked[old] = None
        while len(self._revoked) > REVOKED_KEPT:
            self._revoked.popitem(last=False)
        for socket, watcher in list(self.watchers[runner.id].items()):
            if watcher.viewer.player == player:
                self.forget(runner.id, socket)
                with contextlib.suppress(RuntimeError, OSError):
                    await socket.close(code=4401)
        await runner.changed()
        return token

    def forget(self, table_id: str, socket: WebSocket) -> None:
        """A connection has gone."""
        watcher = self.watchers[table_id].pop(socket, None)
        runner = self.runners.get(table_id)
        if watcher is not None and watcher.viewer.player is not None and runner is not None:
            runner.connected[watcher.viewer.player] -= 1


def _seen(task: asyncio.Task[None]) -> None:
    """A table's frames are done with: a failure is seen even if nobody waits any more (each
    caller was told of it)."""
    if not task.cancelled():
        task.exception()
