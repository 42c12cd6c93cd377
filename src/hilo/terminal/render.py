"""The table as a player at a terminal sees it: seats, cards, pots, the result, the ledger.

Everything here is drawn from one seat's `TableView` (and the table's ledger), so a
player never sees more than their seat may. The layout fits an 80-column terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from hilo.cards import Card
from hilo.engine.events import Awarded, Revealed, Shown
from hilo.engine.state import Phase
from hilo.engine.views import SeatView, TableView
from hilo.errors import HiloError
from hilo.grammar import says
from hilo.hands import HandValue, Selection
from hilo.hands.sides import HandSide, SideRule, SideValue
from hilo.hands.wild import WildValue, wild_evaluate
from hilo.hands.wildspec import WildSpec
from hilo.rules.house_rules import HouseRules
from hilo.terminal.cards import cards_text, color_cards

__all__ = [
    "hand_header",
    "ledger_table",
    "own_hand_line",
    "pot_line",
    "result_view",
    "seat_table",
    "table_view",
]


def hand_header(view: TableView, number: int) -> Text:
    """``Hand 3: Seven-card stud high-low, declare (fifth street)``."""
    return Text(f"Hand {number}: {view.title} ({view.street_name})", style="bold")


def pot_line(view: TableView) -> Text:
    """The pots and this round's bets: ``Pot 45; 20 bet this round``."""
    if len(view.pots) <= 1:
        parts = [f"Pot {sum(view.pots)}"]
    else:
        parts = [f"Main pot {view.pots[0]}"]
        parts += [f"side pot {index} {amount}" for index, amount in enumerate(view.pots[1:], 1)]
    betting = sum(seat.bet for seat in view.seats)
    if betting:
        parts.append(f"{betting} bet this round")
    if view.carried_in:
        parts.append(f"{view.carried_in} of it rode in from the last hand")
    return Text("; ".join(parts))


def _note(view: TableView, seat: SeatView) -> str:
    if seat.is_folded:
        return "folded"
    notes = []
    if seat.is_all_in:
        notes.append("all in")
    if seat.declaration is not None:
        notes.append(seat.declaration.value)
    elif seat.has_declared:
        notes.append("declared")
    if seat.seat in view.to_act and view.phase is not Phase.COMPLETE:
        notes.append("to act")
    return ", ".join(notes)


def seat_table(view: TableView, *, glyphs: bool = True) -> Table:
    """One row a seat: the button, name, stack, this round's bet, cards and status.

    The viewer's own face-down cards are shown in brackets, other players' as ``??``.
    """
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=False)
    table.add_column("", width=2, no_wrap=True)
    table.add_column("Player", no_wrap=True, max_width=16)
    table.add_column("Stack", justify="right", no_wrap=True)
    table.add_column("Bet", justify="right", no_wrap=True)
    table.add_column("Cards", no_wrap=True)
    table.add_column("", no_wrap=True)
    turn = "▶" if glyphs else ">"
    for seat in view.seats:
        marks = ("D" if seat.seat == view.button else " ") + (
            turn if seat.seat in view.to_act and view.phase is not Phase.COMPLETE else " "
        )
        cards = cards_text(
            seat.up_cards,
            down=seat.down_cards,
            hidden=seat.hidden_count,
            glyphs=glyphs,
            bracket=True,
        )
        style = "dim" if seat.is_folded else "bold" if seat.seat == view.viewer else ""
        table.add_row(
            marks,
            Text(seat.name, style=style),
            str(seat.stack),
            str(seat.bet) if seat.bet else "",
            cards,
            Text(_note(view, seat), style="dim" if seat.is_folded else ""),
            style="dim" if seat.is_folded else None,
        )
    return table


def own_hand_line(view: TableView, rules: HouseRules) -> Text | None:
    """What the viewer's cards make so far: ``Your hand: Two pair, ...`` and the low.

    None before the viewer has enough cards for a five-card hand, or for a spectator.
    """
    me = view.me
    if me is None or me.is_folded:
        return None
    own = me.down_cards + me.up_cards
    board = view.board
    variant = view.variant
    selection = variant.selection
    if selection is Selection.OMAHA:
        if len(own) < 2 or len(board) < 3:
            return None
    elif len(own) + len(board) < 5:
        return None
    sides = variant.sides(rules)  # the game's high and low sides (Chicago's is the spade)
    try:
        lines = []
        if sides.high is not None:
            lines.append(f"Your hand: {_value(view, own, sides.high, rules)}")
        if sides.low is not None:
            low = _value(view, own, sides.low, rules)
            missing = "none qualifies" if isinstance(sides.low, HandSide) else sides.low.nothing
            label = f"Your {sides.low.name}:".ljust(10)
            lines.append(f"{label} {low if low.is_qualified else missing}")
    except HiloError:
        return None
    return color_cards("\n".join(lines))


