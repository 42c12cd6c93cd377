"""Scripted hands of the passing games: Anaconda, pass the trash and roll your own.

Every deck is stacked and every expected number is worked out by hand from HOME-GAMES.md
(section 1.3) and RULES.md. The passes, discards, arrangements and rolls are secret and
simultaneous: every live seat is asked at once, and nothing is carried out (or shown to
anybody else) until all have chosen.
"""

from __future__ import annotations

import json
import random

from hilo.cards import format_cards
from hilo.engine.actions import Action
from hilo.engine.declare import Direction
from hilo.engine.events import Chose, Discarded, Passed, Rolled
from hilo.engine.history import hand_from_json, hand_to_json
from hilo.engine.journal import JournaledTable, restore
from hilo.engine.phases import Phase
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.engine.table import TableConfig
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import awards, cards, deck, kinds, of_kind, options, play, refused

ANTES = Stakes(structure="fixed-limit", ante=1, small_bet=10, big_bet=20)
BRING_IN = Stakes(structure="fixed-limit", ante=1, bring_in=3, small_bet=10, big_bet=20)

# Button 0: seat 1 gets the first seven cards, seat 2 the next seven, seat 0 the last.
ANACONDA = "Ac 2c 3c 4c 5d Kh Kd  9c 9d 9h Ts Jc Qs 8h  2d 3d 4d 6h 7s Qc Qd"


def anaconda(rules: HouseRules | None = None) -> Hand:
    return Hand(
        HandSetup(
            VARIANTS["anaconda-hilo-declare"],
            rules or HouseRules.preset("strict"),
            ANTES,
            [200, 200, 200],
            button=0,
            deck_order=deck(ANACONDA),
        )
    )


def phase(hand: Hand) -> Phase:
    """The hand's phase now (a call, so that type checkers do not narrow it)."""
    return hand.phase


def waiting(hand: Hand) -> tuple[int, ...]:
    """The seats the hand waits for now (a call, so that type checkers do not narrow it)."""
    return hand.to_act


def everyone_checks(hand: Hand) -> None:
    assert phase(hand) is Phase.BETTING
    street = hand.street
    while phase(hand) is Phase.BETTING and hand.street == street:
        hand.apply(Action.check(hand.to_act[0]))


def held(hand: Hand, seat: int) -> str:
    return format_cards(hand.own_cards(seat))


