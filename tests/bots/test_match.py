"""Bot matches: the figures, fair seating, rebuys, the same seed, and the solid bot's edge."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from hilo.bots import RandomBot
from hilo.bots.match import BotResult, _seating, play_match
from hilo.errors import ConfigError
from hilo.rules import HouseRules, Stakes
from hilo.rules.defaults import default_buy_in, default_stakes

STUD = "seven-card-stud-hilo-declare"


def test_every_bot_sits_in_every_seat_as_often_in_both_orders() -> None:
    count = 3
    seats: Counter[tuple[int, int]] = Counter()
    neighbours: Counter[tuple[int, int]] = Counter()
    for hand in range(2 * count * count * count):
        seating = _seating(hand, count)
        assert sorted(seating) == list(range(count))
        for seat, bot in enumerate(seating):
            seats[(seat, bot)] += 1
            neighbours[(bot, seating[(seat + 1) % count])] += 1
    assert len(set(seats.values())) == 1
    assert len(seats) == count * count
    assert len(set(neighbours.values())) == 1
    assert len(neighbours) == count * (count - 1)


def test_the_seating_changes_only_when_the_button_has_gone_round() -> None:
    assert _seating(0, 4) == _seating(3, 4) != _seating(4, 4)


def test_the_same_seed_plays_the_same_match() -> None:
    first = play_match(STUD, "strict", None, ["solid", "random", "calling"], 12, seed=9)
    again = play_match(STUD, "strict", None, ["solid", "random", "calling"], 12, seed=9)
    other = play_match(STUD, "strict", None, ["solid", "random", "calling"], 12, seed=10)
    assert [bot.net for bot in first.bots] == [bot.net for bot in again.bots]
    assert [bot.net for bot in first.bots] != [bot.net for bot in other.bots]


def test_figures_add_up() -> None:
    result = play_match(
        "holdem-hilo", HouseRules.preset("cards-speak"), None, ["calling", "random"], 60, seed=2
    )
    assert result.game == "holdem-hilo"
    assert result.rules == "cards-speak"
    assert result.stakes == default_stakes("holdem-hilo")
    assert result.stack == default_buy_in(result.stakes) == 2000
    for bot in result.bots:
        assert bot.hands == 60
        assert bot.per_hand == pytest.approx(bot.net / 60)
        low, high = bot.interval
        assert low < bot.per_hand < high
        assert bot.bought_in == result.stack * (1 + bot.rebuys)
    assert sum(bot.net for bot in result.bots) + result.carried == 0
    document = result.to_dict()
    assert document["chips_conserved"] is True
    assert [bot["name"] for bot in document["bots"]] == ["calling", "random"]


def test_busted_bots_buy_back_in_and_are_counted() -> None:
    result = play_match(STUD, "strict", None, ["random", "random", "calling"], 80, seed=4, stack=25)
    assert [bot.name for bot in result.bots] == ["random", "random 2", "calling"]
    assert sum(bot.rebuys for bot in result.bots) > 0
    for bot in result.bots:
        assert bot.bought_in == 25 * (1 + bot.rebuys)
        assert bot.net >= -bot.bought_in


def test_on_hand_is_told_each_hand() -> None:
    seen: list[int] = []
    play_match(STUD, "strict", None, ["calling", "calling"], 7, seed=1, on_hand=seen.append)
    assert seen == [1, 2, 3, 4, 5, 6, 7]


def test_bot_objects_and_kinds_mix() -> None:
    result = play_match(
        "five-card-draw-hilo-declare",
        "liberal",
        Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        [RandomBot(random.Random(1)), "solid"],
        30,
        seed=3,
        settings={"samples": 20},
    )
    assert [bot.kind for bot in result.bots] == ["random", "solid"]


def test_one_hand_has_no_interval() -> None:
    result = play_match(STUD, "strict", None, ["calling", "calling"], 1, seed=1)
    assert all(math.isnan(bot.margin) for bot in result.bots)
    assert result.to_dict()["bots"][0]["ci95"] is None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"hands": 0}, "at least one hand"),
        ({"bots": ["calling"]}, "seats 2 to 7 players, not 1"),
        (
            {"bots": ["calling", "shark"]},
            "unknown bot 'shark': the bots are random, calling, solid",
        ),
        ({"game": "canasta"}, "unknown game 'canasta'"),
        ({"stack": 0}, "at least one chip"),
    ],
)
def test_bad_matches_say_what_is_wrong(arguments: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {
        "game": STUD,
        "rules": "strict",
        "stakes": None,
        "bots": ["calling", "random"],
        "hands": 5,
        "seed": 1,
    }
    settings.update(arguments)
    stack = settings.pop("stack", None)
    with pytest.raises(ConfigError, match=message):
        play_match(**settings, stack=stack)  # type: ignore[arg-type]


def _report(result: BotResult) -> str:
    low, high = result.interval
    return f"{result.name} {result.per_hand:+.2f} chips a hand (95% {low:+.2f} to {high:+.2f})"


def test_solid_beats_random_and_calling_three_handed() -> None:
    # Seed 7, 600 hands, 50 deals a betting decision, the declare by the advice, 10/20
    # fixed limit: solid +13.0 (+-3.9), random -18.7 (+-2.5), calling +5.7 (+-3.8) chips
    # a hand (printed on failure).
    result = play_match(
        STUD, "strict", None, ["solid", "random", "calling"], 600, seed=7, settings={"samples": 50}
    )
    solid, random_bot, calling = result.bots
    figures = "; ".join(_report(bot) for bot in result.bots)
    assert solid.interval[0] > 0, figures
    assert solid.per_hand - solid.margin > random_bot.per_hand + random_bot.margin, figures
    assert solid.per_hand - solid.margin > calling.per_hand, figures


@pytest.mark.parametrize("opponent", ["random", "calling"])
def test_solid_beats_each_heads_up(opponent: str) -> None:
    # Seed 8, 1000 hands: +10.0 (+-1.3) a hand against random, +6.5 (+-1.7) against calling.
    result = play_match(
        STUD, "strict", None, ["solid", opponent], 1000, seed=8, settings={"samples": 50}
    )
    solid = result.bots[0]
    assert solid.interval[0] > 0, _report(solid)
