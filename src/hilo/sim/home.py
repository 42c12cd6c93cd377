"""Equity and advice for the home games: wild cards, Chicago's spade, 7/27's totals.

The batch path (`hilo.sim.runs`) scores plain poker hands only. A game with wild cards
(the game's own or extra ones), a Chicago spade half or 7/27's point totals is simulated
here instead, one deal at a time, in the order the rest of the hand is dealt:

* every card still to come is dealt street by street, the player first and then each
  opponent in the scenario's order (the table's real order from the dealer's left is not
  known to a scenario), so that follow the queen sees the face-up cards in a deal order:
  a queen dealt up makes the next up card's rank wild, and the ranks at the showdown are
  those `hilo.hands.wildspec.follow_the_queen` gives after the cards seen so far;
* a player's lowest face-down card (low hole card wild) is found among its cards at the
  showdown, those still to come included; a stud player's own cards are read in the
  order dealt, so the street layout says which are face down; an opponent's cards fill
  its face-up places first, and any more cards shown are its face-down cards;
* hands are scored by `hilo.sim.home_scoring`: wild cards by the batch kernels of
  `hilo.sim.wild` where they apply, Chicago's spade and 7/27's totals by the game's own
  sides (`hilo.hands.sides`);
* 7/27: after the deal, each player takes a face-up card in each round while its total
  is neither within two points of 7 (5 to 9 counted for 7) nor 21 or more counted for 27
  (`TAKE_POLICY`), until a round in which nobody takes or the house's ``max_rounds``;
* passing games are scored as best five of the seven cards dealt (who passes what is
  not simulated), as in the batch path.

Runs are Monte Carlo with a standard error, or exact (every order of the cards still to
come walked once, in this process) when there are few enough. A Monte Carlo run is cut
into chunks of `HOME_CHUNK_SAMPLES` deals, each seeded by its own child of the run's
``SeedSequence`` and summed in chunk order (`hilo.sim.parallel`): the same seed gives
the same figures in this process and on any number of worker processes. The figures
are counted by the same loops as the batch path (`hilo.sim.tally`). Simulated opponents
declare by their best expected share, as `hilo.sim.models.BestShareModel` does, with the
chance of beating one hand taken from the other simulated opponents' scores in the same
block of deals.

>>> from hilo.sim.scenario import Scenario
>>> chicago = Scenario.from_text("high-chicago", "As Kd 7c 7h 2d 9c 3s", up=["Qh Qd Jc Tc"])
>>> totals = home_simulate(HomePlan(chicago), samples=200, seed=1)
>>> totals.is_exact, totals.count, totals.mean(3)   # the ace of spades wins the spade half
(False, 200, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import permutations
from math import perm

import numpy as np
from numpy.typing import NDArray

from hilo.cards import Card, Rank, Suit
from hilo.engine.declare import Direction
from hilo.errors import ConfigError, HandError, HiloError
from hilo.hands.points import best_total
from hilo.hands.ranking import Ranking
from hilo.hands.sides import Sides
from hilo.hands.wildspec import follow_the_queen
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Street
from hilo.sim.home_scoring import Deal, HomeScorer
from hilo.sim.models import (
    BestShareModel,
    DeclarationModel,
    GameShape,
    KnownDeclarations,
    WinTable,
    _best_shares,
)
from hilo.sim.parallel import Progress, chunk_plan, map_chunks, run_executor
from hilo.sim.runs import Totals, sampling_seed
from hilo.sim.scenario import Scenario
from hilo.sim.tally import (
    ADVICE_STATISTICS,
    DIRECTION_CODES,
    EQUITY_STATISTICS,
    cards_speak_sums,
    declare_sums,
    rule_codes,
)

__all__ = [
    "HOME_CHUNK_SAMPLES",
    "HOME_EXACT_LIMIT",
    "TAKE_POLICY",
    "HomePlan",
    "home_simulate",
    "is_home_game",
    "run_home_chunk",
    "simulation_notes",
]

HOME_EXACT_LIMIT = 50_000
"""A home-game run walks every order of the cards to come when that scores at most this
many hands (orders times players)."""

TAKE_POLICY = (
    "in 7/27 each simulated player takes a card while its total is neither 5 to 9 "
    "(counted for 7) nor 21 or more (counted for 27)"
)
"""The stated policy the 7/27 simulation draws by, in words."""

HOME_CHUNK_SAMPLES = 1024
"""Deals in one chunk of a home game's Monte Carlo run: chunks, not processes, fix the
seeds, so the figures are the same on any executor."""

_BLOCK = HOME_CHUNK_SAMPLES
"""Deals of a Monte Carlo chunk scored and counted at once (opponents' declarations are
judged within a block)."""
_WALK_BLOCK = 2048
"""Deals of a walk of every order scored and counted at once."""
_SECONDS_A_HAND = 20e-6
"""Rough cost of dealing and scoring one player's hand in a home game, for choosing
where to run."""
_HOME_SPLITS = ("chicago", "chicago-declare", "seven-twenty-seven")


def is_home_game(scenario: Scenario) -> bool:
    """True when ``scenario`` needs this module: wild cards, a spade half or point totals."""
    variant = scenario.variant
    return not variant.wild.is_empty or not scenario.wild.is_empty or variant.split in _HOME_SPLITS


def simulation_notes(scenario: Scenario) -> tuple[str, ...]:
    """What the simulation of ``scenario``'s game assumes, one sentence each, for output.

    >>> from hilo.sim.scenario import Scenario
    >>> simulation_notes(Scenario.from_text("seven-twenty-seven", "Ac 6d"))[0]
    'The rest of 7/27 is simulated: in 7/27 each simulated player takes a card while its total is neither 5 to 9 (counted for 7) nor 21 or more (counted for 27).'
    """  # noqa: E501
    variant = scenario.variant
    notes: list[str] = []
    if scenario.is_points_game:
        notes.append(f"The rest of 7/27 is simulated: {TAKE_POLICY}.")
    if variant.wild.follow_the_queen:
        notes.append(
            "Follow the queen: the cards to come are dealt street by street, you first and "
            "then each opponent in the order given, and the wild rank follows them."
        )
    if variant.wild.low_hole:
        notes.append("Each player's lowest face-down card at the showdown is wild for it.")
    if variant.four_extra or variant.three_match:
        notes.append(
            "Baseball's bought cards for fours and pay-or-fold threes are not simulated: "
            "every player gets seven cards."
        )
    if any(street.passes or street.discard for street in variant.streets):
        notes.append(
            "Passes and discards are not simulated: each hand is the best five of the "
            "seven cards dealt."
        )
    return tuple(notes)


@dataclass(frozen=True, slots=True)
class HomePlan:
    """What to simulate: a scenario, the house rules it is settled under, and for advice
    whether to settle declarations (``declare``) and how opponents declare (None: by
    their best expected share)."""

    scenario: Scenario
    rules: HouseRules = field(default_factory=lambda: HouseRules.preset("cards-speak"))
    declare: bool = False
    model: DeclarationModel | None = None

    @property
    def sides(self) -> Sides:
        """The game's sides under the rules."""
        return self.scenario.variant.sides(self.rules)

    @property
    def statistics(self) -> int:
        """Rows of the sums a run adds up."""
        return len(EQUITY_STATISTICS) + (ADVICE_STATISTICS if self.declare else 0)


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where the cards still to come go: the player's known cards with their faces, each
    opponent's up cards, and the slots to fill in the order they are dealt."""

    known: tuple[tuple[tuple[Card, bool], ...], ...]
    """Each player's known cards with ``True`` for face up."""
    slots: tuple[tuple[int, bool], ...]
    """The cards to deal, in order: (player, face up); player -1 is the board."""
    future_up_from: int
    """Slots from this one on are dealt after the cards seen so far (follow the queen)."""

    @classmethod
    def of(cls, scenario: Scenario) -> _Layout:
        variant = scenario.variant
        faces = [face for street in variant.streets for face in _street_faces(street)]
        if scenario.is_points_game:
            faces = [False, True]
        mine = scenario.cards
        if len(mine) > len(faces) and not scenario.is_points_game:
            raise HandError(f"you hold {len(mine)} cards; {scenario.game} deals {len(faces)}")
        mine_faces = [*faces, *[True] * max(0, len(mine) - len(faces))][: len(mine)]
        if scenario.face_up is not None:
            mine_faces = [card in scenario.face_up for card in mine]
        known: list[tuple[tuple[Card, bool], ...]] = [tuple(zip(mine, mine_faces, strict=True))]
        dealt = min(len(mine), len(faces))
        past: list[tuple[int, bool]] = []
        future: list[tuple[int, bool]] = [(0, face) for face in faces[dealt:]]
        for number in range(scenario.opponents):
            shown = scenario.up_of(number)
            ups = sum(1 for face in faces if face)  # shown cards fill the up slots first,
            known.append(tuple((card, place < ups) for place, card in enumerate(shown)))
            spare = max(0, len(shown) - ups)  # then the first down slots
            filled = 0
            for index, face in enumerate(faces):
                if (face and filled < len(shown)) or (not face and spare):
                    filled += face
                    spare -= not face
                    continue
                (past if index < dealt else future).append((number + 1, face))
        ordered = _street_order(future, scenario.players)
        board = [(-1, True)] * (scenario.board_size - len(scenario.board))
        return cls(tuple(known), (*past, *ordered, *board), len(past))