def test_anaconda_passes_three_two_one_then_discards_arranges_and_reveals() -> None:
    hand = anaconda()
    everyone_checks(hand)  # antes only: no forced bet, seat 1 (left of the button) first
    assert phase(hand) is Phase.PASSING
    assert waiting(hand) == (1, 2, 0)
    assert options(hand, 2) == [("pass", 3, 3)]

    hand.apply(Action.pass_cards(1, cards("Kh Kd 5d")))
    assert waiting(hand) == (2, 0)
    assert held(hand, 2) == "9c 9d 9h Ts Jc Qs 8h"  # nothing moves until all have passed
    (sealed,) = [e for e in hand.view_for(2).events if isinstance(e, Chose)]
    assert sealed == Chose(1, sealed.action, None)
    assert not set(cards("Kh Kd 5d")) & hand.view_for(2).all_cards()
    hand.apply(Action.pass_cards(2, cards("Ts Jc Qs")))
    hand.apply(Action.pass_cards(0, cards("Qc Qd 6h")))
    assert [(e.seat, e.to, e.count) for e in of_kind(hand, Passed)] == [
        (1, 2, 3),
        (2, 0, 3),
        (0, 1, 3),
    ]
    assert held(hand, 1) == "Ac 2c 3c 4c Qc Qd 6h"
    assert held(hand, 2) == "9c 9d 9h 8h Kh Kd 5d"
    assert held(hand, 0) == "2d 3d 4d 7s Ts Jc Qs"
    # Seat 0 sees what it passed and what it got, never what seat 1 passed to seat 2.
    seen = [e for e in hand.view_for(0).events if isinstance(e, Passed)]
    assert seen == [
        Passed(1, 2, 3, None),
        Passed(2, 0, 3, cards("Ts Jc Qs")),
        Passed(0, 1, 3, cards("Qc Qd 6h")),
    ]
    assert not set(cards("Kh Kd 5d")) & hand.view_for(0).all_cards()

    everyone_checks(hand)
    play(
        hand,
        [
            Action.pass_cards(1, cards("Qc Qd")),
            Action.pass_cards(2, cards("Kh Kd")),
            Action.pass_cards(0, cards("Ts Jc")),
        ],
    )
    everyone_checks(hand)
    assert options(hand, 0) == [("pass", 1, 1)]
    play(
        hand,
        [
            Action.pass_cards(1, cards("Jc")),
            Action.pass_cards(2, cards("5d")),
            Action.pass_cards(0, cards("Qs")),
        ],
    )
    everyone_checks(hand)
    assert phase(hand) is Phase.DISCARDING
    assert refused(hand, Action.discard(1, cards("Ts Qs 6h"))) == "Discard exactly 2 cards, not 3."
    play(
        hand,
        [
            Action.discard(1, cards("Ts Qs")),
            Action.discard(2, cards("8h Jc")),
            Action.discard(0, cards("Kh Kd")),
        ],
    )
    thrown = of_kind(hand, Discarded)
    assert [(e.seat, e.count) for e in thrown] == [(1, 2), (2, 2), (0, 2)]
    assert next(e for e in hand.view_for(2).events if isinstance(e, Discarded)).cards is None
    assert phase(hand) is Phase.ARRANGING
    assert options(hand, 1) == [("arrange", 5, 5)]
    assert refused(hand, Action.arrange(1, cards("4c 3c 2c Ac"))) == (
        "Put all 5 of your cards in order, each once: 6h is missing."
    )
    play(
        hand,
        [
            Action.arrange(1, cards("6h 4c 3c 2c Ac")),
            Action.arrange(2, cards("Qc Qd 9c 9d 9h")),
            Action.timeout(0),  # the house keeps the order the cards are in: 2d 3d 4d 7s 5d
        ],
    )
    assert [(e.seat, format_cards(e.cards)) for e in of_kind(hand, Rolled)] == [
        (1, "6h"),
        (2, "Qc"),
        (0, "2d"),
    ]
    assert phase(hand) is Phase.BETTING
    play(hand, [Action.bet(1, 20), Action.call(2), Action.call(0)])
    for _ in range(3):
        everyone_checks(hand)
    assert [format_cards(hand.up_cards(seat)) for seat in (1, 2, 0)] == [
        "6h 4c 3c 2c",
        "Qc Qd 9c 9d",
        "2d 3d 4d 7s",
    ]
    # The declare comes with the fifth card still down.
    assert phase(hand) is Phase.DECLARING
    assert hand.view_for(2).seat(1).hidden_count == 1
    play(
        hand,
        [
            Action.declare(1, Direction.LOW),
            Action.declare(2, Direction.HIGH),
            Action.declare(0, Direction.LOW),
        ],
    )
    # 63 chips: the full house takes the high half with the odd chip, 6-4 low beats 7-5.
    assert sorted((seat, amount) for seat, amount, _ in awards(hand)) == [(1, 31), (2, 32)]
    assert hand.stacks == [179, 210, 211]
    assert hand_from_json(hand_to_json(hand)).events == hand.events


def test_refused_choices_are_sentences_and_change_nothing() -> None:
    hand = anaconda()
    everyone_checks(hand)
    assert refused(hand, Action.pass_cards(1, cards("Ac 2c"))) == "Pass exactly 3 cards, not 2."
    assert refused(hand, Action.pass_cards(1, cards("Ac 2c 9c"))) == (
        "You do not hold 9c: choose among your own cards."
    )
    assert (
        refused(hand, Action.pass_cards(1, cards("Ac") + cards("Ac 2c"))) == "You named Ac twice."
    )
    assert refused(hand, Action.discard(1, cards("Ac 2c"))) == (
        "You cannot discard now: you may pass."
    )
    assert refused(hand, Action.check(1)) == "You cannot check now: you may pass."
    hand.apply(Action.pass_cards(1, cards("Ac 2c 3c")))
    assert refused(hand, Action.pass_cards(1, cards("4c 5d Kh"))).startswith(
        "It is not your turn: the hand is waiting for Seat 2, Seat 0"
    )


