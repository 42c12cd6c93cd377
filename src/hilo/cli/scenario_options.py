"""The options ``hilo advise`` and ``hilo equity`` share: the scenario (game, cards,
board, up cards, ranges, dead cards, opponents), samples, seed, workers, threads, JSON
output and the progress bar, read and run the same way for both.

Whole numbers are read by `hilo.cli.options.whole`; hilo.sim, which needs numpy and
numba, is imported only when a command runs.

>>> options = ScenarioOptions("omaha-hilo", " ", "", [], [], "", None, "1000", None, None, None)
>>> read_scenario(options)
Traceback (most recent call last):
...
hilo.errors.HiloError: --cards is missing: give your cards, such as --cards "As 2d 3c"
"""

from __future__ import annotations

import json
import multiprocessing
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from hilo.cli.options import whole
from hilo.errors import HiloError
from hilo.rules.variants import VARIANTS

if TYPE_CHECKING:
    from hilo.sim.equity import Measure
    from hilo.sim.scenario import Scenario

__all__ = [
    "BoardOption",
    "CardsOption",
    "DeadOption",
    "GameOption",
    "JsonOption",
    "OpponentsOption",
    "ProgressOption",
    "RangeOption",
    "SamplesOption",
    "ScenarioOptions",
    "SeedOption",
    "ThreadsOption",
    "UpOption",
    "WildOption",
    "WorkersOption",
    "how_run",
    "percent",
    "progress_bar",
    "read_scenario",
    "read_threads",
    "run_on",
    "scenario_document",
    "simulation",
    "write_json",
]

GameOption = Annotated[
    str, typer.Option(help="The game, such as seven-card-stud-hilo-declare or omaha-hilo.")
]
CardsOption = Annotated[
    str, typer.Option(help='Your cards, e.g. "As 2d 3c 4h 5s Kd Qc" (stud: up and down).')
]
BoardOption = Annotated[str, typer.Option(help="The board so far (hold'em and Omaha).")]
UpOption = Annotated[
    list[str] | None,
    typer.Option("--up", help="Cards you see of one opponent (stud); repeat once an opponent."),
]
RangeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--range",
        help="Hold'em/Omaha: one opponent's possible hands, e.g. \"QQ, AKs, AhQh:0.5\"; "
        "repeat once an opponent.",
    ),
]
DeadOption = Annotated[str, typer.Option(help="Dead cards you have seen (folded, discarded).")]
OpponentsOption = Annotated[
    str | None,
    typer.Option(metavar="N", help="Opponents still in (default: one per --up or --range)."),
]
SamplesOption = Annotated[
    str, typer.Option(metavar="N", help="Random deals, when there are too many to walk.")
]
SeedOption = Annotated[
    str | None, typer.Option(metavar="S", help="Seed: the same seed deals the same cards.")
]
WorkersOption = Annotated[
    str | None,
    typer.Option(
        metavar="N", help="Processes to run on (default: more than one only for long runs)."
    ),
]
ThreadsOption = Annotated[
    str | None,
    typer.Option(
        metavar="N",
        help="Threads scoring the deals in each process (default: every core); the same "
        "seed gives the same figures for any number.",
    ),
]
WildOption = Annotated[
    str,
    typer.Option(
        help="Extra wild cards, e.g. 3,9 or Jh,Js or joker=wild; in follow the queen, the rank "
        "wild now (Q: a queen was the last up card)."
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print a JSON document.")]
ProgressOption = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress",
        help="Show a progress bar (default: when standard error is a terminal).",
    ),
]


@dataclass(frozen=True, slots=True)
class ScenarioOptions:
    """The command-line options every scenario command reads, as given (text).

    >>> ScenarioOptions("omaha-hilo", "Ah 2h 3d Kc", "", [], [], "", "2", "1000", "7",
    ...                 None, False).opponents
    '2'
    """

    game: str
    cards: str
    board: str
    up: list[str]
    ranges: list[str]
    dead: str
    opponents: str | None
    samples: str
    seed: str | None
    workers: str | None
    progress: bool | None
    """Show a progress bar (None: when standard error is a terminal)."""
    wild: str = ""
    """Extra wild cards, or follow the queen's rank now (`hilo.sim.Scenario.from_text`)."""
    threads: str | None = None
    """Threads scoring the deals (None: every core)."""


