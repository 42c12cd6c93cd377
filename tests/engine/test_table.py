"""Table sessions: seating, the moving button, dealer's choice, ridden pots and the ledger."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hilo.cards import parse_cards
from hilo.engine import Action, ActionKind, Direction, Phase
from hilo.engine.events import Revealed
from hilo.engine.fairness import verify
from hilo.engine.table import SPECTATOR, Table, TableConfig, Viewer
from hilo.errors import ConfigError, IllegalActionError
from hilo.rules import VARIANTS, HouseRules, Stakes, Variant

BLINDS = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)
STUD = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)


def fold_around(table: Table) -> None:
    """Everybody to act folds until one player is left (a stud bring-in is posted)."""
    while table.hand is not None and not table.hand.is_complete:
        seat = table.to_act()[0]
        if table.hand.is_bring_in_pending:
            table.apply(Action.bring_in(seat))
        else:
            table.apply(Action.fold(seat))


def test_config_errors() -> None:
    with pytest.raises(ConfigError, match="unknown game 'canasta'"):
        TableConfig(games=("canasta",))
    with pytest.raises(ConfigError, match="needs at least one game"):
        TableConfig(games=())
    with pytest.raises(ConfigError, match="is a declare game, but the house rules are cards"):
        TableConfig(rules=HouseRules.preset("cards-speak"))
    showing = HouseRules.preset("strict", declare="in-turn", declare_order="high-showing")
    with pytest.raises(ConfigError, match=r"holdem-hilo-declare .* deals none"):
        TableConfig(games=("seven-card-stud-hilo-declare", "holdem-hilo-declare"), rules=showing)
    assert TableConfig(games=("seven-card-stud-hilo-declare",), rules=showing).rule_notes == ()
    with pytest.raises(ConfigError, match=r"seven-card-stud-hilo .* low_qualifier=7 cannot"):
        TableConfig(games=("seven-card-stud-hilo",), rules=HouseRules(low_qualifier=7))
    with pytest.raises(ConfigError, match="seats 2 to 6 players, not 9"):
        TableConfig(games=("five-card-draw", "holdem"), stakes=BLINDS, seats=9)
    custom = VARIANTS["holdem"].to_dict()
    mine = Variant.from_dict("house-holdem", custom)
    assert TableConfig(games=("house-holdem",), extra_variants=(mine,), stakes=BLINDS).games


def test_seating_rules() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS, seats=4))
    table.sit(1, "Ann", 50)
    with pytest.raises(IllegalActionError, match="Seat 2 is taken"):
        table.sit(1, "Bob", 50)
    with pytest.raises(IllegalActionError, match="already at the table"):
        table.sit(2, "Ann", 50)
    with pytest.raises(IllegalActionError, match="There is no seat 5: seats are 1 to 4"):
        table.sit(4, "Cy", 50)
    with pytest.raises(IllegalActionError, match="at least one chip"):
        table.sit(2, "Cy", 0)
    with pytest.raises(IllegalActionError, match="At least two players"):
        table.start_hand()
    with pytest.raises(IllegalActionError, match="Nobody sits in seat 4"):
        table.rebuy(3, 10)
    table.sit(3, "Bob", 50)
    table.start_hand(rng=random.Random(1))
    with pytest.raises(IllegalActionError, match="between hands"):
        table.leave(1)
    with pytest.raises(IllegalActionError, match="between hands"):
        table.rebuy(3, 10)
    with pytest.raises(IllegalActionError, match="still being played"):
        table.start_hand()
    fold_around(table)
    table.rebuy(3, 10)
    assert table.leave(1).name == "Ann"


def test_button_moves_over_empty_and_sitting_out_seats() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS, seats=6), rng=random.Random(2))
    for seat, name in ((0, "A"), (2, "B"), (3, "C"), (5, "D")):
        table.sit(seat, name, 100)
    buttons = []
    for number in range(6):
        if number == 2:
            table.sit_out(3)
        if number == 4:
            table.sit_out(3, out=False)
        table.start_hand()
        buttons.append(table.button)
        assert 3 not in table.hand_seats or number not in (2, 3)
        fold_around(table)
    assert buttons == [0, 2, 5, 0, 2, 3]


def test_dealers_choice_rotates_games() -> None:
    config = TableConfig(
        games=("holdem", "omaha-hilo", "five-card-draw"), rules=HouseRules.preset("cards-speak"),
        stakes=BLINDS, seats=6,
    )  # fmt: skip
    table = Table(config, rng=random.Random(3))
    for seat in range(3):
        table.sit(seat, f"P{seat}", 100)
    played = []
    for _ in range(4):
        played.append(table.start_hand().variant.name)
        fold_around(table)
    assert played == ["holdem", "omaha-hilo", "five-card-draw", "holdem"]


def test_a_pot_that_rides_goes_into_the_next_hand() -> None:
    # Everyone swings and nobody is eligible; with no_winner="rides" and the all-swing
    # fallback off, the pot stays in the middle for the next hand.
    rules = HouseRules.preset("strict", all_swing_fallback="no-winner")
    table = Table(TableConfig(rules=rules, stakes=STUD, seats=4), rng=random.Random(4))
    for seat in range(3):
        table.sit(seat, f"P{seat}", 100)
    ridden = 0
    for _ in range(30):
        hand = table.start_hand()
        while not hand.is_complete:
            seat = table.to_act()[0]
            inside = table.hand_seats.index(seat)
            if hand.phase is Phase.DECLARING:
                table.apply(Action.declare(seat, Direction.BOTH))
            elif hand.is_bring_in_pending:
                table.apply(Action.bring_in(seat))
            else:
                table.apply(Action.call(seat) if hand.to_call(inside) else Action.check(seat))
            assert table.chips() == 300
        if hand.carried_out:
            ridden += 1
            assert table.carried == hand.carried_out
            assert table.start_hand().carried_in == hand.carried_out
            fold_around(table)
        assert table.chips() == 300
    assert ridden > 0


def test_views_and_ledger_use_table_seats() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS, seats=6), rng=random.Random(5))
    table.sit(1, "Ann", 100)
    table.sit(4, "Bob", 60)
    assert table.view_for(table.person_in(1)) is None
    table.start_hand()
    view = table.view_for(table.person_in(4))
    assert view is not None
    assert view.me is not None
    assert view.me.name == "Bob"
    assert view.me.down_cards
    spectator = table.view_for(SPECTATOR)
    assert spectator is not None
    assert all(not seat.down_cards for seat in spectator.seats)
    assert table.legal_actions(1)
    assert table.legal_actions(2) == []
    with pytest.raises(IllegalActionError, match="Seat 3 is not in this hand"):
        table.apply(Action.fold(2))
    fold_around(table)
    assert sum(net for *_, net in table.ledger()) == 0
    assert [name for name, *_ in table.ledger()] == ["Ann", "Bob"]
    assert len(table.histories) == 1


def test_a_tables_view_numbers_every_seat_as_the_table_does() -> None:
    rules = HouseRules.preset("strict")
    config = TableConfig(games=("holdem-hilo-declare",), rules=rules, stakes=BLINDS, seats=7)
    table = Table(config, rng=random.Random(3))
    for seat, name in ((1, "Ann"), (4, "Bob"), (6, "Cy")):
        table.sit(seat, name, 100)
    hand = table.start_hand()
    ways = {1: Direction.HIGH, 4: Direction.LOW, 6: Direction.BOTH}
    while not hand.is_complete:
        seat = table.to_act()[0]
        view = table.view_for(table.person_in(seat))
        assert view is not None
        inside = hand.view_for(hand.to_act[0])
        assert (view.viewer, view.to_act, view.button) == (seat, table.to_act(), table.button)
        assert [other.seat for other in view.seats] == [1, 4, 6]
        assert view.me == replace(inside.seat(hand.to_act[0]), seat=seat)
        assert [other.seat for other in view.others()] == {1: [4, 6], 4: [6, 1], 6: [1, 4]}[seat]
        assert (view.variant, view.phase, view.street) == (hand.variant, hand.phase, inside.street)
        kinds = {option.kind for option in view.legal_actions}
        if ActionKind.DECLARE in kinds:
            table.apply(Action.declare(seat, ways[seat]))  # straight from the view's seat
        else:
            table.apply(Action.check(seat) if ActionKind.CHECK in kinds else Action.call(seat))
    last = table.view_for(table.person_in(6))
    assert last is not None
    assert {getattr(event, "seat", None) for event in last.events} - {None} == {1, 4, 6}
    (revealed,) = [event for event in last.events if isinstance(event, Revealed)]
    assert dict(revealed.declarations) == ways
    steps = table.replay(0, table.person_in(4))
    assert steps[-1] == table.view_for(table.person_in(4))
    assert all(step.viewer == 4 and step.button == table.button for step in steps)
    assert (table.dealt_seat(table.person_in(4), 0), table.dealt_seat(SPECTATOR, 0)) == (4, None)


def test_provably_fair_tables_commit_to_each_deck() -> None:
    config = TableConfig(games=("holdem",), stakes=BLINDS, seats=4, provably_fair=True)
    table = Table(config, rng=random.Random(8))
    assert table.fairness() is None
    table.sit(0, "Ann", 50)
    table.sit(1, "Bob", 50)
    hand = table.start_hand()
    before = table.fairness()
    assert before is not None
    assert set(before) == {"commitment"}  # nothing about the deck shows during the hand
    fold_around(table)
    after = table.fairness()
    assert after is not None
    assert after["commitment"] == before["commitment"]
    deck = parse_cards(after["deck"])
    assert verify(after["commitment"], deck, after["salt"])
    # The committed deck is the one dealt: the first cards went to the players.
    dealt = [card for seat in range(2) for card in hand.own_cards(seat)]
    assert sorted(dealt) == sorted(deck[:4])
    assert not verify(after["commitment"], deck[::-1], after["salt"])


def test_buy_in_range_and_names() -> None:
    config = TableConfig(games=("holdem",), stakes=BLINDS, min_buy_in=40, max_buy_in=200)
    table = Table(config)
    with pytest.raises(IllegalActionError, match="at least 40 chips"):
        table.sit(0, "Ann", 39)
    with pytest.raises(IllegalActionError, match="at most 200 chips"):
        table.sit(0, "Ann", 201)
    with pytest.raises(IllegalActionError, match="at most 40 characters"):
        table.sit(0, "x" * 41, 100)
    table.sit(0, "Ann", 150)
    with pytest.raises(IllegalActionError, match="at most 200 chips after a rebuy"):
        table.rebuy(0, 51)
    with pytest.raises(ConfigError, match="buy-in range"):
        TableConfig(games=("holdem",), stakes=BLINDS, min_buy_in=100, max_buy_in=50)
    with pytest.raises(ConfigError, match="action clock"):
        TableConfig(games=("holdem",), stakes=BLINDS, action_clock=0)


def test_removing_a_player_in_a_hand_waits_for_the_hand_to_end() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS), rng=random.Random(4))
    for seat, name in ((0, "Ann"), (1, "Bob"), (2, "Cy")):
        table.sit(seat, name, 100, bot="calling" if seat == 2 else None)
    assert table.players[2] is not None
    assert table.players[2].bot == "calling"
    table.start_hand()
    table.remove(1)
    player = table.players[1]
    assert player is not None
    assert player.is_leaving
    assert player.is_sitting_out
    fold_around(table)
    assert table.players[1] is None
    assert [name for name, *_ in table.ledger()] == ["Ann", "Cy", "Bob"]
    assert sum(stack for _, _, stack, _ in table.ledger()) == 300
    table.remove(2)  # between hands: at once
    assert table.players[2] is None
    assert table.history_seats == [(0, 1, 2)]


def test_session_status() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS))
    assert table.status == "waiting"
    table.set_status("playing")
    table.set_status("paused")
    with pytest.raises(IllegalActionError, match="not 'sleeping'"):
        table.set_status("sleeping")
    table.set_status("ended")
    with pytest.raises(IllegalActionError, match="has ended"):
        table.set_status("playing")
    with pytest.raises(IllegalActionError, match="has ended"):
        table.sit(0, "Ann", 100)


def test_everybody_who_sits_down_gets_the_next_player_number() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS, seats=4))
    table.sit(2, "Ann", 50)
    table.sit(0, "Bot", 50, bot="calling")
    assert [None if player is None else player.number for player in table.players] == [
        2,
        None,
        1,
        None,
    ]
    table.leave(2)
    table.sit(2, "Ann", 50)  # the same name sitting down again is a new person
    assert table.person_in(2) == Viewer(3)
    assert table.person_in(0) == Viewer(2)
    assert table.seat_of(Viewer(1)) is None
    assert table.seat_of(Viewer(3)) == 2
    assert table.seat_of(SPECTATOR) is None
    assert table.last_sitter == [2, None, 3, None]
    assert table.departed[0].number == 1
    with pytest.raises(IllegalActionError, match="Nobody sits in seat 2"):
        table.person_in(1)


def test_a_newcomer_sees_the_last_hand_of_the_seat_as_a_spectator_does() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS, seats=3), rng=random.Random(2))
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        table.sit(seat, name, 100)
    ann, bob, cy = (table.person_in(seat) for seat in range(3))
    first = table.start_hand()
    fold_around(table)  # nobody shows: every hole card stays hidden
    bobs = first.own_cards(1)
    assert table.hand_players == (1, 2, 3)
    table.leave(1)
    table.sit(1, "Dee", 100)
    dee = table.person_in(1)
    # Dee sits where Bob sat, and sees Bob's last hand as a spectator does.
    view = table.view_for(dee)
    assert view is not None
    assert view.viewer is None
    assert not set(bobs) & view.all_cards()
    assert table.seen_seat(dee, 0) is None
    # Bob, gone, watches the table as a spectator; his own hand is still his in the history.
    gone = table.view_for(bob)
    assert gone is not None
    assert gone.viewer is None
    assert not set(bobs) & gone.all_cards()
    assert table.seen_seat(bob, 0) == 1
    # Ann and Cy, still seated, see their own cards of the last hand and nobody else's.
    mine = table.view_for(ann)
    assert mine is not None
    assert mine.me is not None
    assert set(mine.me.down_cards) == set(first.own_cards(0))
    assert not set(bobs) & mine.all_cards()
    assert table.seen_seat(cy, 0) == 2
    assert table.seen_seat(SPECTATOR, 0) is None
    # In the next hand Dee sees her own cards; Bob sees no hidden card of it at all.
    second = table.start_hand()
    assert table.hand_players == (1, 4, 3)
    view = table.view_for(dee)
    assert view is not None
    assert view.me is not None
    assert set(view.me.down_cards) == set(second.own_cards(1))
    gone = table.view_for(bob)
    assert gone is not None
    assert all(not seat.down_cards for seat in gone.seats)
    fold_around(table)
    assert table.history_players == [(1, 2, 3), (1, 4, 3)]
    assert table.seen_seat(dee, 1) == 1
    assert table.seen_seat(bob, 1) is None


def test_refusals_name_players_or_number_seats_from_one_as_the_pages_do() -> None:
    table = Table(TableConfig(games=("holdem",), stakes=BLINDS, seats=6))
    for seat, name in ((1, "Ann"), (3, "Bob"), (5, "Cy")):
        table.sit(seat, name, 50)
    table.start_hand()
    waiting = table.to_act()
    assert len(waiting) == 1
    actor = table.players[waiting[0]]
    assert actor is not None
    other = next(seat for seat in (1, 3, 5) if seat != waiting[0])
    with pytest.raises(IllegalActionError) as refusal:
        table.apply(Action.fold(other))
    assert str(refusal.value) == f"It is not your turn: the hand is waiting for {actor.name}."
    with pytest.raises(IllegalActionError, match=r"^Seat 1 is not in this hand\.$"):
        table.apply(Action.fold(0))
    with pytest.raises(IllegalActionError, match=r"^There is no seat 7: seats are 1 to 6\.$"):
        table.sit(6, "Dee", 50)
    with pytest.raises(IllegalActionError, match=r"^Seat 6 is taken\.$"):
        table.sit(5, "Dee", 50)
    with pytest.raises(IllegalActionError, match=r"^Nobody sits in seat 5\.$"):
        table.rebuy(4, 10)
