"""Random showdowns for the referee, and a digest of everything it says about each one.

`cases` makes the same showdowns on every run (seeded): seven-card stud declare and cards
speak under random house rules, the three-way declared showdown of the referee's
benchmark, hold'em and Omaha boards, five-card hands, high games, the sides of every
game, wild cards, side pots, folds, seat orders, unchecked input, scores already worked
out (`settle_scores`), and input with a fault in it. `digest` settles one and hashes its
every fact: each pot's ruling field by field, the awards and their reasons, what rides,
the totals and the whole explanation, or the sentence of the error.

``referee-digests.json`` holds the digests the referee gave before its hot path was
rewritten for speed (``python -m tests.engine.referee_cases`` writes it); the referee must
still give the same, case by case.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import random
from collections.abc import Callable, Iterator
from enum import Enum
from pathlib import Path
from typing import Any

from hilo.cards import FULL_DECK, JOKER, Card
from hilo.engine import Direction, Pot, ShowdownHand, ShowdownResult, settle
from hilo.engine.rulings import PotRuling
from hilo.engine.showdown import settle_scores
from hilo.errors import HiloError
from hilo.hands import Ranking, Selection
from hilo.hands.wildspec import WildSpec
from hilo.rules import HouseRules
from hilo.rules.variants import VARIANTS

DIGESTS = Path(__file__).parent / "fixtures" / "referee-digests.json"
COUNT = 4000

Case = Callable[[], ShowdownResult | PotRuling]
"""One showdown to settle: a call of the referee, made when the case is digested."""


def _plain(value: object) -> object:
    """A value as plain JSON data, the same on every run (sets sorted, enums by value)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: _plain(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, frozenset | set):
        return sorted(str(_plain(item)) for item in value)
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return [[_plain(key), _plain(item)] for key, item in value.items()]
    return value


def render(outcome: ShowdownResult | PotRuling) -> str:
    """Every fact of a result (or of one pot's ruling) and its explanation, as text."""
    if isinstance(outcome, PotRuling):
        return json.dumps(_plain(outcome))
    facts = {
        "pots": _plain(outcome.pots),
        "hands": _plain(outcome.hands),
        "rules": outcome.rules.name,
        "board": _plain(outcome.board),
        "selection": outcome.selection.value,
        "seat_order": list(outcome.seat_order),
        "high_only": outcome.high_only,
        "sides": repr(outcome.sides),
        "awards": _plain(outcome.awards),
        "carried": outcome.carried,
        "amounts": _plain(outcome.amounts()),
        "explanation": outcome.explanation(),
    }
    return json.dumps(facts)


def digest(case: Case) -> str:
    """A short hash of what the referee says about one case (its result or its error)."""
    try:
        text = render(case())
    except HiloError as error:
        text = f"{type(error).__name__}: {error}"
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _rules(rng: random.Random) -> HouseRules:
    if rng.random() < 0.3:
        return HouseRules.preset(rng.choice(["strict", "liberal", "outright", "cards-speak"]))
    return HouseRules(
        low=rng.choice([Ranking.ACE_TO_FIVE] * 3 + [Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX]),
        low_qualifier=rng.choice([None, None, 8, 8, 7, 9]),
        declare=rng.choice(["simultaneous", "simultaneous", "cards-speak"]),
        swing_ties=rng.choice(["lose", "share", "keep-won-side"]),
        second_best=rng.random() < 0.5,
        no_winner=rng.choice(["rides", "cards-speak", "split", "second-best", "keep-won-side"]),
        all_swing_fallback=rng.choice(["cards-speak", "no-winner"]),
        odd_chip=rng.choice(["high", "low"]),
        odd_chip_order=rng.choice(["button", "suit"]),
    )


def _hands(
    rng: random.Random,
    rules: HouseRules,
    players: int,
    size: int,
    deck: list[Card],
    *,
    up: bool = False,
) -> list[ShowdownHand]:
    seats = sorted(rng.sample(range(10), players)) if rng.random() < 0.3 else list(range(players))
    folded = [rng.random() < 0.15 for _ in seats]
    if all(folded):
        folded[rng.randrange(players)] = False
    hands = []
    for number, seat in enumerate(seats):
        cards = tuple(deck.pop() for _ in range(size))
        declaration = None if rules.is_cards_speak else rng.choice(list(Direction))
        name = rng.choice(["", f"P{seat}", "You"] if seat == seats[0] else ["", f"P{seat}"])
        shown = cards[2:6] if up and size >= 5 else ()
        hands.append(ShowdownHand(seat, cards, declaration, name, folded[number], shown))
    return hands


def _pots(rng: random.Random, hands: list[ShowdownHand]) -> list[Pot]:
    seats = [hand.seat for hand in hands]
    live = [hand.seat for hand in hands if not hand.is_folded]
    if rng.random() < 0.4:
        return [Pot(rng.choice([0, 1, 7, 100, 101, 300, 301, 999]), tuple(seats))]
    pots = []
    for _ in range(rng.randint(1, 3)):
        members = set(rng.sample(seats, rng.randint(1, len(seats))))
        if not members & set(live):
            members.add(rng.choice(live))
        pots.append(Pot(rng.randint(0, 1001), tuple(sorted(members))))
    return pots


def _order(rng: random.Random, hands: list[ShowdownHand]) -> tuple[int, ...] | None:
    if rng.random() < 0.5:
        return None
    order = [hand.seat for hand in hands]
    start = rng.randrange(len(order))
    return tuple(order[start:] + order[:start])


