"""Scripted hands of the offers answered in turn: Baseball's fours and threes, 7/27's rounds.

Every deck is stacked and every number is worked out by hand from HOME-GAMES.md (1.2 and
1.4). Button 0 with three players: seat 1 is dealt first, then seat 2, then seat 0.
"""

from __future__ import annotations

import json
import random

from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.events import Acted, Dealt, Face, Street
from hilo.engine.history import hand_from_json, hand_to_json
from hilo.engine.journal import JournaledTable, restore
from hilo.engine.phases import Phase
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.engine.table import TableConfig
from hilo.rules import VARIANTS, HouseRules, Stakes, Variant
from tests.engine.scripted import cards, deck, kinds, of_kind, options, play, refused

BRING_IN = Stakes(structure="fixed-limit", ante=1, bring_in=3, small_bet=10, big_bet=20)
ANTES = Stakes(structure="fixed-limit", ante=1, small_bet=10, big_bet=20)

# Third street: seat 1 Kc Kd with 4h up, seat 2 2c 2d with 3s up, seat 0 9c 9d with Ts up;
# the next card (As) is the first extra card.
FOUR_AND_THREE = "Kc Kd 4h  2c 2d 3s  9c 9d Ts  As"

COUNTING = Variant.from_dict(
    "counting-test",
    {
        "title": "Take or stand (test)",
        "split": "high",
        "forced": "antes",
        "max_players": 4,
        "streets": [
            {"name": "deal", "down": 1, "up": 4, "bet": True},
            {"name": "draw", "take_or_stand": True, "bet": True},
        ],
    },
)
"""A test game with 7/27's rounds of take or stand, played for the high hand."""

# Seat 1 is dealt 2c 3c 4c 5c 6c, seat 2 2d 3d 4d 5d 6d, seat 0 2h 3h 4h 5h 6h; then the
# cards taken come in order: Ks, Qs, Js, ...
COUNTING_DECK = "2c 3c 4c 5c 6c  2d 3d 4d 5d 6d  2h 3h 4h 5h 6h  Ks Qs Js Ts 9s"


def phase(hand: Hand) -> Phase:
    """The hand's phase now (a call, so that type checkers do not narrow it)."""
    return hand.phase


def waiting(hand: Hand) -> tuple[int, ...]:
    """The seats the hand waits for now (a call, so that type checkers do not narrow it)."""
    return hand.to_act


def baseball(top: str = FOUR_AND_THREE, **switches: object) -> Hand:
    return Hand(
        HandSetup(
            VARIANTS["baseball-hilo-declare"],
            HouseRules.preset("strict", **switches),
            BRING_IN,
            [100, 100, 100],
            button=0,
            deck_order=deck(top),
        )
    )


def counting(**switches: object) -> Hand:
    return Hand(
        HandSetup(
            COUNTING,
            HouseRules.preset("strict", **switches),
            ANTES,
            [100, 100, 100],
            button=0,
            deck_order=deck(COUNTING_DECK),
        )
    )


def everyone_checks(hand: Hand) -> None:
    assert phase(hand) is Phase.BETTING
    while phase(hand) is Phase.BETTING:
        hand.apply(Action.check(hand.to_act[0]))


# -- Baseball: fours --------------------------------------------------------------------


def test_a_four_dealt_face_up_buys_an_extra_card_at_its_price() -> None:
    hand = baseball(four_price=5)
    assert phase(hand) is Phase.EXTRA_CARD
    assert waiting(hand) == (1,)
    assert options(hand) == [("extra", 5, 5), ("decline", 0, 0)]
    hand.apply(Action.extra(1))
    assert hand.stacks[1] == 100 - 1 - 5  # the ante and the extra card
    assert hand.up_cards(1) == list(cards("4h As"))
    assert of_kind(hand, Acted)[-1] == Acted(1, ActionKind.EXTRA, 5)
    assert of_kind(hand, Dealt)[-1] == Dealt(1, Face.UP, cards("As"))


