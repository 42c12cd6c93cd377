"""Hand evaluation speed: hilo against treys, phevaluator and PokerKit, in one run.

Every evaluator scores the same seeded random hands, each given in its own native card
form (converted before timing). Each rate is the best of several rounds. Run it with
``make bench`` or ``python -m benchmarks.bench_hands --hands 100000``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.timing import best_rate
from hilo.cards import FULL_DECK, Card, format_cards
from hilo.hands import ace_to_five_score, best_high, high_score


def hilo_high(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            high_score(hand)

    return run


def hilo_high_words(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            best_high(hand)

    return run


def hilo_low(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            ace_to_five_score(hand)

    return run


def treys_high(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None]:
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluator = Evaluator()
    native = [[TreysCard.new(str(card)) for card in hand] for hand in hands]
    pairs = [(hand[:2], hand[2:]) for hand in native]

    def run() -> None:
        for hole, board in pairs:
            evaluator.evaluate(hole, board)

    return run


def phevaluator_high(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None]:
    from phevaluator import evaluate_cards

    native = [[str(card) for card in hand] for hand in hands]

    def run() -> None:
        for hand in native:
            evaluate_cards(*hand)

    return run


def pokerkit_high(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None]:
    from pokerkit import StandardHighHand

    native = [
        (format_cards(h[:2]).replace(" ", ""), format_cards(h[2:]).replace(" ", "")) for h in hands
    ]

    def run() -> None:
        for hole, board in native:
            StandardHighHand.from_game(hole, board)

    return run


def pokerkit_low(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None]:
    from pokerkit import RegularLowHand

    native = [format_cards(hand).replace(" ", "") for hand in hands]

    def run() -> None:
        for hand in native:
            RegularLowHand.from_game(hand)

    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print rates and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000, help="random 7-card hands")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the fastest counts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--slow-share", type=int, default=50, help="PokerKit scores one hand in this many"
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(FULL_DECK, 7)) for _ in range(args.hands)]
    few = hands[: max(1, args.hands // args.slow_share)]
    print(
        f"{args.hands:,} random 7-card hands (seed {args.seed}), best of {args.rounds} rounds; "
        f"Python {platform.python_version()} on {platform.machine()}"
    )

    rates: dict[str, float] = {}
    contenders: list[
        tuple[str, Callable[[Sequence[tuple[Card, ...]]], Callable[[], None]], Any]
    ] = [
        ("hilo high_score", hilo_high, hands),
        ("hilo best_high (with words and cards)", hilo_high_words, few),
        ("treys Evaluator.evaluate", treys_high, hands),
        ("phevaluator evaluate_cards", phevaluator_high, hands),
        ("PokerKit StandardHighHand.from_game", pokerkit_high, few),
        ("hilo ace_to_five_score", hilo_low, hands),
        ("PokerKit RegularLowHand.from_game", pokerkit_low, few),
    ]
    for name, make, sample in contenders:
        try:
            run = make(sample)
        except ImportError as missing:
            print(f"  {name:42} skipped: {missing}")
            continue
        rates[name] = best_rate(run, len(sample), args.rounds)
        print(f"  {name:42} {rates[name]:>12,.0f} hands/s  {1e6 / rates[name]:8.2f} us/hand")

    print("\nRatios (hilo's rate over the peer's, same hands, same run):")
    for ours, peer in [
        ("hilo high_score", "treys Evaluator.evaluate"),
        ("hilo high_score", "phevaluator evaluate_cards"),
        ("hilo high_score", "PokerKit StandardHighHand.from_game"),
        ("hilo ace_to_five_score", "PokerKit RegularLowHand.from_game"),
    ]:
        if ours in rates and peer in rates:
            print(f"  {ours} / {peer}: {rates[ours] / rates[peer]:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
