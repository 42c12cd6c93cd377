"""``hilo simulate``: bot matches at the command line, with a table or a JSON document."""

from __future__ import annotations

import json
import math
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from hilo.bots.factory import BOT_KINDS
from hilo.bots.match import MatchResult, play_match
from hilo.cli.options import (
    RulesOption,
    SettingOption,
    bot_kinds,
    house_rules,
    stakes_with,
    whole,
)
from hilo.errors import HiloError
from hilo.rules.defaults import DEFAULT_GAME, default_stakes
from hilo.rules.stakes import Stakes
from hilo.rules.variants import VARIANTS

__all__ = ["simulate_command"]


def _stakes(game: str, texts: list[str]) -> Stakes:
    return stakes_with(default_stakes(game), texts, "structure=no-limit")


def _show(result: MatchResult, title: str) -> None:
    console = Console(highlight=False, soft_wrap=True)
    table = Table(
        title=f"{title}: {result.hands:,} hands, seed {result.seed}, rules {result.rules}",
        title_justify="left",
    )
    for name in ("Bot", "Hands", "Net chips", "Chips/hand", "95% CI", "Rebuys", "ms/decision"):
        table.add_column(name, justify="left" if name == "Bot" else "right")
    for bot in result.bots:
        table.add_row(
            bot.name,
            f"{bot.hands:,}",
            f"{bot.net:+,}",
            f"{bot.per_hand:+.2f}",
            f"±{bot.margin:.2f}" if math.isfinite(bot.margin) else "-",
            str(bot.rebuys),
            f"{bot.milliseconds_per_decision:.1f}",
        )
    console.print(table)
    stakes = result.stakes
    console.print(
        f"Stakes: {stakes.structure}, small bet {stakes.small_bet}, big bet {stakes.big_bet}; "
        f"starting stack {result.stack:,}. Chips won per hand, with a 95% confidence interval."
    )
    riding = f" {result.carried:,} chips ride in the middle at the end." if result.carried else ""
    console.print(
        f"Chips were conserved in every hand.{riding} Took {result.seconds:.1f} s.", markup=False
    )


def simulate_command(
    game: Annotated[
        str,
        typer.Option(
            metavar="GAME", help="The game, such as seven-card-stud-hilo-declare or holdem-hilo."
        ),
    ] = DEFAULT_GAME,
    rules: RulesOption = "strict",
    setting: SettingOption = None,
    bots: Annotated[
        str,
        typer.Option(
            metavar="KINDS",
            help=f"The bots at the table, comma-separated: {', '.join(BOT_KINDS)}.",
        ),
    ] = "solid,random,calling",
    hands: Annotated[str, typer.Option(metavar="N", help="Hands to play.")] = "1000",
    seed: Annotated[
        str, typer.Option(metavar="S", help="Seed: the same seed plays the same match.")
    ] = "1",
    stakes: Annotated[
        list[str] | None,
        typer.Option(
            "--stakes",
            metavar="FIELD=VALUE",
            help="Change the stakes, such as --stakes structure=no-limit --stakes big_blind=10 "
            "(default: fixed limit 10/20; stud with a 1 ante and a 3 bring-in, "
            "other games 5/10 blinds).",
        ),
    ] = None,
    stack: Annotated[
        str | None,
        typer.Option(metavar="CHIPS", help="Starting stack (default: 100 big bets)."),
    ] = None,
    samples: Annotated[
        str,
        typer.Option(metavar="N", help="The solid bot's Monte Carlo deals per decision."),
    ] = "200",
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON document.")] = False,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Show a progress bar on a terminal.")
    ] = True,
) -> None:
    """Play a seeded bot match and report each bot's chips per hand."""
    if game not in VARIANTS:
        raise HiloError(f"unknown game '{game}': the games are {', '.join(VARIANTS)}")
    count = whole(hands, "--hands", 1)
    number = whole(seed, "--seed", 0)
    deals = whole(samples, "--samples", 1)
    chips = whole(stack, "--stack", 1) if stack is not None else None
    house = house_rules(rules, setting or [])
    kinds = list(bot_kinds(bots, "--bots", 2))
    variant = VARIANTS[game]
    if len(kinds) > variant.max_players:
        raise HiloError(
            f"{variant.title} seats at most {variant.max_players} players; "
            f"--bots names {len(kinds)}"
        )
    chosen = _stakes(game, stakes or [])
    errors = Console(stderr=True)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not progress or not errors.is_terminal,
    ) as bar:
        task = bar.add_task("Playing", total=count)
        try:
            result = play_match(
                game,
                house,
                chosen,
                kinds,
                count,
                number,
                stack=chips,
                settings={"samples": deals},
                on_hand=lambda done: bar.update(task, completed=done),
            )
        except KeyboardInterrupt:
            sys.stderr.write("hilo: the match was stopped before the end\n")
            raise typer.Exit(130) from None
    if as_json:
        document = {"title": variant.title, **result.to_dict()}
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
        return
    _show(result, variant.title)
