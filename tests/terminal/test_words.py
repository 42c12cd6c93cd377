"""The log in words: names, "you", antes and deals in one line, sealed declarations."""

from __future__ import annotations

from hilo.cards import Rank, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.events import (
    Acted,
    Board,
    Dealt,
    Declared,
    Drew,
    Event,
    Face,
    Returned,
    WildChanged,
)
from hilo.engine.state import Phase
from hilo.terminal.words import event_lines
from tests.terminal.tables import play_until, seated_table

NAMES = {0: "Ann", 1: "Bot 1", 2: "Bot 2"}


def told(events: list[Event], viewer: int | None = 0, start: int = 0) -> list[str]:
    return [line.plain for line in event_lines(events, NAMES, viewer, start=start, glyphs=False)]


def acted(seat: int, kind: ActionKind, amount: int = 0) -> Event:
    return Acted(seat, kind, amount)


def test_bots_by_name_and_the_viewer_as_you() -> None:
    events = [
        acted(2, ActionKind.BRING_IN, 3),
        acted(0, ActionKind.COMPLETE, 10),
        acted(1, ActionKind.RAISE, 20),
        acted(2, ActionKind.FOLD),
        acted(0, ActionKind.CALL, 20),
        Returned(0, 10),
    ]
    assert told(events) == [
        "Bot 2 brings it in for 3",
        "You complete to 10",
        "Bot 1 raises to 20",
        "Bot 2 folds",
        "You call 20",
        "10 uncalled returned to you",
    ]
    seen_by_bot = told(events, viewer=1)
    assert seen_by_bot[1:3] == ["Ann completes to 10", "You raise to 20"]
    assert seen_by_bot[-1] == "10 uncalled returned to Ann"


def test_antes_and_one_deal_are_one_line_each() -> None:
    table = seated_table()
    view = table.view_for(table.person_in(0))
    assert view is not None
    me = view.me
    assert me is not None
    names = {seat.seat: seat.name for seat in view.seats}
    lines = [line.plain for line in event_lines(view.events, names, 0, glyphs=False)]
    assert lines[0] == "Antes: 1 each from 4 players"
    assert lines[1] == "-- Third street --"
    up = ", ".join(
        f"{'You' if seat.seat == 0 else seat.name} {seat.up_cards[0]}"
        for seat in sorted(view.seats, key=lambda seat: (seat.seat - view.button - 1) % 4)
    )
    assert lines[2] == f"Face up: {up}"
    down = " ".join(str(card) for card in me.down_cards)
    assert lines[3] == f"Face down: you get {down}; the others 2 each"
    spectator = [line.plain for line in event_lines(view.events, names, None, glyphs=False)]
    assert "Face down: everybody 2 each" in spectator


def test_sealed_declarations_stay_secret_until_the_reveal() -> None:
    table = seated_table(players=3)
    play_until(table, Phase.DECLARING)
    hand = table.hand
    assert hand is not None
    start = len(hand.events)
    for seat, way in ((1, Direction.BOTH), (2, Direction.LOW), (0, Direction.HIGH)):
        table.apply(Action.declare(seat, way))
    view = table.view_for(table.person_in(0))
    assert view is not None
    lines = told(list(view.events), start=start)
    assert "You declare high (sealed until everybody has chosen)" in lines
    assert not any(line.startswith("Bot") and "declares" in line for line in lines)
    reveal = next(line for line in lines if line.startswith("Declarations:"))
    assert set(reveal.removeprefix("Declarations: ").split(", ")) == {
        "You high",
        "Bot 1 both",
        "Bot 2 low",
    }


def test_in_turn_declarations_are_told_as_they_come() -> None:
    event = Declared(1, Direction.BOTH)
    assert told([event]) == ["Bot 1 declares both ways"]


def test_draws_tell_your_cards_and_only_the_count_of_others() -> None:
    mine = Drew(0, 2, parse_cards("Ks Kd"), parse_cards("2c 3c"))
    theirs = Drew(1, 3, None)
    pat = Drew(2, 0, ())
    assert told([mine, theirs, pat]) == [
        "You throw away Ks Kd and draw 2c 3c",
        "Bot 1 draws 3",
        "Bot 2 stands pat",
    ]


def test_the_board_is_told_in_full_as_it_grows() -> None:
    flop = Board(parse_cards("Kc 2s 3s"))
    turn = Board(parse_cards("7h"))
    assert told([flop, turn], start=1) == ["Board: Kc 2s 3s 7h"]


def test_the_offers_are_told_with_their_chips() -> None:
    events = [
        acted(1, ActionKind.EXTRA, 5),
        acted(2, ActionKind.MATCH, 8),
        acted(0, ActionKind.TAKE),
        acted(1, ActionKind.STAND),
        acted(0, ActionKind.MATCH, 8),
        acted(2, ActionKind.DECLINE),
    ]
    assert told(events) == [
        "Bot 1 pays 5 for an extra card",
        "Bot 2 matches the pot with 8",
        "You take a card",
        "Bot 1 stands",
        "You match the pot with 8",
        "Bot 2 declines",
    ]


def test_a_deal_is_one_line_and_then_what_follow_the_queen_made_wild() -> None:
    events: list[Event] = [
        Dealt(1, Face.UP, parse_cards("Qh")),
        Dealt(2, Face.UP, parse_cards("7s")),
        WildChanged((Rank.SEVEN, Rank.QUEEN)),
        Dealt(0, Face.UP, parse_cards("Qd")),
        WildChanged((Rank.QUEEN,)),
        acted(1, ActionKind.BRING_IN, 3),
        WildChanged(()),
    ]
    assert told(events) == [
        "Face up: Bot 1 Qh, Bot 2 7s, You Qd",
        "Now queens are wild",
        "Bot 1 brings it in for 3",
        "Now nothing is wild",
    ]
