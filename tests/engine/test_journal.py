"""Table journals: a table rebuilt from its journal at any point is the same table."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from hilo.engine import Action, ActionKind, Direction, Phase
from hilo.engine.actions import CARD_CHOICES
from hilo.engine.journal import JournaledTable, config_from_dict, config_to_dict, restore
from hilo.engine.table import Table, TableConfig, Viewer
from hilo.errors import ConfigError, IllegalActionError, NotationError
from hilo.rules import HouseRules, Stakes

CONFIG = TableConfig(
    games=("five-card-draw-hilo-declare", "seven-card-stud-hilo-declare", "omaha-hilo-declare"),
    rules=HouseRules.preset("strict", bet_after_declare=True, lock_rule="call-only"),
    stakes=Stakes(ante=1, small_blind=1, big_blind=2, bring_in=1, small_bet=2, big_bet=4),
    seats=6,
)


def snapshot(table: Table) -> object:
    hand = table.hand
    return (
        table.players,
        table.button,
        table.carried,
        table.hands_played,
        None if hand is None else (hand.events, hand.to_act, hand.stacks),
    )


def random_move(table: JournaledTable, rng: random.Random) -> None:
    """One random legal change: an action in the hand, or a new hand between hands."""
    inner = table.table
    hand = inner.hand
    if hand is None or hand.is_complete:
        table.start_hand(rng=random.Random(rng.randrange(2**32)))
        return
    table.apply(random_action(inner, rng.choice(inner.to_act()), rng))


def random_action(table: Table, seat: int, rng: random.Random) -> Action:
    """A random legal action for table seat ``seat`` of the hand in play."""
    hand = table.hand
    assert hand is not None
    option = rng.choice(table.legal_actions(seat))
    if option.kind is ActionKind.DRAW:
        held = hand.own_cards(table.hand_seats.index(seat))
        return Action.draw(seat, rng.sample(held, rng.randint(0, option.maximum)))
    if option.kind is ActionKind.DECLARE:
        return Action.declare(seat, rng.choice(list(Direction)))
    if option.kind in CARD_CHOICES:
        mine = hand.cards[table.hand_seats.index(seat)]
        named = [card for card, up in mine if not (up and option.kind is ActionKind.ROLL)]
        return Action(seat, option.kind, cards=tuple(rng.sample(named, option.minimum)))
    if option.kind in (ActionKind.BET, ActionKind.RAISE):
        return Action(seat, option.kind, rng.randint(option.minimum, option.maximum))
    return Action(seat, option.kind)


def test_restored_at_every_point_and_played_on_identically() -> None:
    rng = random.Random(2)
    entries: list[dict[str, object]] = []
    table = JournaledTable(CONFIG, entries.append)
    for seat in range(6):
        table.sit(seat, f"P{seat}", 200)
    checkpoints = 0
    for step in range(600):
        random_move(table, rng)
        if step % 7 == 0:
            stored = json.loads(json.dumps(entries))  # as a database would hand it back
            again = restore(stored)
            assert snapshot(again.table) == snapshot(table.table)
            checkpoints += 1
    assert checkpoints > 50
    assert table.table.hands_played > 10
    # A restored table goes on exactly like the original, and journals what it does.
    more: list[dict[str, object]] = []
    again = restore(json.loads(json.dumps(entries)), more.append)
    twin_rng, rng_copy = random.Random(9), random.Random(9)
    for _ in range(200):
        random_move(table, twin_rng)
        random_move(again, rng_copy)
        assert snapshot(again.table) == snapshot(table.table)
    assert more
    assert entries[-len(more) :] == more
    # The journal's length is known on both sides, and keeps growing after a restore.
    assert table.length == again.length == len(entries)
    assert restore(entries[:40]).length == 40


def test_a_reshuffle_mid_draw_is_restored() -> None:
    config = TableConfig(
        games=("five-card-draw",),
        rules=HouseRules.preset("cards-speak"),
        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        seats=6,
    )
    entries: list[dict[str, object]] = []
    table = JournaledTable(config, entries.append)
    for seat in range(6):
        table.sit(seat, f"P{seat}", 50)
    hand = table.start_hand(rng=random.Random(4))
    while hand.phase is Phase.BETTING:
        seat = table.table.to_act()[0]
        inside = table.table.hand_seats.index(seat)
        table.apply(Action.call(seat) if hand.to_call(inside) else Action.check(seat))
    while hand.phase is Phase.DRAWING:  # everybody throws all five: the deck runs out
        seat = table.table.to_act()[0]
        table.apply(Action.draw(seat, hand.own_cards(table.table.hand_seats.index(seat))))
        again = restore(json.loads(json.dumps(entries)))
        assert snapshot(again.table) == snapshot(table.table)
    assert [entry["op"] for entry in entries].count("reshuffle") == 1


def test_refused_changes_are_not_journaled() -> None:
    entries: list[dict[str, object]] = []
    table = JournaledTable(CONFIG, entries.append)
    table.sit(0, "Ann", 100)
    with pytest.raises(IllegalActionError):
        table.sit(0, "Bob", 100)
    with pytest.raises(IllegalActionError):
        table.start_hand()
    assert [entry["op"] for entry in entries] == ["create", "sit"]
    table.sit(1, "Bob", 100)
    table.start_hand(rng=random.Random(1))
    waiting = table.table.to_act()[0]
    with pytest.raises(IllegalActionError):
        table.apply(Action.check(1 - waiting))
    assert [entry["op"] for entry in entries] == ["create", "sit", "sit", "deal"]
    assert table.table.hand is not None
    assert table.table.hand.phase is Phase.BETTING
    table.sit_out(1)
    assert entries[-1] == {"op": "sit-out", "seat": 1, "out": True}


def test_a_provably_fair_deal_keeps_its_commitment_after_a_restore() -> None:
    config = TableConfig(
        games=("holdem",),
        rules=HouseRules.preset("cards-speak"),
        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        provably_fair=True,
    )
    entries: list[dict[str, object]] = []
    table = JournaledTable(config, entries.append)
    table.sit(0, "Ann", 50)
    table.sit(1, "Bob", 50)
    table.start_hand(rng=random.Random(3))
    again = restore(json.loads(json.dumps(entries)))
    assert again.table.fairness() == table.table.fairness()
    assert again.table.proof == table.table.proof


def test_config_round_trip_and_bad_journals() -> None:
    assert config_from_dict(json.loads(json.dumps(config_to_dict(CONFIG)))) == CONFIG
    with pytest.raises(NotationError, match="starts with its create entry"):
        restore([{"op": "sit"}])
    with pytest.raises(NotationError, match="unknown journal entry 'dance'"):
        restore([{"op": "create", "config": config_to_dict(CONFIG)}, {"op": "dance"}])


def test_session_controls_are_journaled_and_restored() -> None:
    entries: list[dict[str, object]] = []
    config = TableConfig(
        games=("holdem",),
        rules=HouseRules.preset("cards-speak"),
        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        action_clock=15,
        time_bank=45,
        max_buy_in=300,
    )
    table = JournaledTable(config, entries.append)
    table.sit(0, "Ann", 100)
    table.sit(1, "Bot", 100, bot="solid")
    table.sit(2, "Cy", 100)
    table.set_status("playing")
    table.start_hand(rng=random.Random(8))
    table.set_time_bank(0, 31.5)
    table.remove(2)
    again = restore(json.loads(json.dumps(entries)))
    assert again.table.config == config
    assert again.table.status == "playing"
    assert [player.bot if player else None for player in again.table.players[:3]] == [
        None,
        "solid",
        None,
    ]
    first = again.table.players[0]
    leaving = again.table.players[2]
    assert first is not None
    assert first.time_bank == 31.5
    assert leaving is not None
    assert leaving.is_leaving


def test_a_journal_written_before_the_seat_switches_restores() -> None:
    """``fixtures/journal-before-seat-switches.json``: two hands and a pause, written by
    the hilo that had no seat switches in a table's settings."""
    fixture = Path(__file__).parent / "fixtures" / "journal-before-seat-switches.json"
    entries = json.loads(fixture.read_text(encoding="utf-8"))
    table = restore(entries).table
    assert table.ledger() == [
        ("Ann", 200, 212, 12),
        ("Bob", 150, 148, -2),
        ("Solid bot 1", 400, 390, -10),
    ]
    assert table.hands_played == 2
    assert table.status == "paused"
    assert table.config.max_buy_in == 400
    assert not table.config.several_seats_per_browser
    assert not table.config.approve_seats


