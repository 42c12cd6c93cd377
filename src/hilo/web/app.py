"""The server (ASGI, Starlette): tables over HTTP and WebSockets, authoritative and persistent.

Every change to a table is checked by the engine, written to the store, and only then
sent to the players, each of whom gets only what they may see: a seat token is a
person's key, and opens that person's own cards and history, never a seat's. The pages,
the HTTP API and the WebSocket messages are described in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hilo.engine.events import Awarded
from hilo.engine.phh import hand_to_phh, phh_game
from hilo.engine.state import Hand
from hilo.errors import HiloError
from hilo.rules.defaults import ACTION_CLOCK, TIME_BANK
from hilo.rules.house_rules import PRESETS, RULE_CHOICES, RULE_HELP, HouseRules
from hilo.rules.sheet import preset_paragraph, sentence
from hilo.web.create_form import form_defaults, game_options
from hilo.web.edges import MAX_BODY_BYTES, is_token
from hilo.web.frames import frame
from hilo.web.homes import HomeBook, home_routes, open_table, table_config, table_links
from hilo.web.hub import (
    ForbiddenError,
    Hub,
    UnavailableError,
    ledger_state,
    table_summary,
)
from hilo.web.journal_batch import NotSavedError
from hilo.web.lease import Leases, MovedError
from hilo.web.pages import page_routes
from hilo.web.protocol import (
    ActMessage,
    ChatMessage,
    CreateTableRequest,
    DealRequest,
    HostCommand,
    HostRequest,
    JoinRequest,
    PingMessage,
    SeatRequest,
    error_message,
    notice_message,
    read_body,
    read_client_message,
    read_request,
    view_data,
)
from hilo.web.referee import settle_body
from hilo.web.relay import Relay, is_relayed
from hilo.web.rules_page import rules_answer
from hilo.web.runner import ServerSettings
from hilo.web.seats import (
    HOST_SEAT_COMMANDS,
    browser_of,
    host_seat_command,
    remember_browser,
    request_state,
    seats_line,
    sit_or_ask,
)
from hilo.web.store import Store

__all__ = ["RATE_LIMIT", "WEBSOCKET_FRAME_BYTES", "create_app"]

RATE_LIMIT = 20
"""Messages a connection may send in one second."""

STALE_ACTION = "That action was for a decision already taken, so it was not used."
"""The notice for an action that came after its decision was over (a double click)."""

WEBSOCKET_FRAME_BYTES = 64 * 1024
"""The largest WebSocket frame the server reads at all: a longer one closes the connection
(code 1009); one up to this size but over `MAX_MESSAGE_BYTES` gets an error frame."""

Handler = Callable[[Request], Awaitable[Response]]

_UNFORESEEN = "something went wrong on the server; it has been logged"
_log = logging.getLogger(__name__)
_BINARY = "binary frames are not understood: send each message as JSON text"
_HAND_NUMBER = re.compile(r"[0-9]{1,9}")


class NotFoundError(HiloError):
    """No such table or hand."""


def _answer(handler: Callable[[Request, Hub], Awaitable[Any]]) -> Handler:
    """A route that answers JSON, or ``{"error": ...}`` with 400, 403 or 404."""

    async def route(request: Request) -> Response:
        hub: Hub = request.app.state.hub
        try:
            result = await handler(request, hub)
        except MovedError as moved:  # another process plays the table: it answers
            relay: Relay = request.app.state.relay
            return await relay.http(request, getattr(request.state, "body", b""), moved)
        except ForbiddenError as error:
            return JSONResponse({"error": str(error)}, status_code=403)
        except NotFoundError as error:
            return JSONResponse({"error": str(error)}, status_code=404)
        except (UnavailableError, NotSavedError) as error:
            return JSONResponse({"error": str(error)}, status_code=503)
        except HiloError as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        return result if isinstance(result, Response) else JSONResponse(result)

    return route


async def _body(request: Request) -> Any:
    """The request body as JSON, read no further than `MAX_BODY_BYTES` (see `read_body`)."""
    too_long = HiloError(f"the request body is too long: at most {MAX_BODY_BYTES} bytes")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise too_long
    received = bytearray()
    async for chunk in request.stream():
        received += chunk
        if len(received) > MAX_BODY_BYTES:
            raise too_long
    request.state.body = bytes(received)  # kept to relay the request to a table's owner
    return read_body(bytes(received))


async def _http_error(request: Request, error: Exception) -> Response:
    """No such route, or a route that takes another method: JSON under ``/api/``."""
    assert isinstance(error, HTTPException)
    if not request.url.path.startswith("/api/"):
        return PlainTextResponse(error.detail, error.status_code, headers=error.headers)
    sentence = {
        404: "there is no such address in the API",
        405: "this address of the API does not take that method",
    }.get(error.status_code, error.detail)
    return JSONResponse({"error": sentence}, error.status_code, headers=error.headers)


async def _internal_error(request: Request, error: Exception) -> Response:
    """A JSON sentence for a failure nobody foresaw; the details go to the log only."""
    return JSONResponse({"error": _UNFORESEEN}, status_code=500)


def _switches() -> list[dict[str, Any]]:
    defaults = HouseRules().to_dict(complete=True)
    switches = []
    for name, text in RULE_HELP.items():
        default = defaults.get(name)
        entry: dict[str, Any] = {"name": name, "help": text, "default": default}
        if name in RULE_CHOICES:
            entry.update(kind="choice", choices=list(RULE_CHOICES[name]))
        elif name == "low":
            entry.update(kind="choice", choices=["ace-to-five", "deuce-to-seven", "ace-to-six"])
        elif name == "low_qualifier":
            entry.update(kind="choice", choices=[None, 6, 7, 8, 9, 10])
        elif name == "max_draw":
            entry.update(kind="int", choices=[1, 2, 3, 4, 5])
        elif name == "max_rounds":
            entry.update(kind="int", choices=list(range(1, 21)))
        elif name == "four_price":
            entry.update(kind="int", choices=[0, 1, 2, 5, 10, 20, 50, 100])
        else:
            entry.update(kind="bool", choices=[False, True])
        entry["words"] = _switch_words(name, entry["choices"])
        switches.append(entry)
    return switches


def _switch_words(name: str, choices: list[Any]) -> dict[str, str]:
    """The sheet's sentence for each choice of a switch, keyed by the choice as JSON text."""
    words = {}
    for choice in choices:
        changes: dict[str, Any] = {name: choice}
        if name == "lock_rule":
            changes["bet_after_declare"] = True
        if name == "declare_order":
            changes["declare"] = "in-turn"
        words[json.dumps(choice)] = sentence(HouseRules(**changes), name)
    return words


