"""Every bot plays every game under every preset and switch without an illegal action,
and the chips add up after every hand (the match checks it and raises if not)."""

from __future__ import annotations

import random

import pytest

from hilo.bots import BOT_KINDS, make_bot
from hilo.bots.match import play_match
from hilo.engine.state import Hand
from hilo.engine.views import TableView
from hilo.rules import VARIANTS
from tests.bots.rulesets import STRUCTURES, rule_sets, stakes_for


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_all_three_bots_play_every_rule_set(game: str) -> None:
    variant = VARIANTS[game]
    rng = random.Random(game)
    hands = 0
    for number, rules in enumerate(rule_sets(variant)):
        players = rng.randint(2, min(variant.max_players, 6))
        bots = [BOT_KINDS[(number + seat) % 3] for seat in range(players)]
        result = play_match(
            game,
            rules,
            stakes_for(variant, STRUCTURES[number % 4]),
            bots,
            5,
            seed=rng.randrange(10_000),
            stack=rng.choice([6, 40, 400]),
            settings={"samples": 12},
        )
        assert sum(bot.net for bot in result.bots) + result.carried == 0
        assert all(bot.hands == 5 and bot.decisions > 0 for bot in result.bots)
        hands += result.hands
    assert hands >= 5 * 4


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_simple_bots_play_many_hands_of_every_structure(game: str) -> None:
    variant = VARIANTS[game]
    rng = random.Random(f"{game} many")
    rebuys = 0
    for rules in rule_sets(variant):
        for structure in STRUCTURES:
            players = rng.randint(2, variant.max_players)
            bots = [rng.choice(["random", "calling"]) for _ in range(players)]
            result = play_match(
                game,
                rules,
                stakes_for(variant, structure),
                bots,
                6,
                seed=rng.randrange(10_000),
                stack=rng.choice([3, 20, 200]),
            )
            assert sum(bot.net for bot in result.bots) + result.carried == 0
            rebuys += sum(bot.rebuys for bot in result.bots)
    assert rebuys > 0  # short stacks bust and buy back in


class _Watcher:
    """Wraps a bot: checks every decision is asked with a view of the acting seat."""

    def __init__(self, kind: str, seed: int) -> None:
        self.bot = make_bot(kind, random.Random(seed), samples=10)
        self.kind = kind
        self.asked = 0

    def act(self, view: TableView) -> object:
        assert isinstance(view, TableView)
        assert view.viewer is not None
        assert view.viewer in view.to_act
        assert view.legal_actions
        for seat in view.seats:  # nobody else's hidden cards are in the view
            if seat.seat != view.viewer:
                assert not seat.down_cards
        self.asked += 1
        return self.bot.act(view)


def test_bots_are_asked_with_views_only() -> None:
    watchers = [_Watcher(kind, seed) for seed, kind in enumerate(BOT_KINDS)]
    result = play_match("seven-card-stud-hilo-declare", "strict", None, watchers, 20, seed=5)  # type: ignore[arg-type]
    assert all(watcher.asked > 0 for watcher in watchers)
    assert [bot.name for bot in result.bots] == ["random", "calling", "solid"]


def test_a_bot_answers_a_bare_view_of_a_hand_it_never_saw() -> None:
    variant = VARIANTS["omaha-hilo-declare"]
    for kind in BOT_KINDS:
        hand = Hand.deal(
            variant,
            rule_sets(variant)[0],
            stakes_for(variant, "no-limit"),
            [100, 100, 100],
            rng=random.Random(3),
        )
        for _ in range(200):
            if hand.is_complete:
                break
            seat = hand.to_act[0]
            bot = make_bot(kind, random.Random(seat), samples=10)  # a new bot each time
            hand.apply(bot.act(hand.view_for(seat)))
        assert hand.is_complete
