"""Who sits where: one seat per browser, seat requests the host answers, and new seat links.

A browser is known by a cookie the server sets itself (`BROWSER_COOKIE`: HttpOnly,
SameSite=Lax, random). The cookie only counts seats: it is never a key to one. A browser
holds one seat at a table unless the table allows several; a client that keeps no
cookies is a new browser at every request. At a table that approves seats, joining
records a request (`hilo.web.seat_requests`) that the host approves, which seats the
player exactly as joining would, or denies. The host can give a seated person a new
link: every older link of that person stops working at once, the person keeps seat and
chips (the links of whoever sat in the seat before are theirs, and keep working).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from hilo.engine.names import player_name, seat_label
from hilo.engine.table import Table, Viewer
from hilo.errors import HiloError, IllegalActionError
from hilo.web.hub import Hub
from hilo.web.protocol import HostCommand, HostRequest, JoinRequest
from hilo.web.runner import TableRunner
from hilo.web.seat_requests import Answer, Approved, Denied, SeatAsk

__all__ = [
    "BROWSER_COOKIE",
    "BROWSER_COOKIE_DAYS",
    "HOST_SEAT_COMMANDS",
    "browser_of",
    "host_seat_command",
    "remember_browser",
    "request_state",
    "seats_line",
    "sit_or_ask",
]

BROWSER_COOKIE = "hilo_browser"
"""The cookie that tells one browser from another."""

BROWSER_COOKIE_DAYS = 365
"""How long a browser keeps its cookie."""

HOST_SEAT_COMMANDS = (HostCommand.APPROVE, HostCommand.DENY, HostCommand.NEW_LINK)
"""The host's commands about seats and their links."""

_BROWSER = re.compile(r"[A-Za-z0-9_-]{32}")
_REQUEST_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def seats_line(players: Sequence[object | None]) -> str:
    """How many seats a table has and which are free, in words, numbered as the pages number
    them (``players`` has one entry per seat, None where it is empty).

    >>> seats_line(["Ann", None, "Bob", None, "Cy", None])
    '6 seats, 3 free: 2, 4, 6'
    >>> seats_line([None, None]), seats_line(["Ann", "Bob"]), seats_line(["Ann", None])
    ('2 seats, both free', '2 seats, none free', '2 seats, 1 free: 2')
    """
    free = [str(seat + 1) for seat, player in enumerate(players) if player is None]
    seats = f"{len(players)} seat{'' if len(players) == 1 else 's'}"
    if not free:
        return f"{seats}, none free"
    if len(free) == len(players) and len(players) > 1:
        return f"{seats}, {'both' if len(players) == 2 else 'all'} free"
    return f"{seats}, {len(free)} free: {', '.join(free)}"


def browser_of(request: Request) -> tuple[str, bool]:
    """This browser's id from its cookie, or a new one and True (the cookie must be set).

    A cookie that is not one the server could have set counts as none.
    """
    cookie = request.cookies.get(BROWSER_COOKIE, "")
    if _BROWSER.fullmatch(cookie):
        return cookie, False
    return secrets.token_urlsafe(24), True


