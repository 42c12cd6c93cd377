"""PHH export: hands load in PokerKit and replay there to hilo's final stacks.

Cards-speak hands must come out of PokerKit exactly as hilo settled them. Declare hands
use the documented extension and must still load and replay. Games, stakes and rules PHH
cannot write are refused with a sentence saying why.
"""

from __future__ import annotations

import random
import tomllib

import pytest

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.events import Awarded, Posted
from hilo.engine.phh import PHH_GAMES, hand_to_phh, phh_seats, phh_variant
from hilo.engine.setup import HandSetup
from hilo.engine.showdown import Side
from hilo.engine.state import Hand
from hilo.errors import ConfigError, HiloError
from hilo.rules import VARIANTS, HouseRules, Stakes, Variant
from tests.engine.pokerkit_replay import (
    aggressor,
    calling,
    check_replays,
    in_phh_order,
    limited,
    load,
    play,
    pokerkit_splits_without_a_low,
    replay,
)

pokerkit = pytest.importorskip("pokerkit")

CARDS_SPEAK = HouseRules.preset("cards-speak")
STUD = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
LIMIT_BLINDS = Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
NO_LIMIT = Stakes(structure="no-limit", small_blind=1, big_blind=2)


def stacked(dealt: str) -> list[Card]:
    """A deck that deals ``dealt`` first, in hilo's dealing order, then the rest."""
    first = list(parse_cards(dealt))
    return first + [card for card in FULL_DECK if card not in first]


def stud_split_with_side_pot() -> Hand:
    """Seat 0 is all in on fifth street; seat 2 has the high (kings full), seat 1 the low.

    Seat 0's 31 chips make a main pot of 93: the high half gets the odd chip.
    """
    # Dealing order from the left of the button (seat 0): seats 1, 2, 0.
    deck = stacked(
        "As 2d 3c  Kh Ks Kc  8s 8d Qh"  # third street: two down, one up
        " 4h 9d Jd  Kd 9h 6s  Qs Jc 6h"  # fourth, fifth, sixth: one up each
        " 7c Tc 2c"  # seventh: one down
    )
    hand = Hand(
        HandSetup(
            VARIANTS["seven-card-stud-hilo"], CARDS_SPEAK, STUD, [31, 300, 300], deck_order=deck
        )
    )
    return play(hand, aggressor(2))


def test_stud_eight_or_better_split_and_side_pot() -> None:
    hand = stud_split_with_side_pot()
    assert hand.is_complete
    assert hand.result is not None
    main, side = hand.result.pots  # the all-in made a side pot
    assert [(award.seat, award.side, award.amount) for award in main.awards] == [
        (2, Side.HIGH, 47),
        (1, Side.LOW, 46),
    ]
    assert {(award.seat, award.side) for award in side.awards} == {(2, Side.HIGH), (1, Side.LOW)}
    assert phh_variant(hand) == "F7S/8"
    data = check_replays(hand)
    assert data["seats"] == [2, 3, 1]  # p1 is seat 1, left of the button; the button is last
    assert data["actions"][:2] == ["d dh p1 As2d3c", "d dh p2 KhKsKc"]
    assert "p1 pb" in data["actions"]  # seat 1 shows the three: the bring-in


def test_everyone_folds_to_a_stud_completion() -> None:
    hand = Hand.deal(
        VARIANTS["seven-card-stud-hilo"], CARDS_SPEAK, STUD, [200] * 5, rng=random.Random(3)
    )
    hand.apply(Action.bring_in(hand.to_act[0]))
    hand.apply(Action.complete(hand.to_act[0]))
    while not hand.is_complete:
        hand.apply(Action.fold(hand.to_act[0]))
    assert hand.result is None
    assert any(
        isinstance(event, Awarded) and event.reason == "everyone else folded"
        for event in hand.events
    )
    data = check_replays(hand)
    betting = [line.split(" ", 1)[1] for line in data["actions"] if not line.startswith("d ")]
    assert betting == ["pb", "cbr 10", "f", "f", "f", "f"]


