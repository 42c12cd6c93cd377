"""Referee speed: declared three-way seven-card showdowns settled per second.

The target is 100,000 a second on one core. For scale, the same run times PokerKit
only *evaluating* the same hands (high and eight-or-better low for each player), which
is a part of what the referee does. Run: ``python -m benchmarks.bench_referee``.

Profile (py-spy, 5,000 showdowns under strict rules; share of the samples in `settle`):

* at first: checking the input 22% (a set of cards a hand, a name worked out for
  every hand), frozen dataclasses' ``__init__`` 14%, ``_declared`` 7%, ``settle`` itself
  6%, the high score 9%, the low 5%, the scoreboard 5%.
* with the quick check (30,000 showdowns): the quick check 14%, scoring 25% (``pattern_score`` 9%,
  the low 7%, ``_high_and_low`` 7%), building the scoreboard 10%, deciding the pot 24%
  (``_declared`` 10%, ``_side_winners`` 8%, ``_against`` 6%), awards and their reasons
  11% (``_halves``, ``_share``, a reason written afresh for every award), ``settle`` 7%,
  ``quick_init``'s ``__init__`` 4%.
* with the quick path: `hilo.engine.quick_scores` (checking the input and scoring
  every hand in one pass, the low looked up by the hand's ranks) 37%, ``pattern_score``
  13%, ``settle`` 14%, deciding the pot (`hilo.engine.pot_settling`: ``_declared``,
  ``settle_pot``, ``_side_winners``, ``_against``) 21%, the values made by
  ``quick_maker`` 4%, the scoreboard 3%, awards and reasons 3% (each reason written once).
* now, with one pot settled by `hilo.engine.one_pot` (checked, scored and decided in one
  function; a hand's high and low looked up by its rank key), 100,000 showdowns after
  every seven-card rank pattern is known: the hands' cards or-ed bit by bit and their
  checks 20%, the rank key and its lookup 17% (the lookup is a miss of the processor's
  caches as often as not), deciding the pot 30%, a pot nobody wins under the
  declarations handed to ``settle_pot`` 16% (13% of these showdowns under strict, where
  a failed swing's best hand stops the others), the values made 7%.
* now (cProfile, 20,000 showdowns under strict after a round that keeps their hands'
  scores; share of the time in `settle`), the straight path deciding with
  `hilo.engine.pot_settling`'s own ``declared_sides`` and ``best_seats``, a pot nobody
  wins that the cards then speak for settled straight too, a seven-card hand's bits
  summed in C (and, then, the awards kept): ``settle_one_pot``'s own loop (checking the hands,
  their bits, the rank key and its lookup, four stores a seat) 31%, deciding under the
  declarations 39% (``declared_sides`` 31% of it: ``_side_winners``, ``_against``,
  ``_top``, the swing checks made), ``settle`` itself 7% and ``_default_sides`` 3%, the
  values made (`PotRuling`, `ShowdownResult`) 6%, the awards looked up 3%. Keeping the
  awards paid only while every pot was the same size, as this benchmark's pots once were;
  the pots are now of many sizes, as at a table, and the awards are made afresh.

Instructions executed a showdown (callgrind, 600 showdowns less none; hash seed 0):
strict 372,700 at first, 239,000 with the quick check, 132,000 with the quick path;
then 161,100 while the rank-key cache is empty (every hand a miss, worked out and kept)
109,100 once seven in eight of the seven-card rank patterns are kept, 93,400 once all
are. Cards speak: 109,900 with the quick path; then 128,100 empty, 72,900 all kept.

Now, measured as the same 600 showdowns settled three times less once, after a first
round that keeps their hands' scores, with ``gc.freeze()`` after that round
(``PYTHONHASHSEED=0 valgrind --tool=callgrind``; the "Collected" totals): strict 80,400
(99,500 before these changes by the same measure), cards speak 60,400 (73,700 before);
strict with the cache empty (1,200 showdowns settled less none, the deal made in both)
127,700 (146,700 before). Those figures had one pot size and the awards kept; with pots
of many sizes and the awards made afresh, by the same measure: strict 86,900, cards
speak 67,700. Short of the target (about 55,000 instructions a showdown were needed): the
deciding functions alone cost 43,000 a strict showdown (a dozen Python calls, the swings'
checks and the ruling's values), the hands' loop 30,000, ``settle``'s own work 12,000.

Now the decision is kept (`hilo.engine.pot_patterns`): who wins a pot depends on the
cards only through how the scores compare with each other and with nothing (0), so the
straight path works a decision out once for each pattern (the declarations in the pot's
order and those comparisons, the players named by their places in the pot), names it by
the pot's seats once for each set of seats, and awards the chips afresh. Three-way
showdowns have about a thousand patterns under one set of house rules (20,000 showdowns
met 1,015; 20,000 more met 41 new ones). The showdowns are now dealt among three seats
of a six-seat table, as at a table. By the same callgrind measure (the same deals for
both): strict 57,200 instructions a showdown (87,300 before), liberal 57,900, cards speak
57,000 (68,200 before): the hands' loop 30,000, the pattern, its look-up and the ruling's
values 18,000, ``settle``'s own work 9,000. Checking that every seat is a seat number
(True and 1.0 equal 1, and a decision kept for seat 1 must not serve them) added about
600 a showdown once the house sides of the latest showdown were looked at first: strict
57,800, liberal 58,400, cards speak 57,600; 58,000 strict once pots of more than ten
players were left to the general path. The first round of a new process, when no
decision and no hand's scores are kept yet, is printed too.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Callable, Sequence

from benchmarks.timing import best_rates
from hilo.cards import FULL_DECK, format_cards
from hilo.engine import Direction, Pot, ShowdownHand, settle
from hilo.rules import HouseRules

TARGET = 100_000


def deals(count: int, seed: int) -> list[list[ShowdownHand]]:
    """Three-way showdowns among three seats of a six-seat table (as at a table, the seats
    differ from one showdown to the next), each player's declaration at random."""
    rng = random.Random(seed)
    showdowns = []
    for _ in range(count):
        cards = rng.sample(FULL_DECK, 21)
        seats = sorted(rng.sample(range(6), 3))
        showdowns.append(
            [
                ShowdownHand(seat, tuple(cards[at * 7 : at * 7 + 7]), rng.choice(list(Direction)))
                for at, seat in enumerate(seats)
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


PEER = "PokerKit"
"""The key of PokerKit's rate among the rules' rates."""


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the rate, the target and the ratio to PokerKit."""
    parser = argparse.ArgumentParser(description="Referee speed")
    parser.add_argument("--showdowns", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    showdowns = deals(args.showdowns, args.seed)
    sizes = random.Random(args.seed + 1)  # pots of many sizes, as at a table
    pots = [
        (Pot(sizes.randrange(6, 3000), tuple(hand.seat for hand in showdown)),)
        for showdown in showdowns
    ]
    runs: dict[str, tuple[Callable[[], None], int]] = {}
    for name in ("strict", "liberal", "cards-speak"):
        rules = HouseRules.preset(name)
        cards_speak = rules.is_cards_speak
        prepared = [
            [ShowdownHand(h.seat, h.cards, None if cards_speak else h.declaration) for h in s]
            for s in showdowns
        ]

        def run(prepared: list[list[ShowdownHand]] = prepared, rules: HouseRules = rules) -> None:
            for pot, hands in zip(pots, prepared, strict=True):
                settle(pot, hands, rules=rules)

        runs[name] = (run, len(prepared))
    few = showdowns[: max(1, args.showdowns // 20)]
    try:
        runs[PEER] = (pokerkit_evaluation(few), len(few))
        skipped = ""
    except ImportError as missing:
        skipped = f"  PokerKit skipped: {missing}"
    start = time.perf_counter()  # nothing kept yet: no decision, no hand's scores (a new process)
    runs["strict"][0]()
    first = args.showdowns / (time.perf_counter() - start)
    results = best_rates(runs, args.rounds)  # the rules and PokerKit take turns each round
    peer = results.pop(PEER, None)
    print(
        f"{args.showdowns:,} random 3-way seven-card showdowns (seed {args.seed}), "
        f"best of {args.rounds} rounds, one core"
    )
    for name, rate in results.items():
        verdict = "meets" if rate >= TARGET else "MISSES"
        print(f"  hilo settle, {name:12} {rate:>10,.0f} showdowns/s  ({verdict} {TARGET:,}/s)")
    print(f"  hilo settle, strict, the first round, nothing kept yet {first:>10,.0f} showdowns/s")
    if peer is None:
        print(skipped)
        return 0
    print(f"  PokerKit evaluating the same hands only {peer:>10,.0f} showdowns/s")
    ratio = results["strict"] / peer
    print(f"\nRatio: hilo settle (strict) / PokerKit evaluation alone: {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
