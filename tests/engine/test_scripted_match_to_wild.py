"""Scripted hands of Baseball under ``three_rule="match-to-wild"`` (HOME-GAMES.md 1.2).

A player dealt a three face up may match the pot to keep it wild; declined, it is a plain
three for the rest of the hand, for the showdown and in every view. Face-down threes and
the nines stay wild. Heads up, button 0: seat 1 is dealt first, its three cards of third
street together, then seat 0; one card each after that.
"""

from __future__ import annotations

import random

from hilo.bots import CallingBot, RandomBot, SolidBot
from hilo.bots.base import Bot
from hilo.cards import Card
from hilo.engine.declare import Direction
from hilo.engine.history import hand_from_json, hand_to_json
from hilo.engine.setup import HandSetup
from hilo.engine.showdown import Pot, ShowdownHand, settle
from hilo.engine.state import Hand, Phase
from hilo.hands import Ranking
from hilo.hands.wildspec import WildSpec
from hilo.rules import VARIANTS, HouseRules, Stakes
from hilo.terminal.render import own_hand_line, table_view
from hilo.web.protocol import view_data
from tests.engine.scripted import Action, ActionKind, cards, deck, options
from tests.terminal.tables import plain

BRING_IN = Stakes(structure="fixed-limit", ante=1, bring_in=3, small_bet=10, big_bet=20)

# Seat 1: Kc Kd | 3h 8s 7d 2c | Jh: three kings with the 3h wild, one pair without it.
# Seat 0: Qc Qd | 5s 5h Th 6c | Ac: two pair, queens and fives.
UP_THREE = "Kc Kd 3h  Qc Qd 5s  8s 5h  7d Th  2c 6c  Jh Ac"
# The same, but seat 1 holds the 3d face down beside its face-up 3h.
BOTH_THREES = "Kc 3d 3h  Qc Qd 5s  8s 5h  7d Th  2c 6c  Jh Ac"


def baseball(stacked: str, game: str = "baseball", preset: str = "cards-speak") -> Hand:
    return Hand(
        HandSetup(
            VARIANTS[game],
            HouseRules.preset(preset, three_rule="match-to-wild"),
            BRING_IN,
            [200, 200],
            button=0,
            deck_order=deck(stacked),
        )
    )


def check_down(hand: Hand, cards_held: int = 99) -> None:
    """Bring it in, check or call to the end (or until seat 1 holds ``cards_held`` cards)."""
    while not hand.is_complete and len(hand.own_cards(1)) < cards_held:
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.BRING_IN in kinds:
            hand.apply(Action.bring_in(seat))
        elif ActionKind.CHECK in kinds:
            hand.apply(Action.check(seat))
        else:
            hand.apply(Action.call(seat))


def explanation(hand: Hand) -> list[str]:
    assert hand.result is not None
    return hand.result.explanation()


def test_a_matched_three_is_wild_and_wins() -> None:
    hand = baseball(UP_THREE)
    assert hand.phase is Phase.MATCHING
    assert options(hand, 1) == [("match", 2, 2), ("decline", 0, 0)]
    hand.apply(Action.match(1))
    assert hand.unmatched == {}
    check_down(hand)
    lines = explanation(hand)
    assert "Wild: threes, nines." in lines
    assert "Seat 1 shows Three of a kind, kings (Kd Kc 3h=K Jh 8s)." in lines
    assert hand.stacks[1] > hand.stacks[0]


def test_a_declined_three_is_a_plain_three_and_the_hand_loses() -> None:
    hand = baseball(UP_THREE)
    hand.apply(Action.decline(1))
    assert hand.unmatched == {1: cards("3h")}
    check_down(hand)
    lines = explanation(hand)
    plain_three = "but not Seat 1's 3h: a three dealt up and not matched"
    assert f"Wild: threes ({plain_three}), nines." in lines
    assert "Seat 1 shows One pair, kings (Kd Kc Jh 8s 7d)." in lines
    assert "Seat 0 has the best high: Two pair, queens and fives (Qd Qc 5s 5h Ac)." in lines
    assert hand.stacks[0] > hand.stacks[1]
    assert sum(hand.stacks) == 400


