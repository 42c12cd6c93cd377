"""The view messages of the home games never name a card their viewer may not know: not
another's passed, thrown away or held cards, nor a card that only turned up later."""

from __future__ import annotations

import json
import random

import pytest

from hilo.engine.state import Hand
from hilo.rules import VARIANTS
from hilo.web.protocol import view_data
from tests.engine.playouts import allowed_cards, random_action, random_rules, random_stakes
from tests.web.test_leaks import cards_in

HOME_GAMES = sorted(
    name
    for name, variant in VARIANTS.items()
    if any(street.has_decisions for street in variant.streets)
    or variant.split in ("chicago", "chicago-declare", "seven-twenty-seven", "lowball")
)
"""The home games shipped so far: passing, discarding, rolling, and the other splits."""


def test_the_home_games_are_scanned() -> None:
    assert {"anaconda-hilo-declare", "pass-the-trash-hilo", "high-chicago"} <= set(HOME_GAMES)


@pytest.mark.parametrize("name", HOME_GAMES)
def test_a_view_message_names_only_cards_its_viewer_may_know(name: str) -> None:
    variant = VARIANTS[name]
    rng = random.Random(name)
    checked = 0
    for _ in range(12):
        players = rng.randint(2, min(variant.max_players, 5))
        hand = Hand.deal(
            variant,
            random_rules(variant, rng),
            random_stakes(variant, rng),
            [rng.choice([8, 20, 50]) for _ in range(players)],
            rng=random.Random(rng.randrange(2**32)),
        )
        while True:
            for viewer in [None, *range(players)]:
                sent = cards_in(json.dumps(view_data(hand.view_for(viewer))))
                allowed = {str(card) for card in allowed_cards(hand, viewer)}
                assert not sent - allowed, f"seat {viewer} is sent {sorted(sent - allowed)}"
                checked += 1
            if hand.is_complete:
                break
            hand.apply(random_action(hand, rng))
    assert checked > 100