def test_a_four_s_extra_card_declined_deals_nothing() -> None:
    hand = baseball(three_rule="none")
    hand.apply(Action.decline(1))
    assert hand.up_cards(1) == list(cards("4h"))
    assert hand.stacks[1] == 99
    assert phase(hand) is Phase.BETTING  # no three to match under three_rule none
    assert waiting(hand) == (2,)  # the three, the lowest door card, brings it in
    assert kinds(hand) == ["bring-in", "complete"]


def test_an_extra_card_refused_when_the_player_cannot_pay_for_it() -> None:
    hand = baseball(four_price=500)
    assert options(hand) == [("decline", 0, 0)]
    assert refused(hand, Action.extra(1)) == (
        "The extra card costs 500 chips and you have 99: decline it."
    )
    assert refused(hand, Action(1, ActionKind.DECLINE, 3)) == (
        "Say only decline: the house sets the chips and the card, not you."
    )
    assert refused(hand, Action.match(2)) == (
        "It is not your turn: the hand is waiting for Seat 1."
    )


def test_an_extra_card_that_is_a_four_face_up_buys_another() -> None:
    hand = baseball("Kc Kd 4h  2c 2d 3s  9c 9d Ts  4s Ah", three_rule="none")
    hand.apply(Action.extra(1))
    assert waiting(hand) == (1,)
    assert kinds(hand) == ["extra", "decline"]
    hand.apply(Action.extra(1))
    assert hand.up_cards(1) == list(cards("4h 4s Ah"))
    assert phase(hand) is Phase.BETTING


def test_an_extra_card_face_down_is_hidden_from_the_others() -> None:
    hand = baseball(four_card="down", three_rule="none")
    hand.apply(Action.extra(1))
    assert hand.up_cards(1) == list(cards("4h"))
    assert cards("As")[0] in hand.own_cards(1)
    assert cards("As")[0] not in hand.view_for(2).all_cards()
    assert cards("As")[0] in hand.view_for(1).all_cards()


def test_a_four_s_extra_card_times_out_declined() -> None:
    hand = baseball(three_rule="none")
    hand.apply(Action.timeout(1))
    assert of_kind(hand, Acted)[-1] == Acted(1, ActionKind.DECLINE)
    assert hand.up_cards(1) == list(cards("4h"))


# -- Baseball: threes -------------------------------------------------------------------


def test_matching_a_three_pays_the_pot_and_opens_no_betting() -> None:
    hand = baseball(four_price=5)
    hand.apply(Action.extra(1))
    assert phase(hand) is Phase.MATCHING
    assert waiting(hand) == (2,)
    assert options(hand) == [("match", 8, 8), ("fold", 0, 0)]  # three antes and the five
    assert refused(hand, Action(2, ActionKind.MATCH, 20)) == (
        "Say only match: the house sets the chips and the card, not you."
    )
    hand.apply(Action.match(2))
    assert hand.stacks == [99, 94, 91]
    assert hand.pot_total() == 16
    # Paid into the pot, not bet: one pot, every live seat in it.
    assert [(pot.amount, pot.seats) for pot in hand.pots()] == [(16, (0, 1, 2))]
    # Matching is not a bet: the round opens with the bring-in as ever.
    assert phase(hand) is Phase.BETTING
    assert waiting(hand) == (2,)
    assert kinds(hand) == ["bring-in", "complete"]


