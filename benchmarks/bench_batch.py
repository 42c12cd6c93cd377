"""Batch evaluation speed: hilo.sim against OMPEval (in pokerfast) and eval7, in one run,
and hilo on every core against hilo on one.

Every evaluator scores the same seeded random 7-card hands, each given in its own
native form (converted before timing), on one thread (hilo with ``threads=1``). Each
rate is the best of several rounds. Then hilo scores larger batches (``--thread-hands``,
2,000,000 7-card hands a call; ``--thread-omaha``, 400,000 Omaha deals) with
``--threads`` threads (default every core: the rows shared in pieces,
`hilo.sim.threads`) and on one, the two taking turns in every round
(`benchmarks.timing.turns`), and prints the ratio of the best rates (target 1.8x on two
cores), the median of the rounds' own ratios, the same at the one-thread batch's size,
and, at the same moments, the machine's own ratio: a pure Python loop in one process
against the same loop shared by as many processes as threads, which share nothing (the
most any threads could get at that moment).
OMPEval is timed twice: its native batch call on a prepared buffer (the rate the targets
use), and pokerfast's Python entry ``equity.evaluate``, which converts card strings
first. Run it with ``python -m benchmarks.bench_batch`` (``--threads N`` to choose).

Profile (cProfile of 500,000 hands a call, one thread): the whole of ``high_scores`` is
the compiled row loop (the checks and the table look-ups before it are microseconds),
so threads are the only way left to go faster; splitting into parts costs one task a
thread on a pool that is already running. numba ``parallel=True`` with ``prange`` over
the same parts measured the same as the threads (within the noise of a busy machine)
and was not kept: it compiles slower, and numba's default threading layer may not be
entered from several threads at once, which a server's worker threads would do.
Omaha was profiled in the equity runs (`benchmarks.bench_equity`).

Two threads at 1.57x one for the 7-card high (second pass): the thread CPU time of the
two halves of a call adds up to the one-thread call's (no table or memory contention: the
tables fit each core's cache, nothing is written twice, no page is faulted in after the
first call, a numba call costs about a microsecond), so the loss is in when the halves
start and end: a pool thread woken for a 2 ms half starts tens of microseconds late, or
much later when its core is busy, and the call waited for the slower half. The rows are
now shared in pieces that shrink as the batch is done (`hilo.sim.threads.share_rows`):
each thread takes the next piece as it finishes one, so the threads end within a small
piece of each other, and a call never waits for a pool thread that came too late to
take any.

Third pass, measured in parts by `benchmarks.bench_threads` on a machine shared with
other work (load 7 to 10 on two cores), smallest and median of 60 to 600 tries: the
threaded entry with one thread costs 5 us of CPU a call over the compiled loop alone
(32.5 against 27.5 us on 2,000 rows; 0.1% of a 500,000-hand call); a pool thread starts
25 to 31 us after a submit at best (43 to 45 median), and a thread waiting on an event
runs again 17 to 31 us after it is set (39 to 44 median); a row costs the same CPU time
on one thread and on each of two at their best (8.5 to 10.7 ns alone, 8.8 to 9.3 on
either of two: within 4%), so the tables are not fought over; a call of 500,000 rows is
cut into 13 pieces. Those parts add up to 2 to 4% of a two-thread call, not the 16%
between 1.68x and 2x. A helper thread that spins (without the GIL, on an atomic load)
for a while after each call, to start the next without being woken, was tried and not
kept: on this busy machine a spinning helper started the next call after 7 ms at the
median (it had used up its share of the core, where a sleeping thread woken is run at
once), against 162 us for a sleeping one; nor was numba's ``parallel=True``, whose
OpenMP threads spin alike and abort a process forked after they ran. What is left of the
1.8x target is for the quiet machine to tell: two busy cores may simply run slower than
one (a shared clock).

Fourth pass, on a quiet machine (load 0.0): the threads gain with the size of a call.
Over 40 rounds, best over best: 1.32 to 1.78x at 250,000 hands a call (about 2 ms on one
thread, from run to run), 1.83 to 1.84x at 500,000, 1.80 to 1.92x at a million, 1.87 to
1.94x at two million (15 rounds) and 1.91 to 1.92x at four million. A trace of the pieces of a
250,000-hand call shows why: the calling thread starts its first piece 35 us after the
call (the submit), the pool thread its first 55 to 60 us after, both score 125 to 130
million rows a second, and the last pieces end within 40 us of each other; the
start and the end are a fixed 70 to 100 us a call, 8% of a 1 ms two-thread call and
under 1% of a 2,000,000-hand one, so the thread comparison is made on calls of that size
(and printed at 500,000 too; equity runs score chunks of 262,144 deals). Later the same
day the other tenants of the machine woke: the one-thread ace-to-five rate swung between
67 and 126 million hands a second from run to run, and the pure loop in two processes,
which share nothing, measured 1.02 to 2.51x one process (median 1.5x over 30 rounds);
hilo's ratios followed it (1.14 to 1.97x for the high, 1.61 to 2.06x for the Omaha high),
which is why the same run prints the machine's own ratio beside hilo's.
"""

