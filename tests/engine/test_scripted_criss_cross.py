"""A scripted criss-cross hand: blinds, the row's arms, the column's arms, the centre, and
each hand made from the player's four cards and the row or the column, never both."""

from __future__ import annotations

from hilo.engine.actions import Action
from hilo.engine.events import Board
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import awards, cards, deck, of_kind, play

BLINDS = Stakes(structure="pot-limit", small_blind=1, big_blind=2, small_bet=2, big_bet=2)

# Heads up, button 0: seat 1 then seat 0 get four cards each; then the cross.
# Seat 1: As 2s Kd Kh   row Ks Qs 8c: three kings; column 5s 6h 8c: eight-six low.
#                       (a flush As Ks Qs 5s 2s needs both lines: not allowed)
# Seat 0: 9c 9d Th Jh   row: a straight, king high; no low.
CROSS_DECK = "As 2s Kd Kh  9c 9d Th Jh  Ks Qs  5s 6h  8c"


def test_criss_cross_each_hand_uses_the_row_or_the_column() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["criss-cross-hilo"],
            HouseRules.preset("cards-speak"),
            BLINDS,
            [100, 100],
            button=0,
            deck_order=deck(CROSS_DECK),
        )
    )
    play(hand, [Action.call(0), Action.check(1)])
    for _ in range(3):
        play(hand, [Action.check(1), Action.check(0)])
    assert hand.is_complete
    assert [event.cards for event in of_kind(hand, Board)] == [
        cards("Ks Qs"),
        cards("5s 6h"),
        cards("8c"),
    ]
    assert awards(hand) == [(0, 2, "high half, cards speak"), (1, 2, "low half, cards speak")]
    assert hand.result is not None
    assert hand.result.explanation()[1:3] == [
        "Seat 1 shows Three of a kind, kings (Ks Kh Kd As Qs) and Eight-six low (8c 6h 5s 2s As).",
        "Seat 0 shows Straight, king high (Ks Qs Jh Th 9c) and no qualifying low.",
    ]