def test_omaha_eight_or_better_split() -> None:
    # Dealing order: seats 1, 2, 0 (four down each), then the flop, turn and river.
    deck = stacked("Ac 2c Qh 8d  Kh Ks Tc 9c  Ts Th 9d 9h  Kd 7c 4h  3s  Jd")
    hand = Hand(
        HandSetup(
            VARIANTS["omaha-hilo"], CARDS_SPEAK, LIMIT_BLINDS, [500, 500, 500], deck_order=deck
        )
    )
    play(hand, aggressor(2))
    assert hand.result is not None
    assert {(award.seat, award.side) for award in hand.result.awards} == {
        (2, Side.HIGH),
        (1, Side.LOW),
    }
    assert phh_variant(hand) == "FO/8"
    data = check_replays(hand)
    assert data["blinds_or_straddles"] == [5, 10, 0]
    boards = [line for line in data["actions"] if line.startswith("d db")]
    assert boards == ["d db Kd7c4h", "d db 3s", "d db Jd"]


def tied_lows(players: int) -> Hand:
    """Seats 1 to ``players - 1`` tie for the low with A-2; seat 0 has the high (kings)."""
    holes = ["Ac 2c 8c 8s", "Ad 2d Qh Qd", "Ah 2h Jc Js"][: players - 1]
    deck = stacked(" ".join([*holes, "Ks Kc 9h 9d", "3s 4c 7d Ts 6h"]))
    hand = Hand(
        HandSetup(
            VARIANTS["omaha-hilo"], CARDS_SPEAK, LIMIT_BLINDS, [100] * players, deck_order=deck
        )
    )
    return play(hand, calling)


def test_odd_chip_of_a_tied_low_goes_left_of_the_button() -> None:
    hand = tied_lows(3)  # a pot of 30: 15 high, and 15 low shared by two
    assert hand.result is not None
    assert hand.result.amounts() == {1: 8, 2: 7, 0: 15}
    check_replays(hand)


def test_odd_chips_of_a_three_way_tie_are_shared_unlike_pokerkit() -> None:
    """RULES.md: odd chips go one each from the left of the button. PokerKit 0.7 gives
    every odd chip of a share to the first winner, so here (20 low chips for three)
    hilo pays 7, 7, 6 and PokerKit 8, 6, 6. The export is right; the settlement differs.
    """
    hand = tied_lows(4)
    assert hand.result is not None
    assert hand.result.amounts() == {1: 7, 2: 7, 3: 6, 0: 20}
    state = replay(hand_to_phh(hand))
    assert list(state.stacks) == [100 - 10 + won for won in (8, 6, 6, 20)]


def test_pokerkit_splits_a_side_pot_nobody_has_a_low_in() -> None:
    """Side pot 1 (seats 2, 3, 0) has no qualifying low, so seat 2's kings take it all;
    PokerKit 0.7 sees seat 1's low in the main pot, halves side pot 1 too and gives its
    "low" half to seats 2 and 3, which have no low. Random comparisons skip such hands.
    """
    deck = stacked("Ac 2c 9s 9c  Ks Kh Jd Jc  Qs Qc Td Th  Js Jh Tc Ts  3s 4c 7d  Kd  Qh")
    stacks = [200, 15, 35, 200]
    hand = Hand(
        HandSetup(VARIANTS["omaha-hilo"], CARDS_SPEAK, LIMIT_BLINDS, stacks, deck_order=deck)
    )
    play(hand, aggressor(3))
    assert hand.result is not None
    assert [pot.amount for pot in hand.result.pots] == [60, 60, 70]
    assert hand.result.amounts() == {1: 30, 2: 90, 3: 70}
    assert pokerkit_splits_without_a_low(hand)
    state = replay(hand_to_phh(hand))
    assert list(state.stacks) == [30, 75, 215, 130]  # hilo: [30, 90, 200, 130]


@pytest.mark.parametrize("button", [0, 1, 2, 3])
def test_no_limit_holdem_all_in_with_side_pots(button: int) -> None:
    stacks = [100, 40, 250, 70]
    hand = Hand.deal(
        VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT, stacks, button=button, rng=random.Random(11)
    )

    def shove(hand: Hand, seat: int) -> Action:
        for option in hand.legal_actions(seat):
            if option.kind in (ActionKind.BET, ActionKind.RAISE):
                return Action(seat, option.kind, option.maximum)
        return calling(hand, seat)

    play(hand, shove)
    assert hand.is_complete
    assert hand.result is not None
    assert len(hand.result.pots) >= 3
    data = check_replays(hand)
    assert phh_seats(hand)[-1] == button
    small, big = (button + 1) % 4, (button + 2) % 4
    posted = {event.seat: event.amount for event in hand.events if isinstance(event, Posted)}
    assert posted == {small: 1, big: 2}
    assert data["blinds_or_straddles"] == [1, 2, 0, 0]
    assert data["starting_stacks"] == in_phh_order(hand, stacks)
    # With button 1 the big stack moves in over a player who still has chips but fewer:
    # nobody can call all of it, and PHH gets a call. (With button 0 everybody else is
    # already all in when the big stack acts, so it may only call.)
    uncallable = [line for line in data["actions"] if "more than anyone can call" in line]
    assert len(uncallable) == (button == 1)