def remember_browser(response: Response, request: Request, browser: str) -> None:
    """Give the browser its cookie with ``response``."""
    response.set_cookie(
        BROWSER_COOKIE,
        browser,
        max_age=BROWSER_COOKIE_DAYS * 24 * 3600,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


async def _held(hub: Hub, runner: TableRunner, browser: str) -> list[tuple[int, str]]:
    """The seats ``browser`` holds at the table, with the name in each (its seat tokens read
    off the event loop)."""
    records = await hub.off_loop(partial(hub.store.seat_tokens, runner.id, browser=browser))
    players = runner.table.players
    held = []
    for record in records:
        seat = record.seat
        player = players[seat] if seat is not None and 0 <= seat < len(players) else None
        is_theirs = player is not None and player.number == record.player
        if seat is not None and player is not None and is_theirs and player.bot is None:
            held.append((seat, player.name))
    return held


async def _check_browser(hub: Hub, runner: TableRunner, browser: str) -> None:
    """Refuse a second seat to one browser, unless the table allows several."""
    if runner.table.config.several_seats_per_browser:
        return
    held = await _held(hub, runner, browser)
    if held:
        seat, name = held[0]
        raise IllegalActionError(
            f"This browser already holds {seat_label(seat)} at this table, as {name}: go back to it"
            " with your own link (Back to your seat, on this page), or ask the host for a new"
            " link to it."
        )


def _check_sit(table: Table, seat: int, name: str, buy_in: int) -> None:
    """Whether `Table.sit` would seat ``name`` now, asked of a copy of the seats."""
    trial = Table(table.config)
    trial.players = list(table.players)
    trial.status = table.status
    trial.sit(seat, name, buy_in)


async def _seat(
    hub: Hub,
    runner: TableRunner,
    seat: int,
    name: str,
    buy_in: int,
    browser: str,
    asked: SeatAsk | None = None,
    written: list[str] | None = None,
) -> dict[str, Any]:
    """Seat a person (every check of a join), with a seat token recording the browser,
    committed with the sit (one person at a time at a table, so a browser's second join
    finds the first one's token); the request ``asked`` (if any) is then approved. The
    token is added to ``written`` as soon as it is handed to the journal."""

    def keep(person: Viewer) -> str:
        token = hub.store.add_seat_token(runner.id, seat, player=person.player, browser=browser)
        if written is not None:
            written.append(token)
        return token

    async with runner.seating:
        await _check_browser(hub, runner, browser)
        hub.playing(runner)  # still played here after the waits
        token = await runner.sit(seat, name, buy_in, keep)
    if asked is not None:
        hub.seat_requests.answer(asked, Approved(seat, token))
    return {"table": runner.id, "seat": seat, "token": token, "link": f"/play/{token}"}


async def sit_or_ask(
    hub: Hub, runner: TableRunner, data: JoinRequest, browser: str
) -> dict[str, Any]:
    """Take a seat, or at a table that approves seats, ask the host for one."""
    name = player_name(data.name)
    config = runner.table.config
    if not config.approve_seats:
        return await _seat(hub, runner, data.seat, name, data.buy_in, browser)
    await _check_browser(hub, runner, browser)
    hub.playing(runner)  # still played here after the wait
    _check_sit(runner.table, data.seat, name, data.buy_in)
    asked = await hub.ask_seat(
        runner, seat=data.seat, name=name, buy_in=data.buy_in, browser=browser
    )
    return {"table": runner.id, "seat": data.seat, "name": name, "pending": asked.token}


def request_state(hub: Hub, token: str) -> dict[str, Any] | None:
    """What became of a seat request, or None if this server does not know it."""
    if not _REQUEST_TOKEN.fullmatch(token):
        raise HiloError("that is not a request token")
    match hub.seat_requests.state(token):
        case SeatAsk(table_id=table_id, seat=seat, name=name):
            return {"status": "pending", "table": table_id, "seat": seat, "name": name}
        case Approved(seat=seat, token=seat_token):
            return {
                "status": "approved",
                "seat": seat,
                "token": seat_token,
                "link": f"/play/{seat_token}",
            }
        case Denied(reason=reason):
            return {"status": "denied", "reason": reason}
        case None:
            return None


async def host_seat_command(hub: Hub, runner: TableRunner, data: HostRequest) -> dict[str, Any]:
    """The host approves or denies a request, or gives a seated person a new link."""
    answer: dict[str, Any] = {}
    if data.command is HostCommand.NEW_LINK:
        answer = await _new_link(hub, runner, _seat_of(data))
    else:
        if data.request is None:
            raise IllegalActionError(f"Say which request to {data.command}.")
        asked = hub.seat_requests.waiting(runner.id, data.request)
        if data.command is HostCommand.APPROVE:
            answer = await _approve(hub, runner, asked)
        else:
            await hub.turn_down(runner, asked, "The host did not let you sit down.")
    return {"ok": True, "status": runner.table.status, **answer}


def _seat_of(data: HostRequest) -> int:
    if data.seat is None:
        raise IllegalActionError(f"Say which seat for {data.command}.")
    return data.seat


_NOT_SEATED = "The host could not seat you: something went wrong on the server. Ask again."


async def _approve(hub: Hub, runner: TableRunner, asked: SeatAsk) -> dict[str, Any]:
    """Seat a request's player; if that cannot be done now, the request is denied saying why."""
    hub.seat_requests.seating(asked)
    written: list[str] = []
    try:
        await _seat(
            hub, runner, asked.seat, asked.name, asked.buy_in, asked.browser, asked, written
        )
    except HiloError as error:
        await hub.turn_down(runner, asked, f"The host could not seat you: {error}")
        raise IllegalActionError(
            f"{asked.name} cannot sit down: {error} The request is turned down, and"
            f" {asked.name} is told why."
        ) from None
    except Exception:  # a failure nobody foresaw: the player is told what became of the seat
        hub.seat_requests.answer(asked, await _outcome(hub, runner, asked, written))
        raise
    except BaseException:  # cancelled (the server stopping): no time to wait for the commit
        hub.seat_requests.answer(
            asked, Approved(asked.seat, written[0]) if written else Denied(_NOT_SEATED)
        )
        raise
    return {"seat": asked.seat, "name": asked.name}


async def _outcome(hub: Hub, runner: TableRunner, asked: SeatAsk, written: list[str]) -> Answer:
    """What became of an approval that failed in a way nobody foresaw: the seat is the
    player's if its sit and token reached the journal and were committed."""
    if written:
        try:
            await hub.committed(runner)
        except HiloError:
            return Denied(_NOT_SEATED)
        return Approved(asked.seat, written[0])
    return Denied(_NOT_SEATED)


async def _new_link(hub: Hub, runner: TableRunner, seat: int) -> dict[str, Any]:
    """Revoke every link of the person in ``seat`` and give them a new one."""
    seats = runner.table.config.seats
    if not 0 <= seat < seats:
        raise IllegalActionError(f"There is no {seat_label(seat)}: seats are 1 to {seats}.")
    async with runner.seating:  # nobody sits down or is given a link meanwhile
        hub.playing(runner)
        player = runner.table.players[seat]
        if player is None:
            raise IllegalActionError(f"Nobody sits in {seat_label(seat)}.")
        if player.bot is not None:
            raise IllegalActionError(f"{player.name} is a bot: a bot has no link.")
        token = await hub.new_link(runner, seat, player.number)
    return {"seat": seat, "token": token, "link": f"/play/{token}"}