def test_the_seat_switches_are_journaled() -> None:
    config = replace(CONFIG, several_seats_per_browser=True, approve_seats=True)
    entries: list[dict[str, object]] = []
    JournaledTable(config, entries.append)
    again = restore(json.loads(json.dumps(entries))).table.config
    assert again == config
    assert again.several_seats_per_browser
    assert again.approve_seats


def test_player_numbers_come_back_from_a_journal() -> None:
    # Numbers are not written in the journal: they follow from the order of the sittings.
    rng = random.Random(4)
    entries: list[dict[str, object]] = []
    table = JournaledTable(CONFIG, entries.append)
    for seat in range(3):
        table.sit(seat, f"P{seat}", 200)
    for round_number in range(4):
        played = table.table.hands_played
        while table.table.hands_played == played:
            random_move(table, rng)
        table.leave(round_number % 3)
        table.sit(round_number % 3, f"New{round_number}", 200)
        if round_number < 2:
            table.sit(3 + round_number, f"Extra{round_number}", 200)
    again = restore(json.loads(json.dumps(entries))).table
    inner = table.table
    assert [entry["op"] for entry in entries].count("sit") == inner.sittings == 9
    assert again.players == inner.players
    assert again.departed == inner.departed
    assert again.last_sitter == inner.last_sitter
    assert again.history_players == inner.history_players
    assert len(set(again.history_players)) > 2  # hands among different people
    assert again.hand_players == inner.hand_players
    assert sorted(player.number for player in [*again.departed, *again.players] if player) == list(
        range(1, 10)
    )


