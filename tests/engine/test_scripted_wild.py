"""Scripted hands of the wild-card games: deuces wild draw, follow the queen, the low hole
card, and a stud deck that runs out.

Every deck is stacked; dealing goes street by street, seat by seat from the left of the
button, down cards before up cards (the seats still in only).
"""

from __future__ import annotations

import random

from hilo.cards import JOKER, Rank
from hilo.engine.declare import Direction
from hilo.engine.events import Board, Dealt, Face, WildChanged
from hilo.engine.history import hand_from_json, hand_to_json
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes, Variant
from tests.engine.scripted import Action, ActionKind, cards, deck, of_kind

STUD = Stakes(structure="fixed-limit", small_bet=10, big_bet=20, ante=1, bring_in=3)
DRAW = Stakes(structure="fixed-limit", small_blind=5, big_blind=10, small_bet=10, big_bet=20)
Q, SIX, SEVEN, EIGHT = Rank.QUEEN, Rank.SIX, Rank.SEVEN, Rank.EIGHT


def passive(hand: Hand, *, declare: dict[int, Direction] | None = None) -> None:
    """Every seat brings it in, checks or calls, stands pat and declares as told."""
    while not hand.is_complete:
        seat = hand.to_act[0]
        options = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.BRING_IN in options:
            hand.apply(Action.bring_in(seat))
        elif ActionKind.CHECK in options:
            hand.apply(Action.check(seat))
        elif ActionKind.CALL in options:
            hand.apply(Action.call(seat))
        elif ActionKind.DRAW in options:
            hand.apply(Action.draw(seat, ()))
        else:
            assert declare is not None, f"seat {seat} is asked to declare"
            hand.apply(Action.declare(seat, declare[seat]))


def wild_changes(hand: Hand) -> list[set[Rank]]:
    return [set(event.ranks) for event in of_kind(hand, WildChanged)]


def stud_hand(name: str, stacked: str, players: int, rules: HouseRules | None = None) -> Hand:
    return Hand(
        HandSetup(
            VARIANTS[name],
            rules or HouseRules.preset("cards-speak"),
            STUD,
            [500] * players,
            button=0,
            deck_order=deck(stacked),
        )
    )


# -- follow the queen ---------------------------------------------------------------

# Three seats, button 0: seat 1 is dealt first, then seat 2, then seat 0.
# 3rd street: seat 1 2c 3c | Qh, seat 2 4d 5d | 7s, seat 0 9c 9d | Kd
# 4th: Qs 8h Qd   5th: Qc 6h Tc (a queen followed by a queen: the six follows)
# 6th: 5s Js Ks   7th (down): Ah Ad Ac
FOLLOW = "2c 3c Qh 4d 5d 7s 9c 9d Kd  Qs 8h Qd  Qc 6h Tc  5s Js Ks  Ah Ad Ac"


def test_follow_the_queen_changes_the_wild_rank_as_face_up_cards_come() -> None:
    hand = stud_hand("follow-the-queen", FOLLOW, 3)
    assert hand.wild_ranks == frozenset({Q, SEVEN})
    assert wild_changes(hand) == [{Q, SEVEN}]  # Qh to seat 1, then 7s to seat 2
    assert hand.view_for(None).wild_words == "queens and sevens"
    passive(hand)
    # 4th: Qs (queens only), 8h (eights), Qd (queens only); 5th: Qc changes nothing, 6h
    assert wild_changes(hand) == [{Q, SEVEN}, {Q}, {Q, EIGHT}, {Q}, {Q, SIX}]
    assert hand.wild_ranks == frozenset({Q, SIX})
    lines = hand.result.explanation() if hand.result else ()
    assert "Wild: sixes, queens." in lines
    # Seat 1: 2c 3c and three queens: a straight flush to the six of clubs.
    assert any("Straight flush, six high" in line and "Qh=" in line for line in lines)
    assert hand.stacks[1] > 500


def test_a_queen_dealt_face_down_changes_nothing() -> None:
    # Seat 1's Qh is a hole card; only the face-up 7s and 8h follow nothing.
    hand = stud_hand("follow-the-queen", "Qh 3c 2c 4d 5d 7s 9c 9d Kd 6s 8h Td", 3)
    passive_to_street(hand, 1)
    assert wild_changes(hand) == []
    assert hand.wild_ranks == frozenset({Q})


def passive_to_street(hand: Hand, street: int) -> None:
    """Bring in, check and call until the hand reaches ``street``'s betting."""
    while hand.street < street and not hand.is_complete:
        seat = hand.to_act[0]
        options = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.BRING_IN in options:
            hand.apply(Action.bring_in(seat))
        elif ActionKind.CHECK in options:
            hand.apply(Action.check(seat))
        else:
            hand.apply(Action.call(seat))


# The last face-up card of the deal (sixth street, seat 0, dealt last) is a queen.
QUEEN_LAST = "2c 3c 4h 4d 5d 7s 9c 9d Kd  Qs 8h 6c  2d 6h Tc  5s Js Qd  Ah Ad Ac"