def test_chips_paid_for_an_extra_card_and_a_match_are_won_by_the_showdown() -> None:
    # Two players, Ann (seat 0) on the button: Bob is dealt Kc Kd 4h, Ann 9c 2d 4s. Bob
    # declines his four's card, Ann buys hers (the 7h) for 2, then matches her 3c for 6.
    # Bob's four kings go high, Ann's seven-low goes low: they split every chip, the 8 Ann
    # paid into the pot included (no side pot of hers alone).
    hand = Hand(
        HandSetup(
            VARIANTS["baseball-hilo-declare"],
            HouseRules.preset("strict", four_price=2),
            Stakes(structure="fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4),
            [100, 100],
            button=0,
            deck_order=deck("Kc Kd 4h 9c 2d 4s 7h 8d 3c Ks 5s Kh 6d Ah 7c"),
        )
    )
    while not hand.is_complete:
        seat, now = hand.to_act[0], phase(hand)
        if now is Phase.EXTRA_CARD:
            hand.apply(Action.extra(seat) if seat == 0 else Action.decline(seat))
        elif now is Phase.MATCHING:
            hand.apply(Action.match(seat))
        elif now is Phase.DECLARING:
            hand.apply(Action.declare(seat, Direction.LOW if seat == 0 else Direction.HIGH))
        elif ActionKind.CHECK in (allowed := {o.kind for o in hand.legal_actions(seat)}):
            hand.apply(Action.check(seat))
        elif ActionKind.BRING_IN in allowed:
            hand.apply(Action.bring_in(seat))
        else:
            hand.apply(Action.call(seat))
    paid = {event.action: event.amount for event in of_kind(hand, Acted) if event.seat == 0}
    assert (paid[ActionKind.EXTRA], paid[ActionKind.MATCH]) == (2, 6)
    assert hand.stacks == [96, 104]


def test_folding_to_a_three_leaves_the_hand() -> None:
    hand = baseball()
    hand.apply(Action.decline(1))
    hand.apply(Action.fold(2))
    assert 2 in hand.folded
    assert of_kind(hand, Acted)[-1] == Acted(2, ActionKind.FOLD)
    assert phase(hand) is Phase.BETTING
    assert waiting(hand) == (1,)  # the four is now the lowest door card


def test_a_three_times_out_folded_under_match_or_fold_and_declined_under_match_to_wild() -> None:
    folding = baseball()
    play(folding, [Action.decline(1), Action.timeout(2)])
    assert 2 in folding.folded
    declining = baseball(three_rule="match-to-wild")
    assert options(declining, 1) == [("extra", 0, 0), ("decline", 0, 0)]
    declining.apply(Action.decline(1))
    assert options(declining) == [("match", 3, 3), ("decline", 0, 0)]
    declining.apply(Action.timeout(2))
    assert 2 not in declining.folded
    assert of_kind(declining, Acted)[-1] == Acted(2, ActionKind.DECLINE)


def test_matching_a_three_for_less_when_the_pot_is_more_than_the_stack() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["baseball"],
            HouseRules.preset("strict"),
            BRING_IN,
            [100, 100, 3],
            button=0,
            deck_order=deck(FOUR_AND_THREE),
        )
    )
    hand.apply(Action.decline(1))
    assert options(hand) == [("match", 2, 2), ("fold", 0, 0)]  # all it has after the ante
    hand.apply(Action.match(2))
    assert hand.stacks[2] == 0


def test_a_baseball_history_replays_and_a_journal_restores_in_the_middle_of_an_offer() -> None:
    hand = baseball(four_price=5)
    hand.apply(Action.extra(1))
    assert hand_from_json(hand_to_json(hand)).events == hand.events

    config = TableConfig(
        games=("baseball-hilo-declare",),
        rules=HouseRules.preset("strict", four_price=2),
        stakes=BRING_IN,
        seats=6,
    )
    entries: list[dict[str, object]] = []
    table = JournaledTable(config, entries.append)
    for seat in range(6):
        table.sit(seat, f"P{seat}", 100)
    for seed in range(200):  # a deal where somebody has a four or a three face up
        started = table.start_hand(rng=random.Random(seed))
        if phase(started) in (Phase.EXTRA_CARD, Phase.MATCHING):
            break
        while table.table.hand is not None and not table.table.hand.is_complete:
            table.apply(Action.fold(table.table.to_act()[0]))
    live = table.table.hand
    assert live is not None
    again = restore(json.loads(json.dumps(entries)))
    assert again.table.hand is not None
    assert again.table.hand.events == live.events
    assert again.table.to_act() == table.table.to_act()


# -- 7/27's rounds ----------------------------------------------------------------------