from __future__ import annotations

import argparse
import ctypes
import multiprocessing
import platform
import sys
import time
import warnings
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from benchmarks.timing import best_rate, median_ratio, turns
from hilo.cards import FULL_DECK

HIGH = "hilo high_scores, 7-card high"
OMPEVAL = "OMPEval batch (pokerfast native call)"
OMPEVAL_PYTHON = "OMPEval via pokerfast equity.evaluate"
EVAL7 = "eval7 evaluate"
ACE_TO_FIVE = "hilo low_scores, 7-card ace-to-five"
MACHINE = "a pure Python loop"
MACHINE_MANY = "the same loop shared by every process"

# OMPEval numbers a card 4 * rank + suit with the suits in the order s, h, c, d.
_OMPEVAL_SUIT = {0: 2, 1: 3, 2: 1, 3: 0}
_OMPEVAL_CARD = np.array(
    [4 * (index >> 2) + _OMPEVAL_SUIT[index & 3] for index in range(52)], np.uint8
)


def timed(
    function: Callable[..., object], *arguments: object, **keywords: object
) -> Callable[[], None]:
    """A call with its arguments bound, its result dropped: what `best_rate` times."""

    def run() -> None:
        function(*arguments, **keywords)

    return run


def ompeval_native(deals: NDArray[np.uint8]) -> tuple[Callable[[], None], Callable[[], list[int]]]:
    """OMPEval's batch call on one buffer of its own card numbers."""
    from pokerfast import equity

    library = equity._load()  # the only way to the native batch evaluator
    count, width = deals.shape
    buffer = _OMPEVAL_CARD[deals].tobytes()
    out = (ctypes.c_uint16 * count)()

    def run() -> None:
        if library.pf_evaluate(buffer, count, width, out) != 0:
            raise RuntimeError("OMPEval refused the batch")

    def results() -> list[int]:
        run()
        return list(out)

    return run, results


def ompeval_python(deals: NDArray[np.uint8]) -> Callable[[], None]:
    """pokerfast's public batch function, on one card string a hand."""
    from pokerfast import equity

    texts = ["".join(str(FULL_DECK[index]) for index in row) for row in deals.tolist()]

    def run() -> None:
        equity.evaluate(texts)

    return run


def eval7_hands(deals: NDArray[np.uint8]) -> tuple[Callable[[], None], Callable[[], list[int]]]:
    """eval7's evaluate, one call a hand, on lists of eval7 cards."""
    with warnings.catch_warnings():  # eval7 uses names pyparsing has deprecated
        warnings.simplefilter("ignore")
        import eval7

    cards = [eval7.Card(str(card)) for card in FULL_DECK]
    hands = [[cards[index] for index in row] for row in deals.tolist()]
    evaluate = eval7.evaluate

    def run() -> None:
        for hand in hands:
            evaluate(hand)

    def results() -> list[int]:
        return [evaluate(hand) for hand in hands]

    return run, results


def spin(loops: int) -> int:
    """A pure integer loop in Python: work that shares nothing with any other process."""
    total = 0
    for step in range(loops):
        total += step & 7
    return total


