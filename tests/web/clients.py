"""WebSocket clients for the web tests: every frame kept, and waiting for a state."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

Frame = dict[str, Any]

RATE = 15
"""Messages a test seat sends in a second at most (the server allows 20)."""


class Client:
    """One connection with every frame it received (and the text it came as)."""

    def __init__(self, base: str, token: str, name: str) -> None:
        url = base.replace("http", "ws", 1) + f"/ws?token={token}"
        self.connection: ClientConnection = connect(url, open_timeout=5).__enter__()
        self.name = name
        self.frames: list[Frame] = []
        self.texts: list[str] = []
        self.replies: list[Frame] = []  # errors and pongs
        self.chats: list[Frame] = []  # chat lines, and the latest lines sent on connecting

    @property
    def latest(self) -> Frame:
        """The newest view frame."""
        return self.frames[-1]

    def drain(self, wait: float = 0.0) -> None:
        """Read whatever has arrived (waiting up to ``wait`` seconds for the first frame)."""
        timeout = wait
        while True:
            try:
                text = self.connection.recv(timeout=timeout)
            except TimeoutError:
                return
            except ConnectionClosed:
                return
            timeout = 0.0
            assert isinstance(text, str)
            frame = json.loads(text)
            if frame.get("type") == "view":
                self.frames.append(frame)
                self.texts.append(text)
            elif frame.get("type") in ("chat", "chat-log"):
                self.chats.append(frame)
            else:
                self.replies.append(frame)

    def wait(self, condition: Callable[[Frame], bool], timeout: float = 10.0) -> Frame:
        """Read frames until the newest satisfies ``condition``."""
        deadline = time.monotonic() + timeout
        while not (self.frames and condition(self.latest)):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no frame came that satisfied the test")
            self.drain(wait=0.05)
        return self.latest

    def reply(self, timeout: float = 5.0) -> Frame:
        """The next error or pong."""
        deadline = time.monotonic() + timeout
        start = len(self.replies)
        while len(self.replies) == start:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no reply came")
            self.drain(wait=0.05)
        return self.replies[start]

    def send(self, message: Frame) -> None:
        """Send one message."""
        self.connection.send(json.dumps(message))

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


def choose(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A simple legal action: declare by seat, bring it in, check or call."""
    kinds = {option["kind"] for option in view["legal"]}
    if "declare" in kinds:
        return {"kind": "declare", "direction": ["high", "low", "both"][seat % 3]}
    for kind in ("bring-in", "check", "call", "keep-down"):
        if kind in kinds:
            return {"kind": kind}
    if "draw" in kinds:
        return {"kind": "draw", "cards": ""}
    return {"kind": "fold"}


def play_until(
    seats: dict[int, Client],
    others: Iterable[Client],
    done: Callable[[Frame], bool],
    watcher: Client,
    *,
    limit: float = 30.0,
    chooser: Callable[[dict[str, Any], int], dict[str, Any]] = choose,
) -> None:
    """Every seat acts (by ``chooser``) whenever its newest view asks it, until ``done``.

    Each seat keeps under the server's limit of messages a second, and tries again when
    a message was refused for coming too fast.
    """
    acted: dict[int, int] = {}
    sent: dict[int, list[float]] = {seat: [] for seat in seats}
    replies = {seat: len(client.replies) for seat, client in seats.items()}
    deadline = time.monotonic() + limit
    everyone = [*seats.values(), *others]
    while True:
        for client in everyone:
            client.drain()
        if watcher.frames and done(watcher.latest):
            return
        if time.monotonic() > deadline:
            raise AssertionError("the session did not get there in time")
        moved = False
        now = time.monotonic()
        for seat, client in seats.items():
            for reply in client.replies[replies[seat] :]:
                if "too many messages" in reply.get("message", ""):
                    acted.pop(seat, None)
            replies[seat] = len(client.replies)
            sent[seat] = [when for when in sent[seat] if now - when < 1.0]
            if not client.frames or len(sent[seat]) >= RATE:
                continue
            frame = client.latest
            view = frame["view"]
            if view is None or seat not in view["to_act"] or not view["legal"]:
                continue
            if acted.get(seat) == frame["seq"]:
                continue
            acted[seat] = frame["seq"]
            sent[seat].append(now)
            client.send({"type": "act", "action": chooser(view, seat)})
            moved = True
        if not moved:
            watcher.drain(wait=0.05)
