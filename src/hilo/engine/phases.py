"""The phases of a hand, and the plan of them that a game and its house rules make.

>>> from hilo.rules import HouseRules, VARIANTS
>>> [phase.value for phase, _ in plan(VARIANTS["holdem"], HouseRules.preset("cards-speak"))][:4]
['dealing', 'betting', 'dealing', 'betting']
>>> timeout_default(Phase.DECLARING, 2, {ActionKind.DECLARE}, "fold").kind.value
'fold'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

from hilo.cards import Card
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Variant

__all__ = ["CHOOSING", "OFFERS", "Phase", "plan", "timeout_default"]


class Phase(StrEnum):
    """Where a hand is. Dealing and the showdown happen at once, between phases."""

    DEALING = "dealing"
    TURNING_UP = "turning-up"
    DRAWING = "drawing"
    PASSING = "passing"
    DISCARDING = "discarding"
    ARRANGING = "arranging"
    ROLLING = "rolling"
    REVEALING = "revealing"
    TAKING = "taking"
    EXTRA_CARD = "extra-card"
    MATCHING = "matching"
    BUYING = "buying"
    BETTING = "betting"
    DECLARING = "declaring"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


CHOOSING: dict[Phase, ActionKind] = {
    Phase.PASSING: ActionKind.PASS,
    Phase.DISCARDING: ActionKind.DISCARD,
    Phase.ARRANGING: ActionKind.ARRANGE,
    Phase.ROLLING: ActionKind.ROLL,
}
"""The phases where every live seat makes a secret choice of cards at once, and its kind."""

OFFERS = frozenset((Phase.TAKING, Phase.EXTRA_CARD, Phase.MATCHING, Phase.BUYING))
"""The phases where seats answer an offer one at a time, in order: 7/27's take or stand,
Baseball's extra card for a four and its match (or fold) for a three dealt face up, and a
card bought for the game's price."""


def plan(variant: Variant, rules: HouseRules) -> list[tuple[Phase, int]]:
    """Every phase of a hand of ``variant`` under ``rules``, in order, with its street index.

    The betting round after the declare has the index one past the last street. A
    ``take_or_stand`` street's dealing, taking and betting repeat while players take cards
    (`hilo.engine.offers.TakeRounds` says where the hand goes after its betting round).
    """
    steps: list[tuple[Phase, int]] = []
    last = len(variant.streets) - 1
    # Turning up buys the last card face down: only in stud where it comes face up.
    up_last = variant.is_stud and variant.streets[last].up > 0
    for index, street in enumerate(variant.streets):
        if index == last and rules.turn_up_hole_card and up_last:
            steps.append((Phase.TURNING_UP, index))
        steps.append((Phase.DEALING, index))
        if street.draw:
            steps.append((Phase.DRAWING, index))
        if street.take_or_stand:
            steps.append((Phase.TAKING, index))
        if street.up and variant.four_extra:
            steps.append((Phase.EXTRA_CARD, index))
        if street.up and variant.three_match and rules.three_rule != "none":
            steps.append((Phase.MATCHING, index))
        for phase, wanted in (
            (Phase.PASSING, street.passes),
            (Phase.DISCARDING, street.discard),
            (Phase.ARRANGING, street.arrange),
            (Phase.ROLLING, street.roll),
            (Phase.REVEALING, street.reveal),
        ):
            if wanted:
                steps.append((phase, index))
        if street.bet:
            steps.append((Phase.BETTING, index))
        if variant.buy_after and street.name == variant.buy_after:
            steps.append((Phase.BUYING, index))
    if variant.declares_under(rules):
        steps.append((Phase.DECLARING, last))
        if rules.bet_after_declare:
            steps.append((Phase.BETTING, last + 1))
    steps.append((Phase.SHOWDOWN, last))
    steps.append((Phase.COMPLETE, last))
    return steps


def timeout_default(
    phase: Phase,
    seat: int,
    kinds: Collection[ActionKind],
    declare_timeout: str,
    *,
    held: Sequence[tuple[Card, bool]] = (),
    count: int = 0,
) -> Action:
    """What the house does for ``seat`` when its time runs out in ``phase``.

    ``kinds``: what the seat may do now; ``declare_timeout``: the house rule, "fold" or a
    direction. Betting checks when it can, brings it in when it must, and else folds.
    A secret choice of cards takes ``held`` (the seat's cards in order, each with whether it
    is face up) and ``count`` (how many it must name): it passes or discards the first
    ``count`` cards, rolls the first ``count`` face-down ones, and keeps the dealt order.
    7/27's offer of a card stands; a four's extra card is declined; a three dealt face up is
    folded to when it must be matched, else declined; a card is not bought. Once the hand is
    over, a winner nobody called mucks.
    """
    if phase is Phase.COMPLETE:
        return Action(seat, ActionKind.MUCK)
    if phase in CHOOSING:
        if phase is Phase.ROLLING:
            chosen = [card for card, face_up in held if not face_up][:count]
        elif phase is Phase.ARRANGING:
            chosen = [card for card, _ in held]
        else:
            chosen = [card for card, _ in held][:count]
        return Action(seat, CHOOSING[phase], cards=tuple(chosen))
    if phase is Phase.BETTING:
        if ActionKind.CHECK in kinds:
            return Action.check(seat)
        if ActionKind.BRING_IN in kinds:
            return Action.bring_in(seat)
        return Action.fold(seat)
    if phase is Phase.DRAWING:
        return Action.draw(seat, ())
    if phase is Phase.TAKING:
        return Action.stand(seat)
    if phase is Phase.MATCHING and ActionKind.FOLD in kinds:
        return Action.fold(seat)
    if phase in (Phase.EXTRA_CARD, Phase.MATCHING, Phase.BUYING):
        return Action.decline(seat)
    if phase is Phase.TURNING_UP:
        return Action.keep_down(seat)
    if declare_timeout == "fold":
        return Action.fold(seat)
    return Action.declare(seat, Direction(declare_timeout))
