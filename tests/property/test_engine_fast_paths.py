"""The engine's quick paths against its general ones, on random input: the same events, views,
histories and refusals.

A bet or a declaration by the seat whose turn it is (`Hand._in_turn` and `BettingRound.act`),
the best high hand showing read from the cards held (`best_high_showing`) and pots everybody is
in for the same (`build_pots`) each have a general path that decides the same thing; here each
hand is played twice, once as the engine plays it and once with the quick paths turned off.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from hilo.cards import FULL_DECK, Card
from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import BettingRound
from hilo.engine.history import hand_to_json
from hilo.engine.pots import build_pots
from hilo.engine.seating import best_high_showing, best_showing
from hilo.engine.state import Hand
from hilo.errors import IllegalActionError
from hilo.rules import VARIANTS, Stakes
from tests.engine.playouts import illegal_actions, random_action, random_rules, random_stakes


def _general_act(betting: BettingRound, seat: int, kind: ActionKind, amount: int) -> int:
    return betting.apply(seat, kind, amount, betting.allowed(seat, kind, amount))


def _general_showing(live: Sequence[int], held: Sequence[Sequence[tuple[Card, bool]]]) -> int:
    return best_showing(live, [[card for card, up in cards if up] for cards in held])


@contextmanager
def general_paths() -> Iterator[None]:
    """Every quick path of a hand turned off: actions checked in full, the general rules."""
    with (
        mock.patch.object(Hand, "_in_turn", return_value=None),
        mock.patch.object(BettingRound, "act", _general_act),
        mock.patch("hilo.engine.hand_betting.best_high_showing", _general_showing),
    ):
        yield


def _state(hand: Hand) -> tuple[object, ...]:
    """What anybody can read of a hand now: every seat's view and options, whose turn it is."""
    views = tuple(hand.view_for(viewer) for viewer in [None, *range(hand.seats)])
    options = tuple(hand.legal_actions(seat) for seat in range(hand.seats))
    return hand.phase, hand.to_act, options, views, tuple(hand.stacks)


def _refusal(hand: Hand, action: Action) -> str | None:
    """The sentence refusing ``action`` (None: it was carried out, which must not happen)."""
    try:
        hand.apply(action)
    except IllegalActionError as error:
        return str(error)
    return None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**32 - 1))
def test_a_random_hand_plays_the_same_with_and_without_the_quick_paths(
    name: str, seed: int
) -> None:
    variant = VARIANTS[name]
    rng = random.Random(seed)
    rules, stakes = random_rules(variant, rng), random_stakes(variant, rng)
    stacks = [rng.choice([3, 8, 20, 50, 400]) for _ in range(rng.randint(2, variant.max_players))]
    button = rng.randrange(len(stacks))

    def deal() -> Hand:
        return Hand.deal(variant, rules, stakes, stacks, button=button, rng=random.Random(seed))

    quick = deal()
    with general_paths():
        general = deal()
    while True:
        with general_paths():
            seen = _state(general)
        assert _state(quick) == seen
        if quick.is_complete:
            break
        for wrong in illegal_actions(quick, rng):
            with general_paths():
                refusal = _refusal(general, wrong)
            assert refusal is not None
            assert _refusal(quick, wrong) == refusal
        action = random_action(quick, rng)
        with general_paths():
            expected = general.apply(action)
        assert quick.apply(action) == expected
    assert quick.events == general.events
    assert hand_to_json(quick) == hand_to_json(general)


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(FULL_DECK),
    st.lists(st.integers(0, 7), min_size=2, max_size=8),
    st.lists(st.booleans(), min_size=56, max_size=56),
)
def test_the_best_high_hand_showing_is_the_one_best_showing_finds(
    deck: list[Card], counts: list[int], face_up: list[bool]
) -> None:
    held: list[list[tuple[Card, bool]]] = []
    dealt = 0
    for count in counts:
        held.append(
            [(card, face_up[dealt + n]) for n, card in enumerate(deck[dealt : dealt + count])]
        )
        dealt += count
    live = list(range(len(counts)))
    assert best_high_showing(live, held) == _general_showing(live, held)


@given(
    st.lists(st.integers(0, 500), min_size=0, max_size=9),
    st.integers(0, 20),
    st.booleans(),
)
def test_pots_everybody_is_in_for_the_same_are_built_as_by_the_layers(
    amounts: list[int], carried_in: int, same: bool
) -> None:
    if same and amounts:
        amounts = [amounts[0]] * len(amounts)
    contributed = dict(enumerate(amounts))
    # a seat out of the hand that put nothing in takes the general path, to the same pots
    assert build_pots(contributed, set(), carried_in) == build_pots(contributed, {99}, carried_in)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_betting_round_acts_as_it_allows_and_applies(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 7)
    order = list(range(players))
    stacks = [rng.choice([0, 1, 3, 10, 25, 400]) for _ in order]
    if not any(stacks):
        stacks[0] = 5
    stakes = Stakes(
        structure=rng.choice(["fixed-limit", "spread-limit", "pot-limit", "no-limit"]),
        small_bet=2,
        big_bet=4,
        min_bet=2,
        max_bet=10,
        bring_in=1,
        ante=1,
    )
    bring_in = rng.choice([None, rng.choice(order)])
    made = [
        BettingRound(order, stacks, stakes, big_bet=False, pot_before=6, bring_in=bring_in)
        for _ in range(2)
    ]
    quick, general = made
    while general.to_act() is not None:
        seat = general.to_act()
        assert seat is not None
        tries = [
            (rng.choice(order), rng.choice(list(ActionKind)[:7]), rng.choice([0, 2, 4, 7, 500]))
            for _ in range(3)
        ]
        options = general.options(seat)
        option = rng.choice(options)
        amount = rng.randint(option.minimum, option.maximum)
        tries.append((seat, option.kind, amount))
        for who, kind, chips in tries:
            try:
                expected: int | str = _general_act(general, who, kind, chips)
            except IllegalActionError as error:
                expected = str(error)
            try:
                got: int | str = quick.act(who, kind, chips)
            except IllegalActionError as error:
                got = str(error)
            assert got == expected
            assert (quick.bets, quick.stacks, quick.to_act()) == (
                general.bets,
                general.stacks,
                general.to_act(),
            )
