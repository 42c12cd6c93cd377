"""Home games: a game that persists across nights, its season ledger, and tonight's table.

A home game keeps its name, the settings its tables are made with (as ``POST /api/tables``
takes them: games, house rules, stakes and the rest), its players' names and a season of
nights. Its host holds one token: it opens the home game's page, starts tonight's table in
one call, and ends the night. When a night's table has ended and no hand is in play there,
each player's net result is added to the season, once (also after a restart).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, insert, select, update
from starlette.requests import Request
from starlette.routing import Route

from hilo.engine.journal import JournaledTable
from hilo.engine.names import MAX_NAME_LENGTH, player_name
from hilo.engine.table import Table, TableConfig
from hilo.errors import HiloError, IllegalActionError
from hilo.ledger.season import MAX_HOME_NAME_LENGTH, Night, home_game_name, season_totals
from hilo.rules.defaults import default_stakes
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.web.edges import is_token
from hilo.web.hub import ForbiddenError, Hub, UnavailableError
from hilo.web.protocol import CreateTableRequest, HostCommand, HostRequest, Token, read_request
from hilo.web.runner import TableRunner
from hilo.web.schema import home_games, home_nights
from hilo.web.store import Store, new_table_id
from hilo.web.token_cache import NewToken, TokenRecord, new_token

__all__ = [
    "MAX_HOME_PLAYERS",
    "MAX_LISTED_HOMES",
    "CreateHomeRequest",
    "HomeBook",
    "HomeRecord",
    "OffLoop",
    "final_nets",
    "home_routes",
    "make_table",
    "open_table",
    "table_config",
    "table_links",
]

MAX_HOME_PLAYERS = 40
"""The most players' names a home game keeps."""

MAX_LISTED_HOMES = 50
"""The most host links one request may ask to list (a browser remembers no more)."""

_ROLES = ("host", "invite", "spectator")
"""The tokens of a home game's table whose links its page shows."""

_ID_TRIES = 8
"""New ids tried for a table before giving up (each is refused only when its lock key is
another process's table's, one chance in millions)."""


class CreateHomeRequest(CreateTableRequest):
    """``POST /api/homes``: a home game: a name, its players' names, and its tables' settings."""

    name: Annotated[str, Field(min_length=1, max_length=4 * MAX_HOME_NAME_LENGTH)]
    players: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=4 * MAX_NAME_LENGTH)]],
        Field(max_length=MAX_HOME_PLAYERS),
    ] = Field(default_factory=list)

    def table_settings(self) -> dict[str, Any]:
        """The settings of its tables, as ``POST /api/tables`` takes them."""
        return self.model_dump(mode="json", exclude={"name", "players"}, exclude_unset=True)


class HomeHostRequest(BaseModel):
    """``POST /api/home/tonight`` and ``/api/home/end-night``: the home game's host token."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    host: Token


class HomeListRequest(BaseModel):
    """``POST /api/homes/mine``: the host links a browser remembers, to list their home games."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    hosts: Annotated[list[Token], Field(max_length=MAX_LISTED_HOMES)]


def table_config(data: CreateTableRequest) -> TableConfig:
    """The table a create request asks for, or a `HiloError` saying what is wrong."""
    try:
        return TableConfig(
            games=tuple(data.games),
            rules=HouseRules.from_dict(data.rules.settings()),
            stakes=default_stakes(*data.games)
            if data.stakes is None
            else Stakes.from_dict(data.stakes.settings()),
            seats=data.seats,
            provably_fair=data.provably_fair,
            action_clock=data.clock.action,
            time_bank=data.clock.bank,
            min_buy_in=data.buy_in.min,
            max_buy_in=data.buy_in.max,
            several_seats_per_browser=data.several_seats_per_browser,
            approve_seats=data.approve_seats,
            mode=data.mode,
            game_rules=tuple(
                (game, HouseRules.from_dict(rules.settings()))
                for game, rules in data.game_rules.items()
            ),
            dealer_declares=data.dealer_declares,
            orbit=data.orbit,
            straddle=data.straddle,
            joining=data.joining,
        )
    except (TypeError, ValueError) as error:
        raise HiloError(str(error)) from None