def _street_faces(street: Street) -> list[bool]:
    """The faces a street deals each player, in order: its down cards, then its up cards."""
    return [False] * street.down + [True] * street.up


def _street_order(future: list[tuple[int, bool]], players: int) -> list[tuple[int, bool]]:
    """The slots still to come, card by card: each card of the deal to every player in turn."""
    queues: dict[int, list[tuple[int, bool]]] = {}
    for slot in future:
        queues.setdefault(slot[0], []).append(slot)
    ordered: list[tuple[int, bool]] = []
    for _ in range(max((len(queue) for queue in queues.values()), default=0)):
        for player in range(players):
            queue = queues.get(player)
            if queue:
                ordered.append(queue.pop(0))
    return ordered


def _queen_prefix(scenario: Scenario) -> tuple[Card, ...]:
    """Face-up cards that put follow the queen where the scenario says it stands now."""
    queen = Card(Rank.QUEEN, Suit(0))
    prefix: list[Card] = []
    follower = (scenario.queen_ranks or frozenset()) - {Rank.QUEEN}
    if follower:
        prefix += [queen, Card(next(iter(follower)), Suit(0))]
    if scenario.after_queen:
        prefix.append(queen)
    return tuple(prefix)


def _deal(plan: HomePlan, layout: _Layout, cards: Iterator[Card], rounds: int) -> Deal:
    """Complete the hand from ``cards`` (the unseen cards in the order they come)."""
    scenario = plan.scenario
    hands = [[card for card, _ in known] for known in layout.known]
    ups = [[card for card, face in known if face] for known in layout.known]
    future_up: list[Card] = []
    board = list(scenario.board)
    for index, (player, face) in enumerate(layout.slots):
        card = next(cards)
        if player < 0:
            board.append(card)
            continue
        hands[player].append(card)
        if face:
            ups[player].append(card)
            if index >= layout.future_up_from:
                future_up.append(card)
    if scenario.is_points_game:
        _take_cards(hands, ups, cards, rounds)
    queens = None
    if scenario.variant.wild.follow_the_queen:
        queens = follow_the_queen((*_queen_prefix(scenario), *future_up), plan.rules.queen_last)
    return Deal(tuple(map(tuple, hands)), tuple(map(tuple, ups)), queens, tuple(board))