@pytest.mark.parametrize("button", [0, 1])
def test_heads_up_blinds_follow_the_button(button: int) -> None:
    """Heads up the button posts the small blind; PokerKit swaps the blinds the same way."""
    hand = Hand.deal(
        VARIANTS["holdem"],
        CARDS_SPEAK,
        LIMIT_BLINDS,
        [300, 200],
        button=button,
        rng=random.Random(5),
    )
    play(hand, aggressor(button))
    data = check_replays(hand)
    assert data["seats"][-1] == button + 1
    state = replay(hand_to_phh(hand))
    blinds = [op for op in state.operations if isinstance(op, pokerkit.BlindOrStraddlePosting)]
    posted = {phh_seats(hand)[op.player_index]: op.amount for op in blinds}
    assert posted == {button: 5, 1 - button: 10}


def test_random_hands_of_the_other_codes_replay() -> None:
    rng = random.Random(21)
    for variant, stakes, code in (
        ("omaha", Stakes(structure="pot-limit", small_blind=1, big_blind=2), "PO"),
        ("seven-card-stud", STUD, "F7S"),
        ("holdem", LIMIT_BLINDS, "FT"),
        ("holdem", NO_LIMIT, "NT"),
    ):
        for _ in range(20):
            players = rng.randint(2, 6)
            hand = Hand.deal(
                VARIANTS[variant],
                CARDS_SPEAK,
                stakes,
                [rng.choice([40, 150, 400]) for _ in range(players)],
                button=rng.randrange(players),
                rng=random.Random(rng.randrange(2**32)),
            )
            while not hand.is_complete:
                hand.apply(limited(hand, rng))
            assert phh_variant(hand) == code
            check_replays(hand)


def test_a_hand_in_progress_loads_without_finishing_stacks() -> None:
    hand = Hand.deal(
        VARIANTS["omaha-hilo"], CARDS_SPEAK, LIMIT_BLINDS, [100] * 4, rng=random.Random(2)
    )
    hand.apply(Action.call(hand.to_act[0]))
    text = hand_to_phh(hand)
    assert "finishing_stacks" not in tomllib.loads(text)
    state = replay(text)
    assert state.status
    assert state.actor_index is not None


def test_names_are_escaped() -> None:
    names = ['Ann "the Ace"', "Bj\u00f6rn \\ \u2660"]
    hand = Hand.deal(
        VARIANTS["holdem"], CARDS_SPEAK, NO_LIMIT, [50, 50], names=names, rng=random.Random(1)
    )
    hand.apply(Action.fold(hand.to_act[0]))
    assert load(hand_to_phh(hand)).players == [names[1], names[0]]


def declare_hand(rules: HouseRules, *, finish: bool = True) -> Hand:
    """Four players call to seventh street; seat ``n`` declares high, low, both, high.

    A pot of 7 chips rode in from the last hand.
    """
    variant = VARIANTS["seven-card-stud-hilo-declare"]
    hand = Hand.deal(variant, rules, STUD, [200] * 4, rng=random.Random(9), carried_in=7)
    play(hand, aggressor(3))
    ways = [Direction.HIGH, Direction.LOW, Direction.BOTH, Direction.HIGH]
    for seat in list(hand.to_act)[: None if finish else 1]:
        hand.apply(Action.declare(seat, ways[seat]))
    return hand