async def open_table(hub: Hub, config: TableConfig) -> dict[str, Any]:
    """A new table in play, and its tokens and links for the host. The database is written
    in a worker thread (`make_table`) while the event loop serves the other tables."""
    table_id, table, tokens = await hub.off_loop(make_table, hub, config)
    hub.add(table_id, TableRunner(table_id, table, hub.settings, hub.broadcast, bots=hub.bots))
    return {"table": table_id, **tokens, "links": _links(tokens)}


def make_table(hub: Hub, config: TableConfig) -> tuple[str, JournaledTable, dict[str, str]]:
    """A new table in the store, claimed by this process before it exists (`Hub.claim_new`),
    with its host's, invite and spectator tokens (written with it, in one transaction).
    Blocking: `open_table` runs it off the loop."""
    for _ in range(_ID_TRIES):  # a new id whose lock key another process's table holds
        table_id = new_table_id()
        if hub.claim_new(table_id):
            break
    else:
        raise UnavailableError("no new table could be claimed now; try again in a moment")
    tokens = {role: new_token() for role in _ROLES}
    written = [NewToken(token, TokenRecord(table_id, role)) for role, token in tokens.items()]
    try:
        table_id, table = hub.store.new_table(config, table_id, tokens=written)
        if hub.store.fences is not None:
            hub.store.take_over(table_id)  # its first owner epoch: writes are fenced from now
    except BaseException:
        hub.let_go(table_id)  # never made, or made and not played here: the sweep claims it
        raise
    return table_id, table, tokens


def table_links(store: Store, table_id: str) -> dict[str, str]:
    """The links of a table the host hands out, read from the database (its first token of
    each role)."""
    return _links({role: store.tokens_of(table_id, role)[0] for role in _ROLES})


def _links(tokens: dict[str, str]) -> dict[str, str]:
    return {
        "host": f"/host/{tokens['host']}",
        "invite": f"/join/{tokens['invite']}",
        "spectator": f"/watch/{tokens['spectator']}",
    }


@dataclass(frozen=True, slots=True)
class HomeRecord:
    """A home game as stored: its id, name, table settings and players' names."""

    id: str
    name: str
    settings: dict[str, Any]
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NightRecord:
    """One night as stored: its number, table, date, and nets once it is over."""

    night: int
    table_id: str
    played_on: date
    nets: tuple[tuple[str, int], ...] | None