def test_a_queen_dealt_last_leaves_only_queens_wild() -> None:
    hand = stud_hand("follow-the-queen", QUEEN_LAST, 3)
    passive(hand)
    # 4th street's Qs changes nothing (queens alone are wild), the 8h follows it; sixth
    # street's Qd is the last face-up card: nothing follows it.
    assert wild_changes(hand) == [{Q, EIGHT}, {Q}]
    assert hand.wild_ranks == frozenset({Q})
    assert "Wild: queens." in (hand.result.explanation() if hand.result else ())


def test_a_queen_dealt_last_makes_nothing_wild_under_none_wild() -> None:
    rules = HouseRules.preset("cards-speak", queen_last="none-wild")
    hand = stud_hand("follow-the-queen", QUEEN_LAST, 3, rules)
    passive_to_street(hand, 3)
    assert hand.wild_ranks == frozenset()  # sixth street's last card was the Qd
    assert of_kind(hand, WildChanged)[-1].words == "nothing is wild"
    assert hand.view_for(2).wild_words == "nothing"
    passive(hand)
    lines = hand.result.explanation() if hand.result else ()
    assert "Wild: nothing." in lines
    assert "Seat 0 shows One pair, nines (9d 9c Ac Kd Qd)." in lines  # the Qd is a queen


def test_follow_the_queen_hands_replay_from_their_history() -> None:
    hand = stud_hand("follow-the-queen", FOLLOW, 3)
    passive(hand)
    again = hand_from_json(hand_to_json(hand))
    assert again.events == hand.events
    assert again.wild_ranks == hand.wild_ranks


# -- the low hole card -----------------------------------------------------------------

# Two seats, button 0: seat 1 first. Seat 1: 4c 9d | 5s 5h 6h 7h | Kd (lowest hole: 4)
# Seat 0: 9s Tc | 4s 8d Jc 3d | Qs (lowest hole: 9; its 4s is face up, not wild)
LOW_HOLE = "4c 9d 5s 9s Tc 4s  5h 8d  6h Jc  7h 3d  Kd Qs"


def test_each_players_lowest_hole_card_is_wild_for_that_player_alone() -> None:
    hand = stud_hand("low-hole-wild-hilo-declare", LOW_HOLE, 2, HouseRules.preset("liberal"))
    mine, theirs, watcher = hand.view_for(1), hand.view_for(0), hand.view_for(None)
    assert mine.own_wild == {Rank.FOUR}
    assert mine.wild_words == "fours for you alone"
    assert mine.wild_cards(mine.seat(1)) == cards("4c")
    assert theirs.own_wild == {Rank.NINE}
    assert watcher.own_wild == frozenset()
    assert "for that player" in watcher.wild_words
    assert theirs.wild_cards(theirs.seat(1)) == ()  # seat 1's secret stays its own
    passive(hand, declare={1: Direction.HIGH, 0: Direction.HIGH})
    lines = hand.result.explanation() if hand.result else ()
    # Seat 1's 4c fills its straight; seat 0's lowest hole card is the 9s (its 4s is up).
    assert "Seat 1 declared high: Straight, nine high (9d 4c=8 7h 6h 5s)." in lines
    assert "Seat 0 declared high: Straight, queen high (Qs Jc Tc 9s=9 8d)." in lines
    assert hand.stacks == [504, 496]


# -- deuces wild draw ------------------------------------------------------------------


def test_deuces_wild_draw_makes_five_of_a_kind() -> None:
    # Button 0 of two: seat 1 is dealt first. Seat 1: 9s 9d 2c 9h 2d; seat 0: As Ks Qs Js Ts.
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw-deuces-wild"],
            HouseRules.preset("cards-speak"),
            DRAW,
            [300, 300],
            deck_order=deck("9s 9d 2c 9h 2d As Ks Qs Js Ts"),
        )
    )
    passive(hand)
    lines = hand.result.explanation() if hand.result else ()
    assert any("Five of a kind, nines (9s 9h 9d 2c=9 2d=9)" in line for line in lines)
    assert hand.stacks == [290, 310]


# -- the deck runs out -----------------------------------------------------------------


def test_eight_players_of_follow_the_queen_share_a_community_card() -> None:
    players = 8
    hand = Hand.deal(
        VARIANTS["follow-the-queen"],
        HouseRules.preset("cards-speak"),
        STUD,
        [500] * players,
        rng=random.Random(12),
    )
    passive(hand)
    # 3rd to 6th street deal 48 cards: four are left for eight players on seventh street.
    assert len(hand.board) == 1
    assert of_kind(hand, Board)[-1].cards == tuple(hand.board)
    assert all(len(hand.own_cards(seat)) == 6 for seat in range(players))
    assert hand.phase is Phase.COMPLETE
    assert hand.result is not None
    assert hand_from_json(hand_to_json(hand)).events == hand.events
    assert hand.view_for(None).board == tuple(hand.board)


