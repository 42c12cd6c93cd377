"""``hilo serve``: run the table server."""

from __future__ import annotations

from typing import Annotated

import typer

from hilo.errors import HiloError


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str, typer.Option(help="Where tables are kept: a SQLAlchemy database URL.")
    ] = "sqlite:///hilo.db",
    next_hand_delay: Annotated[
        float, typer.Option(help="Seconds between the end of a hand and the next deal.", min=0)
    ] = 6.0,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it acts.", min=0)
    ] = 0.8,
) -> None:
    """Serve tables over HTTP and WebSockets; tables survive restarts in the database."""
    try:
        import uvicorn  # noqa: PLC0415 - the server's packages are an optional extra

        from hilo.web.app import create_app  # noqa: PLC0415
        from hilo.web.runner import ServerSettings  # noqa: PLC0415
        from hilo.web.store import Store, shown_url  # noqa: PLC0415
    except ImportError as missing:
        raise HiloError(
            f"hilo serve needs the web extra (pip install 'hilo[web]'): {missing}"
        ) from None
    shown = shown_url(database_url)
    store = Store(database_url)  # a database it cannot use is a ConfigError, said in a line
    typer.echo(f"hilo is serving at http://{host}:{port}/ (tables kept in {shown})")
    settings = ServerSettings(bot_delay=bot_delay, next_hand_delay=next_hand_delay)
    uvicorn.run(create_app(store, settings), host=host, port=port, log_level="warning")