def _wants_card(cards: Sequence[Card]) -> bool:
    """`TAKE_POLICY`: take a card unless near 7, or 21 or more towards 27 (or bust)."""
    key = tuple(sorted(card.rank for card in cards))
    found = _WANTS.get(key)
    if found is None:
        found = _WANTS[key] = _decide_take(cards)
    return found


_WANTS: dict[tuple[Rank, ...], bool] = {}
"""`_wants_card` by the ranks held: a total depends on nothing else."""


def _decide_take(cards: Sequence[Card]) -> bool:
    seven = best_total(cards, 7, bust=False, under_wins=True)
    assert seven is not None
    if 10 <= seven <= 18:  # half points: 5 to 9
        return False
    highest = best_total(cards, 27, bust=True, under_wins=True)
    return highest is not None and highest < 42


def _take_cards(
    hands: list[list[Card]], ups: list[list[Card]], cards: Iterator[Card], rounds: int
) -> None:
    for _ in range(rounds):
        takers = [player for player, hand in enumerate(hands) if _wants_card(hand)]
        if not takers:
            return
        for player in takers:
            card = next(cards, None)
            if card is None:
                return
            hands[player].append(card)
            ups[player].append(card)


def _declarations(
    plan: HomePlan, highs: NDArray[np.int64], lows: NDArray[np.int64]
) -> NDArray[np.int64]:
    """Each opponent's declaration code in a block of scored deals."""
    model = plan.model
    known: tuple[Direction | None, ...] = ()
    if isinstance(model, KnownDeclarations):
        known, model = model.known, model.model
    others = highs[:, 1:]
    if model is None or isinstance(model, BestShareModel):
        out = np.empty(others.shape, np.int64)
        high, low = WinTable.of(others.ravel()), WinTable.of(lows[:, 1:].ravel())
        _best_shares(
            np.ascontiguousarray(others),
            np.ascontiguousarray(lows[:, 1:]),
            (high.values, high.at, high.after),
            (low.values, low.at, low.after),
            max(1, plan.scenario.opponents),
            out,
        )
    else:
        shape = GameShape(
            plan.scenario.variant.selection,
            plan.scenario.variant.hole_cards,
            plan.scenario.board_size,
            plan.scenario.players,
            Ranking.ACE_TO_FIVE,
            None,
        )
        out = np.array(model.declare(shape, others, lows[:, 1:]), np.int64)
        if out.shape != others.shape or (out.size and (out.min() < 0 or out.max() > 2)):
            raise ConfigError(
                "a declaration model must answer 0, 1 or 2 for each opponent of each showdown"
            )
    for column, direction in enumerate(known[: plan.scenario.opponents]):
        if direction is not None:
            out[:, column] = DIRECTION_CODES[direction]
    return out


