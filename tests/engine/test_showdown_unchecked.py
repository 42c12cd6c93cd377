"""The referee with its input taken on trust (``settle(..., validate=False)``).

Unchecked, the referee still refuses what has no meaning: a declaration in a game of one
side, where the cards speak, is refused in a sentence naming the player, as it is when the
input is checked. Whatever it is given, it answers with a ruling whose explanation can be
read, or with a sentence; never with a failed assertion.
"""

from __future__ import annotations

import random

import pytest

from hilo.cards import FULL_DECK, parse_cards
from hilo.engine import Direction, Pot, ShowdownHand, settle
from hilo.errors import ConfigError, HiloError
from hilo.hands import Ranking
from hilo.hands.sides import HandSide, Sides
from hilo.rules import HouseRules
from hilo.rules.variants import VARIANTS

KINGS = parse_cards("Kc Kd Jh Js 9c")
STRAIGHT = parse_cards("7c 6d 5h 4s 3c")
PRESETS = ("strict", "liberal", "cards-speak")


def _hands(first: Direction | None, second: Direction | None) -> list[ShowdownHand]:
    return [ShowdownHand(0, KINGS, first, "Ann"), ShowdownHand(1, STRAIGHT, second, "Bob")]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    ("sides", "words"),
    [
        (Sides(HandSide("high"), None), "Bob declared low, but the game has only a high side"),
        (
            Sides(None, HandSide("low", Ranking.ACE_TO_FIVE)),
            "Bob declared low, but the game has only a low side",
        ),
    ],
    ids=["high-only", "low-only"],
)
def test_a_declaration_in_a_game_of_one_side_is_refused_unchecked(
    preset: str, sides: Sides, words: str
) -> None:
    rules = HouseRules.preset(preset)
    hands = _hands(None, Direction.LOW)
    with pytest.raises(ConfigError) as refused:
        settle([Pot(100, (0, 1))], hands, rules=rules, sides=sides, validate=False)
    assert str(refused.value) == f"{words}, so the cards speak: settle it without declarations"
    with pytest.raises(ConfigError, match=r"^Bob declared low"):  # checked, refused as well
        settle([Pot(100, (0, 1))], hands, rules=rules, sides=sides)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_high_game_given_declarations_is_refused_unchecked(preset: str) -> None:
    rules = HouseRules.preset(preset)
    with pytest.raises(ConfigError, match=r"^Ann declared high, but the game has only a high"):
        settle(
            [Pot(100, (0, 1))],
            _hands(Direction.HIGH, Direction.HIGH),
            rules=rules,
            high_only=True,
            validate=False,
        )


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_of_one_side_without_declarations_is_settled_alike_checked_or_not(
    preset: str,
) -> None:
    rules = HouseRules.preset(preset)
    pots, hands = [Pot(100, (0, 1))], _hands(None, None)
    unchecked = settle(pots, hands, rules=rules, high_only=True, validate=False)
    assert unchecked == settle(pots, hands, rules=rules, high_only=True)
    assert unchecked.amounts() == {1: 100}
    assert "Bob shows" in str(unchecked)


def test_unchecked_showdowns_of_every_game_are_ruled_and_explained_or_refused() -> None:
    rng = random.Random(14)
    names = sorted(VARIANTS)
    ruled, refusals = 0, []
    for _ in range(600):
        variant = VARIANTS[rng.choice(names)]
        rules = HouseRules.preset(rng.choice(PRESETS))
        seats = rng.randint(2, 4)
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = []
        for seat in range(seats):
            cards = tuple(deck[seat * 7 : seat * 7 + 7])
            declaration = rng.choice([None, *Direction])
            folded = rng.random() < 0.1
            hands.append(ShowdownHand(seat, cards, declaration, f"P{seat}", folded, cards[2:6]))
        try:
            result = settle(
                [Pot(rng.randint(1, 300), tuple(range(seats)))],
                hands,
                rules=rules,
                sides=variant.sides(rules),
                high_only=rng.random() < 0.3,
                validate=False,
            )
        except HiloError as error:
            refusals.append(str(error))
            continue
        assert result.explanation()
        ruled += 1
    assert ruled > 100
    assert len(refusals) > 100
    assert all(refusals)