def test_declare_hand_uses_the_extension_and_still_loads() -> None:
    hand = declare_hand(HouseRules.preset("strict"))
    assert hand.is_complete
    assert hand.result is not None
    text = hand_to_phh(hand)
    data = tomllib.loads(text)
    assert data["variant"] == "F7S/8"
    assert data["_hilo_settlement"] == "declare"
    assert data["_hilo_rules"] == "strict"
    expected = ["low", "both", "high", "high"]  # seats 1, 2, 3, 0
    assert data["_hilo_declarations"] == expected
    declared = [line for line in data["actions"] if line.startswith("# hilo:")]
    assert declared == [f"# hilo: p{n} declares {way}" for n, way in enumerate(expected, 1)]
    assert data["finishing_stacks"] == in_phh_order(hand, hand.stacks)
    history = load(text)  # no warning for the extra fields: they start with "_"
    assert history.user_defined_fields["_hilo_declarations"] == expected
    state = replay(text)
    assert not state.status
    assert sum(state.stacks) == sum(hand.starting_stacks)  # settled by PokerKit's own rules
    assert data["_hilo_carried_in"] == 7  # PokerKit has no pot that rode in
    assert data.get("_hilo_carried_out", 0) == hand.carried_out


def test_sealed_declarations_are_not_written_before_the_reveal() -> None:
    hand = declare_hand(HouseRules.preset("liberal"), finish=False)
    assert not hand.is_complete
    assert hand.declarations
    data = tomllib.loads(hand_to_phh(hand))
    assert data["actions"][-1].endswith("has declared (sealed)")
    assert set(data["_hilo_declarations"]) == {""}


def test_a_declare_timeout_fold_shows_down_with_a_note() -> None:
    rules = HouseRules.preset("outright", declare="in-turn")
    variant = VARIANTS["omaha-hilo-declare"]
    hand = Hand.deal(variant, rules, LIMIT_BLINDS, [100] * 3, rng=random.Random(4))
    play(hand, calling)
    first = hand.to_act[0]
    hand.apply(Action.timeout(first))
    while not hand.is_complete:
        hand.apply(Action.declare(hand.to_act[0], Direction.LOW))
    assert first in hand.folded
    data = tomllib.loads(hand_to_phh(hand))
    label = f"p{phh_seats(hand).index(first) + 1}"
    cards = "".join(map(str, hand.own_cards(first)))
    assert f"{label} sm {cards} # hilo: ran out of time to declare and folds" in data["actions"]
    assert not replay(hand_to_phh(hand)).status


def test_everybody_else_folding_at_the_declare() -> None:
    """Two of three run out of time: the last wins without a showdown in hilo; in PHH the
    folders show with a note and so does the winner, for PokerKit's showdown."""
    rules = HouseRules.preset("strict")
    variant = VARIANTS["seven-card-stud-hilo-declare"]
    hand = Hand.deal(variant, rules, STUD, [200] * 3, rng=random.Random(6))
    play(hand, calling)
    winner, *others = hand.to_act
    for seat in others:
        hand.apply(Action.timeout(seat))
    assert hand.is_complete
    assert hand.result is None
    assert hand.live() == [winner]
    text = hand_to_phh(hand)
    shown = [line for line in tomllib.loads(text)["actions"] if " sm " in line]
    assert len(shown) == 3
    assert shown[-1].endswith("# hilo: wins: the others folded")
    assert not replay(text).status


@pytest.mark.parametrize(
    ("variant", "stakes", "rules", "message"),
    [
        (
            "five-card-draw-hilo-declare",
            Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
            HouseRules.preset("strict"),
            "PHH has no code for Five-card draw, high-low declare",
        ),
        ("five-card-stud-hilo", STUD, CARDS_SPEAK, "PHH has no code for Five-card stud"),
        (
            "seven-card-stud-hilo",
            Stakes(structure="spread-limit", ante=1, bring_in=2, min_bet=2, max_bet=10),
            CARDS_SPEAK,
            "PHH has no code for spread-limit seven-card stud",
        ),
        (
            "holdem",
            Stakes(structure="pot-limit", small_blind=1, big_blind=2),
            CARDS_SPEAK,
            r"no code for pot-limit Texas hold'em \(high\)",
        ),
        ("holdem-hilo", LIMIT_BLINDS, CARDS_SPEAK, r"fixed-limit Texas hold'em \(hi-lo 8\)"),
        ("omaha", LIMIT_BLINDS, CARDS_SPEAK, r"no code for fixed-limit Omaha \(high\)"),
        (
            "seven-card-stud-hilo-declare",
            STUD,
            HouseRules.preset("strict", bet_after_declare=True),
            "a betting round after the declare",
        ),
        (
            "seven-card-stud",
            STUD,
            HouseRules.preset("cards-speak", stud_opener="high-card"),
            "cannot write a high-card opener",
        ),
        (
            "anaconda-hilo-declare",
            Stakes(ante=1, small_bet=10, big_bet=20),
            HouseRules.preset("strict"),
            "players pass, discard, arrange or roll cards",
        ),
        (
            "roll-your-own-hilo-declare",
            STUD,
            HouseRules.preset("strict"),
            "players pass, discard, arrange or roll cards",
        ),
        (
            "baseball",
            STUD,
            HouseRules.preset("cards-speak"),
            "PHH cannot write Baseball: the format has no wild cards",
        ),
        (
            "seven-card-stud",
            Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20, raise_cap=3),
            CARDS_SPEAK,
            "four bets and raises a round",
        ),
        ("follow-the-queen", STUD, CARDS_SPEAK, "PHH cannot write Follow the queen: .* no wild"),
        (
            "five-card-draw-deuces-wild-hilo-declare",
            Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
            HouseRules.preset("strict"),
            "the format has no wild cards",
        ),
    ],
)
def test_games_phh_cannot_write_are_refused(
    variant: str, stakes: Stakes, rules: HouseRules, message: str
) -> None:
    hand = Hand.deal(VARIANTS[variant], rules, stakes, [100, 100], rng=random.Random(1))
    with pytest.raises(ConfigError, match=message):
        phh_variant(hand)
    with pytest.raises(HiloError, match=message):
        hand_to_phh(hand)