def test_a_table_set_up_before_overridden_rules_were_refused_restores_and_plays_on() -> None:
    games = ("holdem-hilo-declare", "seven-card-stud-hilo-declare", "seven-card-stud-hilo")
    allowed = replace(CONFIG, games=games, rules=HouseRules.preset("strict", declare="in-turn"))
    entries: list[dict[str, object]] = []
    table = JournaledTable(allowed, entries.append)
    for seat in range(4):
        table.sit(seat, f"P{seat}", 200)
    # An older hilo wrote these rules without a word: hold'em has no up cards to compare, and
    # stud eight or better plays its own low.
    older = json.loads(json.dumps(entries))
    older[0]["config"]["rules"].update(declare_order="high-showing", low="ace-to-six")
    with pytest.raises(ConfigError, match="declare_order=high-showing needs up cards"):
        replace(allowed, rules=HouseRules.from_dict(older[0]["config"]["rules"]))
    again = restore(older, older.append)
    notes = again.table.config.rule_notes
    assert len(notes) == 2
    assert "holdem-hilo-declare (Texas hold'em high-low, declare) deals none" in notes[0]
    assert "the house's low=ace-to-six cannot apply" in notes[1]
    played: dict[str, HouseRules] = {}
    rng = random.Random(5)
    while len(played) < 3:
        random_move(again, rng)
        hand = again.table.hand
        assert hand is not None
        played[hand.variant.name] = hand.rules
    assert played["holdem-hilo-declare"].declare_order == "dealer-left"
    assert played["seven-card-stud-hilo-declare"].declare_order == "high-showing"
    assert played["seven-card-stud-hilo-declare"].low.value == "ace-to-six"
    assert played["seven-card-stud-hilo"].low.value == "ace-to-five"
    assert snapshot(restore(json.loads(json.dumps(older))).table) == snapshot(again.table)


def test_a_table_of_the_wild_games_restores_with_what_is_wild() -> None:
    config = TableConfig(
        games=(
            "follow-the-queen-hilo-declare",
            "low-hole-wild-hilo-declare",
            "five-card-draw-deuces-wild-hilo-declare",
        ),
        rules=HouseRules.preset("strict", queen_last="none-wild"),
        stakes=CONFIG.stakes,
        seats=6,
    )
    rng = random.Random(5)
    entries: list[dict[str, object]] = []
    table = JournaledTable(config, entries.append)
    for seat in range(6):
        table.sit(seat, f"P{seat}", 200)
    games = set()
    for step in range(400):
        random_move(table, rng)
        hand = table.table.hand
        assert hand is not None
        games.add(hand.variant.name)
        if step % 9 == 0:
            again = restore(json.loads(json.dumps(entries))).table
            assert snapshot(again) == snapshot(table.table)
            assert again.hand is not None
            assert again.hand.wild_ranks == hand.wild_ranks
            assert again.view_for(Viewer(3)) == table.table.view_for(Viewer(3))
    assert games == set(config.games)