class Control:
    """What the machine gives at this moment: ``loops`` turns of `spin` in one process,
    against the same turns shared by ``processes`` processes at once (processes share no
    interpreter, no table and no lock, so their ratio is the most any threads could get)."""

    def __init__(self, processes: int, loops: int) -> None:
        self.processes = processes
        self.loops = loops
        self.pool = multiprocessing.get_context("spawn").Pool(processes)

    def one(self) -> None:
        """Every turn in one process."""
        self.pool.apply(spin, (self.loops,))

    def many(self) -> None:
        """The turns shared by every process, all at once."""
        share = -(-self.loops // self.processes)
        self.pool.map(spin, [share] * self.processes, chunksize=1)

    def close(self) -> None:
        """Stop the processes."""
        self.pool.terminate()
        self.pool.join()


def same_order(ours: NDArray[np.int64], theirs: Sequence[int]) -> int:
    """How many neighbouring pairs of hands two evaluators order differently."""
    peer = np.asarray(theirs, np.int64)
    return int(np.count_nonzero(np.sign(np.diff(ours)) != np.sign(np.diff(peer))))


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print rates and the ratios against the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=500_000, help="random 7-card hands")
    parser.add_argument("--omaha-hands", type=int, default=100_000, help="random Omaha deals")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the fastest counts")
    parser.add_argument(
        "--thread-hands",
        type=int,
        default=2_000_000,
        help="7-card hands a call, threads against one",
    )
    parser.add_argument(
        "--thread-omaha", type=int, default=400_000, help="Omaha deals a call, threads against one"
    )
    parser.add_argument(
        "--thread-rounds", type=int, default=40, help="rounds of threads against one"
    )
    parser.add_argument(
        "--control-loops",
        type=int,
        default=400_000,
        help="turns of a pure Python loop, one process against every thread's (0: none)",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    parser.add_argument(
        "--slow-share", type=int, default=10, help="equity.evaluate scores one hand in this many"
    )
    args = parser.parse_args(argv)

    import numba

    from hilo.hands import Ranking
    from hilo.sim import (
        high_scores,
        low_scores,
        omaha_high_scores,
        omaha_low_scores,
        random_deals,
    )
    from hilo.sim.threads import check_threads

    threads = check_threads(args.threads)

    started = time.perf_counter()
    seven = np.arange(7, dtype=np.uint8).reshape(1, 7)
    high_scores(seven)
    omaha_high_scores(seven[:, :2], seven[:, 2:])
    for ranking in (Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX):
        low_scores(seven, ranking, 8)
        omaha_low_scores(seven[:, :2], seven[:, 2:], ranking, 8)
    first_use = time.perf_counter() - started

    rng = np.random.default_rng(args.seed)
    deals = random_deals(rng, args.hands, 7)
    omaha = random_deals(rng, args.omaha_hands, 9)
    hole, board = np.ascontiguousarray(omaha[:, :4]), np.ascontiguousarray(omaha[:, 4:])
    few = deals[: max(1, args.hands // args.slow_share)]
    print(
        f"{args.hands:,} random 7-card hands and {args.omaha_hands:,} Omaha deals "
        f"(seed {args.seed}), best of {args.rounds} rounds; Python {platform.python_version()}, "
        f"numpy {np.__version__}, numba {numba.__version__} on {platform.machine()}; "
        f"one thread, then {threads} threads for hilo"
    )
    print(f"  hilo.sim first use (tables built, kernels loaded or compiled): {first_use:.2f} s")

    rates: dict[str, float] = {}
    ours = high_scores(deals, threads=1)

    def report(name: str, run: Callable[[], None], count: int) -> None:
        rates[name] = best_rate(run, count, args.rounds)
        print(f"  {name:48} {rates[name]:>14,.0f} hands/s  {1e9 / rates[name]:8.1f} ns/hand")

    report(HIGH, timed(high_scores, deals, threads=1), args.hands)
    try:
        run, results = ompeval_native(deals)
    except (ImportError, AttributeError, OSError, RuntimeError) as missing:
        print(f"  {OMPEVAL:48} skipped: {missing}")
    else:
        report(OMPEVAL, run, args.hands)
        print(f"    orders of neighbouring hands unlike hilo's: {same_order(ours, results())}")
    try:
        report(OMPEVAL_PYTHON, ompeval_python(few), len(few))
    except (ImportError, AttributeError, OSError, RuntimeError) as missing:
        print(f"  {OMPEVAL_PYTHON:48} skipped: {missing}")
    try:
        run, results = eval7_hands(deals)
    except ImportError as missing:
        print(f"  {EVAL7:48} skipped: {missing}")
    else:
        report(EVAL7, run, args.hands)
        print(f"    orders of neighbouring hands unlike hilo's: {same_order(ours, results())}")
        del run, results
    report(ACE_TO_FIVE, timed(low_scores, deals, threads=1), args.hands)
    lows: list[tuple[str, Ranking, int | None]] = [
        ("hilo low_scores, 7-card ace-to-five 8 or better", Ranking.ACE_TO_FIVE, 8),
        ("hilo low_scores, 7-card deuce-to-seven", Ranking.DEUCE_TO_SEVEN, None),
        ("hilo low_scores, 7-card ace-to-six", Ranking.ACE_TO_SIX, None),
    ]
    for name, ranking, qualifier in lows:
        report(name, timed(low_scores, deals, ranking, qualifier, threads=1), args.hands)
    omaha_high = "hilo omaha_high_scores, 4 hole + 5 board"
    report(omaha_high, timed(omaha_high_scores, hole, board, threads=1), args.omaha_hands)
    report(
        "hilo omaha_low_scores, ace-to-five 8 or better",
        timed(omaha_low_scores, hole, board, Ranking.ACE_TO_FIVE, 8, threads=1),
        args.omaha_hands,
    )
    report(
        "hilo omaha_low_scores, deuce-to-seven",
        timed(omaha_low_scores, hole, board, Ranking.DEUCE_TO_SEVEN, threads=1),
        args.omaha_hands,
    )

    big = random_deals(rng, args.thread_hands, 7)
    big_omaha = random_deals(rng, args.thread_omaha, 9)
    big_hole = np.ascontiguousarray(big_omaha[:, :4])
    big_board = np.ascontiguousarray(big_omaha[:, 4:])
    print(
        f"\nhilo on {threads} threads against one, {args.thread_hands:,} 7-card hands and "
        f"{args.thread_omaha:,} Omaha deals a call, best of {args.thread_rounds} rounds "
        f"(the same scores as on one thread):"
    )
    every: list[tuple[str, Callable[..., NDArray[np.int64]], tuple[object, ...], int]] = [
        (HIGH, high_scores, (big,), args.thread_hands),
        (ACE_TO_FIVE, low_scores, (big,), args.thread_hands),
        (omaha_high, omaha_high_scores, (big_hole, big_board), args.thread_omaha),
        (f"{HIGH}, {args.hands:,} a call", high_scores, (deals,), args.hands),
    ]
    gains: dict[str, float] = {}
    medians: dict[str, float] = {}
    control = Control(threads, args.control_loops) if args.control_loops > 0 else None
    controls: dict[str, list[float]] = {MACHINE: [], MACHINE_MANY: []}
    try:
        for single, score, arguments, count in every:
            if not np.array_equal(score(*arguments, threads=threads), score(*arguments, threads=1)):
                raise RuntimeError(f"{single} gave other scores on {threads} threads")
            name = f"{single}, {threads} threads"
            contenders = {
                single: timed(score, *arguments, threads=1),
                name: timed(score, *arguments, threads=threads),
            }
            if control is not None:  # the machine's own ratio, at the same moments
                contenders |= {MACHINE: control.one, MACHINE_MANY: control.many}
            times = turns(contenders, args.thread_rounds)  # every one of them in every round
            for key in controls:
                controls[key] += times.get(key, [])
            rates[name] = count / min(times[name])
            print(f"  {name:48} {rates[name]:>14,.0f} hands/s  {1e9 / rates[name]:8.1f} ns/hand")
            gains[single] = min(times[single]) / min(times[name])
            medians[single] = median_ratio(times[single], times[name])
    finally:
        if control is not None:
            control.close()

    print("\nTargets (hilo's rate over the peer's, same hands, same run):")
    for peer, target in ((OMPEVAL, 0.25), (EVAL7, 5.0)):
        if peer in rates:
            ratio = rates[HIGH] / rates[peer]
            verdict = "met" if ratio >= target else "missed"
            print(f"  hilo 7-card high / {peer}: {ratio:.2f}x (target {target:g}x: {verdict})")
    if OMPEVAL_PYTHON in rates:
        print(f"  hilo 7-card high / {OMPEVAL_PYTHON}: {rates[HIGH] / rates[OMPEVAL_PYTHON]:.1f}x")
    millions = rates[ACE_TO_FIVE] / 1e6
    verdict = "met" if millions >= 30 else "missed"
    print(f"  hilo 7-card ace-to-five low: {millions:.1f} million hands/s (target 30: {verdict})")
    print(
        f"\nhilo on {threads} threads over hilo on one thread (same hands, same run; best "
        "rate over best rate, then the median of the rounds' ratios):"
    )
    for single, gain in gains.items():
        goal = " (target 1.8x on two cores: " + ("met)" if gain >= 1.8 else "missed)")
        print(
            f"  {single}: {gain:.2f}x, median {medians[single]:.2f}x"
            + (goal if single == HIGH else "")
        )
    if control is not None:
        machine = min(controls[MACHINE]) / min(controls[MACHINE_MANY])
        print(
            f"  the machine itself ({MACHINE}, one process against {threads} at the same "
            f"moments): {machine:.2f}x, median "
            f"{median_ratio(controls[MACHINE], controls[MACHINE_MANY]):.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
