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
) -> None:
    """Serve tables over HTTP and WebSockets; tables survive restarts in the database."""
    try:
        import uvicorn  # noqa: PLC0415 - the server's packages are an optional extra

        from hilo.web.app import create_app  # noqa: PLC0415
        from hilo.web.store import Store  # noqa: PLC0415
    except ImportError as missing:
        raise HiloError(
            f"hilo serve needs the web extra (pip install 'hilo[web]'): {missing}"
        ) from None
    try:
        store = Store(database_url)
    except Exception as error:  # the database is unreachable or of another schema
        raise HiloError(f"cannot open the database {database_url}: {error}") from None
    typer.echo(f"hilo is serving at http://{host}:{port}/ (tables kept in {database_url})")
    uvicorn.run(create_app(store), host=host, port=port, log_level="warning")