def test_pokerkit_betting_differences_are_refused_by_name() -> None:
    """hilo lets a player complete an all-in bet for less than a full bet; PHH cannot."""
    hand = Hand.deal(
        VARIANTS["holdem"],
        CARDS_SPEAK,
        LIMIT_BLINDS,
        [200, 18, 200],
        button=2,
        rng=random.Random(1),
    )
    for action in (
        Action.call(2),
        Action.call(0),
        Action.check(1),
        Action.check(0),
        Action.bet(1, 8),
    ):
        hand.apply(action)
    hand.apply(Action.complete(2))
    with pytest.raises(HiloError, match="completing a short all-in bet to 10"):
        hand_to_phh(hand)


def test_every_code_written_is_one_pokerkit_reads() -> None:
    assert set(PHH_GAMES) <= set(pokerkit.HandHistory.game_types)


def test_a_hand_written_as_one_seat_saw_it() -> None:
    hand = Hand.deal(
        VARIANTS["seven-card-stud-hilo"], CARDS_SPEAK, STUD, [200] * 3, rng=random.Random(3)
    )
    hand.apply(Action.bring_in(hand.to_act[0]))
    while not hand.is_complete:  # everybody else folds: nobody shows
        hand.apply(Action.fold(hand.to_act[0]))
    mine = hand_to_phh(hand, seen_by=1)
    watched = hand_to_phh(hand, seen_by=None)
    everything = hand_to_phh(hand)
    assert "??" not in everything
    for seat in range(3):
        down = [str(card) for card in hand.view_for(seat).seats[seat].down_cards]
        assert all(card in everything for card in down)
        assert all((card in mine) == (seat == 1) for card in down)
        assert not any(card in watched for card in down)
    assert watched.count("????") == 3  # two down cards each, one up card shown


def test_a_stud_hand_whose_deck_ran_out_is_refused() -> None:
    eight = Variant.from_dict(
        "stud-for-eight", {**VARIANTS["seven-card-stud"].to_dict(), "max_players": 8}
    )
    hand = Hand.deal(eight, CARDS_SPEAK, STUD, [100] * 8, rng=random.Random(1))
    while not hand.is_complete:  # everybody calls to the end: seventh street runs out
        seat = hand.to_act[0]
        kinds = {option.kind for option in hand.legal_actions(seat)}
        if ActionKind.BRING_IN in kinds:
            hand.apply(Action.bring_in(seat))
        else:
            hand.apply(Action.check(seat) if ActionKind.CHECK in kinds else Action.call(seat))
    assert len(hand.board) == 1
    with pytest.raises(ConfigError, match="a community card was dealt in the middle"):
        phh_variant(hand)


def test_a_game_of_offers_without_wild_cards_is_refused_for_its_offers() -> None:
    data = {key: value for key, value in VARIANTS["baseball"].to_dict().items() if key != "wild"}
    plain_baseball = Variant.from_dict("plain-baseball", data)
    hand = Hand.deal(
        plain_baseball, HouseRules.preset("cards-speak"), STUD, [100, 100], rng=random.Random(1)
    )
    with pytest.raises(ConfigError, match="a four buys an extra card or that a three is matched"):
        phh_variant(hand)
