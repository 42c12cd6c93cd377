"""Hi-lo equity speed and agreement: hilo.sim against poker-equity and PokerKit, in one run.

Two heads-up games, each on the same seeded random spots for every peer: seven-card
stud high-low eight or better on third street (three known cards each, four to come)
and Omaha high-low eight or better before the flop (four known hole cards each, the
board to come). A spot's *scenario* is one equity question answered with the same
number of Monte Carlo deals by every peer. Rates are spots a second (and deals a
second), the best of several rounds, first on one thread each (poker-equity with
``threads=1``, hilo in this process with ``threads=1``), then on ``--threads`` threads
each (default every core; targets: Omaha high-low at least 3x poker-equity, with the same
threads each), and hilo on many threads over hilo on one, in the same run. hilo's
figures are the same to the last bit for any number of threads. Agreement is the largest
gap between hilo and the peer over every spot, in combined standard errors, for the share
of the pot, the best high alone, the best low alone and the scoop.

PokerKit's ``calculate_equities`` plays hi-lo by splitting the pot among the hand types
given (high, and eight-or-better low), so it answers the share of the pot only; being
pure Python it gets fewer spots and deals, and its rate is compared in deals a second.

Run it with ``python -m benchmarks.bench_equity`` (``--threads N`` to choose).

Profile (cProfile, five runs of 100,000 deals of one heads-up spot, one thread). Before
this round: Omaha high-low spent 78% of its time in the two-plus-three high kernel (60
perfect-hash look-ups a player a deal), 6% in the qualified lows, 6% dealing and 1% in
the tally; hence the pair-triple kernel (`hilo.sim.omaha`: the board's triples once a
deal, one read of a small table a combination), after which the kernel is 54%, the
qualified lows 15% and the dealing 17%. Stud high-low spent 33% dealing, 26% in the high
and low kernels, 13% copying each player's cards out of the deal rows and 9% in the
tally: on several threads a block's scoring runs beside the dealing of the next block,
and the dealing and the tally stay on one thread so that the figures do not depend on the
number of threads.

Second pass (cProfile and each stage timed alone in thread CPU time, one block of 32,768
deals of one spot): Omaha high-low spent about 355 ns a deal scoring (the pair-triple
kernel's sixty look-ups a player, the qualified lows, copying boards and hands out of
the rows), 65 dealing and 15 in the tally. Both hands of a spot are the same in every
deal, so each is now scored through tables made once for it (`hilo.sim.omaha_known`):
one look-up by the board's five ranks for the high, one by its low ranks for the low,
and boards and hands are read straight out of the rows: scoring is about 100 ns a deal,
the dealing (65) is now the largest part, then the scoring's reading of the rows (about
20) and the tally (16). A hand not known in full (a range, a random opponent) is still
scored by the pair-triple kernel.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from benchmarks.timing import best_rate
from hilo.cards import FULL_DECK

POKER_EQUITY = "poker-equity chunk_from_text"
FIGURES = ("share", "win_high", "win_low", "scoop")


@dataclass(frozen=True, slots=True)
class Spot:
    """One heads-up question: both players' known cards."""

    game: str
    """hilo's game name."""
    peer: str
    """poker-equity's name for the game."""
    mine: tuple[str, ...]
    theirs: tuple[str, ...]


def random_spots(game: str, count: int, seed: int) -> list[Spot]:
    """``count`` random heads-up spots of ``game`` (``stud`` or ``omaha``)."""
    rng = np.random.default_rng(seed)
    size = 3 if game == "stud" else 4
    spots = []
    for _ in range(count):
        cards = [str(FULL_DECK[index]) for index in rng.permutation(52)[: 2 * size].tolist()]
        if game == "stud":
            spots.append(Spot("seven-card-stud-hilo", "stud_hi_lo", tuple(cards[:3]),
                              tuple(cards[3:])))  # fmt: skip
        else:
            spots.append(Spot("omaha-hilo", "omaha_hi_lo", tuple(cards[:4]), tuple(cards[4:])))
    return spots


def hilo_scenario(spot: Spot) -> Any:
    """The spot as a hilo scenario: the opponent's known cards are up cards (stud) or a
    one-hand range (Omaha)."""
    from hilo.sim import Scenario

    theirs = " ".join(spot.theirs)
    if spot.game.startswith("seven"):
        return Scenario.from_text(spot.game, " ".join(spot.mine), up=[theirs])
    return Scenario.from_text(spot.game, " ".join(spot.mine), ranges=[theirs])


