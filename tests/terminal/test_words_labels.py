"""The terminal log marks a whole-stack bet All-in and names straddles and dead blinds."""

from __future__ import annotations

from hilo.engine.actions import ActionKind
from hilo.engine.events import Acted, Event, Post, Posted
from hilo.terminal.words import event_lines

NAMES = {0: "Ann", 1: "Bot 1", 2: "Bot 2"}


def test_only_the_marked_bets_read_all_in() -> None:
    events: list[Event] = [
        Posted(2, 1, Post.DEAD_BLIND),
        Posted(1, 4, Post.STRADDLE),
        Acted(2, ActionKind.RAISE, 50),
        Acted(0, ActionKind.CALL, 30),
        Acted(1, ActionKind.CALL, 50),
    ]
    lines = [line.plain for line in event_lines(events, NAMES, 0, glyphs=False, all_in={2, 3})]
    assert lines == [
        "Bot 2 posts the dead blind 1",
        "Bot 1 posts the straddle 4",
        "Bot 2 raises to 50 All-in",
        "You call 30 All-in",
        "Bot 1 calls 50",
    ]