def _showdown(rng: random.Random) -> Case:
    """A valid showdown of one of the kinds the module's docstring lists."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    kind = rng.random()
    rules = _rules(rng)
    options: dict[str, Any] = {}
    if kind < 0.15:  # the benchmark's three-way showdown
        rules = HouseRules.preset(rng.choice(["strict", "liberal", "cards-speak"]))
        hands = _hands(rng, rules, 3, 7, deck)
        hands = [dataclasses.replace(hand, is_folded=False, name="") for hand in hands]
        hands = [dataclasses.replace(hand, seat=seat) for seat, hand in enumerate(hands)]
        return lambda: settle([Pot(300, (0, 1, 2))], hands, rules=rules)
    if kind < 0.55:  # seven-card stud
        hands = _hands(rng, rules, rng.randint(2, 7), 7, deck, up=True)
    elif kind < 0.65:  # hold'em, or Omaha
        omaha = rng.random() < 0.3
        hands = _hands(rng, rules, rng.randint(2, 8), 4 if omaha else 2, deck)
        options["board"] = tuple(deck.pop() for _ in range(5))
        if omaha:
            options["selection"] = Selection.OMAHA
    elif kind < 0.72:  # five or six cards a hand
        hands = _hands(rng, rules, rng.randint(2, 6), rng.choice([5, 6]), deck)
    elif kind < 0.77:  # a high game
        hands = _hands(rng, rules, rng.randint(2, 6), 7, deck)
        options["high_only"] = True
    elif kind < 0.9:  # the sides of a game
        variant = VARIANTS[rng.choice(sorted(VARIANTS))]
        options["sides"] = variant.sides(rules)
        if rng.random() < 0.5:
            with contextlib.suppress(HiloError):  # a declare game under cards speak: as they are
                rules = variant.showdown_rules(rules)
        hands = _hands(rng, rules, rng.randint(2, 6), rng.choice([5, 7]), deck, up=True)
    else:  # wild cards
        hands = _hands(rng, rules, rng.randint(2, 6), 7, deck, up=True)
        options["wild"] = WildSpec.parse(rng.choice(["2", "follow-the-queen", "low-hole", "2,jh"]))
    options["seat_order"] = _order(rng, hands)
    sides = options.get("sides")
    if options.get("high_only") or (sides is not None and None in (sides.high, sides.low)):
        # a game with one side is settled with the cards speaking: nobody declares
        hands = [dataclasses.replace(hand, declaration=None) for hand in hands]
    options["validate"] = "sides" in options or rng.random() < 0.7
    pots = _pots(rng, hands)
    return lambda: settle(pots, hands, rules=rules, **options)


def _faulty(rng: random.Random) -> Case:
    """A showdown with one mistake in its input."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    rules = _rules(rng)
    hands = _hands(rng, rules, rng.randint(2, 5), 7, deck)
    hands = [dataclasses.replace(hand, is_folded=False) for hand in hands]
    pots = _pots(rng, hands)
    seats = [hand.seat for hand in hands]
    fault = rng.randrange(11)
    first, second = hands[0], hands[1]
    if fault == 0:  # a card in two hands
        hands[1] = dataclasses.replace(second, cards=(*second.cards[:6], first.cards[3]))
    elif fault == 1:  # a card twice in one hand
        hands[0] = dataclasses.replace(first, cards=(*first.cards[:6], first.cards[0]))
    elif fault == 2:  # a declaration missing, or one under cards speak
        declaration = Direction.LOW if rules.is_cards_speak else None
        hands[1] = dataclasses.replace(second, declaration=declaration)
    elif fault == 3:  # a pot naming a seat nobody has
        pots = [Pot(100, (*seats, 42))]
    elif fault == 4:  # a pot listing a seat twice
        pots = [Pot(100, (*seats, seats[0]))]
    elif fault == 5:  # chips that are not a whole number
        pots = [Pot(rng.choice([-1, True, 1.5, "9"]), tuple(seats))]  # type: ignore[arg-type]
    elif fault == 6:  # an up card the player does not hold
        hands[0] = dataclasses.replace(first, up=(second.cards[0],))
    elif fault == 7:  # too few cards
        hands[1] = dataclasses.replace(second, cards=second.cards[:3])
    elif fault == 8:  # no pots, or a seat given twice
        if rng.random() < 0.5:
            pots = []
        else:
            hands.append(dataclasses.replace(first))
    elif fault == 9:  # the joker in a hand where nothing is wild
        hands[0] = dataclasses.replace(first, cards=(*first.cards[:6], JOKER))
    else:  # a seat order missing a seat
        return lambda: settle(pots, hands, rules=rules, seat_order=tuple(seats[1:]))
    return lambda: settle(pots, hands, rules=rules)


def _scores(rng: random.Random) -> Case:
    """One pot settled from scores already worked out, as the bots' simulations do."""
    rules = _rules(rng)
    players = rng.randint(2, 6)
    highs = [rng.randint(1, 6) for _ in range(players)]
    lows = [rng.randint(0, 4) for _ in range(players)]
    declarations = [None if rules.is_cards_speak else rng.choice(list(Direction)) for _ in highs]
    amount = rng.randint(0, 301)
    high_only = rng.random() < 0.15
    return lambda: settle_scores(
        amount, highs, lows, declarations, rules=rules, high_only=high_only
    )


def cases(count: int = COUNT) -> Iterator[Case]:
    """The same ``count`` cases on every run."""
    rng = random.Random(2026)
    for _ in range(count):
        roll = rng.random()
        if roll < 0.08:
            yield _faulty(rng)
        elif roll < 0.15:
            yield _scores(rng)
        else:
            yield _showdown(rng)


def main() -> None:
    """Write the digests of every case as the referee settles them now."""
    digests = [digest(case) for case in cases()]
    DIGESTS.write_text(json.dumps(digests, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
