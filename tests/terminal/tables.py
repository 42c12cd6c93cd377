"""Seeded tables for the terminal tests, and rendering to plain text."""

from __future__ import annotations

import io
import random

from rich.console import Console, RenderableType

from hilo.bots import CallingBot
from hilo.engine.state import Phase
from hilo.engine.table import Table, TableConfig
from hilo.rules import HouseRules
from hilo.rules.defaults import default_stakes

STUD = "seven-card-stud-hilo-declare"


def seated_table(game: str = STUD, players: int = 4, seed: int = 7, rules: str = "strict") -> Table:
    """A table of ``players`` (You, Bot 1, ...) with 500 chips each, a hand dealt."""
    table = Table(
        TableConfig(
            games=(game,),
            rules=HouseRules.preset(rules),
            stakes=default_stakes(game),
            seats=players,
        ),
        rng=random.Random(seed),
    )
    for seat in range(players):
        table.sit(seat, "You" if seat == 0 else f"Bot {seat}", 500)
    table.start_hand()
    return table


def play_until(table: Table, phase: Phase | None = None) -> None:
    """Calling stations play every seat until the hand reaches ``phase`` (None: its end)."""
    hand = table.hand
    assert hand is not None
    station = CallingBot(random.Random(0), rules=hand.rules)
    while not hand.is_complete and hand.phase is not phase:
        seat = table.to_act()[0]
        view = table.view_for(table.person_in(seat))
        assert view is not None
        table.apply(station.act(view))


def plain(renderable: RenderableType, *, width: int = 80, color: bool = False) -> str:
    """What ``renderable`` prints on a terminal ``width`` columns wide (no colour: plain)."""
    console = Console(
        file=io.StringIO(),
        width=width,
        force_terminal=color,
        color_system="standard" if color else None,
        highlight=False,
    )
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()
