"""``hilo advise``: what to declare, with the expected share of the pot for each way.

The scenario options (game, cards, board, up cards, ranges, dead cards, opponents,
samples, seed) are shared with ``hilo equity`` (`hilo.cli.equity`). hilo.sim, which
needs numpy and numba, is imported only when a command runs.
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
from rich.table import Table

from hilo.errors import HiloError
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import VARIANTS

if TYPE_CHECKING:
    from hilo.sim.advice import Advice
    from hilo.sim.equity import Measure
    from hilo.sim.scenario import Scenario

__all__ = [
    "ScenarioOptions",
    "advise_command",
    "how_run",
    "percent",
    "progress_bar",
    "read_rules",
    "read_scenario",
    "run_on",
    "scenario_document",
    "show_advice",
]

DEFAULT_GAME = "seven-card-stud-hilo-declare"

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
JsonOption = Annotated[bool, typer.Option("--json", help="Print a JSON document.")]
ProgressOption = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress",
        help="Show a progress bar (default: when standard error is a terminal).",
    ),
]
SettingOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="Change one house rule, such as --set no_winner=split."),
]


def _whole(text: str, option: str, least: int) -> int:
    """Read a whole number given to ``option``; one clear line when it is not one."""
    cleaned = text.strip().replace("_", "").replace(",", "")
    if not cleaned.lstrip("-").isdigit() or int(cleaned) < least:
        raise HiloError(f"{option} takes a whole number of at least {least}, not '{text}'")
    return int(cleaned)


def _setting(text: str) -> tuple[str, Any]:
    key, separator, raw = text.partition("=")
    if not separator or not key.strip():
        raise HiloError(f"--set takes KEY=VALUE, such as no_winner=split; got '{text}'")
    value: Any = raw.strip()
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        value = True
    elif lowered in ("false", "no", "off"):
        value = False
    elif lowered in ("none", "null"):
        value = None
    elif value.isdigit():
        value = int(value)
    return key.strip().replace("-", "_"), value


def read_rules(preset: str, settings: list[str] | None) -> HouseRules:
    """House rules from a preset and ``--set`` changes."""
    return HouseRules.from_dict(
        {"preset": preset, **dict(_setting(text) for text in settings or [])}
    )


@dataclass(frozen=True, slots=True)
class ScenarioOptions:
    """The command-line options every scenario command reads."""

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
    count = _whole(options.opponents, "--opponents", 1) if options.opponents is not None else None
    scenario = Scenario.from_text(
        options.game,
        options.cards,
        board=options.board,
        up=options.up,
        dead=options.dead,
        opponents=count,
        ranges=options.ranges,
    )
    samples = _whole(options.samples, "--samples", 2)
    seed = _whole(options.seed, "--seed", 0) if options.seed is not None else None
    return scenario, samples, seed


@contextmanager
def run_on(workers: str | None) -> Iterator[Executor | None]:
    """The executor ``--workers`` asks for: None (automatic), this process, or a pool."""
    if workers is None:
        yield None
        return
    count = _whole(workers, "--workers", 1)
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


def percent(measure: Measure) -> str:
    """A chance as a percentage, with its standard error when sampled."""
    if measure.error == 0:
        return f"{measure.value * 100:.1f}%"
    digits = 2 if measure.error < 0.0005 else 1
    return f"{measure.value * 100:.1f}% ±{measure.error * 100:.{digits}f}"


def _cell(measure: Measure | None) -> str:
    return "-" if measure is None else percent(measure)


def how_run(samples: int, exact: bool, seed: int | None) -> str:
    """Say how the figures were found: every deal walked, or how many random deals."""
    if exact:
        return f"Every deal walked ({samples:,}): exact figures."
    return f"{samples:,} random deals, seed {seed}; ± is one standard error."


def show_advice(scenario: Scenario, rules: HouseRules, advice: Advice) -> None:
    """Print the three options side by side, the best one marked."""
    console = Console(highlight=False, soft_wrap=True)
    title = f"{scenario.variant.title}, {rules.name} rules: what to declare"
    table = Table(title=title, title_justify="left")
    table.add_column("Declare")
    best = advice.best
    for option in advice.options:
        name = option.direction.value + (" ◀ best" if option is best else "")
        table.add_column(name, justify="right", style="bold" if option is best else None)
    options = advice.options

    def row(words: str, cells: list[str]) -> None:
        table.add_row(words, *cells)

    row("EV (share of pot)", [f"{option.share.value:.4f}" for option in options])
    if not advice.is_exact:
        row("  standard error", [f"±{option.share.error:.4f}" for option in options])
    row("High won alone", [_cell(o.high_won if o.direction.goes_high else None) for o in options])
    row("High tied", [_cell(o.high_tied if o.direction.goes_high else None) for o in options])
    row("High lost", [_cell(option.high_lost) for option in options])
    row("Low won alone", [_cell(o.low_won if o.direction.goes_low else None) for o in options])
    row("Low tied", [_cell(o.low_tied if o.direction.goes_low else None) for o in options])
    row("Low lost", [_cell(option.low_lost) for option in options])
    row("Swing fails", [_cell(o.swing_failed if o.direction is o.direction.BOTH else None)
                        for o in options])  # fmt: skip
    row("Pot rides", [percent(option.rides) for option in options])
    console.print(scenario.describe(), markup=False)
    console.print(table)
    high, low, both = (f"{value * 100:.0f}%" for value in advice.opponents_declared)
    console.print(
        f"Best: declare {best.direction.words} (expected share {best.share.value:.4f} of the "
        f"pot). {how_run(advice.samples, advice.is_exact, advice.seed)} Simulated opponents "
        f"declared high {high}, low {low}, both {both} of the time ({advice.model}). A pot "
        "that rides counts as nothing won.",
        markup=False,
    )


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
    }


def advise_command(
    game: GameOption = DEFAULT_GAME,
    cards: CardsOption = "",
    rules: Annotated[
        str, typer.Option(help="House rules preset: strict, liberal or outright.")
    ] = "strict",
    setting: SettingOption = None,
    board: BoardOption = "",
    up: UpOption = None,
    hand_range: RangeOption = None,
    dead: DeadOption = "",
    opponents: OpponentsOption = None,
    samples: SamplesOption = "100000",
    seed: SeedOption = None,
    workers: WorkersOption = None,
    as_json: JsonOption = False,
    progress: ProgressOption = None,
) -> None:
    """What to declare: the expected share of the pot for high, low and both ways."""
    options = ScenarioOptions(
        game, cards, board, up or [], hand_range or [], dead, opponents, samples, seed, workers
    )
    scenario, count, number = read_scenario(options)
    house = read_rules(rules, setting)
    from hilo.sim.advice import advise  # noqa: PLC0415 - hilo.sim needs numpy

    with run_on(workers) as executor, progress_bar("Simulating", progress) as update:
        advice = advise(
            scenario, house, samples=count, seed=number, executor=executor, progress=update
        )
    if as_json:
        document = {
            **scenario_document(scenario),
            "title": scenario.variant.title,
            "rules": house.name,
            **advice.to_dict(),
        }
        sys.stdout.write(json.dumps(document, indent=2) + "\n")
        return
    show_advice(scenario, house, advice)
