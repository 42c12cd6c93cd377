"""What a seat may see, built from explicit values (no hand needed)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from hilo.cards import Card, parse_cards
from hilo.engine.declare import Direction
from hilo.engine.events import Dealt, Event, Face, Revealed, Shown, Street
from hilo.engine.phases import Phase
from hilo.engine.state import Hand
from hilo.engine.views import (
    TableView,
    build_view,
    censor_events,
    hand_views,
    renumbered_view,
)
from hilo.rules import VARIANTS, HouseRules
from tests.engine.playouts import random_action, random_rules, random_stakes

STUD = VARIANTS["seven-card-stud-hilo-declare"]


def held(text: str, up: int) -> list[tuple[Card, bool]]:
    """Two down cards then the rest up: ``up`` of them."""
    cards = list(parse_cards(text))
    return [(card, index >= len(cards) - up) for index, card in enumerate(cards)]


def view(viewer: int | None, events: tuple[Event, ...] = (), **changes: Any) -> TableView:
    arguments: dict[str, Any] = {
        "viewer": viewer,
        "variant": STUD,
        "rules": HouseRules.preset("strict"),
        "phase": Phase.DECLARING,
        "street": 6,
        "button": 2,
        "names": ("Ann", "Bob", "Cy"),
        "stacks": [90, 0, 70],
        "bets": {0: 10},
        "contributed": [10, 30, 30],
        "folded": {2},
        "cards": [held("As 2s 3d 4c 5h", 3), held("Kd Kc Qh Qs Jd", 3), held("9c 8c 7c", 1)],
        "board": (),
        "declarations": {0: Direction.LOW, 1: Direction.HIGH},
        "revealed": False,
        "pots": [70],
        "to_act": (),
        "legal_actions": (),
        "events": events,
        "result": (),
        "carried_in": 0,
        "carried_out": 0,
    }
    arguments.update(changes)
    return build_view(**arguments)


def test_a_player_sees_their_own_hidden_cards_and_sealed_declaration_only() -> None:
    mine = view(0)
    assert mine.me is not None
    assert mine.me.down_cards == tuple(parse_cards("As 2s"))
    bob = mine.seats[1]
    assert (bob.down_cards, bob.hidden_count) == ((), 2)
    assert bob.up_cards == tuple(parse_cards("Qh Qs Jd"))
    assert (mine.me.declaration, bob.has_declared, bob.declaration) == (Direction.LOW, True, None)
    assert (bob.stack, bob.is_all_in, mine.seats[2].is_folded, mine.seats[2].is_all_in) == (
        0,
        True,
        True,
        False,
    )
    assert (mine.me.bet, mine.me.in_pot, bob.bet) == (10, 10, 0)
    assert (mine.phase, mine.street, mine.variant) == (Phase.DECLARING, 4, STUD)  # the last one
    assert mine.street_name == "seventh street"


def test_a_spectator_sees_no_hidden_card_until_the_showdown() -> None:
    nobody = view(None)
    assert nobody.me is None
    assert all(seat.down_cards == () for seat in nobody.seats)
    shown: tuple[Event, ...] = (Shown(1, parse_cards("Kd Kc Qh Qs Jd")),)
    later = view(None, shown, revealed=True)
    assert later.seats[1].down_cards == tuple(parse_cards("Kd Kc"))
    assert later.seats[0].hidden_count == 2
    assert [seat.declaration for seat in later.seats] == [Direction.LOW, Direction.HIGH, None]


def test_censoring_the_log_only_censors_what_is_new() -> None:
    dealt = Dealt(1, Face.DOWN, parse_cards("Kd Kc"))
    street = Street("third street", 0)
    seen: list[Event] = []
    first = censor_events([street, dealt], 0, seen)
    assert first[1] == Dealt(1, Face.DOWN, (), 2)
    assert censor_events([street, dealt, street], 0, seen) == (*first, street)
    assert len(seen) == 3
    assert censor_events([street, dealt], 1, [])[1] is dealt


def test_a_table_numbers_the_seats_the_view_and_its_log_name() -> None:
    at_table = (4, 1, 7)  # the hand's seats 0, 1, 2 sit in table seats 4, 1 and 7
    dealt = Dealt(0, Face.DOWN, parse_cards("As 2s"))
    revealed = Revealed(((0, Direction.LOW), (1, Direction.HIGH)))
    seen: list[Event] = []
    log = censor_events([dealt, revealed], 1, seen, at_table)
    assert log == (
        Dealt(4, Face.DOWN, (), 2),
        Revealed(((4, Direction.LOW), (1, Direction.HIGH))),
    )
    assert censor_events([dealt, revealed], 1, []) == (Dealt(0, Face.DOWN, (), 2), revealed)
    hand_seats = view(0, to_act=(1,))
    renumbered = renumbered_view(hand_seats, at_table, log)
    assert (renumbered.viewer, renumbered.button, renumbered.to_act) == (4, 7, (1,))
    assert [seat.seat for seat in renumbered.seats] == [4, 1, 7]
    assert renumbered.me == replace(hand_seats.seats[0], seat=4)
    assert renumbered.events == log


def reference_view(hand: Hand, viewer: int | None, seats: tuple[int, ...] | None) -> TableView:
    """The view of ``viewer`` built the long way: `build_view` from the hand's values, then
    renumbered seat by seat (`renumbered_view`)."""
    betting = hand.round
    built = build_view(
        viewer=viewer,
        variant=hand.variant,
        rules=hand.rules,
        phase=hand.phase,
        street=hand.street,
        button=hand.button,
        names=hand.names,
        stacks=hand.stacks,
        bets=betting.bets if betting is not None else {},
        contributed=[bet + paid for bet, paid in zip(hand.contributed, hand.paid_in, strict=True)],
        folded=hand.folded,
        cards=hand.cards,
        board=hand.board,
        declarations=hand.declarations,
        revealed=hand.revealed,
        pots=[pot.amount for pot in hand.pots()],
        to_act=hand.to_act,
        legal_actions=hand.legal_actions(viewer) if viewer is not None else (),
        events=censor_events(hand.events, viewer, []),
        result=hand.result.explanation() if hand.result is not None else (),
        carried_in=hand.carried_in,
        carried_out=hand.carried_out,
        wild_ranks=hand.wild_ranks,
        plain=frozenset(card for cards in hand.unmatched.values() for card in cards),
    )
    built = replace(
        built, all_in_events=frozenset(hand.all_in_at), after_declare_at=hand.after_declare_at
    )
    if seats is None:
        return built
    return renumbered_view(built, seats, censor_events(hand.events, viewer, [], seats))


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_views_built_together_are_each_viewers_own_view(name: str) -> None:
    """Every viewer's view of one moment, built together (sharing the seats as others see
    them), is the view built for that viewer alone, at every step of random hands."""
    rng = random.Random(name)
    variant = VARIANTS[name]
    for _ in range(2):
        players = rng.randint(2, variant.max_players)
        hand = Hand.deal(
            variant,
            random_rules(variant, rng),
            random_stakes(variant, rng),
            [rng.choice([8, 50, 400]) for _ in range(players)],
            button=rng.randrange(players),
            rng=random.Random(rng.randrange(2**32)),
        )
        at_table = tuple(rng.sample(range(10), players))
        viewers = [None, *range(players)]
        steps = 0
        while True:
            for seats in (None, at_table):
                together = hand_views(hand, viewers, seats)
                assert together == [reference_view(hand, viewer, seats) for viewer in viewers]
                assert [hand.view_for(viewer, seats) for viewer in viewers] == together
            if hand.is_complete:
                break
            hand.apply(random_action(hand, rng))
            steps += 1
            assert steps < 400