async def options(request: Request, hub: Hub) -> dict[str, Any]:
    """What the create form offers."""
    from hilo.bots import BOT_KINDS  # noqa: PLC0415

    return {
        "games": game_options(),
        "presets": {name: HouseRules.preset(name).to_dict(complete=True) for name in PRESETS},
        "paragraphs": {name: preset_paragraph(name) for name in PRESETS},
        "switches": _switches(),
        "structures": ["fixed-limit", "spread-limit", "pot-limit", "no-limit"],
        "bots": list(BOT_KINDS),
        "clock": {"action": ACTION_CLOCK, "bank": TIME_BANK},
        "defaults": form_defaults(),
    }


async def settle_showdown(request: Request, hub: Hub) -> dict[str, Any]:
    """The referee's ruling on a showdown document, as ``hilo settle --json`` answers it."""
    return settle_body(await _body(request))


async def rules(request: Request, hub: Hub) -> dict[str, Any]:
    """The house-rules sheet and its gallery, for rules in the address or a table's."""

    async def table_rules(table_id: str) -> tuple[HouseRules, tuple[str, ...]]:
        if not is_token(table_id):
            raise NotFoundError("there is no such table")
        try:
            config = (await hub.runner(table_id)).table.config
        except UnavailableError:
            raise
        except HiloError:
            raise NotFoundError("there is no such table") from None
        return config.rules, tuple(config.games)

    return await rules_answer(request, table_rules)


