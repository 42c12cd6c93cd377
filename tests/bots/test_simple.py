"""The random bot and the calling station."""

from __future__ import annotations

import inspect
import random
from collections import Counter

import pytest

from hilo.bots import BOT_KINDS, Bot, CallingBot, RandomBot, SolidBot, make_bot
from hilo.bots.game import GameFacts
from hilo.bots.simple import made_hand_direction, pair_keeping_discards
from hilo.cards import format_cards, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.state import Hand
from hilo.errors import IllegalActionError
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.bots.hands import STUD, stud_hand


def _play(bots: list[Bot], seed: int) -> Counter[tuple[int, ActionKind]]:
    """A hand of stud declare among ``bots``; which kinds each seat took."""
    taken: Counter[tuple[int, ActionKind]] = Counter()
    hand = Hand.deal(
        VARIANTS[STUD], HouseRules(), Stakes(small_bet=10, big_bet=20, bring_in=3),
        [300] * len(bots), rng=random.Random(seed),
    )  # fmt: skip
    while not hand.is_complete:
        seat = hand.to_act[0]
        action = bots[seat].act(hand.view_for(seat))
        taken[(seat, action.kind)] += 1
        hand.apply(action)
    return taken


def test_the_calling_station_never_folds_or_raises() -> None:
    taken: Counter[tuple[int, ActionKind]] = Counter()
    for seed in range(30):
        bots: list[Bot] = [CallingBot(), RandomBot(random.Random(seed))]
        taken += _play(bots, seed)
    kinds = {kind for (seat, kind) in taken if seat == 0}
    assert ActionKind.CALL in kinds
    assert ActionKind.CHECK in kinds
    assert not kinds & {ActionKind.FOLD, ActionKind.RAISE, ActionKind.BET, ActionKind.COMPLETE}


def test_the_random_bot_tries_everything() -> None:
    taken: Counter[tuple[int, ActionKind]] = Counter()
    for seed in range(60):
        bots: list[Bot] = [RandomBot(random.Random(seed)), CallingBot()]
        taken += _play(bots, seed)
    kinds = {kind for (seat, kind) in taken if seat == 0}
    assert kinds >= {ActionKind.FOLD, ActionKind.CALL, ActionKind.COMPLETE, ActionKind.DECLARE}


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("7c 6d 5h 3s Ac Kd Kh", Direction.LOW),  # a seven-low beats a pair
        ("8c 6d 5h 3s Ac Kd Kh", Direction.LOW),
        ("8c 6d 5h 3s Ac 8d 6h", Direction.HIGH),  # two pair matches an eight-low
        ("7c 6d 5h 4s 3c Kd Kh", Direction.HIGH),  # a straight matches a seven-low
        ("Qc Jd 9h 4s 3c 2d Kh", Direction.HIGH),
    ],
)
def test_the_calling_station_declares_its_best_made_hand(cards: str, expected: Direction) -> None:
    facts = GameFacts.for_game(STUD, HouseRules())
    assert made_hand_direction(facts, parse_cards(cards), ()) is expected


def test_a_high_only_game_is_always_declared_high() -> None:
    facts = GameFacts.for_game("seven-card-stud", HouseRules())
    assert made_hand_direction(facts, parse_cards("7c 6d 5h 3s Ac Kd Kh"), ()) is Direction.HIGH


@pytest.mark.parametrize(
    ("cards", "most", "discards"),
    [
        ("Kc Kd 7h 4s 2c", 5, "2c 4s 7h"),
        ("Kc Kd 7h 4s 2c", 2, "2c 4s"),
        ("Kc Kd 7h 7s 2c", 5, "2c"),
        ("Kc Kd Kh 7s 7c", 5, ""),
        ("9c 8d 7h 6s 5c", 5, ""),  # a straight stands pat
        ("Ac 8c 7c 4c 2c", 5, ""),  # and so does a flush
        ("Ac Qd 7h 4s 2c", 5, "2c 4s 7h"),  # no pair: keep the two highest
    ],
)
def test_simple_draws(cards: str, most: int, discards: str) -> None:
    assert format_cards(pair_keeping_discards(parse_cards(cards), most)) == discards


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_every_bot_takes_only_a_view(kind: str) -> None:
    bot = make_bot(kind, random.Random(1))
    assert isinstance(bot, Bot)
    assert list(inspect.signature(bot.act).parameters) == ["view"]


@pytest.mark.parametrize("bot", [RandomBot(), CallingBot(), SolidBot()])
def test_a_view_without_a_decision_is_refused(bot: Bot) -> None:
    hand = stud_hand()
    waiting = hand.to_act[0]
    with pytest.raises(IllegalActionError, match="not the seat's turn"):
        bot.act(hand.view_for(1 - waiting))
    with pytest.raises(IllegalActionError, match="not the seat's turn"):
        bot.act(hand.view_for(None))


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_every_bot_answers_a_win_nobody_called(kind: str) -> None:
    hand = Hand.deal(
        VARIANTS["holdem"], HouseRules.preset("cards-speak"),
        Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4), [100, 100],
        rng=random.Random(3),
    )  # fmt: skip
    hand.apply(Action.fold(hand.to_act[0]))
    winner = hand.may_show
    assert winner is not None
    action = make_bot(kind, random.Random(1)).act(hand.view_for(winner))
    assert action.kind in (ActionKind.SHOW, ActionKind.MUCK)
    if kind != "random":  # the others keep a hand nobody paid to see
        assert action.kind is ActionKind.MUCK
    hand.apply(action)
    assert hand.may_show is None
