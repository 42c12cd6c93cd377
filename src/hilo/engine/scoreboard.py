"""Each contesting seat's score on each side of a showdown, and who gets odd chips first.

The referee (`hilo.engine.showdown`) works these out once for every pot of one showdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.declare import Direction
from hilo.engine.rulings import Side
from hilo.engine.wild_table import WildTable
from hilo.hands import Ranking, Selection, evaluate, high_score, scorer
from hilo.hands.high import high_score_of_bits
from hilo.hands.low import ace_to_five_of_bits, low_bits
from hilo.hands.omaha import omaha_high, omaha_low
from hilo.hands.ranking import criss_cross_lines
from hilo.hands.sides import HandSide, SideRule, Sides
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.engine.showdown import ShowdownHand

__all__ = ["Scoreboard", "side_scores"]


class Scoreboard:
    """Each contesting seat's high and low score, its declaration and its place in the order
    odd chips go in: worked out once for every pot of one showdown."""

    __slots__ = (
        "board", "cards", "cards_speak", "declared", "folded", "hands", "high", "high_name",
        "low", "low_name", "order", "rules", "selection", "sides", "wild",
    )  # fmt: skip

    def __init__(
        self,
        rules: HouseRules,
        sides: Sides,
        declared: dict[int, Direction | None],
        order: dict[int, int] | tuple[int, ...],
        high: dict[int, int],
        low: dict[int, int],
        *,
        folded: frozenset[int] = frozenset(),
        cards: dict[int, tuple[Card, ...]] | None = None,
        board: tuple[Card, ...] = (),
        selection: Selection = Selection.ANY_FIVE,
        wild: WildTable | None = None,
        hands: Sequence[ShowdownHand] | None = None,
    ) -> None:
        """``order``: each seat's place in the order odd chips go in, or the seats in that
        order; ``cards``: each seat's cards, or None to take them from ``hands`` when asked."""
        self.rules = rules
        self.cards_speak = rules.declare == "cards-speak"
        self.sides = sides
        high_name, low_name = sides.names
        self.high_name = high_name or "high"
        self.low_name = low_name or "low"
        self.wild = wild
        self.declared = declared
        self.folded = folded
        self.cards = cards
        self.hands = hands
        self.order = order
        self.high = high
        self.low = low
        self.board = board
        self.selection = selection

    @classmethod
    def from_cards(
        cls,
        hands: Sequence[ShowdownHand],
        rules: HouseRules,
        board: tuple[Card, ...],
        selection: Selection,
        seat_order: tuple[int, ...],
        contested: set[int],
        sides: Sides,
        wild: WildTable | None = None,
        bits: dict[int, int] | None = None,
    ) -> Scoreboard:
        """Score the hands of the seats that contest a pot (``bits``: each one's `Card.bit`
        masks or-ed together, when known)."""
        playing = [hand for hand in hands if hand.seat in contested]
        both = _high_and_low(sides, playing, board, selection, wild, bits)
        if both is not None:
            high, low = both
        else:
            high = side_scores(sides.high, playing, board, selection, wild)
            low = side_scores(sides.low, playing, board, selection, wild)
        return cls(
            rules,
            sides,
            {hand.seat: hand.declaration for hand in hands},
            {seat: position for position, seat in enumerate(seat_order)},
            high,
            low,
            folded=frozenset(hand.seat for hand in hands if hand.is_folded),
            cards={hand.seat: hand.cards for hand in hands},
            board=board,
            selection=selection,
            wild=wild,
        )

    def chip_order(self, seats: Iterable[int], side: Side) -> list[int]:
        """Who gets odd chips first: left of the button, or by suit of the deciding card."""
        order = self.order
        if type(order) is tuple:  # the seats in order: their places, worked out when asked
            order = self.order = {seat: position for position, seat in enumerate(order)}
        ordered = sorted(seats, key=order.__getitem__)
        if self.rules.odd_chip_order == "button" or side not in (Side.HIGH, Side.LOW):
            return ordered
        if self.cards is None and self.hands is not None:
            self.cards = {hand.seat: hand.cards for hand in self.hands}
        cards = self.cards
        rule = self.sides.high if side is Side.HIGH else self.sides.low
        if cards is None or not isinstance(rule, HandSide):  # no card decides: seat order
            return ordered
        ranking, qualifier = rule.ranking, rule.qualifier

        def card_key(seat: int) -> tuple[int, int]:
            if self.wild is not None:  # a wild card counts as the card it stood for
                used = self.wild.used(seat, ranking, qualifier)
            else:
                used = evaluate(
                    cards[seat],
                    self.board,
                    ranking=ranking,
                    selection=self.selection,
                    qualifier=qualifier,
                ).cards
            if not ranking.is_low:  # the highest card, then its suit: highest first
                top = max(used, key=lambda card: (card.rank, card.suit))
                return (-top.rank, -top.suit)
            ace_low = ranking.is_ace_low
            bottom = min(
                used, key=lambda card: (1 if ace_low and card.rank == 14 else card.rank, card.suit)
            )
            return (1 if ace_low and bottom.rank == 14 else bottom.rank, bottom.suit)

        return sorted(ordered, key=card_key)


