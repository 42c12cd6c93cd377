"""What happened, in words, for the terminal log: "Bot 2 raises to 20".

The viewer is "you" ("You call 10"); everybody else goes by name. Antes and the cards of
one deal are told in one line each; showdowns and awards are left to the result.

>>> from hilo.engine.actions import ActionKind, Event, EventKind
>>> names = ("You", "Bot 1")
>>> raised = Event(EventKind.ACTED, seat=1, action=ActionKind.RAISE, amount=20)
>>> called = Event(EventKind.ACTED, seat=0, action=ActionKind.CALL, amount=20)
>>> [line.plain for line in event_lines([raised, called], names, viewer=0)]
['Bot 1 raises to 20', 'You call 20']
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from hilo.cards import Card
from hilo.engine.actions import ActionKind, Event, EventKind
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
}

_SILENT = (EventKind.HAND_STARTED, EventKind.SHOWN, EventKind.AWARDED, EventKind.HAND_ENDED)
"""Events the result tells instead (and the start of a hand, which has its own header)."""


class _Teller:
    """Tells one event at a time, knowing the names and who is looking."""

    def __init__(self, names: Sequence[str], viewer: int | None, glyphs: bool) -> None:
        self.names = names
        self.viewer = viewer
        self.glyphs = glyphs
        self.board: tuple[Card, ...] = ()

    def who(self, seat: int | None) -> str:
        if seat is not None and seat == self.viewer:
            return "You"
        if seat is None or not 0 <= seat < len(self.names):
            return "Somebody"
        return self.names[seat]

    def says(self, seat: int | None, verb_phrase: str) -> str:
        """``Bot 1 raises to 20``, or ``You raise to 20`` for the viewer."""
        if seat is None or seat != self.viewer:
            return f"{self.who(seat)} {verb_phrase}"
        verb, _, rest = verb_phrase.partition(" ")
        verb = "have" if verb == "has" else verb.removesuffix("s")
        return " ".join(part for part in ("You", verb, rest) if part)

    def cards(self, cards: Sequence[Card]) -> Text:
        return cards_text(cards, glyphs=self.glyphs)

    def antes(self, posts: list[Event]) -> Text:
        amounts = {event.amount for event in posts}
        if len(amounts) == 1:
            return Text(f"Antes: {amounts.pop()} each from {len(posts)} players")
        listed = ", ".join(f"{self.who(event.seat)} {event.amount}" for event in posts)
        return Text(f"Antes: {listed}")

    def dealt(self, deals: list[Event]) -> list[Text]:
        lines: list[Text] = []
        up = [event for event in deals if event.text == "up"]
        down = [event for event in deals if event.text != "up"]
        if up:
            shown = [
                Text.assemble(f"{self.who(event.seat)} ", self.cards(event.cards)) for event in up
            ]
            lines.append(Text.assemble("Face up: ", Text(", ").join(shown)))
        if down:
            mine = [event for event in down if event.seat == self.viewer and event.cards]
            others = [event.count or len(event.cards) for event in down if event not in mine]
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
        kind, seat = event.kind, event.seat
        if kind is EventKind.POSTED:
            return Text(self.says(seat, f"posts the {event.text} {event.amount}"))
        if kind is EventKind.STREET:
            return Text(f"-- {event.text.capitalize()} --", style="bold")
        if kind is EventKind.BOARD:
            self.board += event.cards
            return Text.assemble("Board: ", self.cards(self.board))
        if kind is EventKind.ACTED and event.action is not None:
            phrase = _ACTED.get(event.action, event.action.value)
            return Text(self.says(seat, phrase.format(amount=event.amount)))
        if kind is EventKind.DRAWN:
            return self.drawn(event)
        if kind is EventKind.RESHUFFLED:
            return Text("The discards are shuffled to finish the draw")
        if kind is EventKind.TURNED_UP:
            return Text.assemble(
                self.says(seat, "turns the hole card up: "), self.cards(event.cards)
            )
        if kind is EventKind.DECLARED:
            if event.direction is None:
                return None  # sealed: told when the declarations are revealed
            secret = " (sealed until everybody has chosen)" if event.hidden_from_others else ""
            return Text(self.says(seat, f"declares {event.direction.words}") + secret)
        if kind is EventKind.REVEALED:
            return declarations_line(event, self.names, self.viewer)
        if kind is EventKind.RETURNED:
            whom = "you" if seat == self.viewer else self.who(seat)
            return Text(f"{event.amount} uncalled returned to {whom}")
        return None

    def drawn(self, event: Event) -> Text:
        seat = event.seat
        if seat == self.viewer and event.cards:
            thrown = dict(event.data).get("discards", ())
            return Text.assemble(
                "You throw away ", self.cards(thrown), " and draw ", self.cards(event.cards)
            )
        if not event.count:
            return Text(self.says(seat, "stands pat"))
        return Text(self.says(seat, f"draws {event.count}"))


def declarations_line(event: Event, names: Sequence[str], viewer: int | None) -> Text:
    """The reveal: ``Declarations: You high, Bot 1 both, Bot 2 low``."""
    shown = dict(event.data).get("declarations", ())
    parts = [f"{'You' if seat == viewer else names[seat]} {direction}" for seat, direction in shown]
    return Text("Declarations: " + ", ".join(parts), style="bold")


def event_lines(
    events: Sequence[Event],
    names: Sequence[str],
    viewer: int | None,
    *,
    start: int = 0,
    glyphs: bool = True,
) -> list[Text]:
    """The events from ``start`` on as lines of the log (``names`` by the hand's seats).

    The events before ``start`` were told already; the board is told in full each time.
    """
    teller = _Teller(names, viewer, glyphs)
    for event in events[:start]:
        if event.kind is EventKind.BOARD:
            teller.board += event.cards
    lines: list[Text] = []
    index = start
    while index < len(events):
        event = events[index]
        if event.kind in (EventKind.DEALT,) or (
            event.kind is EventKind.POSTED and event.text == "ante"
        ):
            end = index
            while (
                end < len(events)
                and events[end].kind is event.kind
                and (event.kind is EventKind.DEALT or events[end].text == "ante")
            ):
                end += 1
            group = list(events[index:end])
            if event.kind is EventKind.DEALT:
                lines += teller.dealt(group)
            else:
                lines.append(teller.antes(group))
            index = end
            continue
        index += 1
        if event.kind in _SILENT:
            continue
        line = teller.one(event)
        if line is not None:
            lines.append(line)
    return lines