SHORT = Variant.from_dict(
    "short-deck-stud",
    {
        "title": "Thirteen-card stud",
        "split": "high",
        "forced": "bring-in",
        "max_players": 4,
        "streets": [
            {"name": "first", "down": 3, "up": 4, "bet": True},
            {"name": "second", "up": 6, "bet": True},
            {"name": "last", "down": 1, "bet": True},
        ],
    },
)


def test_with_no_card_left_nobody_gets_one() -> None:
    hand = Hand.deal(SHORT, HouseRules.preset("cards-speak"), STUD, [500] * 4, rng=random.Random(3))
    passive(hand)
    assert hand.board == []
    assert all(len(hand.own_cards(seat)) == 13 for seat in range(4))
    last = [event for event in of_kind(hand, Dealt) if event.face is Face.DOWN]
    assert len(last) == 4  # the first street's down cards only
    assert hand.result is not None


def test_three_players_of_the_same_game_get_every_card() -> None:
    hand = Hand.deal(SHORT, HouseRules.preset("cards-speak"), STUD, [500] * 3, rng=random.Random(3))
    passive(hand)
    assert hand.board == []
    assert all(len(hand.own_cards(seat)) == 14 for seat in range(3))


def test_a_game_with_the_joker_deals_it_and_values_it() -> None:
    game = Variant.from_dict(
        "joker-draw", {**VARIANTS["five-card-draw"].to_dict(), "wild": "joker=bug"}
    )
    shuffled = Hand.deal(
        game, HouseRules.preset("cards-speak"), DRAW, [300, 300], rng=random.Random(1)
    )
    assert len(shuffled.deck_order) == 53
    assert JOKER in shuffled.deck_order
    hand = Hand(
        HandSetup(
            game,
            HouseRules.preset("cards-speak"),
            DRAW,
            [300, 300],
            deck_order=[JOKER, *deck("Ac Kd 9h 4s 2c 2d 7h 7s 5c")],
        )
    )
    passive(hand)
    lines = hand.result.explanation() if hand.result else ()
    assert "Seat 1 shows One pair, aces (Ac Jk=A Kd 9h 4s)." in lines


def test_threes_and_nines_wild_as_baseball_plays_them() -> None:
    threes_nines = Variant.from_dict(
        "threes-and-nines", {**VARIANTS["seven-card-stud"].to_dict(), "wild": "3,9"}
    )
    # Seat 1: Kc Kd | 3h 9s 4c 5c | 8d: four kings with the 3h and the 9s.
    # Seat 0: Ac Ad | Ah 2c 6c 7c | Td: three aces.
    hand = Hand(
        HandSetup(
            threes_nines,
            HouseRules.preset("cards-speak"),
            STUD,
            [500, 500],
            deck_order=deck("Kc Kd 3h Ac Ad Ah  9s 2c  4c 6c  5c 7c  8d Td"),
        )
    )
    assert hand.view_for(None).wild_words == "nines and threes"
    passive(hand)
    lines = hand.result.explanation() if hand.result else ()
    assert "Wild: threes, nines." in lines
    assert "Seat 1 shows Four of a kind, kings (Kd Kc 3h=K 9s=K 8d)." in lines
    assert hand.stacks[1] > hand.stacks[0]


# -- criss-cross, centre wild ----------------------------------------------------------------

# Heads up, button 0: seat 1 then seat 0 get four cards each; then the cross, the 9s last.
# Seat 1: As 2s Kd Kh   row Ks Qs 9s: four kings; column 5s 6h 9s: a six-five low.
# Seat 0: 9c 9d Th Jh   its own nines are wild too: with the row's 9s, a royal flush in hearts.
CENTER_DECK = "As 2s Kd Kh  9c 9d Th Jh  Ks Qs  5s 6h  9s"


def test_the_centre_card_and_its_rank_are_wild_for_everybody() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["criss-cross-center-wild-hilo-declare"],
            HouseRules.preset("strict"),
            Stakes(structure="pot-limit", small_blind=1, big_blind=2, small_bet=2, big_bet=2),
            [100, 100],
            deck_order=deck(CENTER_DECK),
        )
    )
    passive_to_street(hand, 2)
    assert hand.board == list(cards("Ks Qs 5s 6h"))
    assert hand.view_for(None).wild_words == "nothing"  # the centre is not dealt yet
    passive(hand, declare={1: Direction.LOW, 0: Direction.HIGH})
    assert hand.view_for(None).wild_words == "nines"
    lines = hand.result.explanation() if hand.result else ()
    assert "Wild: nines." in lines
    assert "Seat 0 declared high: Royal flush (9s=Ah 9d=Kh 9c=Qh Jh Th)." in lines
    assert "Seat 1 declared low: Six-five low (6h 5s 9s=3 2s As)." in lines
    assert hand.stacks == [100, 100]  # high and low split the pot
