"""Engine speed: whole six-handed hands per second, plain games and home games in one table.

Every hand is dealt, the forced bets posted, every player calls (or checks) to the
showdown, everybody declares (low with five or more different ranks of eight or lower,
else high) and the referee settles the pots under the ``strict`` rules. The same run
plays PokerKit's cards-speak seven-card stud eight or better (its nearest game; it has
no declare) with every player calling and PokerKit's automations doing the rest. The
target is 50 times PokerKit.

Beside seven-card stud and five-card draw, the same run plays the home games with wild
cards and passes, which PokerKit cannot play (its column says "—"): Baseball (threes and
nines wild; every four face up buys its extra card, every three face up is matched),
follow the queen, and Anaconda (each player passes, throws away and arranges the first
cards they hold). Five-card draw throws the unpaired cards above an eight (three at most).
Run: ``python -m benchmarks.bench_engine``.

Profile (py-spy, six-handed stud declare hands; share of the samples):

* three rounds ago: frozen dataclasses' ``__init__`` 12%, dealing a street 8%, finding whose
  turn it is 7%; that round's ``quick_init`` and cached options brought a hand from 5.00
  to 4.50 million instructions (callgrind, 40 hands).
* two rounds ago, before (5,000 hands): carrying out actions 71% in all, of which opening
  betting rounds 13% (the best hand showing 4%, a new ``BettingRound`` 4%), the showdown
  12% (``settle`` 6%), dealing streets 11%, checking an action by the general rules 9%,
  finding the next seat 6%; setting up a hand 14% (the plan of phases, the rules check
  and ``random.shuffle``'s call a card among it, each hand again); building events 6%.
* two rounds ago, after (5,000 hands): the showdown 15% (``settle`` 8%, the referee's own), a bet
  carried out 14% (finding the next seat 7%), setting up a hand 14%, opening betting rounds 13%,
  dealing 10%, building events 7%. What a game and its rules fix (plan, declaring, the
  showdown's rules and sides, the rules check) is worked out once per pair; a bet by the
  seat to act is checked by its betting round alone; the deck shuffles draw for draw as
  ``random.Random.shuffle`` without its call a card; the best hand showing is scored from
  its cards' bits.
* last round, before (py-spy, 8,000 hands): opening betting rounds 16% (the best hand
  showing 6%, scored with big-integer masks of 7,000 instructions a seat), a bet carried
  out 15%, the showdown 14% (``settle`` 6%), setting up a hand 15%, dealing 13%, events
  made by ``quick_init`` 6%. After (6,000 hands): a bet or a declaration by the seat to
  act is checked and carried out by the betting round or the declaring alone (a check or
  a call builds no option; whose turn is next counts the seats with chips as they go
  all in); the best high hand showing is read from the cards held, the score of up to
  four cards kept by their ranks; the events a hand logs most come from
  ``quick_maker``; pots all in for the same are made at once. The showdown (``settle``,
  the referee's own, 8%) and the benchmark's own calls are now the largest shares.
* this round, measured in instructions (callgrind with collection switched on only
  around the calls of one function, 30 hands after three to warm up, less what switching
  costs), a hand before (2.63 million in all once state.py was split and its repeats
  mended, a call or two more a bet than at the start): opening its five betting rounds
  460,000 (the best high hand showing 230,000 of it, its scores of up to four cards kept
  only as they were met, so mostly worked out afresh), the showdown 351,000 (the
  referee's ``settle`` 223,000), setting up the hand 355,000 (its setup's checks 43,000,
  the shuffled deck 69,000, then the third street and the bring-in's round), dealing five
  streets 263,000, each bet by the seat to act about 16,000; reading a member of an enum
  from its class (``Phase.BETTING``) costs about as much as a call, and the hand read
  several a step. After: the score of every set of up to four ranks showing is worked
  out at the first use (2,380 scores, once a process), the phases and kinds the hot paths
  compare against are read once, whose turn it is after a step is settled before any
  phase that needs a set's hash, dealing a street works out once who gets every card
  face down, a setup keeps tuples it is given as they are, the shuffle reads its steps
  from a table, and the seats still in are a plain copy while nobody has folded (a
  comprehension is a call). A hand now: opening five betting rounds 292,000, the
  showdown 345,000 (``settle`` 223,000), setting up 319,000, dealing 211,000, a bet by
  the seat to act about 16,000. The largest shares left are Python's own: a call, an
  event made, an attribute set.

Instructions executed a whole hand (callgrind, 30 hands after three to warm up, less
the same run playing none, ``PYTHONHASHSEED=0``): 5.97 million three rounds ago, 5.04
million two rounds ago, 3.55 million at the start of last round (the referee's quick
path) and 2.52 million at its end; this round 2.57 million at the start (measured again
the same way), 2.29 million now (1.12x fewer).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from benchmarks.timing import best_rates
from hilo.cards import Card
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.phases import CHOOSING, Phase
from hilo.engine.state import Hand
from hilo.rules import VARIANTS, HouseRules, Stakes

TARGET = 50
STACK = 1_000
ANTE, BRING_IN, SMALL_BET, BIG_BET = 1, 3, 10, 20
SMALL_BLIND, BIG_BLIND = 5, 10

STAKES = {
    "antes": Stakes(ante=ANTE, small_bet=SMALL_BET, big_bet=BIG_BET),
    "bring-in": Stakes(ante=ANTE, bring_in=BRING_IN, small_bet=SMALL_BET, big_bet=BIG_BET),
    "blinds": Stakes(
        small_blind=SMALL_BLIND, big_blind=BIG_BLIND, small_bet=SMALL_BET, big_bet=BIG_BET
    ),
}
"""Fixed-limit stakes of the same size for each kind of forced bet."""

GAMES = (
    ("seven-card stud hi-lo, declare (strict)", "seven-card-stud-hilo-declare", "strict"),
    ("seven-card stud hi-lo, cards speak", "seven-card-stud-hilo", "cards-speak"),
    ("five-card draw, declare (strict)", "five-card-draw-hilo-declare", "strict"),
    ("Baseball, declare (strict)", "baseball-hilo-declare", "strict"),
    ("follow the queen, declare (strict)", "follow-the-queen-hilo-declare", "strict"),
    ("Anaconda, declare (strict)", "anaconda-hilo-declare", "strict"),
)
"""The table's rows: what it says, the variant, the house rules' preset."""

PEER_ROW = "seven-card-stud-hilo"
"""The one row PokerKit plays too (its seven-card stud eight or better)."""


CALLS = [Action.call(seat) for seat in range(10)]
CHECKS = [Action.check(seat) for seat in range(10)]
BRING_INS = [Action.bring_in(seat) for seat in range(10)]


def declaration(hand: Hand, seat: int) -> Direction:
    """The fixed rule: low with five different ranks of eight or lower (ace low), else high."""
    low_ranks = {1 if card.rank == 14 else int(card.rank) for card in hand.own_cards(seat)}
    return Direction.LOW if sum(rank <= 8 for rank in low_ranks) >= 5 else Direction.HIGH


def play_hilo(seed: int, players: int, *, declare: bool = True) -> Hand:
    """One seven-card stud hand, everybody calling to the showdown (and declaring, unless
    cards speak)."""
    if declare:
        return play_game("seven-card-stud-hilo-declare", "strict", seed, players)
    return play_game("seven-card-stud-hilo", "cards-speak", seed, players)


def play_game(game: str, preset: str, seed: int, players: int) -> Hand:
    """One hand of ``game``, everybody calling to the showdown and answering every other
    decision the same fixed way (see `answer`)."""
    variant = VARIANTS[game]
    hand = Hand.deal(
        variant,
        HouseRules.preset(preset),
        STAKES[variant.forced],
        [STACK] * players,
        rng=random.Random(seed),
    )
    apply = hand.apply
    while not hand.is_complete:
        seat = hand.to_act[0]
        phase = hand.phase
        if phase is Phase.BETTING:
            if hand.is_bring_in_pending:
                apply(BRING_INS[seat])
            elif hand.to_call(seat):
                apply(CALLS[seat])
            else:
                apply(CHECKS[seat])
        elif phase is Phase.DECLARING:
            apply(Action.declare(seat, declaration(hand, seat)))
        else:
            apply(answer(hand, seat, phase))
    return hand


def answer(hand: Hand, seat: int, phase: Phase) -> Action:
    """The fixed answer to anything but a bet or a declaration: take every extra card and
    match every three (fold when short), choose the first cards held (face-down ones to
    roll, all of them in the order held to arrange), draw the unpaired cards above an eight,
    keep a hole card down, decline anything else offered."""
    options = hand.legal_actions(seat)
    held = hand.own_cards(seat)
    if phase in CHOOSING:
        kind = CHOOSING[phase]
        if kind is ActionKind.ARRANGE:
            return Action(seat, kind, cards=held)
        up = set(hand.up_cards(seat)) if kind is ActionKind.ROLL else set()
        chosen = [card for card in held if card not in up][: options[0].minimum]
        return Action(seat, kind, cards=tuple(chosen))
    if phase is Phase.DRAWING:
        return Action.draw(seat, unpaired_high(held))
    kinds = {option.kind for option in options}
    preferred = (ActionKind.EXTRA, ActionKind.MATCH, ActionKind.KEEP_DOWN, ActionKind.DECLINE)
    return Action(seat, next((kind for kind in preferred if kind in kinds), ActionKind.FOLD))


def unpaired_high(held: Sequence[Card]) -> tuple[Card, ...]:
    """The cards above an eight that pair nothing else held, three at most."""
    ranks = [card.rank for card in held]
    return tuple(card for card in held if card.rank > 8 and ranks.count(card.rank) == 1)[:3]


def game_run(game: str, preset: str, hands: int, seed: int, players: int) -> Callable[[], None]:
    """A run of ``hands`` hands of ``game`` (the same deals every round)."""

    def run() -> None:
        for number in range(hands):
            play_game(game, preset, seed + number, players)

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


PEER = "PokerKit"
"""The key of PokerKit's rate among the games' rates."""


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every game's rate and PokerKit's, print them in one table, then the ratio."""
    parser = argparse.ArgumentParser(description="Engine speed: whole hands of every kind")
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--peer-hands", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    runs = {
        game: (game_run(game, preset, args.hands, args.seed, args.players), args.hands)
        for _, game, preset in GAMES
    }
    try:
        runs[PEER] = (pokerkit_run(args.peer_hands, args.seed, args.players), args.peer_hands)
        skipped = ""
    except ImportError as missing:
        skipped = f"PokerKit skipped: {missing}"
    rates = best_rates(runs, args.rounds)  # every game and PokerKit take turns each round
    peer = rates.pop(PEER, None)
    print(
        f"{args.players}-handed whole hands, everyone calling to the showdown (seed {args.seed}),"
        f" best of {args.rounds} rounds, one core; {args.hands:,} hilo hands a game,"
        f" {args.peer_hands:,} PokerKit hands"
    )
    stud = rates[GAMES[0][1]]
    print(f"  {'game':<42}{'hilo hands/s':>14}{'PokerKit hands/s':>18}{'of stud declare':>17}")
    for words, game, _ in GAMES:
        theirs = f"{peer:,.0f}" if game == PEER_ROW and peer is not None else "\u2014"
        share = rates[game] / stud
        print(f"  {words:<42}{rates[game]:>14,.0f}{theirs:>18}{share:>16.2f}x")
    if peer is None:
        print(f"\n{skipped}")
        return 0
    ratio = stud / peer
    verdict = "meets" if ratio >= TARGET else "MISSES"
    print(
        f"\nRatio: hilo / PokerKit: {ratio:.1f}x ({verdict} the {TARGET}x target; hilo's"
        " declare hands against PokerKit's cards speak)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
