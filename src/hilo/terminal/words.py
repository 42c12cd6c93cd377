"""What happened, in words, for the terminal log: "Bot 2 raises to 20".

The viewer is "you" ("You call 10"); everybody else goes by name. Antes and the cards of
one deal are told in one line each; showdowns and awards are left to the result.

>>> from hilo.engine.actions import ActionKind
>>> from hilo.engine.events import Acted
>>> names = {0: "You", 1: "Bot 1"}
>>> raised = Acted(1, ActionKind.RAISE, 20)
>>> called = Acted(0, ActionKind.CALL, 20)
>>> [line.plain for line in event_lines([raised, called], names, viewer=0)]
['Bot 1 raises to 20', 'You call 20']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rich.text import Text

from hilo.cards import Card
from hilo.engine.actions import ActionKind
from hilo.engine.events import (
    Acted,
    Board,
    Chose,
    Dealt,
    Declared,
    Discarded,
    Drew,
    Event,
    Face,
    Mucked,
    Passed,
    Post,
    Posted,
    Reshuffled,
    Returned,
    Revealed,
    Rolled,
    Street,
    TurnedUp,
    WildChanged,
)
from hilo.grammar import says
from hilo.terminal.cards import cards_text

__all__ = ["declarations_line", "event_lines"]

_ACTED: dict[ActionKind, str] = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls {amount}",
    ActionKind.BET: "bets {amount}",
    ActionKind.RAISE: "raises to {amount}",
    ActionKind.BRING_IN: "brings it in for {amount}",
    ActionKind.COMPLETE: "completes to {amount}",
    ActionKind.KEEP_DOWN: "keeps the hole card down",
    ActionKind.TIMEOUT: "runs out of time",
    ActionKind.TAKE: "takes a card",
    ActionKind.STAND: "stands",
    ActionKind.EXTRA: "pays {amount} for an extra card",
    ActionKind.MATCH: "matches the pot with {amount}",
    ActionKind.DECLINE: "declines",
}


class _EventNarrator:
    """Tells one event at a time, knowing the names and who is looking."""

    def __init__(self, names: Mapping[int, str], viewer: int | None, glyphs: bool) -> None:
        self.names = names
        self.viewer = viewer
        self.glyphs = glyphs
        self.board: tuple[Card, ...] = ()

    def who(self, seat: int | None) -> str:
        if seat is not None and seat == self.viewer:
            return "You"
        if seat is None or seat not in self.names:
            return "Somebody"
        return self.names[seat]

    def says(self, seat: int | None, verb_phrase: str) -> str:
        """``Bot 1 raises to 20``, or ``You raise to 20`` for the viewer (or a player named You)."""
        form, _, rest = verb_phrase.partition(" ")
        return " ".join(part for part in (says(self.who(seat), form), rest) if part)

    def cards(self, cards: Sequence[Card]) -> Text:
        return cards_text(cards, glyphs=self.glyphs)

    def antes(self, posts: list[Posted]) -> Text:
        amounts = {event.amount for event in posts}
        if len(amounts) == 1:
            return Text(f"Antes: {amounts.pop()} each from {len(posts)} players")
        listed = ", ".join(f"{self.who(event.seat)} {event.amount}" for event in posts)
        return Text(f"Antes: {listed}")

    def dealt(self, deals: list[Dealt]) -> list[Text]:
        lines: list[Text] = []
        up = [event for event in deals if event.face is Face.UP]
        down = [event for event in deals if event.face is not Face.UP]
        if up:
            shown = [
                Text.assemble(f"{self.who(event.seat)} ", self.cards(event.cards)) for event in up
            ]
            lines.append(Text.assemble("Face up: ", Text(", ").join(shown)))
        if down:
            mine = [event for event in down if event.seat == self.viewer and event.cards]
            others = [event.unseen or len(event.cards) for event in down if event not in mine]
            parts: list[Text] = []
            if mine:
                parts.append(Text.assemble("you get ", self.cards(mine[0].cards)))
            if others:
                counts = set(others)
                each = f"{counts.pop()} each" if len(counts) == 1 else "their cards"
                parts.append(Text(f"{'the others' if mine else 'everybody'} {each}"))
            lines.append(Text.assemble("Face down: ", Text("; ").join(parts)))
        return lines

    def one(self, event: Event) -> Text | None:
        """One event's line; None for those the result tells (or a sealed declaration)."""
        match event:
            case Posted(seat=seat, amount=amount, post=post):
                return Text(self.says(seat, f"posts the {post.value} {amount}"))
            case Street(name=name):
                return Text(f"-- {name.capitalize()} --", style="bold")
            case Board(cards=cards):
                self.board += cards
                return Text.assemble("Board: ", self.cards(self.board))
            case Acted(seat=seat, action=action, amount=amount):
                phrase = _ACTED.get(action, action.value)
                return Text(self.says(seat, phrase.format(amount=amount)))
            case Drew():
                return self.drawn(event)
            case Reshuffled():
                return Text("The discards are shuffled to finish the draw")
            case TurnedUp(seat=seat, cards=cards):
                return Text.assemble(self.says(seat, "turns the hole card up: "), self.cards(cards))
            case WildChanged():
                return Text(f"Now {event.words}", style="bold")
            case Declared(seat=seat, direction=direction, is_sealed=sealed):
                if direction is None:
                    return None  # sealed: told when the declarations are revealed
                secret = " (sealed until everybody has chosen)" if sealed else ""
                return Text(self.says(seat, f"declares {direction.words}") + secret)
            case Revealed():
                return declarations_line(event, self.names, self.viewer)
            case Chose(seat=seat, action=action):
                return Text(self.says(seat, f"has chosen what to {action.value}"))
            case Passed(seat=seat, to=to, count=count, cards=cards):
                whom = "you" if to == self.viewer else self.who(to)
                verb = "pass" if seat == self.viewer else "passes"
                said = Text(f"{self.who(seat)} {verb} {count} to {whom}")
                return said if cards is None else Text.assemble(said, ": ", self.cards(cards))
            case Discarded(seat=seat, count=count, cards=cards):
                said = Text(self.says(seat, f"throws away {count}"))
                return said if cards is None else Text.assemble(said, ": ", self.cards(cards))
            case Rolled(seat=seat, cards=cards):
                return Text.assemble(self.says(seat, "turns up "), self.cards(cards))
            case Returned(seat=seat, amount=amount):
                whom = "you" if seat == self.viewer else self.who(seat)
                return Text(f"{amount} uncalled returned to {whom}")
            case Mucked(seat=seat):
                return Text(self.says(seat, "mucks"))
        return None  # the start, the showdown and the awards: the result tells them

    def drawn(self, event: Drew) -> Text:
        seat = event.seat
        if seat == self.viewer and event.cards:
            return Text.assemble(
                "You throw away ",
                self.cards(event.discards or ()),
                " and draw ",
                self.cards(event.cards),
            )
        if not event.count:
            return Text(self.says(seat, "stands pat"))
        return Text(self.says(seat, f"draws {event.count}"))


