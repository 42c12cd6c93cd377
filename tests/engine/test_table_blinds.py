"""A blind table's straddle and its ways of joining: who is dealt in, who posts what, who acts."""

from __future__ import annotations

import random

import pytest

from hilo.engine import Action
from hilo.engine.events import Post, Posted
from hilo.engine.joining import Owed
from hilo.engine.table import Table, TableConfig
from hilo.errors import ConfigError, IllegalActionError
from hilo.rules import HouseRules, Stakes
from tests.engine.scripted import of_kind

CARDS_SPEAK = HouseRules.preset("cards-speak")
NO_LIMIT = Stakes(structure="no-limit", small_blind=1, big_blind=2)


def blind_table(*names: str, joining: str = "deal-in", straddle: bool = False) -> Table:
    """A no-limit hold'em table of six seats with ``names`` in seats 0, 1, 2, ..."""
    config = TableConfig(
        games=("holdem",),
        rules=CARDS_SPEAK,
        stakes=NO_LIMIT,
        seats=6,
        straddle=straddle,
        joining=joining,  # type: ignore[arg-type]
    )
    table = Table(config, rng=random.Random(7))
    for seat, name in enumerate(names):
        table.sit(seat, name, 100)
    return table


def fold_around(table: Table) -> None:
    """Everybody to act folds (or checks when the hand is theirs) until the hand ends."""
    while table.hand is not None and not table.hand.is_complete:
        seat = table.to_act()[0]
        kinds = {option.kind.value for option in table.legal_actions(seat)}
        table.apply(Action.check(seat) if "check" in kinds else Action.fold(seat))


def posts(table: Table) -> list[tuple[int, int, Post]]:
    """The posts of the hand in play, by table seat."""
    assert table.hand is not None
    seats = table.hand_seats
    return [(seats[event.seat], event.amount, event.post) for event in of_kind(table.hand, Posted)]


def test_the_straddle_is_asked_before_the_deal_and_acts_last() -> None:
    table = blind_table("Ann", "Bob", "Cy", "Dee", straddle=True)
    assert table.next_button() == 0
    assert table.straddler == 3  # left of the big blind in seat 2
    with pytest.raises(IllegalActionError, match="Dee has not said whether to straddle"):
        table.start_hand()
    with pytest.raises(IllegalActionError, match="not yours to post: it is Dee's"):
        table.straddle(2, True)
    table.straddle(3, True)
    assert table.straddler is None
    with pytest.raises(IllegalActionError, match="Nobody is asked to straddle now"):
        table.straddle(3, False)
    table.start_hand()
    assert posts(table) == [(1, 1, Post.SMALL_BLIND), (2, 2, Post.BIG_BLIND), (3, 4, Post.STRADDLE)]
    assert table.to_act() == (0,)  # left of the straddle
    for seat in (0, 1, 2):
        table.apply(Action.call(seat))
    assert table.to_act() == (3,)  # the straddle acts last before the flop
    assert {option.kind.value for option in table.legal_actions(3)} == {"fold", "check", "raise"}
    table.apply(Action.check(3))
    assert table.hand is not None
    assert table.hand.street == 1
    fold_around(table)
    assert table.chips() == 400
    assert table.straddler == 0  # the next hand asks the next player left of the big blind


def test_no_straddle_deals_the_stakes_blinds_and_the_answer_lasts_one_hand() -> None:
    table = blind_table("Ann", "Bob", "Cy", "Dee", straddle=True)
    table.straddle(3, False)
    table.start_hand()
    assert table.hand is not None
    assert table.hand.setup.blinds == ()
    assert table.to_act() == (3,)
    fold_around(table)
    assert table.straddle_answer is None


def test_the_straddle_is_offered_only_with_three_dealt_and_chips_for_it() -> None:
    heads_up = blind_table("Ann", "Bob", straddle=True)
    assert heads_up.straddler is None
    three = blind_table("Ann", "Bob", "Cy", straddle=True)
    assert three.straddler == 0  # three-handed, the button is left of the big blind
    short = blind_table("Ann", "Bob", "Cy", "Dee", straddle=True)
    short.adjust(3, -96, "short of a straddle")
    assert short.straddler is None
    off = blind_table("Ann", "Bob", "Cy", "Dee")
    assert off.straddler is None
    with pytest.raises(IllegalActionError, match="Nobody straddles at this table"):
        off.straddle(3, True)


def seated(joining: str, **at: str) -> Table:
    """A blind table with a player in each of the seats ``at`` names (``s0="Ann"``...)."""
    table = blind_table(joining=joining)
    for seat, name in at.items():
        table.sit(int(seat[1:]), name, 100)
    return table


def test_a_new_player_waits_for_the_big_blind() -> None:
    table = seated("wait", s0="Ann", s2="Bob", s4="Cy")
    table.start_hand()  # the first hand deals everybody in: button 0, blinds 2 and 4
    fold_around(table)
    table.sit(1, "Dee", 100)  # the big blind has just passed her seat
    player = table.players[1]
    assert player is not None
    assert player.owed == Owed(big_blind=True)
    plan = table.plan()
    assert plan is not None
    assert (plan.button, plan.seats, plan.waiting) == (2, (0, 2, 4), (1,))  # blinds 4 and 0
    table.start_hand()
    fold_around(table)
    table.start_hand()  # button 4: the small blind is seat 0, the big blind reaches Dee
    assert table.hand_seats == (0, 1, 2, 4)
    assert posts(table) == [(0, 1, Post.SMALL_BLIND), (1, 2, Post.BIG_BLIND)]
    assert table.to_act() == (2,)
    player = table.players[1]
    assert player is not None
    assert not player.owed.is_owing
    fold_around(table)
    assert table.chips() == 400