class HomeBook:
    """The home games in a store, and the nights still being played."""

    def __init__(self, store: Store, off_loop: OffLoop | None = None) -> None:
        self.store = store
        self._off_loop: OffLoop = _here if off_loop is None else off_loop
        """How a blocking question to the store is asked from the event loop (the server's
        `Hub.off_loop`; by default in the caller's thread)."""
        with store.engine.connect() as connection:
            rows = connection.execute(
                select(home_nights.c.table_id).where(home_nights.c.nets.is_(None))
            )
            self._open = {row.table_id for row in rows}
        self._not_open: set[str] = set()
        """Ended tables the database says are no open night (asked once each)."""

    def create(self, name: str, settings: dict[str, Any], players: list[str]) -> tuple[str, str]:
        """A new home game; its id and its host's token."""
        home_id, host = secrets.token_hex(8), secrets.token_urlsafe(24)
        with self.store.engine.begin() as connection:
            connection.execute(
                insert(home_games).values(
                    id=home_id, host=host, name=name, settings=settings, players=players
                )
            )
        return home_id, host

    def find(self, host: object) -> HomeRecord:
        """The home game a host token opens, or a `ForbiddenError`."""
        row = None
        if is_token(host):
            with self.store.engine.connect() as connection:
                row = connection.execute(
                    select(home_games).where(home_games.c.host == host)
                ).first()
        if row is None:
            raise ForbiddenError("that link is not a home game's host link")
        return HomeRecord(row.id, row.name, dict(row.settings), tuple(row.players))

    def listed(self, hosts: list[str]) -> list[dict[str, Any]]:
        """The home games whose host tokens are among ``hosts``, in that order: each one's
        host link, name, nights and whether a night is being played (no other home game)."""
        wanted = [host for host in dict.fromkeys(hosts) if is_token(host)]
        if not wanted:
            return []
        nights = func.count(home_nights.c.night)
        playing = func.count(home_nights.c.night).filter(home_nights.c.nets.is_(None))
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(home_games.c.host, home_games.c.name, nights, playing)
                .outerjoin(home_nights, home_nights.c.home_id == home_games.c.id)
                .where(home_games.c.host.in_(wanted))
                .group_by(home_games.c.id, home_games.c.host, home_games.c.name)
            ).all()
        found = {row[0]: row for row in rows}
        return [
            {
                "host": host,
                "name": found[host][1],
                "link": f"/home/{host}",
                "nights": int(found[host][2]),
                "playing": bool(found[host][3]),
            }
            for host in wanted
            if host in found
        ]

    def nights(self, home_id: str) -> list[NightRecord]:
        """A home game's nights, first first."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(home_nights)
                .where(home_nights.c.home_id == home_id)
                .order_by(home_nights.c.night)
            )
            return [
                NightRecord(
                    row.night,
                    row.table_id,
                    row.played_on,
                    None if row.nets is None else tuple((str(n), int(v)) for n, v in row.nets),
                )
                for row in rows
            ]

    def add_night(self, home_id: str, table_id: str, played_on: date) -> int:
        """Record tonight's table; the night's number."""
        with self.store.writing() as connection:
            last = connection.execute(
                select(func.max(home_nights.c.night)).where(home_nights.c.home_id == home_id)
            ).scalar()
            night = 1 if last is None else int(last) + 1
            connection.execute(
                insert(home_nights).values(
                    home_id=home_id, night=night, table_id=table_id, played_on=played_on
                )
            )
        self._open.add(table_id)
        return night

    def _is_open(self, table_id: str) -> bool:
        """Whether a table is a night not yet added up: known here, or else asked of the
        database (with several processes, another may have started the night)."""
        if table_id in self._open:
            return True
        if table_id in self._not_open:
            return False
        with self.store.engine.connect() as connection:
            found = connection.execute(
                select(home_nights.c.table_id).where(
                    home_nights.c.table_id == table_id, home_nights.c.nets.is_(None)
                )
            ).first()
        (self._open if found is not None else self._not_open).add(table_id)
        return found is not None

    def add_up(self, table_id: str, nets: list[list[Any]]) -> None:
        """Add a night's nets to its season, if ``table_id`` is a night not yet added up.
        Blocking (`table_changed` runs it off the event loop)."""
        if not self._is_open(table_id):
            return
        with self.store.engine.begin() as connection:
            connection.execute(
                update(home_nights)
                .where(home_nights.c.table_id == table_id, home_nights.c.nets.is_(None))
                .values(nets=nets)
            )
        self._open.discard(table_id)
        self._not_open.add(table_id)

    async def table_changed(self, runner: TableRunner) -> None:
        """Add a night's nets to its season once its table has ended between hands (the
        database is asked and written off the event loop)."""
        if runner.id in self._not_open:
            return
        nets = final_nets(runner.table)
        if nets is not None:
            await self._off_loop(self.add_up, runner.id, nets)


_T = TypeVar("_T")


class OffLoop(Protocol):
    """Runs a blocking call from the event loop and gives its answer (`Hub.off_loop`)."""

    def __call__(self, read: Callable[..., _T], *args: Any) -> Awaitable[_T]: ...


async def _here(read: Callable[..., _T], *args: Any) -> _T:
    """``read(*args)`` in the caller's thread."""
    return read(*args)


def final_nets(table: Table) -> list[list[Any]] | None:
    """Each player's net for the night, once the table has ended and no hand is in play
    there; None before."""
    if table.status != "ended":
        return None
    if table.hand is not None and not table.hand.is_complete:
        return None  # the hand in play finishes first
    return [[name, net] for name, net in table.night_ledger().nets().items()]


