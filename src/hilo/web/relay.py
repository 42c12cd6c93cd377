"""Serving a table owned by another process: the request is relayed to its owner.

When several processes share one database (`hilo.web.lease`), a request or WebSocket may
reach a process that does not play the table it names. That process follows the owner's
address, published with the owner's lock, and relays: an HTTP request is sent on whole
(method, address, cookies, body) and its answer returned as it came; a WebSocket is opened
to the owner and every frame is passed on both ways. Clients, and any load balancer in
front, need to know nothing of which process plays what.

A relayed request carries the ``x-hilo-relayed`` header; a process that does not own the
table answers it with a 503 saying the table is moving (never relaying it a second time), so
a table between owners costs a retry, never a loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from hilo.web.lease import MovedError

__all__ = ["MOVING", "RELAYED", "Relay", "is_relayed"]

RELAYED = "x-hilo-relayed"
"""The header a process puts on a request it relays to a table's owner."""

MOVING = "this table is moving to another server process; try again in a moment"
"""The answer while a table has no owner that can be reached."""

_SENT_ON = ("content-type", "cookie", "user-agent", "accept")
_SENT_BACK = ("content-type", "content-disposition", "cache-control", "set-cookie", "location")
_RESTART = 1012  # WebSocket close code: the service is restarting; the page reconnects
_TRY_AGAIN = 1013  # WebSocket close code: try again later


def is_relayed(headers: Any) -> bool:
    """Whether a request was relayed here by another process."""
    return bool(headers.get(RELAYED))


class Relay:
    """Relays HTTP requests and WebSockets to the process that owns a table."""

    def __init__(self, frame_bytes: int) -> None:
        self.frame_bytes = frame_bytes
        """The largest WebSocket frame relayed (as the owner reads)."""
        self._client: httpx.AsyncClient | None = None

    def _http(self) -> httpx.AsyncClient:
        """One pool of connections to the other processes, opened at first use."""
        if self._client is None:
            keep_none = CookieJar(DefaultCookiePolicy(allowed_domains=[]))  # each its own
            self._client = httpx.AsyncClient(timeout=30.0, cookies=keep_none)
        return self._client

    async def http(self, request: Request, body: bytes, moved: MovedError) -> Response:
        """The owner's answer to ``request`` (whose body was ``body``), relayed back.

        With several addresses (the owner is not known), each is asked in turn until one
        answers with anything but 404.
        """
        if is_relayed(request.headers) or not moved.addresses:
            return JSONResponse({"error": MOVING}, status_code=503)
        headers = {name: request.headers[name] for name in _SENT_ON if name in request.headers}
        headers[RELAYED] = "1"
        headers["x-forwarded-proto"] = request.url.scheme
        if request.client is not None:
            headers["x-forwarded-for"] = request.client.host
        answer: httpx.Response | None = None
        for address in moved.addresses:
            try:
                answer = await self._http().request(
                    request.method,
                    address.rstrip("/") + request.url.path,
                    params=request.url.query or None,
                    content=body,
                    headers=headers,
                )
            except httpx.HTTPError:
                continue
            if answer.status_code != 404:
                break
        if answer is None:
            return JSONResponse({"error": MOVING}, status_code=503)
        response = Response(answer.content, status_code=answer.status_code)
        response.raw_headers = [
            (name.lower().encode("latin-1"), value.encode("latin-1"))
            for name, value in answer.headers.multi_items()
            if name.lower() in _SENT_BACK
        ] + [(b"content-length", str(len(answer.content)).encode())]
        return response

    async def socket(self, socket: WebSocket, moved: MovedError) -> None:
        """Serve ``socket`` (not yet accepted) from the table's owner, frame by frame.

        If the owner cannot be reached the connection is refused with 1013 (try again); if the
        owner goes away during play it is closed with 1012, and the page reconnects, by then
        to the table's next owner.
        """
        if is_relayed(socket.headers) or not moved.addresses:
            await socket.close(code=_TRY_AGAIN, reason=MOVING[:120])
            return
        address = moved.addresses[0].rstrip("/")
        url = "ws" + address.removeprefix("http") + "/ws?" + socket.url.query
        try:
            upstream = await connect(
                url,
                additional_headers={RELAYED: "1"},
                max_size=self.frame_bytes,
                open_timeout=10,
                compression=None,
            )
        except (OSError, InvalidHandshake, TimeoutError):
            await socket.close(code=_TRY_AGAIN, reason=MOVING[:120])
            return
        await socket.accept()
        async with upstream:
            ends = [
                asyncio.ensure_future(_down(upstream, socket)),
                asyncio.ensure_future(_up(socket, upstream)),
            ]
            done, waiting = await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
            for task in waiting:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if ends[0] in done:  # the owner closed: say how, or that it went away
                code = upstream.close_code
                with contextlib.suppress(RuntimeError, OSError):
                    await socket.close(code=_RESTART if code in (None, 1006, 1011) else code)

    async def close(self) -> None:
        """Close the connections to the other processes."""
        if self._client is not None:
            await self._client.aclose()
            self._client = None


async def _down(upstream: ClientConnection, socket: WebSocket) -> None:
    """The owner's frames, sent on to the client until the owner closes."""
    with contextlib.suppress(ConnectionClosed):
        async for frame in upstream:
            try:
                if isinstance(frame, str):
                    await socket.send_text(frame)
                else:
                    await socket.send_bytes(frame)
            except (RuntimeError, OSError, WebSocketDisconnect):
                return


async def _up(socket: WebSocket, upstream: ClientConnection) -> None:
    """The client's frames, sent on to the owner until the client closes."""
    while True:
        try:
            received = await socket.receive()
        except (RuntimeError, WebSocketDisconnect):
            return
        if received["type"] == "websocket.disconnect":
            return
        frame = received.get("text")
        try:
            await upstream.send(frame if frame is not None else received.get("bytes") or b"")
        except ConnectionClosed:
            return