def test_rounds_of_take_or_stand_end_after_a_round_where_nobody_takes() -> None:
    hand = counting()
    everyone_checks(hand)
    assert phase(hand) is Phase.TAKING
    assert waiting(hand) == (1,)
    assert kinds(hand) == ["take", "stand"]
    hand.apply(Action.take(1))
    assert hand.up_cards(1)[-1] == cards("Ks")[0]
    play(hand, [Action.stand(2), Action.stand(0)])
    everyone_checks(hand)
    # Somebody took a card: another round, everybody asked again.
    assert phase(hand) is Phase.TAKING
    assert hand.take_rounds.rounds == 2
    assert waiting(hand) == (1,)
    play(hand, [Action.stand(1), Action.stand(2), Action.stand(0)])
    everyone_checks(hand)
    assert hand.is_complete
    assert [event.name for event in of_kind(hand, Street)] == ["deal", "draw", "draw"]


def test_with_stand_freezes_a_player_who_stood_is_offered_no_more() -> None:
    hand = counting(stand_freezes=True)
    everyone_checks(hand)
    play(hand, [Action.take(1), Action.stand(2), Action.take(0)])
    everyone_checks(hand)
    assert waiting(hand) == (1,)
    hand.apply(Action.take(1))
    assert waiting(hand) == (0,)  # seat 2 stood once: it is skipped
    assert refused(hand, Action.take(2)) == "It is not your turn: the hand is waiting for Seat 0."
    hand.apply(Action.take(0))
    assert hand.up_cards(0)[-2:] == list(cards("Qs Ts"))


def test_the_drawing_ends_after_max_rounds() -> None:
    hand = counting(max_rounds=2)
    everyone_checks(hand)
    play(hand, [Action.take(1), Action.stand(2), Action.stand(0)])
    everyone_checks(hand)
    play(hand, [Action.take(1), Action.stand(2), Action.stand(0)])
    everyone_checks(hand)
    assert hand.is_complete
    assert hand.take_rounds.rounds == 2
    assert len(hand.up_cards(1)) == 6


def test_a_take_times_out_standing_and_a_history_replays() -> None:
    hand = counting()
    everyone_checks(hand)
    play(hand, [Action.timeout(1), Action.take(2), Action.stand(0)])
    assert of_kind(hand, Acted)[-3:] == [
        Acted(1, ActionKind.STAND),
        Acted(2, ActionKind.TAKE),
        Acted(0, ActionKind.STAND),
    ]
    assert phase(hand) is Phase.BETTING
    assert refused(hand, Action.take(1)) == "You cannot take now."
    copy = hand_from_json(hand_to_json(hand))
    assert copy.events == hand.events
    assert copy.to_act == hand.to_act


# -- Buying a card -----------------------------------------------------------------------

BUYING = Variant.from_dict(
    "buying-test",
    {
        "title": "Buy a card (test)",
        "split": "high",
        "forced": "antes",
        "max_players": 4,
        "buy_after": "deal",
        "buy_price": 5,
        "streets": [
            {"name": "deal", "down": 5, "bet": True},
            {"name": "last", "bet": True},
        ],
    },
)
"""A test game where each player may buy one card after the first betting round."""

# Seat 1: 2c 7d 8h 9s Kc, seat 2: Ah Ad 5c 5d Js, seat 0: 3h 4h 6h Th Qh; then Kd.
BUYING_DECK = "2c 7d 8h 9s Kc  Ah Ad 5c 5d Js  3h 4h 6h Th Qh  Kd"


def buying(stacks: list[int] | None = None) -> Hand:
    return Hand(
        HandSetup(
            BUYING,
            HouseRules.preset("strict"),
            ANTES,
            stacks or [100, 100, 100],
            button=0,
            deck_order=deck(BUYING_DECK),
        )
    )