def test_a_face_down_three_stays_wild_beside_a_declined_face_up_three() -> None:
    hand = baseball(BOTH_THREES)
    hand.apply(Action.decline(1))
    check_down(hand)
    lines = explanation(hand)
    # The 3d stands for a king; the 3h is only a three, so no three of a kind.
    assert "Seat 1 shows One pair, kings (Kc 3d=K Jh 8s 7d)." in lines


def test_the_views_do_not_mark_a_declined_three_wild() -> None:
    hand = baseball(BOTH_THREES)
    hand.apply(Action.decline(1))
    for viewer in (None, 0, 1):
        view = hand.view_for(viewer)
        assert view.plain == frozenset(cards("3h"))
        assert view.wild_words == "nines and threes (not 3h)"
        assert Card("3h") not in view.wild_cards(view.seat(1))
        assert Card("3h") in view.seat(1).up_cards
        data = view_data(view)
        assert "3h" not in data["seats"][1]["wild"]
        assert data["not_wild"] == ["3h"]
    mine = hand.view_for(1)
    assert mine.wild_cards(mine.seat(1)) == cards("3d")  # its own face-down three
    shown = plain(table_view(mine, 1, rules=hand.rules), width=120)
    assert "Wild: nines and threes (not 3h)" in shown
    check_down(hand, cards_held=5)
    line = own_hand_line(hand.view_for(1), hand.rules)
    assert line is not None
    assert line.plain == "Your hand: One pair, kings (Kc 3d=K 8s 7d 3h)"


def test_a_matched_three_stays_marked_wild() -> None:
    hand = baseball(UP_THREE)
    hand.apply(Action.match(1))
    view = hand.view_for(0)
    assert view.plain == frozenset()
    assert view.wild_cards(view.seat(1)) == cards("3h")
    assert view_data(view)["seats"][1]["wild"] == ["3h"]
    assert view_data(view)["not_wild"] == []


def test_a_declined_three_replays_from_the_json_history() -> None:
    hand = baseball(UP_THREE, game="baseball-hilo-declare", preset="strict")
    hand.apply(Action.decline(1))
    while not hand.is_complete:
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.DECLARE in kinds:
            hand.apply(Action.declare(seat, Direction.HIGH))
        elif ActionKind.BRING_IN in kinds:
            hand.apply(Action.bring_in(seat))
        elif ActionKind.CHECK in kinds:
            hand.apply(Action.check(seat))
        else:
            hand.apply(Action.call(seat))
    again = hand_from_json(hand_to_json(hand))
    assert again.events == hand.events
    assert again.unmatched == {1: cards("3h")}
    assert explanation(again) == explanation(hand)
    assert again.stacks == hand.stacks


def test_every_bot_answers_a_three_legally_and_plays_the_hand_out() -> None:
    for seed in range(6):
        bots: list[Bot] = [
            SolidBot(random.Random(seed), samples=20, advice_samples=None),
            RandomBot(random.Random(seed)),
            CallingBot(),
        ]
        for bot in bots:
            hand = baseball(BOTH_THREES)
            while not hand.is_complete:
                seat = hand.to_act[0]
                action = bot.act(hand.view_for(seat))
                hand.apply(action)  # raises on an illegal action
            assert sum(hand.stacks) == 400
            declined = hand.unmatched.get(1, ())
            assert declined in ((), cards("3h"))


def test_the_referee_names_plain_cards_of_live_hands_only() -> None:
    kings = ShowdownHand(1, cards("Kc 3d 3h 8s 7d 2c Jh"), name="Ann", plain=cards("3h"))
    folded = ShowdownHand(0, cards("Qc Qd 3s 5h"), name="Bob", is_folded=True, plain=cards("3s"))
    result = settle(
        [Pot(10, (0, 1))],
        [kings, folded],
        rules=HouseRules.preset("cards-speak"),
        high_only=True,
        wild=WildSpec.parse("3,9"),
    )
    lines = result.explanation()
    assert "Wild: threes (but not Ann's 3h: a three dealt up and not matched), nines." in lines
    assert result.wild is not None
    assert str(result.wild.value(1, Ranking.HIGH, None)) == "One pair, kings (Kc 3d=K Jh 8s 7d)"
