"""Random play-outs: every variant under random house rules and stakes, random legal actions.

Used by the play-out tests; run alone for long runs:
``python -m tests.engine.playouts 1000000`` plays a million hands with every check.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from dataclasses import dataclass

from hilo.cards import FULL_DECK, Card
from hilo.engine.actions import CARD_CHOICES, Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.events import (
    Board,
    Chose,
    Dealt,
    Declared,
    Discarded,
    Drew,
    Face,
    Passed,
    Rolled,
    Shown,
    TurnedUp,
)
from hilo.engine.history import hand_from_json, hand_to_json, replay
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.engine.wild_deal import seat_wild
from hilo.errors import ConfigError, IllegalActionError
from hilo.rules import PRESETS, VARIANTS, HouseRules, Stakes, Variant

STRUCTURES = ("fixed-limit", "spread-limit", "pot-limit", "no-limit")


def random_rules(variant: Variant, rng: random.Random) -> HouseRules:
    """A preset, sometimes with the optional declare and stud switches turned on."""
    preset = rng.choice(PRESETS)
    if variant.is_declare and preset == "cards-speak":
        preset = rng.choice(PRESETS[:3])
    changes: dict[str, object] = {}
    if preset != "cards-speak":
        if rng.random() < 0.4:
            changes["bet_after_declare"] = True
            changes["lock_rule"] = rng.choice(["free", "call-only", "no-raise"])
        if rng.random() < 0.4:
            changes["declare"] = "in-turn"
            order = rng.choice(["dealer-left", "high-showing", "last-aggressor"])
            needs_up_cards = order == "high-showing" and not variant.is_stud
            changes["declare_order"] = "dealer-left" if needs_up_cards else order
        changes["declare_timeout"] = rng.choice(["fold", "high", "low", "both"])
        changes["no_winner"] = rng.choice(
            ["rides", "cards-speak", "split", "second-best", "keep-won-side"]
        )
    if rng.random() < 0.5:
        changes["turn_up_hole_card"] = True
    if rng.random() < 0.3:
        changes["stud_opener"] = "high-card"
    changes["max_draw"] = rng.choice([3, 4, 5])
    if variant.four_extra or variant.three_match:
        changes["four_price"] = rng.choice([0, 0, 1, 5, 50])
        changes["four_card"] = rng.choice(["up", "down"])
        changes["three_rule"] = rng.choice(["match-or-fold", "match-to-wild", "none"])
    if any(street.take_or_stand for street in variant.streets):
        changes["stand_freezes"] = rng.random() < 0.5
        changes["max_rounds"] = rng.choice([1, 3, 10])
    changes["odd_chip_order"] = rng.choice(["button", "suit"])
    changes["no_spade"] = rng.choice(["high-takes-all", "rides"])
    changes["ace_low_spade"] = rng.random() < 0.5
    if not variant.wild.is_empty:
        changes["wild_duplicates"] = rng.random() < 0.7
        changes["natural_beats_wild"] = rng.random() < 0.3
        changes["queen_last"] = rng.choice(["only-queens", "none-wild"])
        changes["ace_low_for_wild"] = rng.random() < 0.3
    # A switch the game refuses (see Variant.rules_conflict) is set to what the game plays.
    return variant.played_rules(HouseRules.preset(preset, **changes))


def random_stakes(variant: Variant, rng: random.Random) -> Stakes:
    """Stakes of a random structure fitting the variant's forced bets."""
    structure = rng.choice(STRUCTURES)
    stud = variant.is_stud
    return Stakes(
        structure=structure,  # type: ignore[arg-type]
        ante=rng.choice([0, 1]) if not stud and variant.forced != "antes" else 1,
        small_blind=0 if stud else 1,
        big_blind=0 if stud else 2,
        bring_in=1 if stud else 0,
        small_bet=2,
        big_bet=4,
        min_bet=2,
        max_bet=rng.choice([2, 10, 40]),
        lift_cap_heads_up=rng.random() < 0.5,
    )


