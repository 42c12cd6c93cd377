"""Engine speed: whole six-handed seven-card stud high-low declare hands per second.

Every hand is dealt, antes and the bring-in posted, every player calls (or checks) to the
showdown, everybody declares (low with five or more different ranks of eight or lower,
else high) and the referee settles the pots under the ``strict`` rules. The same run
plays PokerKit's cards-speak seven-card stud eight or better (its nearest game; it has
no declare) with every player calling and PokerKit's automations doing the rest. The
target is 20 times PokerKit. Run: ``python -m benchmarks.bench_engine``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from benchmarks.timing import best_rate
from hilo.engine.actions import Action
from hilo.engine.declare import Direction
from hilo.engine.state import Hand, Phase
from hilo.rules import VARIANTS, HouseRules, Stakes

TARGET = 20
STACK = 1_000
ANTE, BRING_IN, SMALL_BET, BIG_BET = 1, 3, 10, 20


CALLS = [Action.call(seat) for seat in range(10)]
CHECKS = [Action.check(seat) for seat in range(10)]
BRING_INS = [Action.bring_in(seat) for seat in range(10)]


def declaration(hand: Hand, seat: int) -> Direction:
    """The fixed rule: low with five different ranks of eight or lower (ace low), else high."""
    low_ranks = {1 if card.rank == 14 else int(card.rank) for card in hand.own_cards(seat)}
    return Direction.LOW if sum(rank <= 8 for rank in low_ranks) >= 5 else Direction.HIGH


def play_hilo(seed: int, players: int, *, declare: bool = True) -> Hand:
    """One hand, everybody calling to the showdown (and declaring, unless cards speak)."""
    hand = Hand.deal(
        VARIANTS["seven-card-stud-hilo-declare" if declare else "seven-card-stud-hilo"],
        HouseRules.preset("strict" if declare else "cards-speak"),
        Stakes(ante=ANTE, bring_in=BRING_IN, small_bet=SMALL_BET, big_bet=BIG_BET),
        [STACK] * players,
        rng=random.Random(seed),
    )
    apply = hand.apply
    while not hand.is_complete:
        seat = hand.to_act[0]
        if hand.phase is Phase.DECLARING:
            apply(Action.declare(seat, declaration(hand, seat)))
        elif hand.is_bring_in_pending:
            apply(BRING_INS[seat])
        elif hand.to_call(seat):
            apply(CALLS[seat])
        else:
            apply(CHECKS[seat])
    return hand


def hilo_run(hands: int, seed: int, players: int, *, declare: bool = True) -> Callable[[], None]:
    """A run of ``hands`` hilo hands (the same deals every round)."""

    def run() -> None:
        for number in range(hands):
            play_hilo(seed + number, players, declare=declare)

    return run


def pokerkit_run(hands: int, seed: int, players: int) -> Callable[[], None]:
    """A run of ``hands`` PokerKit hands: automations deal, post, show and push."""
    import pokerkit

    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_DEALING,
        pokerkit.Automation.BOARD_DEALING,
        pokerkit.Automation.RUNOUT_COUNT_SELECTION,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    game = pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter

    def run() -> None:
        random.seed(seed)  # PokerKit shuffles with the random module
        for _ in range(hands):
            state = game.create_state(
                automations,
                True,
                ANTE,
                BRING_IN,
                SMALL_BET,
                BIG_BET,
                STACK,
                players,
                mode=pokerkit.Mode.CASH_GAME,
            )
            while state.status:
                if state.can_post_bring_in():
                    state.post_bring_in()
                else:
                    state.check_or_call()

    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print both rates and the ratio to PokerKit."""
    parser = argparse.ArgumentParser(description="Engine speed: whole declare hands")
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--peer-hands", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rate = best_rate(hilo_run(args.hands, args.seed, args.players), args.hands, args.rounds)
    print(
        f"{args.players}-handed seven-card stud hands, everyone calling to the showdown "
        f"(seed {args.seed}), best of {args.rounds} rounds, one core"
    )
    print(f"  hilo, high-low declare (strict)       {rate:>10,.0f} hands/s  ({args.hands:,} hands)")
    speak = best_rate(
        hilo_run(args.hands, args.seed, args.players, declare=False), args.hands, args.rounds
    )
    print(f"  hilo, cards speak eight or better     {speak:>10,.0f} hands/s  (PokerKit's game)")
    try:
        peer = best_rate(
            pokerkit_run(args.peer_hands, args.seed, args.players), args.peer_hands, args.rounds
        )
    except ImportError as missing:
        print(f"  PokerKit skipped: {missing}")
        return 0
    print(
        f"  PokerKit, cards speak eight or better {peer:>10,.0f} hands/s  "
        f"({args.peer_hands:,} hands)"
    )
    ratio = rate / peer
    verdict = "meets" if ratio >= TARGET else "MISSES"
    print(f"\nRatio: hilo / PokerKit: {ratio:.1f}x ({verdict} the {TARGET}x target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
