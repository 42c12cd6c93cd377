"""Playing hilo in a terminal: the table drawn with rich, keystrokes read into actions."""

from __future__ import annotations

from hilo.terminal.game import PlaySettings, TerminalGame
from hilo.terminal.keys import Choice, ReplyError, choice_line, choices, read_reply

__all__ = [
    "Choice",
    "PlaySettings",
    "ReplyError",
    "TerminalGame",
    "choice_line",
    "choices",
    "read_reply",
]
