"""Wild-card evaluation speed, pure Python and batch, beside the same measures without wilds.

The same seeded random seven-card hands are scored in one run, with deuces wild (the run
prints how many hold a deuce: nearly half) and without any wild card, by the pure-Python
evaluators and by the batch kernels. Each rate is the best of several rounds; before each
round of the pure-Python wild scorer it forgets the hands it has met (it keeps what it
worked out for groups of cards, as a server does from hand to hand).
Run it with ``python -m benchmarks.bench_wild --hands 100000``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Callable, Sequence

from benchmarks.timing import best_rate
from hilo.cards import FULL_DECK, Card
from hilo.hands import Ranking, high_score, low_score
from hilo.hands.wild import _search_once as wild_search_once
from hilo.hands.wild import wild_score
from hilo.hands.wildspec import WildSpec
from hilo.sim import high_scores, low_scores, to_indices
from hilo.sim.wild import wild_high_scores, wild_low_scores

DEUCES = WildSpec.parse("2")

forget_hands = wild_search_once.cache_clear
"""Forget the wild hands met so far (`wild_score` answers a hand it met again from memory, as
a showdown asks about one hand more than once), keeping what it knows of groups of cards."""


def python_rate(
    score: Callable[[tuple[Card, ...]], int],
    hands: Sequence[tuple[Card, ...]],
    rounds: int,
    forget: Callable[[], None] | None = None,
) -> float:
    """Hands per second of a pure-Python scorer; ``forget`` (timed too) runs before each
    round, so that what a scorer keeps of a hand it has met is not what is measured."""

    def run() -> None:
        if forget is not None:
            forget()
        for hand in hands:
            score(hand)

    return best_rate(run, len(hands), rounds)


def batch_rate(score: Callable[[], object], count: int, rounds: int) -> float:
    """Hands per second of one call that scores a whole batch."""

    def run() -> None:
        score()

    return best_rate(run, count, rounds)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print rates, and each wild measure over its plain counterpart."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000, help="random 7-card hands")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the fastest counts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--python-share", type=int, default=10, help="pure Python scores one hand in this many"
    )
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(FULL_DECK, 7)) for _ in range(args.hands)]
    few = hands[: max(1, args.hands // args.python_share)]
    rows = to_indices(hands)
    with_deuce = sum(any(card.rank == 2 for card in hand) for hand in hands)
    print(
        f"{args.hands:,} random 7-card hands (seed {args.seed}; {with_deuce:,} hold a deuce), "
        f"best of {args.rounds} rounds; Python {platform.python_version()} on "
        f"{platform.machine()}"
    )
    low = Ranking.ACE_TO_FIVE
    measures: list[tuple[str, str, Callable[[], float]]] = [
        (
            "pure Python high",
            "high_score",
            lambda: python_rate(high_score, few, args.rounds),
        ),
        (
            "pure Python high",
            "wild_score, deuces wild",
            lambda: python_rate(
                lambda hand: wild_score(hand, wild=DEUCES), few, args.rounds, forget_hands
            ),
        ),
        (
            "pure Python ace-to-five low",
            "low_score",
            lambda: python_rate(lambda hand: low_score(hand, low), few, args.rounds),
        ),
        (
            "pure Python ace-to-five low",
            "wild_score, deuces wild",
            lambda: python_rate(
                lambda hand: wild_score(hand, wild=DEUCES, ranking=low),
                few,
                args.rounds,
                forget_hands,
            ),
        ),
        (
            "batch high",
            "high_scores",
            lambda: batch_rate(lambda: high_scores(rows), len(hands), args.rounds),
        ),
        (
            "batch high",
            "wild_high_scores, deuces wild",
            lambda: batch_rate(lambda: wild_high_scores(rows, DEUCES), len(hands), args.rounds),
        ),
        (
            "batch ace-to-five low",
            "low_scores",
            lambda: batch_rate(lambda: low_scores(rows, low), len(hands), args.rounds),
        ),
        (
            "batch ace-to-five low",
            "wild_low_scores, deuces wild",
            lambda: batch_rate(lambda: wild_low_scores(rows, DEUCES, low), len(hands), args.rounds),
        ),
    ]
    wild_high_scores(rows[:10], DEUCES)  # compile (or load) the kernels before timing
    wild_low_scores(rows[:10], DEUCES, low)
    high_scores(rows[:10])
    low_scores(rows[:10], low)
    plain: dict[str, float] = {}
    print()
    for group, name, measure in measures:
        rate = measure()
        print(f"  {group:28} {name:32} {rate:>12,.0f} hands/s  {1e6 / rate:8.2f} us/hand")
        if group in plain:
            print(f"  {'':28} {'wild over plain':32} {rate / plain[group]:>12.2f}x")
        else:
            plain[group] = rate
    return 0


if __name__ == "__main__":
    sys.exit(main())
