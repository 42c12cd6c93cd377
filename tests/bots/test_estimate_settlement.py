"""The estimator settles its simulated showdowns by the referee: `settled_share` from the
bot's own scores gives what `settle` gives from the cards, under every preset and the
switches that decide a pot nobody wins (no_winner, all_swing_fallback)."""

from __future__ import annotations

import random

import pytest

from hilo.bots.estimate import settled_share
from hilo.bots.game import GameFacts
from hilo.cards import FULL_DECK
from hilo.engine import Direction, Pot, ShowdownHand, settle
from hilo.hands import Selection
from hilo.rules import PRESETS, HouseRules

SWITCHES: list[dict[str, object]] = [
    {},
    {"no_winner": "rides"},
    {"no_winner": "split"},
    {"no_winner": "cards-speak"},
    {"no_winner": "second-best"},
    {"no_winner": "second-best", "second_best": True},
    {"no_winner": "keep-won-side"},
    {"all_swing_fallback": "no-winner"},
    {"all_swing_fallback": "no-winner", "no_winner": "split"},
    {"swing_ties": "keep-won-side", "low": "ace-to-six", "low_qualifier": 8},
    {"swing_ties": "share", "low": "deuce-to-seven"},
]

WAYS = [Direction.BOTH, Direction.BOTH, Direction.BOTH, Direction.HIGH, Direction.LOW]
"""Declarations, mostly swings: failed swings lead to the fallbacks."""

DECLARE_GAMES = ["seven-card-stud-hilo-declare", "omaha-hilo-declare", "holdem-hilo-declare"]
CARDS_SPEAK_GAMES = ["seven-card-stud-hilo", "omaha-hilo", "holdem", "five-card-draw"]

CASES = [
    (game, HouseRules.preset(preset, **switches))
    for game in DECLARE_GAMES
    for preset in PRESETS
    if preset != "cards-speak"
    for switches in SWITCHES
] + [
    (game, HouseRules.preset(preset, **switches))
    for game in CARDS_SPEAK_GAMES
    for preset in ("cards-speak", "strict")
    for switches in ({}, {"low": "deuce-to-seven", "low_qualifier": 9})
]


@pytest.mark.parametrize(("game", "rules"), CASES, ids=lambda item: getattr(item, "name", item))
def test_settled_share_is_the_referees(game: str, rules: HouseRules) -> None:
    facts = GameFacts.for_game(game, rules)
    variant = facts.variant
    omaha = variant.selection is Selection.OMAHA
    hole = variant.hole_cards
    board_size = facts.board_size
    rng = random.Random(f"{game}/{rules.name}")
    fallbacks = 0
    for _ in range(40):
        players = rng.randint(2, 4)
        dealt = rng.sample(FULL_DECK, players * hole + board_size)
        board = tuple(dealt[players * hole :])
        holes = [tuple(dealt[seat * hole : seat * hole + hole]) for seat in range(players)]
        highs = [facts.high_of(cards, board) for cards in holes]
        lows = [facts.low_of(cards, board) if facts.has_low else 0 for cards in holes]
        ways = [rng.choice(WAYS) if facts.has_declarations else None for _ in holes]
        result = settle(
            [Pot(5_040, tuple(range(players)))],
            [ShowdownHand(seat, cards, ways[seat]) for seat, cards in enumerate(holes)],
            rules=variant.showdown_rules(rules),
            board=board,
            selection=variant.selection if omaha else Selection.ANY_FIVE,
            high_only=not variant.is_hi_lo,
        )
        expected = result.amounts().get(0, 0) / 5_040
        assert settled_share(facts, highs, lows, ways) == expected
        fallbacks += result.pots[0].fallback is not None
    if facts.has_declarations:
        assert fallbacks  # pots nobody wins under the declarations were among them
