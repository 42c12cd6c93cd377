"""``hilo serve --workers N``: several server processes sharing one port and one PostgreSQL
database, each playing the tables it owns (`hilo.web.lease`) and relaying the rest
(`hilo.web.relay`)."""

from __future__ import annotations

import multiprocessing
import signal
import socket
import time
from dataclasses import dataclass
from types import FrameType

import typer

__all__ = ["WorkerOptions", "run_worker", "supervise"]


@dataclass(frozen=True, slots=True)
class WorkerOptions:
    """What every server process is started with."""

    database_url: str
    relay_host: str
    """The address of this machine that the other processes reach this one at."""
    bot_delay: float
    next_hand_delay: float
    compress: bool = False
    """Whether WebSocket frames are compressed (``--compress``), as for one process."""


def _address(host: str, port: int) -> str:
    """The URL of a process listening on ``host`` and ``port``.

    >>> _address("10.0.0.5", 8001), _address("::1", 8001)
    ('http://10.0.0.5:8001', 'http://[::1]:8001')
    """
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def run_worker(listening: socket.socket, options: WorkerOptions) -> None:
    """Serve on ``listening`` (shared with the other processes) until stopped; the other
    processes reach this one on a port of its own at ``options.relay_host``."""
    import uvicorn  # noqa: PLC0415 - the web extra, checked by hilo serve

    from hilo.cli.serve import event_loop, listen, settle_memory  # noqa: PLC0415
    from hilo.web.app import WEBSOCKET_FRAME_BYTES, create_app  # noqa: PLC0415
    from hilo.web.lease import Leases  # noqa: PLC0415
    from hilo.web.runner import ServerSettings  # noqa: PLC0415
    from hilo.web.store import Store  # noqa: PLC0415

    own = listen(options.relay_host, 0)
    address = _address(options.relay_host, own.getsockname()[1])
    store = Store(options.database_url)
    leases = Leases(options.database_url, address)
    settings = ServerSettings(bot_delay=options.bot_delay, next_hand_delay=options.next_hand_delay)
    config = uvicorn.Config(
        create_app(store, settings, leases),
        log_level="warning",
        ws_max_size=WEBSOCKET_FRAME_BYTES,
        ws_per_message_deflate=options.compress,
        loop=event_loop(),
    )
    settle_memory()
    uvicorn.Server(config).run(sockets=[listening, own])


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGTERM stops the supervisor as Ctrl-C does, and with it every process."""
    raise KeyboardInterrupt


def supervise(count: int, listening: socket.socket, options: WorkerOptions) -> None:
    """Run ``count`` server processes on ``listening`` until interrupted; a process that
    stops is replaced (its tables are meanwhile taken over by the others)."""
    context = multiprocessing.get_context("spawn")

    def start() -> multiprocessing.process.BaseProcess:
        process = context.Process(target=run_worker, args=(listening, options), name="hilo-serve")
        process.start()
        return process

    signal.signal(signal.SIGTERM, _stop)
    workers = [start() for _ in range(count)]
    try:
        while True:
            time.sleep(1.0)
            for index, process in enumerate(workers):
                if not process.is_alive():
                    typer.echo(
                        f"hilo serve: process {process.pid} stopped (exit code"
                        f" {process.exitcode}); starting another"
                    )
                    workers[index] = start()
    except KeyboardInterrupt:
        pass
    finally:
        for process in workers:
            process.terminate()
        for process in workers:
            process.join(timeout=15)