def _high_and_low(
    sides: Sides,
    hands: Sequence[ShowdownHand],
    board: tuple[Card, ...],
    selection: Selection,
    wild: WildTable | None,
    bits: dict[int, int] | None,
) -> tuple[dict[int, int], dict[int, int]] | None:
    """Each hand's high and ace-to-five low score (as `side_scores` gives them), worked out
    together from one mask of its cards; None unless the split is high against an
    ace-to-five low of plain cards and any five of the hand and the board play."""
    high_rule, low_rule = sides.high, sides.low
    if (
        wild is not None
        or selection is Selection.OMAHA
        or selection is Selection.CRISS_CROSS
        or not isinstance(high_rule, HandSide)
        or not isinstance(low_rule, HandSide)
        or high_rule.ranking is not Ranking.HIGH
        or low_rule.ranking is not Ranking.ACE_TO_FIVE
    ):
        return None
    qualifier = low_rule.qualifier
    shared = 0
    for card in board:
        shared |= card.bit
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for hand in hands:
        seat, cards = hand.seat, hand.cards
        if bits is None:
            masks = shared
            for card in cards:
                masks |= card.bit
        else:
            masks = shared | bits[seat]
        high[seat] = high_score_of_bits(masks)
        low[seat] = ace_to_five_of_bits(low_bits(masks), len(cards) + len(board), qualifier)
    return high, low


def side_scores(
    rule: SideRule | None,
    hands: Sequence[ShowdownHand],
    board: tuple[Card, ...],
    selection: Selection,
    wild: WildTable | None = None,
) -> dict[int, int]:
    """Each hand's score on one side (all 0 when the split has no such side)."""
    if rule is None:
        return {hand.seat: 0 for hand in hands}
    if not isinstance(rule, HandSide):
        return {hand.seat: rule.score(hand.cards, hand.up, board, selection) for hand in hands}
    if wild is not None:  # poker hands with wild cards
        return {hand.seat: wild.score(hand.seat, rule.ranking, rule.qualifier) for hand in hands}
    if selection is Selection.OMAHA:
        ranking = rule.ranking
        omaha = omaha_high if ranking is Ranking.HIGH else omaha_low(ranking, rule.qualifier)
        return {hand.seat: omaha(hand.cards, board) for hand in hands}
    score = scorer(rule.ranking, rule.qualifier) if rule.ranking.is_low else high_score
    if selection is Selection.CRISS_CROSS:  # any five of the hand and the row, or the column
        lines = criss_cross_lines(board)
        return {hand.seat: max(score(hand.cards + line) for line in lines) for hand in hands}
    # any five of the player's cards and the board: no choice to enumerate
    return {hand.seat: score(hand.cards + board) for hand in hands}