async def create_table(request: Request, hub: Hub) -> dict[str, Any]:
    """A new table; the host gets the links to hand out."""
    data = read_request(CreateTableRequest, await _body(request))
    return await open_table(hub, table_config(data))


async def lobby(request: Request, hub: Hub) -> dict[str, Any]:
    """What anybody with a link may see before sitting down."""
    runner, role, _ = await hub.who(
        request.query_params.get("token"), "host", "invite", "seat", "spectator"
    )
    links = None
    if role == "host":  # the links to hand out, wherever the host opens the page
        links = await hub.off_loop(table_links, hub.store, runner.id)
    await hub.committed(runner)  # nothing shown before it is saved
    table = runner.table
    summary = table_summary(runner.id, table)
    if links is not None:
        summary["links"] = {"invite": links["invite"], "spectator": links["spectator"]}
    summary["seats"] = [
        {
            "seat": seat,
            "name": None if player is None else player.name,
            "bot": None if player is None else player.bot,
        }
        for seat, player in enumerate(table.players)
    ]
    summary["seats_line"] = seats_line(table.players)
    return summary


async def join(request: Request, hub: Hub) -> Response:
    """Take a seat with the invite link (or ask the host for one); the browser gets its cookie."""
    data = read_request(JoinRequest, await _body(request))
    runner, _, _ = await hub.who(data.invite, "invite")
    browser, is_new = browser_of(request)
    response = JSONResponse(await sit_or_ask(hub, runner, data, browser))
    if is_new:
        remember_browser(response, request, browser)
    return response


async def seat_request(request: Request, hub: Hub) -> dict[str, Any]:
    """What became of a request to sit down: pending, approved (with the seat link) or denied."""
    token = request.query_params.get("token")
    if not token:
        raise HiloError("say which request: /api/request?token=REQUEST_TOKEN")
    state = request_state(hub, token)
    if state is None and hub.leases is not None and not is_relayed(request.headers):
        processes = await asyncio.to_thread(hub.leases.processes)  # a query, off the loop
        raise MovedError(tuple(processes[1:]))  # kept by its table's process
    if state is None:
        raise NotFoundError(
            "This server does not know that request (it may have restarted): ask again."
        )
    return state


async def host(request: Request, hub: Hub) -> dict[str, Any]:
    """A host command: start, pause, resume, end, add-bot, remove."""
    data = read_request(HostRequest, await _body(request))
    runner, _, _ = await hub.who(data.host, "host")
    if data.command in HOST_SEAT_COMMANDS:
        return await host_seat_command(hub, runner, data)
    await runner.host(data)
    return {"ok": True, "status": runner.table.status}


async def deal(request: Request, hub: Hub) -> dict[str, Any]:
    """``{"host": token}``: start dealing (the host's ``start``)."""
    data = read_request(DealRequest, await _body(request))
    runner, _, _ = await hub.who(data.host, "host")
    await runner.host(HostRequest(host=data.host, command=HostCommand.START))
    return {"table": runner.id, "hand": runner.table.hands_played + 1}


async def seat_command(request: Request, hub: Hub) -> dict[str, Any]:
    """A seated player sits out or in, rebuys, leaves, or (the dealer) names the game."""
    data = read_request(SeatRequest, await _body(request))
    runner, _, viewer = await hub.who(data.token, "seat")
    await runner.seat_command(hub.seat_of(runner, viewer), data)
    return {"ok": True}


async def view(request: Request, hub: Hub) -> dict[str, Any]:
    """The view message, over HTTP."""
    runner, role, viewer = await hub.who(
        request.query_params.get("token"), "seat", "spectator", "host"
    )
    return await hub.current(runner, role, viewer)


