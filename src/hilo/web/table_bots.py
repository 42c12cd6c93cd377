"""A bot in a seat at a server table: what the runner asks of it, and how one is made for
the hand in play."""

from __future__ import annotations

import random
from typing import Protocol

from hilo.engine.actions import Action
from hilo.engine.table import Table
from hilo.engine.views import TableView

__all__ = ["Bot", "make_bot"]


class Bot(Protocol):
    """A player that sees only its view."""

    def act(self, view: TableView) -> Action:
        """An action for ``view.viewer``."""
        ...


def make_bot(kind: str, table: Table) -> Bot:
    """A bot of ``kind`` for a seat at ``table``, knowing the house rules of the hand in play
    (a game with rules of its own, or a dealer who said how to declare, changes them)."""
    from hilo.bots import make_bot as make  # noqa: PLC0415 - bots load only when a table has one

    rules = table.config.rules if table.hand is None else table.hand.rules
    bot: Bot = make(kind, random.Random(), rules=rules)
    return bot
