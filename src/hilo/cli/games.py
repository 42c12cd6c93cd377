"""``hilo games``: every game hilo deals, with its family, split and the house switches
that apply, as a table for people or JSON for programs."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from hilo.rules.catalogue import describe
from hilo.rules.variants import VARIANTS

GAMES_FORMAT = "hilo-games/1"
"""The ``format`` field of ``hilo games --json``: its shape is documented in the README."""


def games_command(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the list as one JSON object, for programs.")
    ] = False,
) -> None:
    """List every game: its name, title, family, split and the house switches that apply."""
    entries = [describe(variant) for variant in VARIANTS.values()]
    if as_json:
        document = {"format": GAMES_FORMAT, "games": [entry.to_dict() for entry in entries]}
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
        return
    table = Table(title="Games", title_justify="left", show_lines=True)
    table.add_column("Game (name, title)", overflow="fold", min_width=20)
    table.add_column("Family")
    table.add_column("Split")
    table.add_column("House switches that apply", overflow="fold", min_width=19)
    for entry in entries:
        table.add_row(
            f"{entry.name}\n{entry.title}", entry.family, entry.split, ", ".join(entry.switches)
        )
    Console(highlight=False).print(table)