async def history(request: Request, hub: Hub) -> dict[str, Any]:
    """The finished hands of the session, each with the seat the token's player held in it."""
    runner, _, viewer = await hub.who(request.query_params.get("token"), "seat", "host")
    await hub.committed(runner)  # nothing shown before it is saved
    table = runner.table
    return {
        "hands": [
            {
                "number": index + 1,
                "game": hand.variant.name,
                "title": hand.variant.title,
                "seats": list(seats),
                "names": list(hand.names),
                "you": table.dealt_seat(viewer, index),
                "result": _result(hand),
                "phh": _has_phh(hand),
            }
            for index, (hand, seats) in enumerate(
                zip(table.histories, table.history_seats, strict=True)
            )
        ]
    }


def _has_phh(hand: Hand) -> bool:
    """Whether PHH can write this hand's game, stakes and rules."""
    try:
        phh_game(hand)
    except HiloError:
        return False
    return True


def _result(hand: Hand) -> list[str]:
    """The referee's words on a finished hand, or how it ended without a showdown."""
    if hand.result is not None:
        return list(hand.result.explanation())
    return [event.reason for event in hand.events if isinstance(event, Awarded) and event.reason]


async def one_hand(request: Request, hub: Hub) -> Response:
    """One finished hand as the token's player saw it (if they sat in it): JSON steps or PHH."""
    runner, _, viewer = await hub.who(request.query_params.get("token"), "seat", "host")
    await hub.committed(runner)  # nothing shown before it is saved
    if not _HAND_NUMBER.fullmatch(request.path_params["number"]):
        raise NotFoundError("hands are numbered 1, 2, 3 and so on")
    table = runner.table
    try:
        number = int(request.path_params["number"])
        hand = table.histories[number - 1]
        seats = table.history_seats[number - 1]
    except (ValueError, IndexError):
        raise NotFoundError(f"there is no hand {request.path_params['number']} yet") from None
    if number < 1:
        raise NotFoundError("hands are numbered from 1")
    name = f"hilo-{runner.id}-hand-{number}"
    kind = request.query_params.get("format", "json")
    if kind == "phh":
        return PlainTextResponse(
            hand_to_phh(hand, seen_by=table.seen_seat(viewer, number - 1)),
            headers={"Content-Disposition": f'attachment; filename="{name}.phh"'},
        )
    if kind != "json":
        raise HiloError("format must be json or phh")
    document = {
        "number": number,
        "game": hand.variant.name,
        "title": hand.variant.title,
        "seats": list(seats),
        "you": table.dealt_seat(viewer, number - 1),
        "names": list(hand.names),
        "views": [view_data(step) for step in table.replay(number - 1, viewer)],
    }
    return Response(
        json.dumps(document),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
    )