def test_a_new_player_posts_to_play_now_but_not_in_the_small_blind() -> None:
    table = seated("post", s0="Ann", s2="Bob", s4="Cy")
    table.start_hand()
    fold_around(table)  # button 0
    table.sit(1, "Eve", 100)
    table.start_hand()  # button 2, blinds 4 and 0: Eve posts a big blind to play at once
    assert table.hand_seats == (0, 1, 2, 4)
    assert posts(table) == [
        (4, 1, Post.SMALL_BLIND),
        (0, 2, Post.BIG_BLIND),
        (1, 2, Post.BIG_BLIND),
    ]
    assert table.to_act() == (2,)  # after the last big blind
    fold_around(table)
    table.sit(5, "Fay", 100)  # the button goes to 4: Fay would be the small blind, and waits
    plan = table.plan()
    assert plan is not None
    assert (plan.button, plan.waiting) == (4, (5,))
    table.start_hand()
    fold_around(table)
    table.start_hand()  # the button has passed her: Fay posts a big blind behind it
    assert len(table.hand_seats) == 5
    assert (5, 2, Post.BIG_BLIND) in posts(table)
    fold_around(table)
    assert table.chips() == 500


def test_a_player_may_wait_rather_than_post() -> None:
    table = seated("post", s0="Ann", s2="Bob", s4="Cy")
    table.start_hand()
    fold_around(table)
    table.sit(1, "Eve", 100)
    table.wait_for_big_blind(1, True)
    plan = table.plan()
    assert plan is not None
    assert plan.waiting == (1,)
    table.wait_for_big_blind(1, False)
    plan = table.plan()
    assert plan is not None
    assert plan.seats == (0, 1, 2, 4)
    with pytest.raises(IllegalActionError, match="Ann is in the game: there is nothing to post"):
        table.wait_for_big_blind(0, True)
    waiting = seated("wait", s0="Ann", s2="Bob")
    with pytest.raises(IllegalActionError, match="no posting to play now"):
        waiting.wait_for_big_blind(0, False)


def test_a_player_back_from_missing_both_blinds_posts_the_small_one_dead() -> None:
    table = seated("post", s0="Ann", s1="Bob", s2="Cy", s3="Dee")
    table.start_hand()  # button 0, blinds 1 and 2
    fold_around(table)
    table.sit_out(3)
    table.start_hand()  # button 1: the big blind passes Dee's seat (Ann posts it)
    fold_around(table)
    player = table.players[3]
    assert player is not None
    assert player.owed == Owed(big_blind=True)
    table.start_hand()  # button 2: the small blind passes her (Ann posts it)
    fold_around(table)
    player = table.players[3]
    assert player is not None
    assert player.owed == Owed(big_blind=True, small_blind=True)
    table.sit_out(3, out=False)
    table.start_hand()  # button 0, blinds 1 and 2: Dee posts a live big blind and 1 dead
    assert posts(table) == [
        (3, 1, Post.DEAD_BLIND),
        (1, 1, Post.SMALL_BLIND),
        (2, 2, Post.BIG_BLIND),
        (3, 2, Post.BIG_BLIND),
    ]
    assert table.hand is not None
    assert [pot.amount for pot in table.hand.pots()] == [1]
    fold_around(table)
    assert table.chips() == 400
    player = table.players[3]
    assert player is not None
    assert player.owed == Owed()


def test_a_player_back_at_a_waiting_table_owes_nothing_once_the_big_blind_reaches_them() -> None:
    table = seated("wait", s0="Ann", s1="Bob", s2="Cy", s3="Dee")
    table.start_hand()
    fold_around(table)
    table.sit_out(3)
    for _ in range(2):
        table.start_hand()
        fold_around(table)
    table.sit_out(3, out=False)
    plan = table.plan()
    assert plan is not None
    assert plan.waiting == (3,)  # button 0: the big blind is seat 2's
    table.start_hand()
    fold_around(table)
    table.start_hand()  # button 1: the big blind reaches Dee, who posts only it
    assert posts(table) == [(2, 1, Post.SMALL_BLIND), (3, 2, Post.BIG_BLIND)]
    fold_around(table)
    assert table.chips() == 400


def test_nobody_waits_while_fewer_than_two_are_in_the_game() -> None:
    table = seated("wait", s0="Ann")
    table.sit(3, "Bob", 100)
    plan = table.plan()
    assert plan is not None
    assert plan.seats == (0, 3)
    assert plan.entering == (0, 3)
    table.start_hand()
    assert all(player is None or not player.owed.is_owing for player in table.players)


def test_blind_settings_need_a_blind_game_and_are_read_strictly() -> None:
    stud = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
    with pytest.raises(ConfigError, match="a straddle needs a game played with a big blind"):
        TableConfig(games=("razz",), stakes=stud, straddle=True)
    with pytest.raises(ConfigError, match="waiting for the big blind needs a game played"):
        TableConfig(games=("razz",), stakes=stud, joining="wait")
    with pytest.raises(ConfigError, match="joining is one of deal-in, wait, post, not 'later'"):
        TableConfig(games=("holdem",), stakes=NO_LIMIT, joining="later")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="straddle is true or false, not 1"):
        TableConfig(games=("holdem",), stakes=NO_LIMIT, straddle=1)  # type: ignore[arg-type]
