"""A table's chat: who may say something, how often, and the last lines for whoever joins.

Chat is talk around the table, not part of any hand: it is never in a hand's history or
the journal (only the host's mutes and whether spectators may write are journaled, by the
table). A seated player writes under their name and seat, the host as "Host", a
spectator as "Spectator" once the host allows spectators to write. Every line is sent to
everybody watching the table as plain data; browsers show names and text as text only.

>>> room = ChatRoom()
>>> room.allow("ann", now=0.0)
>>> [room.allow("ann", now=1.0) for _ in range(CHAT_RATE - 1)] == [None] * (CHAT_RATE - 1)
True
>>> room.allow("ann", now=2.0)
Traceback (most recent call last):
...
hilo.errors.IllegalActionError: You are sending messages too fast: at most 5 in 10 seconds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from typing import Any

from hilo.engine.table import Table, Viewer
from hilo.errors import IllegalActionError
from hilo.web.chat_message import ChatMessage

__all__ = ["CHAT_LINES", "CHAT_RATE", "CHAT_WINDOW", "ChatRoom", "chat_log_message"]

CHAT_LINES = 100
"""How many of the latest chat lines a table keeps for whoever joins or comes back."""

CHAT_RATE = 5
"""Chat messages one person may send in `CHAT_WINDOW` seconds."""

CHAT_WINDOW = 10.0
"""The seconds over which `CHAT_RATE` counts."""

MUTED = "The host has muted you in this table's chat."
"""The refusal a muted player gets."""

SPECTATORS_READ = "Spectators may read the chat here, but the host has not let them write."
"""The refusal a spectator gets while spectators may not write."""


def chat_log_message(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """``{"type": "chat-log", "lines": [...]}``: the latest chat lines, oldest first."""
    return {"type": "chat-log", "lines": lines}


class ChatRoom:
    """One table's latest chat lines and how fast each person has been writing."""

    def __init__(self) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=CHAT_LINES)
        self._sent: dict[Hashable, deque[float]] = {}

    def allow(self, speaker: Hashable, *, now: float) -> None:
        """Count one message from ``speaker`` at ``now``, or refuse it if they are too fast.

        A refused message is not counted.
        """
        sent = self._sent.setdefault(speaker, deque())
        while sent and now - sent[0] >= CHAT_WINDOW:
            sent.popleft()
        if len(sent) >= CHAT_RATE:
            raise IllegalActionError(
                f"You are sending messages too fast: at most {CHAT_RATE}"
                f" in {CHAT_WINDOW:g} seconds."
            )
        sent.append(now)

    def say(
        self,
        table: Table,
        role: str,
        viewer: Viewer,
        message: ChatMessage,
        *,
        speaker: Hashable,
        now: float,
        at: float,
    ) -> dict[str, Any]:
        """The chat line for ``message``, kept among the latest; or a refusal in a sentence.

        ``speaker`` tells people apart for the rate limit, ``now`` is the server's clock and
        ``at`` the time of day to show (seconds since 1970).
        """
        name, seat = _speaker(table, role, viewer)
        self.allow(speaker, now=now)
        line: dict[str, Any] = {"type": "chat", "from": name, "seat": seat}
        if message.text is not None:
            line["text"] = message.text
        else:
            line["emote"] = message.emote
        line["at"] = round(at, 3)
        self.lines.append(line)
        return line


def _speaker(table: Table, role: str, viewer: Viewer) -> tuple[str, int | None]:
    """The name and seat a line is written under, or a refusal if this watcher may not write."""
    if role == "host":
        return "Host", None
    if role == "spectator":
        if not table.spectator_chat:
            raise IllegalActionError(SPECTATORS_READ)
        return "Spectator", None
    seat = table.seat_of(viewer)
    player = None if seat is None else table.players[seat]
    if seat is None or player is None:
        raise IllegalActionError("You no longer sit at this table, so you cannot chat here.")
    if player.number in table.muted:
        raise IllegalActionError(MUTED)
    return player.name, seat