def test_a_card_bought_replaces_the_one_thrown_for_the_price() -> None:
    hand = buying()
    everyone_checks(hand)
    assert phase(hand) is Phase.BUYING
    assert waiting(hand) == (1,)
    assert options(hand) == [("buy", 5, 5), ("decline", 0, 0)]
    hand.apply(Action.buy(1, cards("2c")[0]))
    assert hand.own_cards(1) == cards("Kd 7d 8h 9s Kc")
    assert hand.stacks[1] == 100 - 1 - 5
    assert cards("Kd")[0] not in hand.view_for(2).all_cards()
    assert cards("Kd")[0] in hand.view_for(1).all_cards()
    play(hand, [Action.decline(2), Action.timeout(0)])
    assert of_kind(hand, Acted)[-2:] == [Acted(2, ActionKind.DECLINE), Acted(0, ActionKind.DECLINE)]
    assert phase(hand) is Phase.BETTING
    assert hand_from_json(hand_to_json(hand)).events == hand.events


def test_a_bought_card_refused_with_a_sentence() -> None:
    hand = buying()
    everyone_checks(hand)
    assert refused(hand, Action.buy(1, cards("Ah")[0])) == (
        "You do not hold Ah: replace one of your own cards."
    )
    assert refused(hand, Action(1, ActionKind.BUY, cards=cards("2c 7d"))) == (
        "Buy names the one card you replace, not 2."
    )
    assert refused(hand, Action(1, ActionKind.BUY, 3, cards("2c"))) == (
        "Name only the card to replace: the price is the game's."
    )
    assert refused(hand, Action.extra(1)) == "You cannot extra now: you may buy or decline."


def test_a_card_cannot_be_bought_without_the_price() -> None:
    hand = buying([100, 4, 100])
    everyone_checks(hand)
    assert options(hand) == [("decline", 0, 0)]
    assert refused(hand, Action.buy(1, cards("2c")[0])) == (
        "The bought card costs 5 chips and you have 3: decline it."
    )


def test_a_7_27_view_gives_the_totals_each_seat_may_see_and_never_the_down_card() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["seven-twenty-seven"],
            HouseRules.preset("strict"),
            ANTES,
            [100, 100, 100],
            button=0,
            # Seat 1: Ac down, 8d up; seat 2: Kh down, 9s up; seat 0: 5c down, Qd up.
            deck_order=deck("Ac 8d  Kh 9s  5c Qd"),
        )
    )
    mine, theirs = hand.view_for(1), hand.view_for(2)
    assert mine.points(1) == "9 or 19"
    assert theirs.points(1) == "8"  # the ace in the hole is not counted for others
    assert cards("Ac")[0] not in theirs.all_cards()
    assert theirs.points(0) == "½"
    assert VARIANTS["seven-twenty-seven"].split == "seven-twenty-seven"
    assert hand.view_for(None).points(2) == "9"


def test_a_hand_of_7_27_takes_cards_in_rounds_then_declares_and_names_the_totals() -> None:
    hand = Hand(
        HandSetup(
            VARIANTS["seven-twenty-seven"],
            HouseRules.preset("strict"),
            ANTES,
            [100, 100],
            button=0,
            # Seat 1: Ac down, 5d up (6 or 16); seat 0: Kh down, 9s up (9½); then Ts, 7c.
            deck_order=deck("Ac 5d  Kh 9s  Ts 7c"),
        )
    )
    everyone_checks(hand)
    play(hand, [Action.stand(1), Action.take(0)])
    everyone_checks(hand)
    play(hand, [Action.stand(1), Action.take(0)])
    everyone_checks(hand)
    assert hand.own_cards(0) == cards("Kh 9s Ts 7c")  # 26½
    play(hand, [Action.stand(1), Action.stand(0)])
    everyone_checks(hand)
    assert phase(hand) is Phase.DECLARING
    assert hand.take_rounds.rounds == 3
    play(hand, [Action.declare(1, Direction.LOW), Action.declare(0, Direction.HIGH)])
    assert hand.is_complete
    assert hand.stacks == [100, 100]  # each wins the half it declared: one ante each
    assert hand.result is not None
    assert "26½" in str(hand.result)
