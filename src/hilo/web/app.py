"""The server (ASGI, Starlette): tables over HTTP and WebSockets, authoritative and persistent.

Every change to a table is checked by the engine, written to the store, and only then
sent to the players, each of whom gets only what their seat may see.

HTTP: ``POST /api/tables`` (create: games, rules, stakes, seats; returns the host, invite
and spectator tokens), ``POST /api/join`` (invite token, name, seat, buy-in; returns the
seat token), ``POST /api/deal`` (host token), ``GET /api/view?token=...``.
WebSocket: ``/ws?token=...`` sends the view at once and after every change, and takes
`hilo.web.protocol` messages.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hilo.engine.journal import JournaledTable
from hilo.engine.table import TableConfig
from hilo.errors import HiloError
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.web.protocol import (
    ActMessage,
    PingMessage,
    error_message,
    read_client_message,
    view_message,
)
from hilo.web.store import Store

__all__ = ["Hub", "create_app"]

RATE_LIMIT = 20
"""Messages a connection may send in one second."""


class Hub:
    """The tables in play and the connections watching each of them."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, JournaledTable] = store.open_tables()
        self.watchers: dict[str, dict[WebSocket, int | None]] = defaultdict(dict)
        self.seq: dict[str, int] = defaultdict(int)

    def table(self, table_id: str) -> JournaledTable:
        """A table in play."""
        table = self.tables.get(table_id)
        if table is None:
            raise HiloError("there is no such table")
        return table

    def who(self, token: str | None, *roles: str) -> tuple[str, str, int | None]:
        """``(table id, role, seat)`` for a token that must have one of ``roles``."""
        found = self.store.find_token(token) if token else None
        if found is None or found[1] not in roles:
            raise HiloError("that link or token is not valid here")
        return found

    def message(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """The view message for one watcher."""
        inner = self.table(table_id).table
        message = view_message(self.seq[table_id], inner.view_for(seat), inner.hand_seats, seat)
        message["fairness"] = inner.fairness()
        return message

    async def broadcast(self, table_id: str) -> None:
        """Send every watcher of a table its own view of the change just stored."""
        self.seq[table_id] += 1
        for socket, seat in list(self.watchers[table_id].items()):
            try:
                await socket.send_json(self.message(table_id, seat))
            except (RuntimeError, WebSocketDisconnect):  # gone: forget it
                self.watchers[table_id].pop(socket, None)


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        raise HiloError("the request body is not JSON") from None
    if not isinstance(data, dict):
        raise HiloError("the request body must be a JSON object")
    return data


def _error(error: Exception) -> JSONResponse:
    return JSONResponse({"error": str(error)}, status_code=400)


def create_app(store: Store) -> Starlette:
    """The ASGI application, serving the tables kept in ``store``."""
    hub = Hub(store)

    async def create_table(request: Request) -> JSONResponse:
        try:
            data = await _body(request)
            config = TableConfig(
                games=tuple(data.get("games") or ("seven-card-stud-hilo-declare",)),
                rules=HouseRules.from_dict(data.get("rules", "strict")),
                stakes=Stakes.from_dict(
                    data.get("stakes", {"small_bet": 10, "big_bet": 20, "bring_in": 3})
                ),
                seats=int(data.get("seats", 7)),
                provably_fair=bool(data.get("provably_fair", False)),
            )
        except (HiloError, TypeError, ValueError) as error:
            return _error(error)
        table_id, table = store.new_table(config)
        hub.tables[table_id] = table
        tokens = {role: store.add_token(table_id, role) for role in ("host", "invite", "spectator")}
        return JSONResponse({"table": table_id, **tokens})

    async def join(request: Request) -> JSONResponse:
        try:
            data = await _body(request)
            table_id, _, _ = hub.who(data.get("invite"), "invite")
            seat = int(data.get("seat", -1))
            hub.table(table_id).sit(seat, str(data.get("name", "")), int(data.get("buy_in", 0)))
        except (HiloError, TypeError, ValueError) as error:
            return _error(error)
        token = store.add_token(table_id, "seat", seat)
        await hub.broadcast(table_id)
        return JSONResponse({"table": table_id, "seat": seat, "token": token})

    async def deal(request: Request) -> JSONResponse:
        try:
            data = await _body(request)
            table_id, _, _ = hub.who(data.get("host"), "host")
            hub.table(table_id).start_hand()
        except HiloError as error:
            return _error(error)
        await hub.broadcast(table_id)
        return JSONResponse({"table": table_id, "hand": hub.table(table_id).table.hands_played + 1})

    async def view(request: Request) -> JSONResponse:
        try:
            table_id, _, seat = hub.who(request.query_params.get("token"), "seat", "spectator")
        except HiloError as error:
            return _error(error)
        return JSONResponse(hub.message(table_id, seat))

    async def play(socket: WebSocket) -> None:
        try:
            table_id, role, seat = hub.who(socket.query_params.get("token"), "seat", "spectator")
        except HiloError:
            await socket.close(code=4401)
            return
        await socket.accept()
        hub.watchers[table_id][socket] = seat
        await socket.send_json(hub.message(table_id, seat))
        recent: deque[float] = deque()
        try:
            while True:
                text = await socket.receive_text()
                now = time.monotonic()
                recent.append(now)
                while recent and now - recent[0] > 1.0:
                    recent.popleft()
                if len(recent) > RATE_LIMIT:
                    await socket.send_json(error_message("too many messages: slow down"))
                    continue
                try:
                    message = read_client_message(text)
                    if isinstance(message, PingMessage):
                        await socket.send_json({"type": "pong"})
                    elif isinstance(message, ActMessage):
                        if role != "seat" or seat is None:
                            raise HiloError("spectators cannot act")
                        hub.table(table_id).apply(message.action.for_seat(seat))
                        await hub.broadcast(table_id)
                    else:
                        await socket.send_json(hub.message(table_id, seat))
                except HiloError as error:
                    await socket.send_json(error_message(str(error)))
        except WebSocketDisconnect:
            pass
        finally:
            hub.watchers[table_id].pop(socket, None)

    app = Starlette(
        routes=[
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/join", join, methods=["POST"]),
            Route("/api/deal", deal, methods=["POST"]),
            Route("/api/view", view, methods=["GET"]),
            WebSocketRoute("/ws", play),
        ]
    )
    app.state.hub = hub
    return app
