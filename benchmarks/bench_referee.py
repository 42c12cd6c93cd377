"""Referee speed: declared three-way seven-card showdowns settled per second.

The target is 100,000 a second on one core. For scale, the same run times PokerKit
only *evaluating* the same hands (high and eight-or-better low for each player), which
is a part of what the referee does. Run: ``python -m benchmarks.bench_referee``.

Profile (py-spy, 5,000 showdowns under strict rules; share of the samples in `settle`):

* before: checking the input 22% (a set of cards a hand, a name worked out for every
  hand), frozen dataclasses' ``__init__`` 14% (``object.__setattr__`` a field: the default
  sides, rulings, awards, the result), ``_declared`` 7%, ``settle`` itself 6%, the high
  score 9% (four bit counts a hand to find a flush), the low 5%, the scoreboard 5%.
* after: ``_declared`` 12%, the quick check (one bit a card, the full check only when
  something is wrong) 11%, ``_side_winners`` 10%, ``quick_init``'s ``__init__`` 9%,
  ``pattern_score`` 7%, ``_against`` 7%, ``settle`` 6%, ``_halves`` 6%, the low 5%.

Instructions executed a strict showdown (callgrind, 600 showdowns): 372,700 before,
235,500 after (1.58x fewer). Still short of the target: deciding the pot
(``_settle_pot``, about 100,000 instructions) and scoring (about 20,000 a hand) are next.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from collections.abc import Callable, Sequence

from benchmarks.timing import best_rate
from hilo.cards import FULL_DECK, format_cards
from hilo.engine import Direction, Pot, ShowdownHand, settle
from hilo.rules import HouseRules

TARGET = 100_000


def deals(count: int, seed: int) -> list[list[ShowdownHand]]:
    rng = random.Random(seed)
    showdowns = []
    for _ in range(count):
        cards = rng.sample(FULL_DECK, 21)
        showdowns.append(
            [
                ShowdownHand(
                    seat, tuple(cards[seat * 7 : seat * 7 + 7]), rng.choice(list(Direction))
                )
                for seat in range(3)
            ]
        )
    return showdowns


def pokerkit_evaluation(showdowns: Sequence[list[ShowdownHand]]) -> Callable[[], None]:
    from pokerkit import EightOrBetterLowHand, StandardHighHand

    hands = [
        [format_cards(hand.cards).replace(" ", "") for hand in showdown] for showdown in showdowns
    ]

    def run() -> None:
        for showdown in hands:
            for cards in showdown:
                StandardHighHand.from_game(cards)
                with contextlib.suppress(ValueError):  # no qualifying low
                    EightOrBetterLowHand.from_game(cards)

    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the rate, the target and the ratio to PokerKit."""
    parser = argparse.ArgumentParser(description="Referee speed")
    parser.add_argument("--showdowns", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    showdowns = deals(args.showdowns, args.seed)
    pot = (Pot(300, (0, 1, 2)),)
    results: dict[str, float] = {}
    for name in ("strict", "liberal", "cards-speak"):
        rules = HouseRules.preset(name)
        cards_speak = rules.is_cards_speak
        prepared = [
            [ShowdownHand(h.seat, h.cards, None if cards_speak else h.declaration) for h in s]
            for s in showdowns
        ]

        def run(prepared: list[list[ShowdownHand]] = prepared, rules: HouseRules = rules) -> None:
            for hands in prepared:
                settle(pot, hands, rules=rules)

        results[name] = best_rate(run, len(prepared), args.rounds)
    print(
        f"{args.showdowns:,} random 3-way seven-card showdowns (seed {args.seed}), "
        f"best of {args.rounds} rounds, one core"
    )
    for name, rate in results.items():
        verdict = "meets" if rate >= TARGET else "MISSES"
        print(f"  hilo settle, {name:12} {rate:>10,.0f} showdowns/s  ({verdict} {TARGET:,}/s)")
    few = showdowns[: max(1, args.showdowns // 20)]
    try:
        peer = best_rate(pokerkit_evaluation(few), len(few), args.rounds)
    except ImportError as missing:
        print(f"  PokerKit skipped: {missing}")
        return 0
    print(f"  PokerKit evaluating the same hands only {peer:>10,.0f} showdowns/s")
    ratio = results["strict"] / peer
    print(f"\nRatio: hilo settle (strict) / PokerKit evaluation alone: {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