def _count(
    plan: HomePlan, scorer: HomeScorer, deals: Sequence[Deal], sums: NDArray[np.float64]
) -> None:
    highs, lows = scorer.score(deals)
    weights = np.ones(len(deals))
    equity = len(EQUITY_STATISTICS)
    cards_speak_sums(highs, lows, weights, sums[:equity])
    if not plan.declare:
        return
    ways = np.zeros(highs.shape, np.int64)
    ways[:, 1:] = _declarations(plan, highs, lows)
    declare_sums(highs, lows, ways, rule_codes(plan.rules), weights, sums[equity:])


def _orders(scenario: Scenario, needed: int) -> int:
    return perm(len(scenario.unseen), needed)


@lru_cache(maxsize=32)
def _layout(scenario: Scenario) -> _Layout:
    return _Layout.of(scenario)


def _check(plan: HomePlan) -> None:
    """Refuse, in a sentence, what the home games' simulation does not do."""
    scenario = plan.scenario
    if plan.sides.missing_low_rides:
        raise ConfigError(
            f"{scenario.game}: the simulator gives the whole pot to the high hand when nobody "
            "has a spade in the hole; no_spade=rides is not simulated"
        )
    if any(scenario.range_of(number) is not None for number in range(scenario.opponents)):
        raise ConfigError(
            f"{scenario.game}: ranges are not simulated in games with wild cards; "
            "leave the opponents' hands random"
        )


