"""The browser pages: the create form, the join page and the table, served as static files.

Every page is a plain HTML file under ``static/`` with JavaScript modules beside it; the
token a page works with comes from its own address. A token the server does not know, or
one for another page (a spectator link opened as a seat), gets a friendly page saying so
rather than a table that never connects; a good token opened on the wrong page (a
spectator link under ``/play/``) is sent on to its own page.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from hilo.web.edges import is_token
from hilo.web.hub import Hub

__all__ = ["STATIC", "page_routes"]

STATIC = Path(__file__).parent / "static"
"""The folder of the pages, scripts and styles."""

_ROLES = {"host": "host", "join": "invite", "play": "seat", "watch": "spectator"}
"""Each table page and the kind of token its address must hold."""

_UNKNOWN = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hilo: link not found</title>
<link rel="stylesheet" href="/static/style.css">
</head>
<body class="page-message">
<main class="message-card" data-testid="not-found">
<h1>This link does not lead to a table</h1>
<p>{reason}</p>
<p>Ask the host for a fresh link, or <a href="/">start a table of your own</a>.</p>
</main>
</body>
</html>
"""


def _page(name: str) -> Response:
    """One page file, never cached so a new version of hilo is picked up at once."""
    return FileResponse(
        STATIC / name, media_type="text/html; charset=utf-8", headers={"Cache-Control": "no-cache"}
    )


async def _role_of(request: Request, token: str) -> str | None:
    """The kind of ``token`` ("" when unknown), or None when the server cannot tell (no
    tables are served). A token not kept in memory is looked up off the event loop."""
    hub = getattr(request.app.state, "hub", None)
    if not isinstance(hub, Hub):
        return None
    if not is_token(token):
        return ""
    found = hub.store.kept_token(token)
    if found is None:
        found = await hub.off_loop(hub.store.find_token, token)
    return "" if found is None else found.role


async def _create(request: Request) -> Response:
    """``/``: the form that creates a table."""
    return _page("create.html")


async def _referee(request: Request) -> Response:
    """``/referee``: the referee for a hand played with real cards."""
    return _page("referee.html")


async def _rules(request: Request) -> Response:
    """``/rules``: the house-rules sheet and its gallery (the page asks ``/api/rules``)."""
    return _page("rules.html")


async def _table_page(request: Request) -> Response:
    """``/host``, ``/join``, ``/play`` and ``/watch`` with their token."""
    page = request.url.path.strip("/").split("/")[0]
    token = request.path_params["token"]
    role = await _role_of(request, token)
    if role == "":
        reason = "The link is mistyped, or its table is gone."
        return HTMLResponse(_UNKNOWN.format(reason=reason), status_code=404)
    if role is not None and role != _ROLES[page]:
        right_page = next(name for name, wanted in _ROLES.items() if wanted == role)
        return RedirectResponse(f"/{right_page}/{token}", status_code=307)
    return _page("join.html" if page == "join" else "table.html")


async def _home(request: Request) -> Response:
    """``/home`` (a new home game) and ``/home/{token}`` (a home game, for its host)."""
    return _page("home.html")


def page_routes() -> list[BaseRoute]:
    """The routes of the pages and of their static files, to add to the application."""
    return [
        Route("/", _create, methods=["GET"]),
        Route("/referee", _referee, methods=["GET"]),
        Route("/rules", _rules, methods=["GET"]),
        Route("/home", _home, methods=["GET"]),
        Route("/home/{token}", _home, methods=["GET"]),
        *(Route(f"/{page}/{{token}}", _table_page, methods=["GET"]) for page in _ROLES),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