def random_action(hand: Hand, rng: random.Random) -> Action:
    """A legal action for one of the seats the hand is waiting for."""
    seat = rng.choice(hand.to_act)
    option = rng.choice(hand.legal_actions(seat))
    kind = option.kind
    if kind in (ActionKind.BET, ActionKind.RAISE):
        amount = rng.choice(
            [option.minimum, option.maximum, rng.randint(option.minimum, option.maximum)]
        )
        return Action(seat, kind, amount)
    if kind is ActionKind.DRAW:
        cards = hand.own_cards(seat)
        return Action.draw(seat, rng.sample(cards, rng.randint(0, option.maximum)))
    if kind is ActionKind.DECLARE:
        return Action.declare(seat, rng.choice(list(Direction)))
    if kind in CARD_CHOICES:
        if rng.random() < 0.05:
            return Action.timeout(seat)
        return Action(seat, kind, cards=random_choice(hand, seat, kind, option.minimum, rng))
    if rng.random() < 0.03:
        return Action.timeout(seat)
    if kind is ActionKind.BUY:
        return Action.buy(seat, rng.choice(hand.own_cards(seat)))
    return Action(seat, kind)


def random_choice(
    hand: Hand, seat: int, kind: ActionKind, count: int, rng: random.Random
) -> tuple[Card, ...]:
    """A random legal choice of ``count`` cards to pass, discard, arrange or roll."""
    held = hand.cards[seat]
    if kind is ActionKind.ROLL:
        return tuple(rng.sample([card for card, up in held if not up], count))
    return tuple(rng.sample([card for card, _ in held], count))


def illegal_actions(hand: Hand, rng: random.Random) -> list[Action]:
    """Actions that must be refused now."""
    waiting = set(hand.to_act)
    others = [seat for seat in range(hand.seats) if seat not in waiting]
    bad: list[Action] = [Action.call(rng.choice(others))] if others else []
    bad.append(Action.check(hand.seats + 3))
    seat = hand.to_act[0]
    kinds = {option.kind for option in hand.legal_actions(seat)}
    for option in hand.legal_actions(seat):
        if option.kind in (ActionKind.BET, ActionKind.RAISE):
            bad.append(Action(seat, option.kind, option.maximum + 1))
            if option.minimum > 1:
                bad.append(Action(seat, option.kind, option.minimum - 1))
    missing = [kind for kind in ActionKind if kind not in kinds and kind is not ActionKind.TIMEOUT]
    kind = rng.choice(missing)
    if kind is ActionKind.DECLARE:
        bad.append(Action.declare(seat, Direction.HIGH))
    elif kind is ActionKind.DRAW:
        bad.append(Action.draw(seat, ()))
    elif kind is not ActionKind.FOLD or ActionKind.DECLARE in kinds:
        bad.append(Action(seat, kind, 10**6))
    if ActionKind.DRAW in kinds:
        held = set(hand.own_cards(seat))
        stranger = next(card for card in FULL_DECK if card not in held)
        bad.append(Action.draw(seat, (stranger,)))
    for option in hand.legal_actions(seat):
        if option.kind in CARD_CHOICES:
            bad.extend(bad_choices(hand, seat, option.kind, option.minimum))
    return bad


def bad_choices(hand: Hand, seat: int, kind: ActionKind, count: int) -> list[Action]:
    """Choices of cards that must be refused: too few or too many cards, a card named twice,
    a card the seat does not hold, and (to roll) a card already face up."""
    own = [card for card, _ in hand.cards[seat]]
    stranger = next(card for card in FULL_DECK if card not in own)
    bad = [
        Action(seat, kind, cards=tuple(own[: count - 1]) if count > 1 else (stranger,)),
        Action(seat, kind, cards=(stranger, *own[: count - 1])),
        Action(seat, kind, cards=(own[0], *own[:count])),
    ]
    if kind is not ActionKind.ARRANGE and count < len(own):
        bad.append(Action(seat, kind, cards=tuple(own[: count + 1])))
    up = [card for card, face_up in hand.cards[seat] if face_up]
    if kind is ActionKind.ROLL and up:
        down = [card for card, face_up in hand.cards[seat] if not face_up]
        bad.append(Action(seat, kind, cards=(up[0], *down[: count - 1])))
    return bad


def known_cards(hand: Hand) -> tuple[set[Card], dict[int, set[Card]]]:
    """The cards every viewer may know about, and those each seat may know besides, from
    one reading of the log (cards a seat held and drew or passed away still count)."""
    public = set(hand.board)
    private: dict[int, set[Card]] = defaultdict(set)
    for seat in range(hand.seats):
        public.update(hand.up_cards(seat))
        private[seat].update(hand.own_cards(seat))
    for event in hand.events:
        match event:
            case Shown(cards=cards) | TurnedUp(cards=cards) | Board(cards=cards):
                public.update(cards)
            case Rolled(cards=cards) | Dealt(cards=cards, face=Face.UP):
                public.update(cards)
            case Dealt(seat=seat, cards=cards) | Drew(seat=seat, cards=cards):
                private[seat].update(cards)
            case Chose(seat=seat, cards=chosen) | Discarded(seat=seat, cards=chosen):
                private[seat].update(chosen or ())
            case Passed(seat=seat, to=to, cards=chosen):
                private[seat].update(chosen or ())
                private[to].update(chosen or ())
    return public, private