def _value(
    view: TableView, own: tuple[Card, ...], side: SideRule, rules: HouseRules
) -> HandValue | WildValue | SideValue:
    """The viewer's value on one side, with the wild cards as they stand now."""
    me = view.me
    assert me is not None
    selection = view.variant.selection
    if view.variant.wild.is_empty or not isinstance(side, HandSide):
        return side.value(own, me.up_cards, view.board, selection)
    return wild_evaluate(
        own,
        view.board,
        wild=view.wild_now,
        hole_wild=view.wild_now.plus(WildSpec(ranks=view.own_wild)),
        ranking=side.ranking,
        selection=selection,
        qualifier=side.qualifier,
        duplicates=rules.wild_duplicates,
        natural_beats_wild=rules.natural_beats_wild,
    )


def table_view(
    view: TableView,
    number: int,
    *,
    rules: HouseRules | None = None,
    glyphs: bool = True,
) -> Group:
    """The whole table before a decision: header, seats, board, pots and the viewer's hand."""
    parts: list[RenderableType] = [hand_header(view, number), seat_table(view, glyphs=glyphs)]
    if view.board:
        parts.append(Text.assemble("Board: ", cards_text(view.board, glyphs=glyphs)))
    if view.wild_words:
        parts.append(Text(f"Wild: {view.wild_words}", style="bold"))
    parts.append(pot_line(view))
    if rules is not None:
        line = own_hand_line(view, rules)
        if line is not None:
            parts.append(line)
    return Group(*parts)


def _awards(view: TableView) -> dict[int, list[tuple[int, str]]]:
    won: dict[int, list[tuple[int, str]]] = {}
    for event in view.events:
        match event:
            case Awarded(seat=seat, amount=amount, reason=reason):
                won.setdefault(seat, []).append((amount, reason))
    return won


def result_view(view: TableView, *, glyphs: bool = True) -> Group:
    """The end of a hand: the hands shown, who won what, and the referee's explanation."""
    won = _awards(view)
    names = {seat.seat: seat.name for seat in view.seats}
    parts: list[RenderableType] = []
    shown = [event for event in view.events if isinstance(event, Shown)]
    declared: dict[int, str] = {}
    for event in view.events:
        match event:
            case Revealed(declarations=declarations):
                declared = {seat: direction.value for seat, direction in declarations}
    if shown:
        table = Table(title="Showdown", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
        table.add_column("Player", no_wrap=True, max_width=16)
        if declared:
            table.add_column("Declared", no_wrap=True)
        table.add_column("Cards", no_wrap=True)
        table.add_column("Wins", justify="right", no_wrap=True)
        for event in shown:
            amount = sum(chips for chips, _ in won.get(event.seat, []))
            winner = amount > 0
            row: list[RenderableType] = [
                Text(("* " if winner else "") + names[event.seat], style="bold" if winner else "")
            ]
            if declared:
                row.append(declared.get(event.seat, ""))
            row.append(cards_text(event.cards, glyphs=glyphs))
            row.append(Text(str(amount) if winner else "-", style="bold" if winner else ""))
            table.add_row(*row)
        parts.append(table)
        if view.board:
            parts.append(Text.assemble("Board: ", cards_text(view.board, glyphs=glyphs)))
    for seat, awards in won.items():
        name = names[seat]
        for amount, reason in awards:
            if reason == Awarded.UNCONTESTED:
                parts.append(Text(f"{says(name, 'wins')} {amount}: everyone else folded.", "bold"))
            elif reason == Awarded.ABANDONED:
                parts.append(Text(f"{says(name, 'gets')} back {amount}: last player in that pot."))
    if view.carried_out:
        parts.append(Text(f"Nobody could win: {view.carried_out} rides to the next hand."))
    if view.result:
        parts.append(Text("The referee:", style="bold underline"))
        for line in view.result:
            text = color_cards(line)
            if " has the winning " in line or " takes the whole pot" in line or " tie for " in line:
                text.stylize("bold")
            parts.append(Padding(text, (0, 0, 0, 2), expand=False))
    return Group(*parts)


def ledger_table(ledger: Sequence[tuple[str, int, int, int]], carried: int = 0) -> Group:
    """What each player bought in for, holds and is up or down, with the totals.

    >>> from rich.console import Console
    >>> console = Console(width=80, no_color=True, record=True, file=None)
    >>> with console.capture() as capture:
    ...     console.print(ledger_table([("You", 500, 520, 20), ("Bot 1", 500, 480, -20)]))
    >>> "Chips: 1000 bought in = 1000 in stacks" in capture.get()
    True
    """
    table = Table(title="Ledger", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("Player", no_wrap=True, max_width=16)
    for heading in ("Bought in", "Stack", "Net"):
        table.add_column(heading, justify="right", no_wrap=True)
    for name, bought, stack, net in ledger:
        table.add_row(name, str(bought), str(stack), f"{net:+d}")
    bought_in = sum(row[1] for row in ledger)
    stacks = sum(row[2] for row in ledger)
    riding = f" + {carried} riding" if carried else ""
    line = Text(f"Chips: {bought_in} bought in = {stacks} in stacks{riding}")
    return Group(table, line)