def declarations_line(event: Revealed, names: Mapping[int, str], viewer: int | None) -> Text:
    """The reveal: ``Declarations: You high, Bot 1 both, Bot 2 low``."""
    parts = [
        f"{'You' if seat == viewer else names[seat]} {direction.value}"
        for seat, direction in event.declarations
    ]
    return Text("Declarations: " + ", ".join(parts), style="bold")


def event_lines(
    events: Sequence[Event],
    names: Mapping[int, str],
    viewer: int | None,
    *,
    start: int = 0,
    glyphs: bool = True,
    all_in: Collection[int] = (),
) -> list[Text]:
    """The events from ``start`` on as lines of the log (``names`` by the seats of the events).

    The events before ``start`` were told already; the board is told in full each time.
    ``all_in``: where in ``events`` a bet, call or raise was a whole stack (it reads "All-in").
    """
    teller = _EventNarrator(names, viewer, glyphs)
    for event in events[:start]:
        if isinstance(event, Board):
            teller.board += event.cards
    lines: list[Text] = []
    index = start
    while index < len(events):
        event = events[index]
        match event:
            case Dealt():  # one line for the cards of one deal, then what is wild after it
                deals: list[Dealt] = []
                wild: WildChanged | None = None
                while index < len(events) and isinstance(
                    dealt := events[index], Dealt | WildChanged
                ):
                    if isinstance(dealt, Dealt):
                        deals.append(dealt)
                    else:
                        wild = dealt
                    index += 1
                lines += teller.dealt(deals)
                if wild is not None:
                    lines.append(Text(f"Now {wild.words}", style="bold"))
            case Posted(post=Post.ANTE):  # one line for the antes
                antes: list[Posted] = []
                while (
                    index < len(events)
                    and isinstance(ante := events[index], Posted)
                    and ante.post is Post.ANTE
                ):
                    antes.append(ante)
                    index += 1
                lines.append(teller.antes(antes))
            case _:
                index += 1
                line = teller.one(event)
                if line is not None and index - 1 in all_in:
                    line.append(" All-in", style="bold red")
                if line is not None:
                    lines.append(line)
    return lines
