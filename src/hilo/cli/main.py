"""The ``hilo`` command: one entry point, subcommands in this package."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from hilo import __version__
from hilo.cards import parse_cards
from hilo.cli.advise import advise_command
from hilo.cli.equity import equity_command
from hilo.cli.games import games_command
from hilo.cli.play import play_command
from hilo.cli.rules import rules_command
from hilo.cli.serve import serve_command
from hilo.cli.settle import QUICK_HELP, settle_command
from hilo.cli.simulate import simulate_command
from hilo.errors import HiloError
from hilo.hands import Ranking, Selection, best_high, best_low

app = typer.Typer(
    name="hilo",
    help="High-low split poker with declarations: hand values, the referee, play and analysis.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"hilo {__version__}")
        raise typer.Exit


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
) -> None:
    """High-low split poker with declarations."""


@app.command()
def hand(
    cards: Annotated[str, typer.Argument(help='The player\'s cards, e.g. "As 2d 3c 4h 5s Kd Kh".')],
    board: Annotated[str, typer.Option(help="Board cards, for hold'em and Omaha.")] = "",
    game: Annotated[
        str, typer.Option(help="How five cards are chosen: any-five, holdem or omaha.")
    ] = "any-five",
    low: Annotated[
        str, typer.Option(help="Low ranking: ace-to-five, deuce-to-seven or ace-to-six.")
    ] = "ace-to-five",
    qualifier: Annotated[
        int | None, typer.Option(help="Low qualifier, e.g. 8 for eight-or-better.")
    ] = None,
) -> None:
    """Show the best high and the best low a hand makes, in words."""
    hole = parse_cards(cards)
    shared = parse_cards(board)
    selection = Selection.parse(game)
    ranking = Ranking.parse(low)
    if not ranking.is_low:
        raise HiloError(f"--low must name a low ranking, not '{low}'")
    if qualifier is not None and not 5 <= qualifier <= 14:
        raise HiloError(f"--qualifier must be between 5 and 14, not {qualifier}")
    if len(hole) + len(shared) < 5:
        raise HiloError(f"a hand needs at least five cards; got {len(hole) + len(shared)}")
    high_value = best_high(hole, shared, selection=selection)
    low_value = best_low(hole, shared, ranking=ranking, qualifier=qualifier, selection=selection)
    typer.echo(f"High: {high_value}")
    typer.echo(f"Low:  {low_value}")


app.command(name="advise")(advise_command)
app.command(name="equity")(equity_command)
app.command(name="games")(games_command)
app.command(name="play")(play_command)
app.command(name="rules")(rules_command)
app.command(name="settle", help=QUICK_HELP)(settle_command)
app.command(name="serve")(serve_command)
app.command(name="simulate")(simulate_command)


def run() -> None:
    """Console entry point: run the app and turn hilo's errors into one clear line."""
    try:
        app()
    except HiloError as error:
        sys.stderr.write(f"hilo: error: {error}\n")
        sys.exit(2)