def allowed_cards(hand: Hand, viewer: int | None) -> set[Card]:
    """Every card ``viewer`` may know about."""
    public, private = known_cards(hand)
    return public if viewer is None else public | private[viewer]


def check_views(hand: Hand) -> None:
    """No view holds another seat's hidden card, its own wild rank or a sealed declaration."""
    sealed = hand.rules.declare == "simultaneous" and not hand.revealed
    everybody = hand.variant.wild.resolve(queen_ranks=hand.wild_ranks, board=hand.board)
    public, private = known_cards(hand)
    for viewer in [None, *range(hand.seats)]:
        view = hand.view_for(viewer)
        leaked = view.all_cards() - public
        if viewer is not None:
            leaked -= private[viewer]
        assert not leaked, f"seat {viewer} sees {sorted(leaked)}"
        assert view.wild == everybody
        if viewer is None:
            assert view.own_wild == frozenset()
        else:
            down = [card for card, face_up in hand.cards[viewer] if not face_up]
            rules = hand.rules
            own = seat_wild(
                hand.variant.wild, hand.wild_ranks, down, ace_low=rules.ace_low_for_wild
            )
            assert view.own_wild == own
        for seat_view in view.seats:  # another seat's own wild rank is its secret
            if seat_view.seat != viewer:
                assert all(everybody.is_wild(card) for card in view.wild_cards(seat_view))
        if sealed:
            for seat_view in view.seats:
                if seat_view.seat != viewer:
                    assert seat_view.declaration is None
            for event in view.events:
                if isinstance(event, Declared) and event.seat != viewer:
                    assert event.direction is None


@dataclass
class Tally:
    """What the play-outs saw, so a test can check they were not trivial."""

    hands: int = 0
    showdowns: int = 0
    declared: int = 0
    rides: int = 0
    refused: int = 0


def play_one(variant: Variant, rng: random.Random, tally: Tally, *, deep: bool) -> None:
    """Play one random hand with every check; ``deep`` also checks views at every step."""
    rules = random_rules(variant, rng)
    stakes = random_stakes(variant, rng)
    players = rng.randint(2, variant.max_players)
    stacks = [rng.choice([3, 8, 20, 50, 400]) for _ in range(players)]
    carried_in = rng.choice([0, 0, 0, 7])
    seed = rng.randrange(2**32)
    button = rng.randrange(players)
    hand = Hand.deal(
        variant,
        rules,
        stakes,
        stacks,
        button=button,
        rng=random.Random(seed),
        carried_in=carried_in,
    )
    steps = 0
    while not hand.is_complete:
        if deep:
            check_views(hand)
            for action in illegal_actions(hand, rng):
                before = len(hand.events)
                try:
                    hand.apply(action)
                except IllegalActionError:
                    tally.refused += 1
                else:
                    raise AssertionError(f"{action} was accepted but is not legal")
                assert len(hand.events) == before
        hand.apply(random_action(hand, rng))
        steps += 1
        assert steps < 400, "the hand does not end"
    check_views(hand)
    assert sum(hand.stacks) + hand.carried_out == sum(stacks) + carried_in
    assert all(chips >= 0 for chips in hand.stacks)
    again = replay(
        HandSetup(variant, rules, stakes, stacks, button=button, carried_in=carried_in),
        hand.actions,
        seed=seed,
    )
    assert again.events == hand.events
    if deep:
        assert hand_from_json(hand_to_json(hand)).events == hand.events
    tally.hands += 1
    tally.showdowns += hand.result is not None
    tally.declared += bool(hand.declarations)
    tally.rides += hand.carried_out > 0


def play_many(names: list[str], count: int, seed: int, *, deep_every: int = 10) -> Tally:
    """Play ``count`` hands over the named variants."""
    rng = random.Random(seed)
    tally = Tally()
    for number in range(count):
        variant = VARIANTS[names[number % len(names)]]
        play_one(variant, rng, tally, deep=number % deep_every == 0)
    return tally


def main(argv: list[str]) -> int:
    """Run a long play-out from the command line."""
    count = int(argv[0]) if argv else 100_000
    tally = play_many(sorted(VARIANTS), count, seed=int(argv[1]) if len(argv) > 1 else 1)
    print(tally)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except ConfigError as error:  # pragma: no cover
        sys.exit(f"playouts: {error}")
