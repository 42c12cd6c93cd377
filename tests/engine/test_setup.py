"""One setup value deals a hand, fresh or again from its recorded deck."""

from __future__ import annotations

import random

import pytest

from hilo.engine.actions import Action
from hilo.engine.history import hand_from_json, hand_to_json
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.errors import ConfigError
from hilo.hands import Ranking
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.test_history import short_deck_draw

HOLDEM = VARIANTS["holdem"]
CARDS_SPEAK = HouseRules.preset("cards-speak")
BLINDS = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)


def test_a_setup_keeps_tuples_and_names_the_seats() -> None:
    setup = HandSetup(HOLDEM, CARDS_SPEAK, BLINDS, [50, 60, 70], names=["Ann", "Bob", "Cy"])
    assert setup.stacks == (50, 60, 70)
    assert setup.names == ("Ann", "Bob", "Cy")
    assert setup.seats == 3
    assert HandSetup(HOLDEM, CARDS_SPEAK, BLINDS, [5, 5]).names == ("Seat 0", "Seat 1")
    assert hash(setup) == hash(
        HandSetup(HOLDEM, CARDS_SPEAK, BLINDS, (50, 60, 70), names=setup.names)
    )


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"stacks": [50]}, "for 2 to 10 players, not 1"),
        ({"stacks": [50, 0]}, "a stack of at least one chip"),
        ({"stacks": [50, True]}, "a stack of at least one chip"),
        ({"button": 2}, "the button must be a seat from 0 to 1"),
        ({"names": ["Ann"]}, "2 players need 2 names, not 1"),
        ({"stakes": Stakes(small_bet=2, big_bet=4)}, "needs blinds or an ante"),
        ({"variant": VARIANTS["seven-card-stud"]}, "needs a bring-in amount"),
    ],
)
def test_a_setup_that_cannot_deal_says_why(changes: dict[str, object], words: str) -> None:
    arguments: dict[str, object] = {"stacks": [50, 50], **changes}
    stacks = arguments.pop("stacks")
    variant = arguments.pop("variant", HOLDEM)
    stakes = arguments.pop("stakes", BLINDS)
    with pytest.raises(ConfigError, match=words):
        HandSetup(variant, CARDS_SPEAK, stakes, stacks, **arguments)  # type: ignore[arg-type]


def test_a_hand_deals_again_from_its_setup_even_after_a_reshuffle() -> None:
    hand = short_deck_draw()
    assert hand.setup.reshuffles, "the deck ran short and was reshuffled"
    again = Hand(hand.setup)
    for action in hand.actions:
        again.apply(action)
    assert again.events == hand.events
    assert again.setup == hand.setup
    assert hand_from_json(hand_to_json(hand)).setup == hand.setup


def test_dealing_a_fresh_hand_shuffles_with_the_random_source() -> None:
    one = Hand.deal(HOLDEM, CARDS_SPEAK, BLINDS, [50, 50], rng=random.Random(9), button=1)
    two = Hand.deal(HOLDEM, CARDS_SPEAK, BLINDS, [50, 50], rng=random.Random(9), button=1)
    assert one.deck_order == two.deck_order
    assert one.events == two.events
    assert one.setup.deck_order == one.deck_order
    assert one.button == 1
    dealt = Hand(one.setup)
    dealt.apply(Action.fold(dealt.to_act[0]))
    one.apply(Action.fold(one.to_act[0]))
    assert dealt.events == one.events


def test_a_game_played_for_antes_needs_an_ante() -> None:
    with pytest.raises(ConfigError, match="played for antes: it needs an ante in the stakes"):
        HandSetup(
            VARIANTS["anaconda-hilo-declare"],
            HouseRules.preset("strict"),
            Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20),
            [100, 100],
        )


def test_a_fresh_hand_refuses_a_rule_its_game_overrides_and_a_recorded_one_replays() -> None:
    showing = HouseRules.preset("strict", declare="in-turn", declare_order="high-showing")
    game = VARIANTS["holdem-hilo-declare"]
    with pytest.raises(ConfigError, match=r"holdem-hilo-declare .* deals none"):
        HandSetup(game, showing, BLINDS, [50, 60])
    with pytest.raises(ConfigError, match="low=deuce-to-seven cannot apply"):
        Hand.deal(VARIANTS["omaha-hilo"], HouseRules(low=Ranking.DEUCE_TO_SEVEN), BLINDS, [50, 60])
    # A hand recorded under those rules by an older hilo replays as it was dealt.
    dealt = Hand(HandSetup(game, game.played_rules(showing), BLINDS, [50, 60]))
    again = Hand(HandSetup(game, showing, BLINDS, [50, 60], deck_order=dealt.deck_order))
    assert again.events == dealt.events
