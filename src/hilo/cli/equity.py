"""``hilo equity``: the cards-speak equity of a hand, high, low, scoop and share of the pot."""

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
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.sim.equity import Equity
    from hilo.sim.scenario import Scenario

__all__ = ["equity_command"]

_ROWS = (
    ("Best {high} alone", "win_high"),
    ("Tied for best {high}", "tie_high"),
    ("Part of the {high} half", "high_half"),
    ("Best {low} alone", "win_low"),
    ("Tied for best {low}", "tie_low"),
    ("Part of the {low} half", "low_half"),
    ("Scoop (whole pot alone)", "scoop"),
    ("Share of the pot", "share"),
)


def _show(scenario: Scenario, result: Equity, low: str, notes: tuple[str, ...]) -> None:
    console = Console(highlight=False, soft_wrap=True)
    table = Table(title=f"{scenario.variant.title}: equity, cards speak", title_justify="left")
    table.add_column("Figure")
    table.add_column("Value", justify="right")
    high_name, low_name = _names(scenario)
    for words, name in _ROWS:
        table.add_row(words.format(high=high_name, low=low_name), percent(getattr(result, name)))
    console.print(scenario.describe(), markup=False)
    console.print(table)
    how = how_run(result.samples, result.is_exact, result.seed)
    console.print(" ".join((f"Lows: {low}.", how, *notes)), markup=False)


def _names(scenario: Scenario) -> tuple[str, str]:
    """The words for the two sides: high and low, or Chicago's high and spade, 27 and 7."""
    variant = scenario.variant
    if variant.split in ("chicago", "chicago-declare", "seven-twenty-seven"):
        high, low = variant.side_names
        return high or "high", low or "low"
    return "high", "low"


def _low_words(scenario: Scenario, house: HouseRules | None) -> str:
    """How the low half is won, in words."""
    from hilo.sim.equity import cards_speak_low  # noqa: PLC0415 - needs numpy

    variant = scenario.variant
    if variant.split in ("chicago", "chicago-declare"):
        spade = "lowest" if variant.spade == "low" else "highest"
        return f"none; the other half is the {spade} spade in the hole"
    if variant.split == "seven-twenty-seven":
        return "none; the halves are the totals nearest 27 and nearest 7"
    ranking, qualifier = cards_speak_low(variant, house)
    if ranking is None:
        return "none (a high-only game)"
    return ranking.value + (f", {qualifier} or better" if qualifier else ", no qualifier")


def equity_command(
    game: GameOption = "seven-card-stud-hilo",
    cards: CardsOption = "",
    rules: Annotated[
        str | None,
        typer.Option(
            help="House rules preset for the low, where the game leaves it to the house "
            "(default: cards-speak, ace-to-five eight-or-better)."
        ),
    ] = None,
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
    """Cards-speak equity: chances of the best high and low, a scoop, and the pot share.

    Every game: wild cards count (--wild adds more), Chicago's other half is the spade in the
    hole, 7/27's halves are the totals nearest 27 and 7 (the rest of the hand drawn by a
    stated policy), and passing games are scored as the best five of the seven cards dealt.
    """
    options = ScenarioOptions(
        game, cards, board, up or [], hand_range or [], dead, opponents, samples, seed, workers,
        progress, wild, threads,
    )  # fmt: skip
    scenario, count, number = read_scenario(options)
    thread_count = read_threads(options)
    house = house_rules(rules or "cards-speak", setting or []) if rules or setting else None
    from hilo.sim.equity import equity  # noqa: PLC0415 - needs numpy
    from hilo.sim.home import simulation_notes  # noqa: PLC0415

    low = _low_words(scenario, house)
    notes = simulation_notes(scenario)
    with simulation(options) as (executor, update):
        result = equity(
            scenario,
            house,
            samples=count,
            seed=number,
            executor=executor,
            progress=update,
            threads=thread_count,
        )
    if as_json:
        write_json(scenario, {"low": low, "notes": list(notes), **result.to_dict()})
        return
    _show(scenario, result, low, notes)
