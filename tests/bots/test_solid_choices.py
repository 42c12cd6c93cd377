"""The solid bot's home-game decisions: it keeps its wild cards (deuces, follow the queen's
rank, its own lowest hole card) when it passes, discards, draws or rolls; it rolls the card
that tells least; in 7/27 it stands near a target.

Each hand is stacked so that a bot doing the opposite (passing a lone deuce, rolling its
wild hole card) fails the test. Heads up, button 0: seat 1 is dealt first.
"""

from __future__ import annotations

import random

from hilo.bots import CallingBot, SolidBot
from hilo.bots.offers import wants_card
from hilo.cards import Card, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes, Variant
from tests.engine.scripted import deck

ANTES = Stakes(structure="fixed-limit", ante=1, small_bet=10, big_bet=20)
BRING_IN = Stakes(structure="fixed-limit", ante=1, bring_in=3, small_bet=10, big_bet=20)
BLINDS = Stakes(structure="fixed-limit", small_blind=5, big_blind=10, small_bet=10, big_bet=20)

DEUCES_TRASH = Variant.from_dict(
    "deuces-trash", {**VARIANTS["pass-the-trash-hilo"].to_dict(), "wild": "2"}
)
"""Pass the trash with deuces wild."""
QUEEN_TRASH = Variant.from_dict(
    "queen-trash",
    {
        "title": "Follow the queen, discard one (test)",
        "split": "high",
        "forced": "antes",
        "max_players": 4,
        "wild": "follow-the-queen",
        "streets": [
            {"name": "deal", "down": 4, "up": 2, "bet": True},
            {"name": "trash", "discard": 1, "bet": True},
        ],
    },
)
"""Four down and two up with follow the queen, then one card thrown away."""
LOW_HOLE_ROLL = Variant.from_dict(
    "low-hole-roll", {**VARIANTS["roll-your-own-hilo-declare"].to_dict(), "wild": "low-hole"}
)
"""Roll your own with each player's lowest hole card wild for that player."""


def solid(rules: HouseRules) -> SolidBot:
    return SolidBot(random.Random(7), rules=rules, samples=30, advice_samples=None)


def stacked(variant: Variant, stakes: Stakes, cards: str, preset: str = "strict") -> Hand:
    return Hand(
        HandSetup(
            variant,
            HouseRules.preset(preset),
            stakes,
            [200, 200],
            button=0,
            deck_order=deck(cards),
        )
    )


def check_to(hand: Hand, phase: Phase) -> None:
    """Both players bring it in, check or call until ``phase``."""
    while hand.phase is not phase:
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.BRING_IN in kinds:
            hand.apply(Action.bring_in(seat))
        elif ActionKind.CHECK in kinds:
            hand.apply(Action.check(seat))
        else:
            hand.apply(Action.call(seat))


def test_the_solid_bot_never_passes_nor_throws_nor_rolls_its_deuce_early() -> None:
    # Seat 1: three pairs and a lone deuce (the card worst for its hand but for being wild).
    # Seat 0: seven cards without a deuce.
    hand = stacked(
        DEUCES_TRASH, ANTES, "2c Kd Ks Qd Qs Jd Js  9c 9d 8h 7s 6c 5d 4h", preset="cards-speak"
    )
    bot = solid(hand.rules)
    chosen: dict[ActionKind, tuple[Card, ...]] = {}
    while not hand.is_complete:
        seat = hand.to_act[0]
        if seat == 1:
            action = bot.act(hand.view_for(1))
            if action.kind in (ActionKind.PASS, ActionKind.DISCARD, ActionKind.ROLL):
                chosen.setdefault(action.kind, action.cards)
                assert Card("2c") not in action.cards or action.kind is ActionKind.ROLL
                if action.kind is ActionKind.ROLL:
                    down = hand.view_for(1).seat(1).down_cards
                    assert Card("2c") not in action.cards or down == (Card("2c"),)
        else:
            action = CallingBot().act(hand.view_for(0))
        hand.apply(action)
    assert set(chosen) == {ActionKind.PASS, ActionKind.DISCARD, ActionKind.ROLL}
    assert len(chosen[ActionKind.PASS]) == 3


