"""Reading PHH histories back: straddles and extra blinds as PHH writes them, declarations,
and the sentences for what cannot be replayed."""

from __future__ import annotations

import random
import tomllib

import pytest

from hilo.engine import Action, Direction, Hand, Phase
from hilo.engine.phh import hand_to_phh
from hilo.engine.phh_read import hand_from_phh
from hilo.engine.setup import HandSetup
from hilo.errors import ConfigError, HiloError, NotationError
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.pokerkit_replay import aggressor, check_replays, play

CARDS_SPEAK = HouseRules.preset("cards-speak")
NO_LIMIT = Stakes(structure="no-limit", small_blind=1, big_blind=2)
LIMIT = Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20)


def straddled(seed: int) -> Hand:
    """Six seats, button 2: a straddle of 4 and an extra big blind posted with a dead small
    blind by the player who just sat down."""
    setup = HandSetup(
        VARIANTS["holdem"],
        CARDS_SPEAK,
        NO_LIMIT,
        (100, 90, 120, 80, 100, 60),
        button=2,
        names=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"),
        blinds=(2, 0, 0, 1, 2, 4),
        dead=(1, 0, 0, 0, 0, 0),
    )
    return Hand(setup, rng=random.Random(seed))


@pytest.mark.parametrize("seed", range(4))
def test_a_straddle_and_an_extra_blind_round_trip_through_phh(seed: int) -> None:
    hand = play(straddled(seed), aggressor(seed % 6))
    assert hand.is_complete
    text = hand_to_phh(hand)
    data = tomllib.loads(text)
    assert data["blinds_or_straddles"] == [1, 2, 4, 2, 0, 0]  # from the button's left
    assert data["antes"] == [0, 0, 0, 1, 0, 0]  # the dead small blind
    check_replays(hand)  # PokerKit plays it as hilo did
    again = hand_from_phh(text)
    assert again.events[1:] == hand.events[1:]
    assert hand_to_phh(again) == text
    assert again.setup.blinds == hand.setup.blinds
    assert again.setup.dead == hand.setup.dead


def test_a_plain_hand_reads_back_with_the_stakes_blinds() -> None:
    hand = Hand.deal(
        VARIANTS["holdem"], CARDS_SPEAK, LIMIT, [200] * 4, button=1, rng=random.Random(5)
    )
    play(hand, aggressor(3))
    again = hand_from_phh(hand_to_phh(hand))
    assert again.setup.blinds == ()
    assert again.setup.dead == ()
    assert again.stakes == hand.stakes
    assert again.button == 1
    assert hand_to_phh(again) == hand_to_phh(hand)


def test_declarations_are_read_from_the_hilo_lines() -> None:
    stakes = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
    hand = Hand.deal(
        VARIANTS["seven-card-stud-hilo-declare"],
        HouseRules.preset("strict"),
        stakes,
        [100] * 3,
        rng=random.Random(4),
    )
    ways = [Direction.LOW, Direction.HIGH, Direction.BOTH]
    while not hand.is_complete:
        seat = hand.to_act[0]
        if hand.phase is Phase.DECLARING:
            hand.apply(Action.declare(seat, ways[seat]))
        else:
            play(hand, aggressor(0))
    text = hand_to_phh(hand)
    again = hand_from_phh(text)
    assert again.declarations == hand.declarations
    assert again.stacks == hand.stacks
    assert hand_to_phh(again) == text


def test_what_cannot_be_replayed_is_refused_with_a_sentence() -> None:
    hand = play(straddled(1), aggressor(0))
    text = hand_to_phh(hand)
    with pytest.raises(NotationError, match="hides some cards"):
        hand_from_phh(hand_to_phh(straddled(1), seen_by=0))
    with pytest.raises(NotationError, match="not valid TOML"):
        hand_from_phh("variant = ")
    with pytest.raises(ConfigError, match="hilo reads the PHH games"):
        hand_from_phh(text.replace('variant = "NT"', 'variant = "NS"'))
    stacks = tomllib.loads(text)["finishing_stacks"]
    wrong = [stacks[0] + 1, *stacks[1:]]
    with pytest.raises(HiloError, match="finishing stacks"):
        hand_from_phh(text.replace(f"finishing_stacks = {stacks}", f"finishing_stacks = {wrong}"))
    first_act = next(line for line in tomllib.loads(text)["actions"] if not line.startswith("d "))
    with pytest.raises(HiloError, match="is refused: It is not your turn"):
        hand_from_phh(text.replace(f'"{first_act}"', f'"{first_act.replace("p4", "p5")}"', 1))
