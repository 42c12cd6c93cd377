"""Wild cards at a showdown: what is wild for each seat, and each seat's values with them.

The referee (`hilo.engine.showdown`) and its explanation (`hilo.engine.explain`) ask one
`WildTable` so that both value a hand the same way. What is wild for everybody (board
cards included) is the game's `WildSpec` with the follow-the-queen ranks the deal ended
with; under ``low-hole`` each seat's own cards also have its lowest face-down card's rank
wild (the cards a `ShowdownHand` lists in ``up`` are face up, the rest face down). A
card a `ShowdownHand` lists in ``plain`` (Baseball's face-up three left unmatched) is not
wild for anybody, though its rank is.

>>> from hilo.cards import parse_cards
>>> from hilo.engine.showdown import ShowdownHand
>>> from hilo.rules import HouseRules
>>> hand = ShowdownHand(0, parse_cards("9s 9d 3c 9h Qd"))
>>> table = WildTable((hand,), WildSpec.parse("3,follow-the-queen"), HouseRules())
>>> str(table.value(0, Ranking.HIGH, None))
'Five of a kind, nines (9s 9h 9d 3c=9 Qd=9)'
>>> table.words
'threes, queens'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from hilo.cards import Card, Rank
from hilo.hands import Ranking, Selection
from hilo.hands.wild import WildValue, wild_evaluate, wild_score
from hilo.hands.wildspec import WildSpec
from hilo.rules.house_rules import HouseRules

if TYPE_CHECKING:
    from hilo.engine.showdown import ShowdownHand

__all__ = ["WildTable"]


class WildTable:
    """What is wild for each seat at one showdown, and the values the seats' hands make."""

    __slots__ = (
        "_names",
        "_values",
        "board",
        "cards",
        "everybody",
        "plain",
        "rules",
        "selection",
        "spec",
        "theirs",
    )

    def __init__(
        self,
        hands: Sequence[ShowdownHand],
        spec: WildSpec,
        rules: HouseRules,
        *,
        queen_ranks: Iterable[Rank] | None = None,
        board: tuple[Card, ...] = (),
        selection: Selection = Selection.ANY_FIVE,
    ) -> None:
        queens = None if queen_ranks is None else frozenset(queen_ranks)
        self.spec = spec
        self.rules = rules
        self.board = board
        self.selection = selection
        self.plain = {hand.seat: hand.plain for hand in hands if hand.plain and not hand.is_folded}
        """Each live seat's cards of a wild rank that are not wild (an unmatched face-up three)."""
        unwild = [card for cards in self.plain.values() for card in cards]
        self.everybody = spec.resolve(queen_ranks=queens, board=board).without(unwild)
        self.cards = {hand.seat: hand.cards for hand in hands}
        self._values: dict[tuple[int, Ranking, int | None], WildValue] = {}
        self.theirs = {
            hand.seat: spec.resolve(
                queen_ranks=queens,
                board=board,
                down=[card for card in hand.cards if card not in hand.up],
                ace_low=rules.ace_low_for_wild,
            ).without(unwild)
            for hand in hands
        }
        self._names = {hand.seat: hand.display_name for hand in hands}

    def score(self, seat: int, ranking: Ranking, qualifier: int | None) -> int:
        """The seat's best score on one side (0: no qualifying low)."""
        return wild_score(
            self.cards[seat],
            self.board,
            wild=self.everybody,
            hole_wild=self.theirs[seat],
            ranking=ranking,
            selection=self.selection,
            qualifier=qualifier,
            duplicates=self.rules.wild_duplicates,
            natural_beats_wild=self.rules.natural_beats_wild,
        )

    def value(self, seat: int, ranking: Ranking, qualifier: int | None) -> WildValue:
        """The seat's best value on one side, with what each wild card stood for."""
        key = (seat, ranking, qualifier)
        if key not in self._values:  # every view of a finished hand explains it again
            self._values[key] = self._evaluate(seat, ranking, qualifier)
        return self._values[key]

    def _evaluate(self, seat: int, ranking: Ranking, qualifier: int | None) -> WildValue:
        return wild_evaluate(
            self.cards[seat],
            self.board,
            wild=self.everybody,
            hole_wild=self.theirs[seat],
            ranking=ranking,
            selection=self.selection,
            qualifier=qualifier,
            duplicates=self.rules.wild_duplicates,
            natural_beats_wild=self.rules.natural_beats_wild,
        )

    def used(self, seat: int, ranking: Ranking, qualifier: int | None) -> tuple[Card, ...]:
        """The five cards as made: each wild card replaced by the card it stood for.

        Odd chips by suit read these, so a wild card's suit is the suit it stood for.
        """
        value = self.value(seat, ranking, qualifier)
        stood = dict(value.stands_for)
        return tuple(stood.get(card, card) for card in value.cards)

    @property
    def words(self) -> str:
        """What is wild, in words: ``"threes, nines, Jh, the joker"``; a face-up three left
        unmatched is named as plain: ``"threes (but not Ann's 3h, a three dealt face up and
        not matched), nines"``."""
        spec = self.everybody
        split = {card.rank for cards in self.plain.values() for card in cards}
        parts = [self._rank_words(rank) for rank in sorted(spec.ranks | split)]
        parts += [str(card) for card in sorted(spec.cards) if card.rank not in split]
        if spec.joker == "wild":
            parts.append("the joker")
        elif spec.joker == "bug":
            parts.append("the joker as the bug (an ace, or a card for a straight or flush)")
        if self.spec.low_hole:
            parts.append("each player's lowest face-down card, for that player")
        return ", ".join(parts) or "nothing"

    def _rank_words(self, rank: Rank) -> str:
        """A wild rank in words, with any of its cards that are plain."""
        plain = [
            f"{self._names[seat]}'s {card}"
            for seat, cards in sorted(self.plain.items())
            for card in cards
            if card.rank is rank
        ]
        if not plain:
            return rank.plural
        which = " or ".join(plain)
        article = "an" if rank.word[0] in "aei" else "a"
        return f"{rank.plural} (but not {which}: {article} {rank.word} dealt up and not matched)"