def test_the_solid_bot_never_throws_the_rank_that_follows_the_queen() -> None:
    # Seat 1 shows Qh 6s: the six follows the queen, so sixes (and queens) are wild.
    # Seat 0 holds 6c Kc Kd Ah down and As 9d up: on plain worth its lone 6c would go first.
    hand = stacked(QUEEN_TRASH, ANTES, "Tc Th 8c 8d Qh 6s  6c Kc Kd Ah As 9d")
    assert hand.own_cards(0) == parse_cards("6c Kc Kd Ah As 9d")
    check_to(hand, Phase.DISCARDING)
    view = hand.view_for(0)
    assert view.wild_words == "queens and sixes"
    assert view.wild_cards(view.seat(0)) == parse_cards("6c")
    action = solid(hand.rules).act(view)
    assert action == Action.discard(0, parse_cards("9d"))
    hand.apply(action)


def test_the_solid_bot_keeps_its_lowest_hole_card_down_where_it_is_wild() -> None:
    # Seat 1: 4c Kd Ks down; the 4c is its lowest hole card and so wild for it.
    hand = stacked(LOW_HOLE_ROLL, BRING_IN, "4c Kd Ks  9h Tc Jd")
    assert hand.phase is Phase.ROLLING
    view = hand.view_for(1)
    assert view.own_wild
    action = solid(hand.rules).act(view)
    assert action.kind is ActionKind.ROLL
    assert action.cards != parse_cards("4c")
    hand.check(action)


def test_the_solid_bot_rolls_the_card_that_tells_least() -> None:
    # Seat 1 holds a pair of eights and a king: turning up the king hides the pair.
    # Seat 0 holds A 2 and a queen: turning up the queen hides the low.
    hand = stacked(VARIANTS["roll-your-own-hilo-declare"], BRING_IN, "8s 8d Kc  Ad 2h Qc")
    rolled = {seat: solid(hand.rules).act(hand.view_for(seat)) for seat in (1, 0)}
    assert rolled[1] == Action(1, ActionKind.ROLL, cards=parse_cards("Kc"))
    assert rolled[0] == Action(0, ActionKind.ROLL, cards=parse_cards("Qc"))
    for action in rolled.values():
        hand.apply(action)
    assert hand.view_for(None).seat(1).up_cards == parse_cards("Kc")


def test_the_solid_bot_keeps_its_deuce_when_it_draws() -> None:
    # Seat 1: 2c 9d Kh 5s 7c, nothing but the deuce and a king; seat 0 stands pat.
    hand = stacked(VARIANTS["five-card-draw-deuces-wild"], BLINDS, "2c 9d Kh 5s 7c  Tc 8d 6h 4s 3c")
    check_to(hand, Phase.DRAWING)
    drawn = None
    while hand.phase is Phase.DRAWING:
        seat = hand.to_act[0]
        if seat == 1:
            drawn = solid(hand.rules).act(hand.view_for(1))
            hand.apply(drawn)
        else:
            hand.apply(Action.draw(seat, ()))
    assert drawn is not None
    assert drawn.kind is ActionKind.DRAW
    assert Card("2c") not in drawn.cards
    assert drawn.cards  # it does not stand pat on a pair of kings made by the deuce


def test_the_seven_twenty_seven_bot_stands_near_either_target_and_draws_between() -> None:
    assert not wants_card(parse_cards("3c 4d"))  # 7
    assert not wants_card(parse_cards("5c 3d"))  # 8: one away from 7
    assert not wants_card(parse_cards("Tc 9d 6h"))  # 25
    assert not wants_card(parse_cards("Tc Td 7h"))  # 27
    assert not wants_card(parse_cards("Ac 6d"))  # 7 with the ace as one
    assert wants_card(parse_cards("Tc 3d"))  # 13: far from both
    assert wants_card(parse_cards("Tc 9d"))  # 19: far from both
    assert wants_card(parse_cards("2c"))  # 2