def run_home_chunk(
    plan: HomePlan,
    job: tuple[int, np.random.SeedSequence],
    report: Callable[[int], None] | None = None,
) -> NDArray[np.float64]:
    """The sums of one Monte Carlo chunk of a home game: ``job`` is its deals and its
    seed; ``report(deals)`` is called after each block of deals."""
    samples, seed = job
    scenario = plan.scenario
    layout = _layout(scenario)
    scorer = HomeScorer(scenario, plan.rules)
    unseen = scenario.unseen
    rounds = plan.rules.max_rounds
    rng = np.random.Generator(np.random.PCG64(seed))
    deck = np.arange(len(unseen))
    sums = np.zeros((plan.statistics, 2))
    for first in range(0, samples, _BLOCK):
        count = min(_BLOCK, samples - first)
        shuffled = rng.permuted(np.tile(deck, (count, 1)), axis=1).tolist()
        deals = [
            _deal(plan, layout, (unseen[index] for index in order), rounds) for order in shuffled
        ]
        _count(plan, scorer, deals, sums)
        if report is not None:
            report(first + count)
    return sums


class _HomeChunk:
    """A picklable ``run_home_chunk`` bound to its plan, for executors."""

    def __init__(self, plan: HomePlan) -> None:
        self.plan = plan

    def __call__(
        self, job: tuple[int, np.random.SeedSequence], report: Callable[[int], None] | None
    ) -> NDArray[np.float64]:
        return run_home_chunk(self.plan, job, report)


def _walk(plan: HomePlan, layout: _Layout, total: int, progress: Progress | None) -> Totals:
    """Every order of the cards to come, once each, in this process."""
    scorer = HomeScorer(plan.scenario, plan.rules)
    sums = np.zeros((plan.statistics, 2))
    done = 0
    block: list[Deal] = []
    for order in permutations(plan.scenario.unseen, len(layout.slots)):
        block.append(_deal(plan, layout, iter(order), plan.rules.max_rounds))
        if len(block) == _WALK_BLOCK:
            _count(plan, scorer, block, sums)
            done += len(block)
            block = []
            if progress is not None:
                progress(done, total)
    if block:
        _count(plan, scorer, block, sums)
    return Totals(sums, float(total), total, True, None)


def home_simulate(
    plan: HomePlan,
    *,
    samples: int,
    seed: int | None = None,
    exact: bool | None = None,
    exact_limit: int = HOME_EXACT_LIMIT,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> Totals:
    """Run a home-game plan: every order of the cards to come when few enough (or asked),
    else ``samples`` random deals from ``seed``.

    A Monte Carlo run is cut into chunks of `HOME_CHUNK_SAMPLES` deals seeded as in
    `hilo.sim.parallel` and run on ``executor`` (None: this process, or a process pool a
    core for a large run), so the same seed gives the same figures on any executor; a
    walk of every order runs in this process.
    """
    scenario = plan.scenario
    _check(plan)
    layout = _layout(scenario)
    needed = len(layout.slots)
    walkable = not scenario.is_points_game and needed <= len(scenario.unseen)
    if exact is not False and walkable:
        total = _orders(scenario, needed)
        limit = exact_limit if not exact else 50_000_000
        if total * scenario.players <= limit:
            return _walk(plan, layout, total, progress)
    if exact:
        raise HiloError("there are too many deals to walk in this game; sample them instead")
    seed = sampling_seed(samples, seed)
    jobs = chunk_plan(samples, seed, HOME_CHUNK_SAMPLES)
    sizes = [size for size, _ in jobs]
    estimated = samples * scenario.players * _SECONDS_A_HAND
    with run_executor(executor, estimated, len(jobs)) as chosen:
        results = map_chunks(_HomeChunk(plan), jobs, sizes, chosen, progress)
    sums = np.zeros((plan.statistics, 2))
    for result in results:
        sums += result
    return Totals(sums, float(samples), samples, False, seed)
