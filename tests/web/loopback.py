"""Requests from a test to a hilo server of its own on loopback, made as `httpx.get` and
`httpx.post` make them (a fresh client keeping no cookies, a fresh connection) but without
building a TLS context and loading the certificate store for every request, which took most
of the time of the tests that make hundreds of requests to a plain-HTTP server."""

from __future__ import annotations

from typing import Any

import httpx

__all__ = ["get", "post", "request"]

_PLAIN = httpx.HTTPTransport(limits=httpx.Limits(max_keepalive_connections=0))
"""One transport for every request: no connection is kept open after its answer."""


def request(method: str, url: str, **options: Any) -> httpx.Response:
    """One request as `httpx.request` makes it: no cookies but those given, none kept."""
    return httpx.Client(transport=_PLAIN).request(method, url, **options)


def get(url: str, **options: Any) -> httpx.Response:
    """``GET url`` as `httpx.get` makes it."""
    return request("GET", url, **options)


def post(url: str, **options: Any) -> httpx.Response:
    """``POST url`` as `httpx.post` makes it."""
    return request("POST", url, **options)
