"""Lowball in the simulator: the whole pot to the best low, as the referee settles it; and
the batch path's refusal of sides that are not poker hands (those games go to
`hilo.sim.home`, tested in test_home.py)."""

from __future__ import annotations

import pytest

from hilo.cards import parse_cards
from hilo.engine import Pot, ShowdownHand, settle
from hilo.errors import ConfigError
from hilo.rules import VARIANTS, HouseRules
from hilo.sim.equity import check_poker_split, equity
from hilo.sim.scenario import Scenario


@pytest.mark.parametrize(
    ("game", "mine", "theirs"),
    [
        ("razz", "Ac 2d 7h 8s 9c Kd Kh", "3c 4d 5h 6s 9d Qc"),
        ("razz", "Ac 2d 3h 4s Tc Jd Qh", "2c 3d 4h 6c 7d 8d"),
        ("deuce-to-seven-triple-draw", "2c 3d 4h 5s", "2h 3s 4c 6d 8h"),
    ],
)
def test_every_last_card_settles_as_the_referee_does(game: str, mine: str, theirs: str) -> None:
    variant = VARIANTS[game]
    scenario = Scenario.from_text(game, mine, up=[theirs])
    result = equity(scenario, samples=1000, seed=1)
    assert result.is_exact
    rules = HouseRules.preset("cards-speak")
    total = 0.0
    full = variant.hole_cards
    for card in scenario.unseen:  # the one card still to come goes to the short hand
        for_me = [*parse_cards(mine), *([card] if len(parse_cards(mine)) < full else [])]
        for_them = [*parse_cards(theirs), *([card] if len(parse_cards(theirs)) < full else [])]
        ruling = settle(
            [Pot(1000, (0, 1))],
            [ShowdownHand(0, tuple(for_me)), ShowdownHand(1, tuple(for_them))],
            rules=rules,
            sides=variant.sides(rules),
        )
        total += sum(award.amount for award in ruling.awards if award.seat == 0) / 1000
    assert result.share.value == pytest.approx(total / len(scenario.unseen))
    assert result.high_half.value == 0.0
    assert result.low_half.value == pytest.approx(result.share.value)


def test_the_batch_path_refuses_sides_that_are_not_poker_hands() -> None:
    with pytest.raises(ConfigError, match="7/27 total"):
        check_poker_split(VARIANTS["seven-twenty-seven"])
    with pytest.raises(ConfigError, match="spade in the hole"):
        check_poker_split(VARIANTS["high-chicago"])
