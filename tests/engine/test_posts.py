"""Straddles, extra big blinds and dead blinds posted per seat: who posts, who acts, the pot."""

from __future__ import annotations

import random

import pytest

from hilo.engine import Action, Hand
from hilo.engine.events import Post, Posted
from hilo.engine.history import hand_from_json, hand_to_dict, hand_to_json
from hilo.engine.setup import HandSetup
from hilo.errors import ConfigError
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import of_kind, play, refused

CARDS_SPEAK = HouseRules.preset("cards-speak")
NO_LIMIT = Stakes(structure="no-limit", small_blind=1, big_blind=2)


def straddled(**changes: object) -> Hand:
    """Five seats, button 0: blinds in seats 1 and 2, a straddle of 4 in seat 3, an extra big
    blind in seat 4 (who also posts a dead small blind)."""
    arguments: dict[str, object] = {"blinds": (0, 1, 2, 4, 2), "dead": (0, 0, 0, 0, 1)}
    arguments.update(changes)
    setup = HandSetup(VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT, (100,) * 5, **arguments)  # type: ignore[arg-type]
    return Hand(setup, rng=random.Random(2))


def test_each_post_is_named_and_the_dead_one_goes_to_the_pot() -> None:
    hand = straddled()
    posts = [(event.seat, event.amount, event.post) for event in of_kind(hand, Posted)]
    assert posts == [
        (4, 1, Post.DEAD_BLIND),
        (1, 1, Post.SMALL_BLIND),
        (2, 2, Post.BIG_BLIND),
        (3, 4, Post.STRADDLE),
        (4, 2, Post.BIG_BLIND),
    ]
    assert hand.contributed == [0] * 5  # the dead blind is in the pot, nobody's share of it
    assert hand.paid_in == [0, 0, 0, 0, 1]
    assert [pot.amount for pot in hand.pots()] == [1]
    assert hand.round is not None
    assert hand.round.bets == {0: 0, 1: 1, 2: 2, 3: 4, 4: 2}
    assert sum(hand.stacks) == 500 - 10


def test_left_of_the_straddle_acts_first_and_the_straddle_last() -> None:
    hand = straddled()
    assert hand.to_act == (4,)
    assert hand.to_call(4) == 2
    assert "raise to at least 8" in refused(hand, Action.raise_to(4, 6)).lower()
    play(hand, [Action.call(4), Action.call(0), Action.call(1), Action.call(2)])
    assert hand.to_act == (3,)  # the straddle's option: the last to act before the flop
    assert {option.kind.value for option in hand.legal_actions(3)} == {"fold", "check", "raise"}
    hand.apply(Action.check(3))
    assert hand.street == 1
    assert sum(hand.contributed) == 5 * 4
    assert [pot.amount for pot in hand.pots()] == [5 * 4 + 1]


def test_equal_posts_the_last_from_the_buttons_left_acts_last() -> None:
    hand = straddled(blinds=(0, 1, 2, 0, 2), dead=())  # an extra big blind in seat 4
    assert hand.to_act == (0,)  # as PokerKit plays it: left of the last big blind
    play(hand, [Action.call(0), Action.call(1), Action.check(2), Action.call(3)])
    assert hand.to_act == (4,)  # the extra big blind's option comes last
    assert {option.kind.value for option in hand.legal_actions(4)} == {"fold", "check", "raise"}


def test_a_history_with_posts_replays_and_one_without_is_written_as_before() -> None:
    hand = straddled()
    play(hand, [Action.raise_to(4, 10), Action.fold(0), Action.fold(1), Action.fold(2)])
    play(hand, [Action.call(3)])
    again = hand_from_json(hand_to_json(hand))
    assert again.events == hand.events
    assert again.setup.blinds == (0, 1, 2, 4, 2)
    assert again.setup.dead == (0, 0, 0, 0, 1)
    plain = Hand.deal(VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT, [50] * 3, rng=random.Random(1))
    written = hand_to_dict(plain)  # a hand without posts is written as before they existed
    assert "blinds" not in written
    assert "dead" not in written


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"blinds": (0, 1)}, "the blinds list one amount for each of the 5 seats, not 2"),
        ({"blinds": (0, 1, 2, -4, 2)}, "seat 3 has -4"),
        ({"blinds": (0, 1, 2, True, 2)}, "seat 3 has True"),
        ({"blinds": (0,) * 5}, "at least one blind above 0"),
        ({"dead": (0, 0, 0, 0)}, "dead blinds list one amount for each of the 5 seats"),
    ],
)
def test_posts_a_hand_cannot_take_are_refused_with_a_sentence(
    changes: dict[str, object], words: str
) -> None:
    with pytest.raises(ConfigError, match=words):
        straddled(**changes)


def test_posts_need_a_blind_game_of_three_or_more() -> None:
    stud = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
    with pytest.raises(ConfigError, match="not played with blinds"):
        HandSetup(VARIANTS["seven-card-stud"], CARDS_SPEAK, stud, (50,) * 3, blinds=(0, 1, 2))
    with pytest.raises(ConfigError, match="not played with blinds: it takes no dead blind"):
        HandSetup(VARIANTS["seven-card-stud"], CARDS_SPEAK, stud, (50,) * 3, dead=(0, 1, 0))
    with pytest.raises(ConfigError, match="heads up"):
        HandSetup(VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT, (50, 50), blinds=(1, 4))