def test_a_folded_player_neither_passes_nor_receives() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["pass-the-trash-hilo"],
            HouseRules.preset("cards-speak"),
            ANTES,
            [200, 200, 200],
            button=0,
            deck_order=deck(ANACONDA),
        )
    )
    play(hand, [Action.bet(1, 10), Action.fold(2), Action.call(0)])
    assert phase(hand) is Phase.PASSING
    assert waiting(hand) == (1, 0)
    play(hand, [Action.pass_cards(0, cards("Qc Qd 7s")), Action.pass_cards(1, cards("Kh Kd 5d"))])
    assert [(e.seat, e.to) for e in of_kind(hand, Passed)] == [(1, 0), (0, 1)]
    assert held(hand, 1) == "Ac 2c 3c 4c Qc Qd 7s"
    assert held(hand, 0) == "2d 3d 4d 6h Kh Kd 5d"
    assert held(hand, 2) == "9c 9d 9h Ts Jc Qs 8h"
    everyone_checks(hand)
    # Discard two, then roll one: each chosen in secret, turned up together.
    assert phase(hand) is Phase.DISCARDING
    play(hand, [Action.discard(1, cards("Qc Qd")), Action.discard(0, cards("Kh Kd"))])
    assert phase(hand) is Phase.ROLLING
    assert options(hand, 1) == [("roll", 1, 1)]
    hand.apply(Action.roll(1, cards("7s")))
    assert hand.up_cards(1) == []  # not until seat 0 has chosen too
    assert not any(isinstance(e, Rolled) for e in hand.view_for(0).events)
    hand.apply(Action.roll(0, cards("6h")))
    assert [(e.seat, format_cards(e.cards)) for e in of_kind(hand, Rolled)] == [
        (1, "7s"),
        (0, "6h"),
    ]
    everyone_checks(hand)
    assert refused(hand, Action.roll(1, cards("7s"))) == (
        "7s is already face up: turn up one of your face-down cards."
    )
    assert refused(hand, Action.roll(1, cards("Ac 2c"))) == "Turn up exactly 1 card, not 2."
    while not hand.is_complete:  # the house rolls the first face-down card each time
        seat = hand.to_act[0]
        hand.apply(Action.timeout(seat) if phase(hand) is Phase.ROLLING else Action.check(seat))
    assert format_cards(hand.up_cards(1)) == "Ac 2c 3c 7s"
    assert format_cards(hand.up_cards(0)) == "2d 3d 4d 6h"
    assert sum(hand.stacks) == 600
    assert hand_from_json(hand_to_json(hand)).events == hand.events


def test_roll_your_own_rolls_before_the_bring_in() -> None:
    # Seat 1: Kc 9d 2h, seat 2: Ah 7c 5s, seat 0: Qd Jd 4c.
    hand = Hand(
        HandSetup(
            VARIANTS["roll-your-own-hilo-declare"],
            HouseRules.preset("strict"),
            BRING_IN,
            [200, 200, 200],
            button=0,
            deck_order=deck("Kc 9d 2h  Ah 7c 5s  Qd Jd 4c"),
        )
    )
    assert phase(hand) is Phase.ROLLING
    assert waiting(hand) == (1, 2, 0)
    assert kinds(hand, 0) == ["roll"]
    play(
        hand,
        [Action.roll(1, cards("Kc")), Action.roll(2, cards("7c")), Action.roll(0, cards("4c"))],
    )
    # The lowest card turned up brings it in: seat 0's four.
    assert phase(hand) is Phase.BETTING
    assert waiting(hand) == (0,)
    assert kinds(hand) == ["bring-in", "complete"]
    assert [hand.view_for(1).seat(seat).hidden_count for seat in (2, 0)] == [2, 2]


def test_a_journal_restores_a_hand_in_the_middle_of_a_pass() -> None:
    config = TableConfig(
        games=("anaconda-hilo-declare",), rules=HouseRules.preset("strict"), stakes=ANTES, seats=4
    )
    entries: list[dict[str, object]] = []
    table = JournaledTable(config, entries.append)
    for seat in range(3):
        table.sit(seat, f"P{seat}", 100)
    hand = table.start_hand(rng=random.Random(8))
    while phase(hand) is Phase.BETTING:
        table.apply(Action.check(table.table.to_act()[0]))
    first = table.table.to_act()[0]
    inside = table.table.hand_seats.index(first)
    table.apply(Action.pass_cards(first, hand.own_cards(inside)[:3]))
    again = restore(json.loads(json.dumps(entries)))
    assert again.table.hand is not None
    assert again.table.hand.events == hand.events
    assert again.table.hand.chosen == hand.chosen
    assert again.table.to_act() == table.table.to_act()