async def ledger(request: Request, hub: Hub) -> Response:
    """The table's ledger for the host or a player: JSON, or CSV to download."""
    runner, _, _ = await hub.who(request.query_params.get("token"), "host", "seat")
    await hub.committed(runner)  # nothing shown before it is saved
    kind = request.query_params.get("format", "json")
    if kind == "json":
        return JSONResponse(ledger_state(runner.table))
    if kind != "csv":
        raise HiloError("format must be json or csv")
    return Response(
        runner.table.night_ledger().to_csv(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="hilo-{runner.id}-ledger.csv"'},
    )


async def play(socket: WebSocket) -> None:
    """The table over a WebSocket: views out, actions in."""
    hub: Hub = socket.app.state.hub
    try:
        runner, role, viewer = await hub.who(
            socket.query_params.get("token"), "seat", "spectator", "host"
        )
    except UnavailableError as error:
        await socket.close(code=1011, reason=str(error)[:120])
        return
    except MovedError as moved:  # another process plays the table: frames go through to it
        relay: Relay = socket.app.state.relay
        await relay.socket(socket, moved)
        return
    except HiloError:
        await socket.close(code=4401)
        return
    await socket.accept()
    try:
        if not await hub.watch(runner, socket, role, viewer, str(socket.query_params["token"])):
            await socket.close(code=4401)  # its link was revoked as it connected
            return
        recent: deque[float] = deque()
        while True:
            received = await socket.receive()
            if received["type"] == "websocket.disconnect":
                break
            now = hub.settings.clock.now()
            recent.append(now)
            while recent and now - recent[0] > 1.0:
                recent.popleft()
            if len(recent) > RATE_LIMIT:
                await socket.send_json(error_message("too many messages: slow down"))
                continue
            text = received.get("text")
            if text is None:  # a binary frame
                await socket.send_json(error_message(_BINARY))
                continue
            try:
                message = read_client_message(text)
                if isinstance(message, PingMessage):
                    await socket.send_json({"type": "pong"})
                elif isinstance(message, ActMessage):
                    if role != "seat":
                        raise HiloError("only a seated player can act")
                    action = message.action.for_seat(hub.seat_of(runner, viewer))
                    if not await runner.act(action, message.decision):
                        await socket.send_json(notice_message(STALE_ACTION))
                elif isinstance(message, ChatMessage):
                    await hub.chat(runner, role, viewer, message, socket)
                else:
                    await socket.send_text(frame(await hub.current(runner, role, viewer)))
            except HiloError as error:
                await socket.send_json(error_message(str(error)))
            except (WebSocketDisconnect, RuntimeError):
                raise
            except Exception:  # a failure nobody foresaw: logged; the connection stays open
                _log.exception("a message to table %s could not be handled", runner.id)
                await socket.send_json(error_message(_UNFORESEEN))
    except (WebSocketDisconnect, RuntimeError):  # closed, or gone while being written to
        pass
    finally:
        await hub.unwatch(runner, socket, viewer)


def create_app(
    store: Store, settings: ServerSettings | None = None, leases: Leases | None = None
) -> Starlette:
    """The ASGI application, serving the tables kept in ``store`` (with ``leases``, those this
    process owns, relaying the rest to their owners)."""
    hub = Hub(store, settings or ServerSettings(), leases)
    relay = Relay(WEBSOCKET_FRAME_BYTES)
    homes = HomeBook(store, hub.off_loop)
    hub.listeners.append(homes.table_changed)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start()
        for runner in list(hub.runners.values()):  # a night whose table ended as it stopped
            await hub.tell_listeners(runner)
        yield
        await hub.stop()
        await relay.close()

    app = Starlette(
        routes=[
            Route("/api/options", _answer(options), methods=["GET"]),
            Route("/api/rules", _answer(rules), methods=["GET"]),
            Route("/api/tables", _answer(create_table), methods=["POST"]),
            Route("/api/settle", _answer(settle_showdown), methods=["POST"]),
            Route("/api/lobby", _answer(lobby), methods=["GET"]),
            Route("/api/join", _answer(join), methods=["POST"]),
            Route("/api/request", _answer(seat_request), methods=["GET"]),
            Route("/api/host", _answer(host), methods=["POST"]),
            Route("/api/deal", _answer(deal), methods=["POST"]),
            Route("/api/seat", _answer(seat_command), methods=["POST"]),
            Route("/api/view", _answer(view), methods=["GET"]),
            Route("/api/history", _answer(history), methods=["GET"]),
            Route("/api/history/{number}", _answer(one_hand), methods=["GET"]),
            Route("/api/ledger", _answer(ledger), methods=["GET"]),
            *home_routes(_answer, _body, homes),
            WebSocketRoute("/ws", play),
            *page_routes(),
        ],
        lifespan=lifespan,
        exception_handlers={HTTPException: _http_error, Exception: _internal_error},
    )
    app.state.hub = hub
    app.state.relay = relay
    return app