def read_threads(options: ScenarioOptions) -> int | None:
    """The number ``--threads`` gives (None: every core), refused in a sentence when it is
    not a whole number from 1 to 256."""
    if options.threads is None:
        return None
    return whole(options.threads, "--threads", 1, 256)


def read_scenario(options: ScenarioOptions) -> tuple[Scenario, int, int | None]:
    """The scenario, the number of samples and the seed the options give."""
    if options.game not in VARIANTS:
        raise HiloError(f"unknown game '{options.game}': the games are {', '.join(VARIANTS)}")
    if not options.cards.strip():
        raise HiloError('--cards is missing: give your cards, such as --cards "As 2d 3c"')
    try:
        from hilo.sim.scenario import Scenario  # noqa: PLC0415 - hilo.sim needs numpy
    except ImportError as missing:  # numpy or numba is not installed: say what to install
        raise HiloError(str(missing)) from None
    count = whole(options.opponents, "--opponents", 1) if options.opponents is not None else None
    scenario = Scenario.from_text(
        options.game,
        options.cards,
        board=options.board,
        up=options.up,
        dead=options.dead,
        opponents=count,
        ranges=options.ranges,
        wild=options.wild,
    )
    samples = whole(options.samples, "--samples", 2)
    seed = whole(options.seed, "--seed", 0) if options.seed is not None else None
    return scenario, samples, seed


@contextmanager
def run_on(workers: str | None) -> Iterator[Executor | None]:
    """The executor ``--workers`` asks for: None (automatic), this process, or a pool."""
    if workers is None:
        yield None
        return
    count = whole(workers, "--workers", 1)
    if count == 1:
        from hilo.sim.parallel import InlineExecutor  # noqa: PLC0415 - hilo.sim needs numpy

        yield InlineExecutor()
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=count, mp_context=context) as pool:
        yield pool


@contextmanager
def progress_bar(
    description: str, wanted: bool | None
) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback drawing a bar on standard error, or None when not shown."""
    errors = Console(stderr=True, force_terminal=True if wanted else None)
    shown = wanted if wanted is not None else errors.is_terminal
    if not shown:
        yield None
        return
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TextColumn("{task.fields[deals]}"),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=None, deals="")

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, deals=f"{done:,}/{total:,} deals")

        yield update


@contextmanager
def simulation(
    options: ScenarioOptions,
) -> Iterator[tuple[Executor | None, Callable[[int, int], None] | None]]:
    """The executor (``--workers``) and the progress callback (``--progress``) a run takes."""
    with (
        run_on(options.workers) as executor,
        progress_bar("Simulating", options.progress) as update,
    ):
        yield executor, update


def percent(measure: Measure) -> str:
    """A chance as a percentage, with its standard error when sampled."""
    if measure.error == 0:
        return f"{measure.value * 100:.1f}%"
    digits = 2 if measure.error < 0.0005 else 1
    return f"{measure.value * 100:.1f}% ±{measure.error * 100:.{digits}f}"


def how_run(samples: int, exact: bool, seed: int | None) -> str:
    """Say how the figures were found: every deal walked, or how many random deals."""
    if exact:
        return f"Every deal walked ({samples:,}): exact figures."
    return f"{samples:,} random deals, seed {seed}; ± is one standard error."


def scenario_document(scenario: Scenario) -> dict[str, Any]:
    """The scenario as JSON values."""
    return {
        "game": scenario.game,
        "cards": " ".join(str(card) for card in scenario.cards),
        "board": " ".join(str(card) for card in scenario.board),
        "up": [" ".join(str(card) for card in cards) for cards in scenario.up],
        "ranges": [None if item is None else str(item) for item in scenario.ranges],
        "dead": " ".join(str(card) for card in scenario.dead),
        "opponents": scenario.opponents,
        "wild": str(scenario.wild),
        "wild_now": None
        if scenario.queen_ranks is None
        else ",".join(rank.symbol for rank in sorted(scenario.queen_ranks)),
    }


def write_json(scenario: Scenario, figures: dict[str, Any]) -> None:
    """Print the scenario, the game's title and ``figures`` as one JSON document."""
    document = {**scenario_document(scenario), "title": scenario.variant.title, **figures}
    sys.stdout.write(json.dumps(document, indent=2) + "\n")
