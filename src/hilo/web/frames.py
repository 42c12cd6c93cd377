"""WebSocket frames as text, serialised once however many watchers are sent them.

A change at a table is written out once per kind of watcher (see `hilo.web.hub.Hub.broadcast`)
with orjson, which writes the same JSON as the standard library, only faster and without
the spaces after commas and colons.

>>> frame({"type": "pong"})
'{"type":"pong"}'
>>> import json
>>> json.loads(frame({"seats": [None, {"name": "Ann", "stack": 95}]}))
{'seats': [None, {'name': 'Ann', 'stack': 95}]}
"""

from __future__ import annotations

from typing import Any

import orjson

__all__ = ["frame"]


def frame(message: dict[str, Any]) -> str:
    """``message`` as the text of one WebSocket frame (JSON)."""
    return orjson.dumps(message).decode()
