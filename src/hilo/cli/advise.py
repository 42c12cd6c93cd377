"""``hilo advise``: what to declare, with the expected share of the pot for each way.

The scenario options (game, cards, board, up cards, ranges, dead cards, opponents,
samples, seed, workers, threads, JSON, progress) are shared with ``hilo equity``
(`hilo.cli.scenario_options`). hilo.sim, which needs numpy and numba, is imported only
when a command runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from hilo.cli.options import SettingOption, house_rules
from hilo.cli.scenario_options import (
    BoardOption,
    CardsOption,
    DeadOption,
    GameOption,
    JsonOption,
    OpponentsOption,
    ProgressOption,
    RangeOption,
    SamplesOption,
    ScenarioOptions,
    SeedOption,
    ThreadsOption,
    UpOption,
    WildOption,
    WorkersOption,
    how_run,
    percent,
    read_scenario,
    read_threads,
    simulation,
    write_json,
)
from hilo.rules.defaults import DEFAULT_GAME
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.sim.advice import Advice
    from hilo.sim.equity import Measure
    from hilo.sim.scenario import Scenario

__all__ = ["advise_command", "show_advice"]


def _cell(measure: Measure | None) -> str:
    return "-" if measure is None else percent(measure)


def show_advice(
    scenario: Scenario, rules: HouseRules, advice: Advice, notes: tuple[str, ...] = ()
) -> None:
    """Print the three options side by side, the best one marked, and what the simulation
    assumed (``notes``)."""
    console = Console(highlight=False, soft_wrap=True)
    title = f"{scenario.variant.title}, {rules.name} rules: what to declare"
    table = Table(title=title, title_justify="left")
    table.add_column("Declare")
    best = advice.best
    high_name, low_name = scenario.variant.side_names
    named = {"high": high_name or "high", "low": low_name or "low"}
    named["both"] = f"{named['high']} and {named['low']}"
    for option in advice.options:
        way = option.direction.value
        words = way if named[way] == way or way == "both" else f"{way} ({named[way]})"
        name = words + (" ◀ best" if option is best else "")
        table.add_column(name, justify="right", style="bold" if option is best else None)
    options = advice.options

    def row(words: str, cells: list[str]) -> None:
        table.add_row(words, *cells)

    row("EV (share of pot)", [f"{option.share.value:.4f}" for option in options])
    if not advice.is_exact:
        row("  standard error", [f"±{option.share.error:.4f}" for option in options])
    high, low = named["high"].capitalize(), named["low"].capitalize()
    row(f"{high} won alone", [_cell(o.high_won if o.direction.goes_high else None)
                              for o in options])  # fmt: skip
    row(f"{high} tied", [_cell(o.high_tied if o.direction.goes_high else None) for o in options])
    row(f"{high} lost", [_cell(option.high_lost) for option in options])
    row(f"{low} won alone", [_cell(o.low_won if o.direction.goes_low else None) for o in options])
    row(f"{low} tied", [_cell(o.low_tied if o.direction.goes_low else None) for o in options])
    row(f"{low} lost", [_cell(option.low_lost) for option in options])
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
        *notes,
        markup=False,
    )


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
    wild: WildOption = "",
    opponents: OpponentsOption = None,
    samples: SamplesOption = "100000",
    seed: SeedOption = None,
    workers: WorkersOption = None,
    threads: ThreadsOption = None,
    as_json: JsonOption = False,
    progress: ProgressOption = None,
) -> None:
    """What to declare: the expected share of the pot for high, low and both ways.

    Every declare game: in high-chicago-declare low is the spade in the hole, in 7/27 high is
    27 and low is 7 (the rest of the hand drawn by a stated policy); wild cards count (--wild
    adds more), and passing games are scored as the best five of the seven cards dealt.
    """
    options = ScenarioOptions(
        game, cards, board, up or [], hand_range or [], dead, opponents, samples, seed, workers,
        progress, wild, threads,
    )  # fmt: skip
    scenario, count, number = read_scenario(options)
    thread_count = read_threads(options)
    house = house_rules(rules, setting or [])
    from hilo.sim.advice import advise  # noqa: PLC0415 - hilo.sim needs numpy
    from hilo.sim.home import simulation_notes  # noqa: PLC0415

    notes = simulation_notes(scenario)
    with simulation(options) as (executor, update):
        advice = advise(
            scenario,
            house,
            samples=count,
            seed=number,
            executor=executor,
            progress=update,
            threads=thread_count,
        )
    if as_json:
        write_json(scenario, {"rules": house.name, "notes": list(notes), **advice.to_dict()})
        return
    show_advice(scenario, house, advice, notes)
