"""``hilo play``: play against bots in the terminal, hand after hand.

The options are read here into `PlaySettings`; `hilo.terminal` draws the table and reads
the keys. A mistake in the options is one line on standard error and exit status 2.
"""

from __future__ import annotations

import io
import sys
from typing import Annotated, cast

import typer
from rich.console import Console

from hilo.bots.factory import BOT_KINDS
from hilo.cli.options import (
    RulesOption,
    SettingOption,
    bot_kinds,
    house_rules,
    stakes_with,
    whole,
)
from hilo.errors import HiloError
from hilo.rules.defaults import BUY_IN_BIG_BETS, DEFAULT_GAME, default_stakes
from hilo.rules.stakes import STRUCTURES, Stakes, Structure
from hilo.rules.variants import VARIANTS
from hilo.terminal.game import PlaySettings, TerminalGame

__all__ = ["play_command", "read_stakes"]

_MOST_BOTS = 9


def read_stakes(games: tuple[str, ...], texts: list[str]) -> Stakes:
    """The stakes from ``--stakes``: a structure by name, then ``KEY=VALUE`` changes.

    >>> read_stakes(("holdem",), ["no-limit", "big_blind=20"]).big_blind
    20
    >>> read_stakes(("seven-card-stud-hilo-declare",), []).bring_in
    3
    """
    structure: Structure = "fixed-limit"
    changes: list[str] = []
    aliases = {"limit": "fixed-limit", "fixed": "fixed-limit", "spread": "spread-limit"}
    for text in texts:
        if "=" in text:
            changes.append(text)
            continue
        name = text.strip().lower()
        name = aliases.get(name, name)
        if name not in STRUCTURES:
            raise HiloError(
                f"--stakes takes a structure ({', '.join(STRUCTURES)}) or KEY=VALUE, "
                f"such as big_blind=20; got '{text}'"
            )
        structure = cast(Structure, name)
    return stakes_with(default_stakes(*games, structure=structure), changes, "big_blind=20")


def _pace(text: str) -> float:
    try:
        pace = float(text)
    except ValueError:
        pace = -1.0
    if not 0 <= pace <= 60:
        raise HiloError(f"--pace takes seconds from 0 to 60, not '{text}'")
    return pace


def play_command(
    game: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help=f"The game (default {DEFAULT_GAME}); give several for dealer's choice: "
            f"{', '.join(VARIANTS)}.",
        ),
    ] = None,
    rules: RulesOption = "strict",
    setting: SettingOption = None,
    bots: Annotated[
        str, typer.Option(metavar="N", help="How many bots to play against (1-9).")
    ] = "3",
    bot_kind: Annotated[
        str,
        typer.Option(
            metavar="KIND",
            help=f"The bots: {', '.join(BOT_KINDS)}; several comma-separated take turns.",
        ),
    ] = "solid",
    stakes: Annotated[
        list[str] | None,
        typer.Option(
            "--stakes",
            metavar="STAKES",
            help="A structure (fixed-limit, spread-limit, pot-limit, no-limit) and changes "
            "such as --stakes big_blind=20 (default: fixed limit 10/20; stud with a 1 ante "
            "and a 3 bring-in, other games 5/10 blinds).",
        ),
    ] = None,
    buy_in: Annotated[
        str | None,
        typer.Option(
            metavar="CHIPS",
            help=f"Everybody's buy-in (default: {BUY_IN_BIG_BETS} of the biggest bets).",
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(metavar="S", help="Seed: the same seed deals the same cards."),
    ] = None,
    name: Annotated[str, typer.Option(metavar="NAME", help="Your name at the table.")] = "You",
    hands: Annotated[
        str | None,
        typer.Option(metavar="K", help="Stop after K hands (default: ask after each)."),
    ] = None,
    bot_samples: Annotated[
        str, typer.Option(metavar="N", help="The solid bot's Monte Carlo deals per decision.")
    ] = "200",
    pace: Annotated[
        str, typer.Option(metavar="SECONDS", help="Wait this long after each bot action.")
    ] = "0",
) -> None:
    """Play against bots in the terminal: you in the first seat, the bots in the seats after."""
    games = tuple(game or [DEFAULT_GAME])
    for each in games:
        if each not in VARIANTS:
            raise HiloError(f"unknown game '{each}': the games are {', '.join(VARIANTS)}")
    house = house_rules(rules, setting or [])
    most = min(min(VARIANTS[each].max_players for each in games) - 1, _MOST_BOTS)
    count = whole(bots, "--bots", 1, most)
    player = name.strip()
    if not player or len(player) > 16:
        raise HiloError(f"--name takes a name of 1 to 16 characters, not '{name}'")
    bot_names = tuple(f"Bot {number}" for number in range(1, count + 1))
    if player in bot_names:
        raise HiloError(f"--name '{player}' is a bot's name: choose another")
    settings = PlaySettings(
        games=games,
        rules=house,
        stakes=read_stakes(games, stakes or []),
        bots=count,
        bot_kinds=bot_kinds(bot_kind, "--bot-kind", 1),
        buy_in=whole(buy_in, "--buy-in", 1) if buy_in is not None else None,
        seed=whole(seed, "--seed", 0) if seed is not None else None,
        name=player,
        hands=whole(hands, "--hands", 1) if hands is not None else None,
        samples=whole(bot_samples, "--bot-samples", 1),
        pace=_pace(pace),
        bot_names=bot_names,
    )
    if isinstance(sys.stdout, io.TextIOWrapper):
        # A terminal that cannot show a character gets a question mark, never an error.
        sys.stdout.reconfigure(errors="replace")
    game_session = TerminalGame(settings, Console(highlight=False))
    status = game_session.run()
    if status:
        raise typer.Exit(status)
