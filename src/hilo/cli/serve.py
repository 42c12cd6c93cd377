"""``hilo serve``: run the table server."""

from __future__ import annotations

import errno
import gc
import socket
from typing import Annotated, Literal

import typer

from hilo.errors import HiloError


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=0, max=65535)] = 8000,
    database_url: Annotated[
        str, typer.Option(help="Where tables are kept: a SQLAlchemy database URL.")
    ] = "sqlite:///hilo.db",
    next_hand_delay: Annotated[
        float, typer.Option(help="Seconds between the end of a hand and the next deal.", min=0)
    ] = 6.0,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it acts.", min=0)
    ] = 0.8,
    compress: Annotated[
        bool,
        typer.Option(
            "--compress/--no-compress",
            help="Compress WebSocket frames (permessage-deflate): a tenth of the bytes, for"
            " a third of the server's time at a busy table.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes sharing the port and a PostgreSQL database, each playing"
            " the tables it owns (0: one process playing every table, any database).",
            min=0,
            max=64,
        ),
    ] = 0,
    relay_host: Annotated[
        str,
        typer.Option(
            help="With --workers: this machine's address that the processes on other"
            " machines reach its processes at.",
        ),
    ] = "127.0.0.1",
) -> None:
    """Serve tables over HTTP and WebSockets; tables survive restarts in the database."""
    try:
        import uvicorn  # noqa: PLC0415 - the server's packages are an optional extra

        from hilo.web.app import WEBSOCKET_FRAME_BYTES, create_app  # noqa: PLC0415
        from hilo.web.lease import postgresql_address  # noqa: PLC0415
        from hilo.web.runner import ServerSettings  # noqa: PLC0415
        from hilo.web.store import Store, shown_url  # noqa: PLC0415
    except ImportError as missing:
        raise HiloError(
            f"hilo serve needs the web extra (pip install 'hilo[web]'): {missing}"
        ) from None
    if workers:
        postgresql_address(database_url)  # SQLite keeps one process: said in a line
    listening = listen(host, port)  # a port in use is said in one line, before anything else
    shown = shown_url(database_url)
    store = Store(database_url)  # a database it cannot use is a ConfigError, said in a line
    warm_up_bots()
    port = listening.getsockname()[1]  # the port the system chose, for --port 0
    typer.echo(f"hilo is serving at http://{host}:{port}/ (tables kept in {shown})")
    if workers:
        from hilo.cli.serve_workers import WorkerOptions, run_worker, supervise  # noqa: PLC0415

        store.close()
        typer.echo(
            "hilo serve: each process plays the tables it owns and relays the others"
            f" ({workers} here, with any others on this database)"
        )
        options = WorkerOptions(
            database_url, relay_host, bot_delay, next_hand_delay, compress=compress
        )
        if workers == 1:
            run_worker(listening, options)
        else:
            supervise(workers, listening, options)
        return
    settings = ServerSettings(bot_delay=bot_delay, next_hand_delay=next_hand_delay)
    config = uvicorn.Config(
        create_app(store, settings),
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=WEBSOCKET_FRAME_BYTES,
        ws_per_message_deflate=compress,
        loop=event_loop(),
    )
    settle_memory()
    uvicorn.Server(config).run(sockets=[listening])


GC_THRESHOLDS = (20_000, 50, 100)
"""The collector's thresholds while serving (Python's are 700, 10, 10): a busy table server
makes and drops many small objects a change, and collecting less often keeps the event loop
from pausing every few changes."""


def settle_memory() -> None:
    """Before serving: collect once, set aside everything made while starting (the games,
    the bots' kernels: never garbage) so no collection scans it again, and collect less
    often (`GC_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def event_loop() -> Literal["uvloop", "asyncio"]:
    """The event loop the server runs on: uvloop when it is installed (it is in the web
    extra, where the platform has it), otherwise the standard library's."""
    try:
        import uvloop  # noqa: F401, PLC0415 - optional: only its presence matters here
    except ImportError:
        return "asyncio"
    return "uvloop"


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` for the server, or a sentence saying why not."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError):
        raise HiloError(f"{host} is not an address this machine has") from None
    bound = socket.socket(family, kind, protocol)
    bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
    try:
        bound.bind(address)
        bound.listen(2048)  # claims the port: another server binding it now fails at once
    except OSError as error:
        bound.close()
        if error.errno == errno.EADDRINUSE:
            raise HiloError(
                f"port {port} on {host} is already in use; choose another with --port"
            ) from None
        raise HiloError(f"cannot listen on {host} port {port}: {error.strerror}") from None
    return bound


def warm_up_bots() -> None:
    """Load the solid bot's simulation kernels now (compiling them the first time), so that
    no table waits for them; nothing to do without hilo.sim."""
    try:
        import hilo.sim  # noqa: F401, PLC0415 - needs numpy and numba, the sim extra
    except ImportError:
        return  # the solid bot then declares by its own estimate
    from hilo.bots.advice import warm_up  # noqa: PLC0415

    typer.echo("hilo serve: loading the bots' simulation kernels (compiled once, then cached)")
    warm_up()
