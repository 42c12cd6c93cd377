"""A winner nobody called shows or mucks: the pot is theirs at once, the choice only shows.

Heads-up hold'em with the button (seat 0, Ann) first to act: Ann raises, Bob folds.
"""

from __future__ import annotations

from hilo.cards import parse_cards
from hilo.engine.actions import Action
from hilo.engine.declare import Direction
from hilo.engine.events import Awarded, HandEnded, Mucked, Revealed, Shown
from hilo.engine.history import hand_from_dict, hand_to_dict
from hilo.engine.phh import hand_to_phh
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes
from tests.engine.scripted import deck, kinds, of_kind, play, refused
from tests.engine.test_scripted_declare import limp_and_stand_pat

LIMIT = Stakes(structure="fixed-limit", small_blind=5, big_blind=10, small_bet=10, big_bet=20)
KINGS = parse_cards("Kh Kd")


def new_hand() -> Hand:
    """Bob (seat 1) gets 2c 7d, Ann (seat 0, the button) Kh Kd."""
    return Hand(
        HandSetup(
            VARIANTS["holdem"],
            HouseRules.preset("cards-speak"),
            LIMIT,
            [200, 200],
            names=["Ann", "Bob"],
            deck_order=deck("2c 7d Kh Kd"),
        )
    )


def folded_to_ann() -> Hand:
    """Ann raises and Bob folds."""
    hand = new_hand()
    play(hand, [Action.raise_to(0, 20), Action.fold(1)])
    return hand


def test_the_pot_is_awarded_at_once_and_the_winner_alone_may_show_or_muck() -> None:
    hand = folded_to_ann()
    assert hand.is_complete
    assert hand.stacks == [210, 190]
    assert isinstance(hand.events[-1], HandEnded)
    assert of_kind(hand, Awarded) == [Awarded(0, 20, Awarded.UNCONTESTED)]
    assert hand.may_show == 0
    assert hand.to_act == ()
    assert kinds(hand, 0) == ["show", "muck"]
    assert kinds(hand, 1) == []
    assert hand.view_for(0).legal_actions == tuple(hand.legal_actions(0))
    assert hand.view_for(1).legal_actions == ()


def test_showing_reveals_the_cards_to_everybody() -> None:
    hand = folded_to_ann()
    event = hand.apply(Action.show(0))
    assert event == Shown(0, KINGS)
    assert hand.events[-2:] == [HandEnded((210, 190)), Shown(0, KINGS)]
    assert hand.may_show is None
    assert hand.stacks == [210, 190]
    for viewer in (None, 1):
        view = hand.view_for(viewer)
        assert view.seat(0).down_cards == KINGS
        assert view.seat(0).hidden_count == 0
        assert set(KINGS) <= view.all_cards()
        assert view.legal_actions == ()


def test_mucking_reveals_nothing() -> None:
    hand = folded_to_ann()
    assert hand.apply(Action.muck(0)) == Mucked(0)
    assert hand.may_show is None
    for viewer in (None, 1):
        view = hand.view_for(viewer)
        assert view.seat(0).down_cards == ()
        assert view.seat(0).hidden_count == 2
        assert not set(KINGS) & view.all_cards()
        assert Mucked(0) in view.events
    assert hand.view_for(0).seat(0).down_cards == KINGS  # Ann still sees her own


def test_the_clock_mucks_for_the_winner() -> None:
    hand = folded_to_ann()
    assert hand.apply(Action.timeout(0)) == Mucked(0)
    assert not set(KINGS) & hand.view_for(None).all_cards()


def test_nobody_else_may_show_or_muck_and_the_winner_only_once() -> None:
    hand = folded_to_ann()
    words = "The hand is over: only Ann, who won it uncalled, may show or muck."
    assert refused(hand, Action.show(1)) == words
    assert refused(hand, Action.muck(1)) == words
    assert refused(hand, Action.timeout(1)) == words
    assert refused(hand, Action.fold(0)) == "The hand is over: show your cards or muck them."
    assert refused(hand, Action.check(0)) == "The hand is over: show your cards or muck them."
    assert refused(hand, Action.show(2)) == "There is no seat 3 in this hand."
    hand.apply(Action.muck(0))
    assert refused(hand, Action.show(0)) == "The hand is over: nobody is asked to show or muck."
    assert refused(hand, Action.call(1)) == "The hand is over."


def test_show_and_muck_are_refused_while_the_hand_is_played() -> None:
    hand = new_hand()
    assert refused(hand, Action.show(0)) == "You cannot show now."


def test_nobody_is_asked_after_a_showdown() -> None:
    hand = new_hand()
    play(hand, [Action.call(0), Action.check(1)])
    while not hand.is_complete:
        hand.apply(Action.check(hand.to_act[0]))
    assert of_kind(hand, Shown)  # both hands were shown down
    assert hand.may_show is None
    assert kinds(hand, 0) == kinds(hand, 1) == []
    words = "The hand is over: nobody is asked to show or muck."
    assert refused(hand, Action.show(0)) == words


def test_a_history_replays_the_choice_and_phh_shows_a_shown_hand() -> None:
    shown, mucked = folded_to_ann(), folded_to_ann()
    shown.apply(Action.show(0))
    mucked.apply(Action.muck(0))
    for hand in (shown, mucked):
        again = hand_from_dict(hand_to_dict(hand))
        assert again.events == hand.events
        assert again.may_show is None
    assert hand_to_dict(shown)["actions"][-1] == {"seat": 0, "kind": "show"}
    assert hand_to_dict(mucked)["events"][-1] == {"kind": "mucked", "seat": 0}
    # As Bob saw it: Ann's kings once shown, two unknown cards once mucked.
    bob_shown, bob_mucked = hand_to_phh(shown, seen_by=1), hand_to_phh(mucked, seen_by=1)
    assert '"d dh p2 KhKd"' in bob_shown
    assert '"# hilo: p2 shows KhKd uncalled"' in bob_shown
    assert '"d dh p2 ????"' in bob_mucked
    assert '"# hilo: p2 mucks uncalled"' in bob_mucked
    assert "Kh" not in bob_mucked


def test_a_sealed_declaration_is_shown_when_the_others_fold_at_the_declare() -> None:
    # Three-handed draw: seats 1 and 2 run out of time to declare and fold (strict: fold).
    hand = Hand(
        HandSetup(
            VARIANTS["five-card-draw-hilo-declare"],
            HouseRules.preset("strict"),
            LIMIT,
            [200] * 3,
            names=["Ann", "Bob", "Cy"],
            deck_order=deck("7c 5d 4h 3s 2c  Kc Kd 9h 9s 4c  Qc Qd Qh 8s 6d"),
        )
    )
    limp_and_stand_pat(hand)
    assert hand.phase is Phase.DECLARING
    play(hand, [Action.declare(0, Direction.HIGH), Action.timeout(1)])
    assert hand.view_for(None).seat(0).declaration is None  # sealed while Cy may declare
    hand.apply(Action.timeout(2))
    assert hand.is_complete
    assert Revealed(((0, Direction.HIGH),)) in hand.events
    assert hand.may_show == 0
    hand.apply(Action.muck(0))
    spectator = hand.view_for(None)
    assert spectator.seat(0).declaration is Direction.HIGH  # the declaration is still shown
    assert spectator.seat(0).down_cards == ()
    assert not set(parse_cards("Qc Qd Qh")) & spectator.all_cards()