async def home_state(hub: Hub, book: HomeBook, home: HomeRecord) -> dict[str, Any]:
    """What the home game's page shows: its settings, nights, season and tonight's table."""
    nights, finished, tonight = [], [], None
    for record in await hub.off_loop(book.nights, home.id):
        nets = record.nets
        if nets is None:
            runner = hub.runners.get(record.table_id)
            if runner is None and hub.leases is not None:  # claimed here, or its owner answers
                with contextlib.suppress(HiloError):
                    runner = await hub.runner(record.table_id)
            live = {} if runner is None else runner.table.night_ledger().nets()
            nets = tuple(live.items())
            links = await hub.off_loop(table_links, hub.store, record.table_id)
            tonight = {
                "night": record.night,
                "table": record.table_id,
                "status": None if runner is None else runner.table.status,
                "links": links,
            }
        else:
            finished.append(Night(record.played_on, nets))
        nights.append(
            {
                "night": record.night,
                "date": record.played_on.isoformat(),
                "table": record.table_id,
                "over": record.nets is not None,
                "nets": [{"player": name, "net": net} for name, net in nets],
            }
        )
    return {
        "id": home.id,
        "name": home.name,
        "players": list(home.players),
        "settings": home.settings,
        "nights": nights,
        "season": [row.to_dict() for row in season_totals(finished, home.players)],
        "tonight": tonight,
    }


Body = Callable[[Request], Awaitable[Any]]
Answer = Callable[[Callable[[Request, Hub], Awaitable[Any]]], Any]


def home_routes(answer: Answer, body: Body, book: HomeBook) -> list[Route]:
    """The home-game API: create, list a browser's, read, start tonight's table, end the night.
    Every question to the database is asked in a worker thread (`Hub.off_loop`)."""
    starting = asyncio.Lock()

    async def create(request: Request, hub: Hub) -> dict[str, Any]:
        data = read_request(CreateHomeRequest, await body(request))
        name = home_game_name(data.name)
        players = list(dict.fromkeys(player_name(player) for player in data.players))
        table_config(data)  # a home game whose tables could not be made is refused now
        home_id, host = await hub.off_loop(book.create, name, data.table_settings(), players)
        return {"home": home_id, "host": host, "link": f"/home/{host}"}

    async def mine(request: Request, hub: Hub) -> dict[str, Any]:
        hosts = read_request(HomeListRequest, await body(request)).hosts
        return {"homes": await hub.off_loop(book.listed, hosts)}

    async def read(request: Request, hub: Hub) -> dict[str, Any]:
        home = await hub.off_loop(book.find, request.query_params.get("token"))
        return await home_state(hub, book, home)

    async def tonight(request: Request, hub: Hub) -> dict[str, Any]:
        host = read_request(HomeHostRequest, await body(request)).host
        async with starting:  # two clicks at once start one night, and refuse the other
            home = await hub.off_loop(book.find, host)
            if any(night.nets is None for night in await hub.off_loop(book.nights, home.id)):
                raise IllegalActionError(
                    "Tonight's table is still open: end the night before starting another."
                )
            config = table_config(read_request(CreateTableRequest, home.settings))
            opened = await open_table(hub, config)
            today = hub.settings.today()
            night = await hub.off_loop(book.add_night, home.id, opened["table"], today)
        return {"night": night, **opened}

    async def end_night(request: Request, hub: Hub) -> dict[str, Any]:
        data = read_request(HomeHostRequest, await body(request))
        home = await hub.off_loop(book.find, data.host)
        nights = await hub.off_loop(book.nights, home.id)
        open_nights = [night for night in nights if night.nets is None]
        if not open_nights:
            raise IllegalActionError("No night is being played: start tonight's table first.")
        table_id = open_nights[0].table_id
        runner = await hub.runner(table_id)
        host = (await hub.off_loop(hub.store.tokens_of, table_id, "host"))[0]
        await runner.host(HostRequest(host=host, command=HostCommand.END))  # its listeners
        return await home_state(hub, book, home)  # have added the night up, if it is over

    return [
        Route("/api/homes", answer(create), methods=["POST"]),
        Route("/api/homes/mine", answer(mine), methods=["POST"]),
        Route("/api/home", answer(read), methods=["GET"]),
        Route("/api/home/tonight", answer(tonight), methods=["POST"]),
        Route("/api/home/end-night", answer(end_night), methods=["POST"]),
    ]
