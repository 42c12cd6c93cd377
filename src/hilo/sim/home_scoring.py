"""Scoring the home games' deals: wild cards, Chicago's spade and 7/27's totals.

A `Deal` is one completed deal of a home game (`hilo.sim.home` deals them); a
`HomeScorer` scores a block of them on both sides of the game, in arrays shaped (deals,
players): hands with wild cards by the batch kernels of `hilo.sim.wild` where they apply
(any five of five to seven cards, no bug), else by `hilo.hands.wild.wild_score`;
Chicago's spade and 7/27's totals by the game's own sides (`hilo.hands.sides`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from hilo.cards import Card, Rank
from hilo.hands.ranking import Ranking, Selection
from hilo.hands.sides import HandSide, PointsSide, SideRule, SpadeSide
from hilo.hands.wild import wild_score
from hilo.hands.wildspec import WildSpec, lowest_hole_rank
from hilo.rules.house_rules import HouseRules
from hilo.sim.scenario import Scenario
from hilo.sim.wild import wild_high_scores, wild_low_scores

__all__ = ["Deal", "HomeScorer"]


@dataclass(frozen=True, slots=True)
class Deal:
    """One completed deal: each player's cards, and which of them are face up."""

    cards: tuple[tuple[Card, ...], ...]
    up: tuple[tuple[Card, ...], ...]
    queen_ranks: frozenset[Rank] | None
    board: tuple[Card, ...] = ()


class HomeScorer:
    """Scores a block of deals on both sides, in arrays shaped (deals, players)."""

    def __init__(self, scenario: Scenario, rules: HouseRules) -> None:
        self.rules = rules
        self.sides = scenario.variant.sides(rules)
        self.spec = scenario.variant.wild.plus(scenario.wild)
        self.selection = scenario.variant.selection
        self.batch = (
            self.selection is Selection.ANY_FIVE
            and not scenario.board_size
            and self.spec.joker != "bug"
        )
        self._resolved: dict[
            tuple[frozenset[Rank] | None, Rank | None, tuple[Card, ...]], tuple[WildSpec, WildSpec]
        ]
        self._resolved = {}

    def score(self, deals: Sequence[Deal]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Each player's high and low scores in each deal (the one side of a lowball game
        counted as the high)."""
        players = len(deals[0].cards)
        highs = self._side(self.sides.high, deals, players)
        lows = self._side(self.sides.low, deals, players)
        if self.sides.high is None:  # lowball: the one side there is, counted as the high
            return lows, highs
        return highs, lows

    def _wild_of(self, deal: Deal, player: int) -> tuple[WildSpec, WildSpec]:
        """What is wild for everybody, and for this player's own cards."""
        lowest = None
        if self.spec.low_hole:
            shown = set(deal.up[player])
            down = [card for card in deal.cards[player] if card not in shown]
            lowest = lowest_hole_rank(down, ace_low=self.rules.ace_low_for_wild)
        key = (deal.queen_ranks, lowest, deal.board if self.spec.center else ())
        found = self._resolved.get(key)
        if found is None:
            everybody = self.spec.resolve(queen_ranks=deal.queen_ranks, board=deal.board)
            theirs = everybody
            if lowest is not None:
                theirs = WildSpec(
                    ranks=everybody.ranks | {lowest}, cards=everybody.cards, joker=everybody.joker
                )
            found = self._resolved[key] = (everybody, theirs)
        return found

    def _side(
        self, side: SideRule | None, deals: Sequence[Deal], players: int
    ) -> NDArray[np.int64]:
        out = np.zeros((len(deals), players), np.int64)
        match side:
            case None:
                return out
            case PointsSide():
                known: dict[tuple[Rank, ...], int] = {}
                for row, deal in enumerate(deals):
                    for player in range(players):
                        cards = deal.cards[player]
                        key = tuple(sorted(card.rank for card in cards))
                        score = known.get(key)
                        if score is None:
                            score = known[key] = side.score(cards)
                        out[row, player] = score
                return out
            case SpadeSide():
                for row, deal in enumerate(deals):
                    for player in range(players):
                        out[row, player] = side.score(deal.cards[player], deal.up[player])
                return out
            case HandSide():
                self._hands(side, deals, players, out)
                return out

    def _hands(
        self, side: HandSide, deals: Sequence[Deal], players: int, out: NDArray[np.int64]
    ) -> None:
        rules = self.rules
        groups: dict[tuple[WildSpec, int], list[tuple[int, int]]] = {}
        for row, deal in enumerate(deals):
            for player in range(players):
                everybody, theirs = self._wild_of(deal, player)
                cards = deal.cards[player]
                if self.batch and 5 <= len(cards) <= 7:
                    groups.setdefault((theirs, len(cards)), []).append((row, player))
                    continue
                out[row, player] = wild_score(
                    cards,
                    deal.board,
                    wild=everybody,
                    hole_wild=theirs,
                    ranking=side.ranking,
                    selection=self.selection,
                    qualifier=side.qualifier,
                    duplicates=rules.wild_duplicates,
                    natural_beats_wild=rules.natural_beats_wild,
                )
        for (spec, _), places in groups.items():
            rows = np.array(
                [[card.index for card in deals[row].cards[player]] for row, player in places],
                np.uint8,
            )
            if side.ranking is Ranking.HIGH:
                scores = wild_high_scores(
                    rows,
                    spec,
                    duplicates=rules.wild_duplicates,
                    natural_beats_wild=rules.natural_beats_wild,
                )
            else:
                scores = wild_low_scores(
                    rows,
                    spec,
                    side.ranking,
                    side.qualifier,
                    natural_beats_wild=rules.natural_beats_wild,
                )
            for (row, player), score in zip(places, scores.tolist(), strict=True):
                out[row, player] = score
