"""``hilo rules``: the house-rules sheet in plain words and its gallery of hard showdowns,
as text for people or JSON for programs."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from hilo.cli.options import SettingOption, house_rules
from hilo.engine.gallery import sheet_document
from hilo.rules.house_rules import PRESETS

_HANDS = "Each hand is up to seven cards: its best five for high and, separately, for low."


def rules_command(
    preset: Annotated[
        str, typer.Option(metavar="PRESET", help=f"House rules preset: {', '.join(PRESETS)}.")
    ] = "strict",
    setting: SettingOption = None,
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game",
            metavar="NAME",
            help="Only the rules that apply to this game (give it again for more; hilo games "
            "lists them).",
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help='Print {"rules", "sentences", "gallery", ...} as JSON.'),
    ] = False,
) -> None:
    """Print the house rules in plain words, and hard showdowns settled under them."""
    document = sheet_document(house_rules(preset, setting or []), tuple(game or ()))
    if as_json:
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
        return
    _show(document)


def _show(document: dict[str, Any]) -> None:
    console = Console(highlight=False, soft_wrap=True)
    console.print(f"House rules: {document['name']}", style="bold", markup=False)
    if document["games"]:
        titles = [document["titles"][game] for game in document["games"]]
        console.print("For " + ", ".join(titles), markup=False)
    if document["paragraph"]:
        console.print()
        console.print(document["paragraph"], markup=False)
    console.print()
    for line in document["sentences"]:
        console.print(f"• {line}", markup=False)
    if document["gallery"]:
        console.print()
        console.print(f"Hard showdowns, settled by the referee under these rules. {_HANDS}")
    for number, item in enumerate(document["gallery"], start=1):
        console.print()
        console.print(f"{number}. {item['title']}", style="bold", markup=False)
        table = Table(show_header=True, header_style="bold")
        table.add_column("Player")
        table.add_column("Declared")
        table.add_column("Cards")
        table.add_column("Wins", justify="right")
        for player in item["players"]:
            table.add_row(
                player["name"],
                player.get("declare") or "cards speak",
                player["cards"],
                str(item["awards"].get(player["name"], 0)),
            )
        if item["carried"]:
            table.add_row("(rides)", "", "", str(item["carried"]))
        console.print(table)
        for line in item["explanation"]:
            console.print(f"  {line}", markup=False)
        for rule in item["decided_by"]:
            console.print(f"  Decided by: {rule['sentence']}", style="italic", markup=False)