def hilo_run(
    spots: Sequence[Spot], samples: int, threads: int = 1
) -> tuple[Callable[[], None], list[Any]]:
    """Answer every spot with hilo, in this process on ``threads``; and the answers."""
    from hilo.sim import InlineExecutor, equity

    scenarios = [hilo_scenario(spot) for spot in spots]
    here = InlineExecutor()

    def answers() -> list[Any]:
        return [
            equity(
                scenario,
                samples=samples,
                seed=number,
                exact=False,
                executor=here,
                threads=threads,
            )
            for number, scenario in enumerate(scenarios)
        ]

    def run() -> None:
        answers()

    return run, answers()


def _indicator(count: float, samples: float) -> tuple[float, float]:
    mean = count / samples
    return mean, math.sqrt(max(mean * (1 - mean), 0.0) / (samples - 1))


def peer_run(
    spots: Sequence[Spot], samples: int, threads: int = 1
) -> tuple[Callable[[], None], list[dict[str, tuple[float, float]]]]:
    """Answer every spot with poker-equity on ``threads``; and its figures for seat 0."""
    import poker_equity

    questions = [(spot.peer, ["".join(spot.mine), "".join(spot.theirs)]) for spot in spots]

    def answers() -> list[dict[str, Any]]:
        return [
            poker_equity.chunk_from_text(key, hands, "", "", samples, seed=number, threads=threads)
            for number, (key, hands) in enumerate(questions)
        ]

    def run() -> None:
        answers()

    figures = []
    for result in answers():
        seat, total = result["players"][0], float(result["samples"])
        figures.append(
            {
                "share": (seat["equity"], seat["std_error"]),
                "win_high": _indicator(result["high_win_count"][0], total),
                "win_low": _indicator(result["low_win_count"][0], total),
                "scoop": _indicator(result["scoop_count"][0], total),
            }
        )
    return run, figures


def pokerkit_run(spots: Sequence[Spot], samples: int) -> tuple[Callable[[], None], list[float]]:
    """Answer spots with PokerKit's calculate_equities (share of the pot only)."""
    from pokerkit import (
        Card,
        Deck,
        EightOrBetterLowHand,
        OmahaEightOrBetterLowHand,
        OmahaHoldemHand,
        StandardHighHand,
        calculate_equities,
    )

    def question(spot: Spot) -> Callable[[], float]:
        ranges = ([list(Card.parse("".join(spot.mine)))], [list(Card.parse("".join(spot.theirs)))])
        if spot.game.startswith("seven"):
            types: tuple[Any, ...] = (StandardHighHand, EightOrBetterLowHand)
            hole, board = 7, 0
        else:
            types, hole, board = (OmahaHoldemHand, OmahaEightOrBetterLowHand), 4, 5

        def ask() -> float:
            shares = calculate_equities(
                ranges, [], hole, board, Deck.STANDARD, types, sample_count=samples
            )
            return float(shares[0])

        return ask

    asks = [question(spot) for spot in spots]

    def run() -> None:
        for ask in asks:
            ask()

    return run, [ask() for ask in asks]


def _gap(ours: tuple[float, float], theirs: tuple[float, float]) -> float:
    spread = math.hypot(ours[1], theirs[1])
    return abs(ours[0] - theirs[0]) / spread if spread > 0 else 0.0


