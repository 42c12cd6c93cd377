"""Completing a scenario's unseen cards: seeded random deals, or every deal in turn.

A scenario becomes a `Layout`: the unseen cards, and what each column of a *deal row*
holds. A row lists, in order, the hand of each opponent with a range, then the rest
of the board, the player's cards still to come, and the unseen cards of each other
opponent. `Layout.hands` turns rows into each player's cards for the evaluators.

Random deals draw 32-bit words from a numpy `Generator` and turn them into uniform
choices by multiply-and-shift with rejection (exact, no modulo bias); a ranged
opponent's hand is drawn by weight, and a row whose ranged hands share a card is drawn
again, so the hands follow the weights given that they fit together. Exact deals are
numbered: a row's number is unranked into one combination per group of cards, the
groups in order, each from the cards the earlier groups left.

>>> from hilo.sim.scenario import Scenario
>>> layout = Layout.of(Scenario.from_text("holdem-hilo", "Ah Kd", board="2c 3d 4h 5s"))
>>> layout.columns, layout.exact_count()
(3, 45540)
>>> rows = layout.random_rows(np.random.default_rng(1), 4)
>>> rows.shape, layout.hands(rows)[0].shape
((4, 3), (4, 7))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import comb, prod

import numba
import numpy as np
from numpy.typing import NDArray

from hilo.errors import HandError
from hilo.hands.ranking import Selection
from hilo.sim.scenario import Scenario

__all__ = ["BLOCK", "Layout"]

BLOCK = 1 << 15
"""Rows dealt, scored and counted at once."""

_WORD = 1 << 32
_FIFTY_THREE_BITS = float(1 << 53)
_MOST_TRIES = 100_000
"""Draws of ranged hands that may clash in a row before the ranges are called impossible."""


@numba.njit(cache=True, nogil=True)
def _bounded(words: NDArray[np.uint32], at: int, limit: int) -> tuple[int, int]:
    """A uniform number below ``limit`` from the words at ``at`` on; (-1, at) if they run out."""
    while at < words.shape[0]:
        product = np.int64(words[at]) * limit
        at += 1
        if (product & 0xFFFF_FFFF) >= (_WORD - limit) % limit:
            return int(product >> 32), at
    return -1, at


@numba.njit(cache=True, nogil=True)
def _deal_rows(
    deck: NDArray[np.uint8],
    words: NDArray[np.uint32],
    first: int,
    range_cards: NDArray[np.uint8],
    range_masks: NDArray[np.int64],
    range_cumulative: NDArray[np.float64],
    range_counts: NDArray[np.int64],
    random_count: int,
    out: NDArray[np.uint8],
) -> int:
    """Fill rows from ``first`` on; return the next row to fill (-1: ranges never fit).

    Stops early, leaving the rest for fresh words, when the words run out mid-row.
    """
    ranged, hole = range_cards.shape[0], range_cards.shape[2]
    size = deck.shape[0]
    chosen = np.zeros(max(ranged, 1), np.int64)
    at = 0
    for row in range(first, out.shape[0]):
        used = np.int64(0)
        tries = 0
        while ranged:
            used = np.int64(0)
            clash = False
            for opponent in range(ranged):
                if at + 2 > words.shape[0]:
                    return row
                value = ((np.int64(words[at]) >> 5) * 67108864 + (np.int64(words[at + 1]) >> 6)) / (
                    _FIFTY_THREE_BITS
                )
                at += 2
                count = range_counts[opponent]
                pick = np.searchsorted(range_cumulative[opponent, :count], value, side="right")
                pick = min(pick, count - 1)
                mask = range_masks[opponent, pick]
                if used & mask:
                    clash = True
                    break
                used |= mask
                chosen[opponent] = pick
            if not clash:
                break
            tries += 1
            if tries > _MOST_TRIES:
                return -1
        for opponent in range(ranged):
            for position in range(hole):
                out[row, opponent * hole + position] = range_cards[
                    opponent, chosen[opponent], position
                ]
        column = ranged * hole
        for position in range(random_count):
            while True:
                step, at = _bounded(words, at, size - position)
                if step < 0:
                    return row
                other = position + step
                card = deck[other]
                if not (used >> np.int64(card)) & 1:
                    break
            deck[other] = deck[position]
            deck[position] = card
            out[row, column + position] = card
    return int(out.shape[0])


@numba.njit(cache=True, nogil=True)
def _exact_rows(
    fixed: NDArray[np.uint8],
    remaining: NDArray[np.uint8],
    sizes: NDArray[np.int64],
    counts: NDArray[np.int64],
    binomial: NDArray[np.int64],
    first: int,
    out: NDArray[np.uint8],
) -> None:
    """Rows ``first`` on of the numbered deals: row ``i`` is fixed cards ``i // inner``
    followed by the ``i % inner``-th way to deal the groups from their remaining cards."""
    inner = np.int64(1)
    for count in counts:
        inner *= count
    width = fixed.shape[1]
    total = remaining.shape[1]
    digits = np.zeros(sizes.shape[0], np.int64)
    taken = np.zeros(total, np.bool_)
    picks = np.zeros(64, np.int64)
    for offset in range(out.shape[0]):
        number = first + offset
        outer, rest = number // inner, number % inner
        for group in range(sizes.shape[0] - 1, -1, -1):
            digits[group] = rest % counts[group]
            rest //= counts[group]
        for position in range(width):
            out[offset, position] = fixed[outer, position]
        taken[:] = False
        column = width
        left = total
        for group in range(sizes.shape[0]):
            size = sizes[group]
            rank = digits[group]
            candidate = 0
            for slot in range(size):  # unrank a combination of ``size`` of ``left``
                while binomial[left - candidate - 1, size - slot - 1] <= rank:
                    rank -= binomial[left - candidate - 1, size - slot - 1]
                    candidate += 1
                picks[slot] = candidate
                candidate += 1
            slot = 0
            free = -1
            for place in range(total):
                if taken[place]:
                    continue
                free += 1
                if slot < size and picks[slot] == free:
                    taken[place] = True
                    out[offset, column + slot] = remaining[outer, place]
                    slot += 1
            column += size
            left -= size


@numba.njit(cache=True, nogil=True)
def _take(
    rows: NDArray[np.uint8],
    constants: NDArray[np.uint8],
    positions: NDArray[np.intp],
    out: NDArray[np.uint8],
) -> None:
    """``out[:, i]`` is column ``positions[i]`` of the rows extended by the constants."""
    width = rows.shape[1]
    for row in range(rows.shape[0]):
        for column in range(positions.shape[0]):
            position = positions[column]
            out[row, column] = (
                rows[row, position] if position < width else constants[position - width]
            )


def _binomials() -> NDArray[np.int64]:
    table = np.zeros((53, 53), np.int64)
    for top in range(53):
        for bottom in range(top + 1):
            table[top, bottom] = comb(top, bottom)
    return table


_BINOMIAL = _binomials()


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """How one scenario's deals are made and read: the unseen cards and every column."""

    selection: Selection
    players: int
    deck: NDArray[np.uint8]
    """The unseen cards, as card indices."""
    range_cards: NDArray[np.uint8]
    """For each ranged opponent, its possible hands (padded), shaped (ranged, hands, hole)."""
    range_masks: NDArray[np.int64]
    """Each possible hand as a 52-bit set of cards."""
    range_weights: NDArray[np.float64]
    """Each possible hand's weight (0 for padding and for hands clashing with cards in sight)."""
    range_counts: NDArray[np.int64]
    sizes: NDArray[np.int64]
    """The random groups, in column order: board, the player's, each other opponent's."""
    constants: NDArray[np.uint8]
    """The cards in sight, as they follow a row's columns in an extended row."""
    hand_index: NDArray[np.intp]
    """For each player, the extended-row positions of its cards (hold'em: and the board)."""
    board_index: NDArray[np.intp]
    """Omaha and criss-cross: the extended-row positions of the five board cards."""

    @property
    def hole(self) -> int:
        """Cards of a ranged hand (the game's hole cards)."""
        return int(self.range_cards.shape[2])

    @property
    def ranged(self) -> int:
        """Opponents with a range."""
        return int(self.range_cards.shape[0])

    @property
    def random_count(self) -> int:
        """Random cards a row deals after the ranged hands."""
        return int(self.sizes.sum())

    @property
    def columns(self) -> int:
        """Cards in one deal row."""
        return self.ranged * self.hole + self.random_count

    @classmethod
    def of(cls, scenario: Scenario) -> Layout:
        """The layout of a checked scenario."""
        variant = scenario.variant
        hole, selection = variant.hole_cards, variant.selection
        constants: list[int] = []
        ranged = [
            number for number in range(scenario.opponents) if scenario.range_of(number) is not None
        ]
        column = len(ranged) * hole

        def take(count: int) -> list[int]:
            nonlocal column
            start, column = column, column + count
            return list(range(start, start + count))

        def known(cards: tuple[int, ...]) -> list[int]:
            start = len(constants)
            constants.extend(cards)
            return [-(1 + position) for position in range(start, start + len(cards))]

        board = known(tuple(card.index for card in scenario.board))
        board += take(scenario.board_size - len(scenario.board))
        hands = [known(tuple(card.index for card in scenario.cards))]
        hands[0] += take(hole - len(scenario.cards))
        sizes = [scenario.board_size - len(scenario.board), hole - len(scenario.cards)]
        for number in range(scenario.opponents):
            if number in ranged:
                start = ranged.index(number) * hole
                hands.append(list(range(start, start + hole)))
                continue
            shown = scenario.up_of(number)
            hands.append(known(tuple(card.index for card in shown)) + take(hole - len(shown)))
            sizes.append(hole - len(shown))
        width = column

        def resolve(positions: list[int]) -> list[int]:
            return [width - 1 - position if position < 0 else position for position in positions]

        if selection is Selection.HOLDEM:
            hand_index = [resolve(hand + board) for hand in hands]
        else:
            hand_index = [resolve(hand) for hand in hands]
        cards, masks, weights, counts = _ranges(scenario, ranged, hole)
        return cls(
            selection=selection,
            players=scenario.players,
            deck=np.array([card.index for card in scenario.unseen], np.uint8),
            range_cards=cards,
            range_masks=masks,
            range_weights=weights,
            range_counts=counts,
            sizes=np.array(sizes, np.int64),
            constants=np.array(constants, np.uint8),
            hand_index=np.array(hand_index, np.intp),
            board_index=np.array(
                resolve(board) if selection in (Selection.OMAHA, Selection.CRISS_CROSS) else [],
                np.intp,
            ),
        )

    def extend(self, rows: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """Rows followed by the cards in sight, which `hand_index` points into."""
        extended = np.empty((rows.shape[0], rows.shape[1] + self.constants.shape[0]), np.uint8)
        extended[:, : rows.shape[1]] = rows
        extended[:, rows.shape[1] :] = self.constants
        return extended

    def take(self, rows: NDArray[np.uint8], positions: NDArray[np.intp]) -> NDArray[np.uint8]:
        """The cards at extended-row ``positions`` (any shape) of each row, as a C-ordered
        array shaped (rows, *positions.shape): `extend` and index at once."""
        out = np.empty((rows.shape[0], positions.size), np.uint8)
        _take(np.ascontiguousarray(rows), self.constants, positions.ravel(), out)
        return out.reshape(rows.shape[0], *positions.shape)

    def known_players(self) -> NDArray[np.bool_]:
        """For each player, True when every deal gives it the same cards: all in sight, or
        an opponent's range of one hand."""
        width, ranged = self.columns, self.ranged * self.hole
        single = self.range_counts == 1
        return np.array(
            [
                all(position >= width or (position < ranged and single[position // self.hole])
                    for position in hand.tolist())
                for hand in self.hand_index
            ],
            np.bool_,
        )  # fmt: skip

    def hands(self, rows: NDArray[np.uint8]) -> list[NDArray[np.uint8]]:
        """Each player's cards (hold'em: with the board), one array a player."""
        extended = self.extend(rows)
        return [extended[:, index] for index in self.hand_index]

    def boards(self, rows: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """Omaha: each row's five board cards."""
        return self.extend(rows)[:, self.board_index]

    def random_rows(self, rng: np.random.Generator, count: int) -> NDArray[np.uint8]:
        """``count`` random deal rows; the generator's state decides them all."""
        out = np.empty((count, self.columns), np.uint8)
        deck = self.deck.copy()
        cumulative = np.cumsum(self.range_weights, axis=1)
        totals = cumulative[:, -1:] if self.ranged else np.ones((0, 1))
        cumulative = cumulative / np.where(totals > 0, totals, 1.0)
        per_row = self.random_count + 2 * self.ranged
        done, extra = 0, 64
        while done < count:
            words = rng.integers(0, _WORD, size=(count - done) * per_row + extra, dtype=np.uint32)
            before = done
            done = _deal_rows(
                deck,
                words,
                done,
                self.range_cards,
                self.range_masks,
                cumulative,
                self.range_counts,
                self.random_count,
                out,
            )
            if done < 0:
                raise HandError("the ranges given never fit together: every pair shares a card")
            if done == before:  # a row needed more words than were left: give it more
                extra *= 4
        return out

    def _fixed(self) -> tuple[NDArray[np.uint8], NDArray[np.int64], NDArray[np.float64]]:
        """Every way the ranged hands fit together: its cards, as a card set, its weight."""
        fixed = np.zeros((1, 0), np.uint8)
        masks = np.zeros(1, np.int64)
        weights = np.ones(1)
        for opponent in range(self.ranged):
            count = int(self.range_counts[opponent])
            keep = np.flatnonzero(self.range_weights[opponent, :count] > 0)
            new_masks = self.range_masks[opponent, keep]
            fits = (masks[:, None] & new_masks[None, :]) == 0
            old, new = np.nonzero(fits)
            fixed = np.hstack([fixed[old], self.range_cards[opponent, keep[new]]])
            masks = masks[old] | new_masks[new]
            weights = weights[old] * self.range_weights[opponent, keep[new]]
        return fixed, masks, weights

    def exact_count(self, most: int | None = None) -> int | None:
        """How many deals an exact run walks (each with its weight); None when it would
        be more than ``most``."""
        left = self.deck.shape[0] - self.ranged * self.hole
        inner = 1
        for size in self.sizes.tolist():
            inner *= comb(left, size)
            left -= size
        outer_bound = prod(int(count) for count in self.range_counts.tolist())
        if most is not None and inner * outer_bound > most:
            return None
        total = inner * (self._fixed()[0].shape[0] if self.ranged else 1)
        return total if most is None or total <= most else None

    def exact_rows(self) -> Iterator[tuple[NDArray[np.uint8], NDArray[np.float64]]]:
        """Every deal, in blocks of rows with their weights (ranges' weights, else 1)."""
        fixed, masks, weights = self._fixed()
        if fixed.shape[0] == 0:
            return
        deck = self.deck
        free = ((masks[:, None] >> deck[None, :].astype(np.int64)) & 1) == 0
        remaining = np.broadcast_to(deck, free.shape)[free].reshape(fixed.shape[0], -1)
        left = remaining.shape[1]
        counts = []
        for size in self.sizes.tolist():
            counts.append(comb(left, size))
            left -= size
        inner = prod(counts)
        total = inner * fixed.shape[0]
        count_array = np.array(counts, np.int64)
        for first in range(0, total, BLOCK):
            rows = np.empty((min(BLOCK, total - first), self.columns), np.uint8)
            _exact_rows(fixed, remaining, self.sizes, count_array, _BINOMIAL, first, rows)
            outer = np.arange(first, first + rows.shape[0]) // inner
            yield rows, weights[outer]


def _ranges(
    scenario: Scenario, ranged: list[int], hole: int
) -> tuple[NDArray[np.uint8], NDArray[np.int64], NDArray[np.float64], NDArray[np.int64]]:
    """The ranged opponents' hands as padded arrays; hands clashing with cards in sight
    (or of weight 0) get weight 0."""
    in_sight = set(range(52)) - {card.index for card in scenario.unseen}
    hands = [scenario.range_of(number) for number in ranged]
    most = max((len(item.combos) for item in hands if item is not None), default=1)
    cards = np.zeros((len(ranged), most, hole), np.uint8)
    masks = np.zeros((len(ranged), most), np.int64)
    weights = np.zeros((len(ranged), most))
    counts = np.zeros(len(ranged), np.int64)
    for row, item in enumerate(hands):
        assert item is not None
        counts[row] = len(item.combos)
        for column, (combo, weight) in enumerate(zip(item.combos, item.weights, strict=True)):
            indices = [card.index for card in combo]
            cards[row, column] = indices
            masks[row, column] = sum(1 << index for index in indices)
            clear = in_sight.isdisjoint(indices)
            weights[row, column] = weight if clear else 0.0
    return cards, masks, weights, counts