def measure(name: str, spots: list[Spot], args: argparse.Namespace) -> None:
    """Time and compare every peer on one game's spots, and print the results."""
    count, samples, threads = len(spots), args.samples, args.threads
    print(f"\n{name}")
    run, ours = hilo_run(spots, samples)
    hilo_rate = best_rate(run, count, args.rounds)
    deals = hilo_rate * samples / 1e6
    print(f"  {'hilo equity, 1 thread':44} {hilo_rate:10,.1f} spots/s {deals:8.2f} M deals/s")
    many, ours_on_many = hilo_run(spots, samples, threads)
    if ours_on_many != ours:
        raise RuntimeError(f"hilo gave other figures on {threads} threads than on one")
    many_rate = best_rate(many, count, args.rounds)
    print(f"  {f'hilo equity, {threads} threads':44} {many_rate:10,.1f} spots/s "
          f"{many_rate * samples / 1e6:8.2f} M deals/s (the same figures)")  # fmt: skip
    print(f"  hilo on {threads} threads / hilo on 1: {many_rate / hilo_rate:.2f}x")
    target = 3.0 if name.startswith("Omaha") else 1.0
    try:
        peer, theirs = peer_run(spots, samples)
    except ImportError as missing:
        print(f"  {POKER_EQUITY:44} skipped: {missing}")
    else:
        peer_rate = best_rate(peer, count, args.rounds)
        print(f"  {POKER_EQUITY + ' (threads=1)':44} {peer_rate:10,.1f} spots/s "
              f"{peer_rate * samples / 1e6:8.2f} M deals/s")  # fmt: skip
        peer_many, _ = peer_run(spots, samples, threads)
        peer_many_rate = best_rate(peer_many, count, args.rounds)
        print(f"  {POKER_EQUITY + f' (threads={threads})':44} {peer_many_rate:10,.1f} spots/s "
              f"{peer_many_rate * samples / 1e6:8.2f} M deals/s")  # fmt: skip
        for words, ratio in (
            ("1 thread each", hilo_rate / peer_rate),
            (f"{threads} threads each", many_rate / peer_many_rate),
        ):
            verdict = "met" if ratio >= target else "missed"
            print(f"  hilo / poker-equity, {words}: {ratio:.2f}x spots/s "
                  f"(target {target:g}x: {verdict})")  # fmt: skip
        gaps = {
            figure: max(
                _gap((getattr(mine, figure).value, getattr(mine, figure).error), other[figure])
                for mine, other in zip(ours, theirs, strict=True)
            )
            for figure in FIGURES
        }
        words = ", ".join(f"{figure} {gap:.2f}" for figure, gap in gaps.items())
        print(f"  largest disagreement with poker-equity over {count} spots, in standard "
              f"errors: {words}")  # fmt: skip
    few = spots[: args.pokerkit_spots]
    if not few:
        return
    try:
        kit, kit_shares = pokerkit_run(few, args.pokerkit_samples)
    except ImportError as missing:
        print(f"  PokerKit calculate_equities skipped: {missing}")
        return
    kit_rate = best_rate(kit, len(few) * args.pokerkit_samples, 1)
    print(f"  {'PokerKit calculate_equities (share only)':44} {kit_rate:10,.0f} deals/s "
          f"({len(few)} spots, {args.pokerkit_samples:,} deals each)")  # fmt: skip
    print(f"  hilo / PokerKit: {hilo_rate * samples / kit_rate:,.0f}x deals/s")
    worst = 0.0
    for mine, kit_share in zip(ours[: len(few)], kit_shares, strict=True):
        spread = mine.share.error * math.sqrt(samples / args.pokerkit_samples)  # its error
        worst = max(worst, _gap((mine.share.value, mine.share.error), (kit_share, spread)))
    print(f"  largest disagreement with PokerKit (share), in standard errors: {worst:.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print rates, ratios and agreement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--spots", type=int, default=20, help="random spots a game")
    parser.add_argument("--samples", type=int, default=100_000, help="deals a spot")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the fastest counts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    parser.add_argument("--pokerkit-spots", type=int, default=3, help="spots PokerKit answers")
    parser.add_argument("--pokerkit-samples", type=int, default=1000, help="its deals a spot")
    args = parser.parse_args(argv)

    import numba

    from hilo.sim import Scenario, equity
    from hilo.sim.threads import check_threads

    args.threads = check_threads(args.threads)

    # Load the kernels and build the tables before any timing.
    for game in ("seven-card-stud-hilo", "omaha-hilo"):
        cards = "As 2d 3c" if game.startswith("seven") else "As 2d 3c 4h"
        equity(Scenario.from_text(game, cards), samples=1000, seed=0, exact=False)
    print(
        f"Heads-up hi-lo equity: {args.spots} random spots a game, {args.samples:,} deals a "
        f"spot, best of {args.rounds} rounds, seed {args.seed}; Python "
        f"{platform.python_version()}, numpy {np.__version__}, numba {numba.__version__} on "
        f"{platform.machine()}; one thread each, then {args.threads} threads each (hilo in "
        "this process)"
    )
    measure(
        "Seven-card stud high-low, eight or better (third street: 3 known cards each)",
        random_spots("stud", args.spots, args.seed),
        args,
    )
    measure(
        "Omaha high-low, eight or better (before the flop: 4 known hole cards each)",
        random_spots("omaha", args.spots, args.seed + 1),
        args,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
