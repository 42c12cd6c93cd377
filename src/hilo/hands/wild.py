"""Hand values with wild cards (HOME-GAMES.md section 1.1), high and every low ranking.

A wild card stands for the card that makes the best hand, chosen separately for high and
for low. Five of a kind (`Category.FIVE_OF_A_KIND`) ranks above a straight flush; every
hand without a wild card scores exactly what `hilo.hands.high_score` and
`hilo.hands.low_score` give it. With ``duplicates`` (the default) a wild card may stand
for a card the hand already has, so five aces and a flush with two aces of spades are
possible; such a flush ranks above every flush of five different ranks, more aces
higher. Without it the five cards as made are five different cards.

The bug (``joker=bug``) stands, in high, for an ace or for a card that completes a
straight, flush or straight flush; in low, for the lowest rank the hand lacks (in that
low's own order; any other wild cards then take their best values).

With ``natural_beats_wild`` a score also counts the wild cards used: it is the hand's
score shifted up three bits, plus seven less the number of wild cards among the five, so
of two equal hands the one with fewer wild cards compares greater and equal counts
still tie. Every hand at one showdown is scored the same way, so plain ``>`` decides.

Each five-card group is valued by building the hand the wild cards make, one category
at a time from the top, never by trying every card for every wild card; the value of a
group is cached.

>>> from hilo.cards import parse_cards
>>> from hilo.hands.wildspec import WildSpec
>>> deuces = WildSpec.parse("2")
>>> str(wild_evaluate(parse_cards("9s 9d 2c 9h 2d"), wild=deuces))
'Five of a kind, nines (9s 9h 9d 2c=9 2d=9)'
>>> str(wild_evaluate(parse_cards("As Ks 2c 7s 4s"), wild=deuces))
'Flush, two aces (As 2c=As Ks 7s 4s)'
>>> str(wild_evaluate(parse_cards("Ac 2d 3h 4s 2c"), wild=deuces, ranking=Ranking.ACE_TO_FIVE))
'Five-four low (2c=5 4s 3h 2d=2 Ac)'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations

from hilo.cards import FULL_DECK, Card, Rank
from hilo.errors import HandError
from hilo.hands.high import high_score
from hilo.hands.low import describe_low
from hilo.hands.ranking import Ranking, Selection, criss_cross_lines
from hilo.hands.select import evaluate, scorer
from hilo.hands.tables import (
    Category,
    unpack,
)
from hilo.hands.value import score_category
from hilo.hands.wild_made import (
    SUITS_PREFERRED,
    Made,
    bug_high_values,
    describe_wild_high,
    high_values,
    low_values,
    made_high_score,
)
from hilo.hands.wildspec import WildSpec

__all__ = [
    "WildValue",
    "describe_wild_high",
    "made_high_score",
    "wild_evaluate",
    "wild_score",
]

_ACE = int(Rank.ACE)
_WILD_BITS = 3


def _code(card: Card) -> tuple[int, int]:
    rank, suit = divmod(card.index, 4)
    return rank + 2, suit


def _cards_of(made: Made) -> tuple[Card, ...]:
    return tuple(FULL_DECK[(rank - 2) * 4 + suit] for rank, suit in made)


def _canonical(naturals: list[tuple[int, int]]) -> tuple[Made, tuple[int, ...]]:
    """The naturals with suits renamed in order of first use, and the way back.

    A group's value does not depend on which suit is which, so groups that differ only
    by suits share one cached value.
    """
    naturals.sort()
    rename: dict[int, int] = {}
    for _, suit in naturals:
        if suit not in rename:
            rename[suit] = len(rename)
    for suit in SUITS_PREFERRED[::-1]:
        if suit not in rename:
            rename[suit] = len(rename)
    back = [0, 0, 0, 0]
    for real, renamed in rename.items():
        back[renamed] = real
    made = tuple(sorted((rank, rename[suit]) for rank, suit in naturals))
    return made, tuple(back)


@lru_cache(maxsize=1 << 18)
def _group_value(
    naturals: Made,
    wilds: int,
    bugs: int,
    ranking: Ranking,
    qualifier: int | None,
    duplicates: bool,
) -> tuple[int, Made]:
    """The score of one group of cards with wild cards, and what the wild cards stood for."""
    if ranking is Ranking.HIGH:
        if bugs:
            score, values = bug_high_values(naturals, wilds, duplicates)
            return score, tuple(values)
        values = high_values(naturals, wilds, duplicates)
        return made_high_score(naturals + tuple(values)), tuple(values)
    values = low_values(naturals, wilds, bugs, ranking)
    made = _cards_of(naturals + tuple(values))
    return scorer(ranking, qualifier)(made), tuple(values)


@dataclass(frozen=True, slots=True, eq=False)
class WildValue:
    """A hand's value with wild cards: its score, the five cards and what each wild stood for.

    ``score`` compares like a `hilo.hands.HandValue` score (it counts the wild cards used
    when made with ``natural_beats_wild``); ``base`` is the hand's rank alone.

    >>> from hilo.cards import parse_cards
    >>> value = wild_evaluate(parse_cards("Kh Kd 5c 5s Jk"), wild=WildSpec.parse("joker=bug"))
    >>> value.words, value.stands_for
    ('Two pair, kings and fives', ((Card('Jk'), Card('Ah')),))
    """

    ranking: Ranking
    score: int
    base: int
    cards: tuple[Card, ...]
    stands_for: tuple[tuple[Card, Card], ...] = ()

    @property
    def is_qualified(self) -> bool:
        """False only for a low that does not qualify (there is no low at all)."""
        return self.score > 0

    @property
    def category(self) -> Category:
        """The poker category of the hand as made."""
        return score_category(self.ranking, self.base)

    @property
    def wild_count(self) -> int:
        """How many wild cards the five cards use."""
        return len(self.stands_for)

    @property
    def words(self) -> str:
        """The value in words, without the cards: ``"Five of a kind, nines"``."""
        if self.ranking is Ranking.HIGH:
            return describe_wild_high(self.base)
        return describe_low(self.base, self.ranking)

    def card_text(self, card: Card) -> str:
        """A card as shown in the hand: ``3c=9`` for a wild card, with the suit if it matters."""
        for wild, value in self.stands_for:
            if wild == card:
                suited = self.category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
                shown = str(value) if suited else value.rank.symbol
                return f"{wild}={shown}"
        return str(card)

    def __str__(self) -> str:
        if not self.cards:
            return self.words
        return f"{self.words} ({' '.join(self.card_text(card) for card in self.cards)})"

    def __repr__(self) -> str:
        return f"<WildValue {self.ranking.value}: {self}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WildValue):
            return NotImplemented
        return self.ranking is other.ranking and self.score == other.score

    def __hash__(self) -> int:
        return hash((self.ranking, self.score))

    def __lt__(self, other: WildValue) -> bool:
        return self.score < other.score

    def __gt__(self, other: WildValue) -> bool:
        return self.score > other.score

    def __le__(self, other: WildValue) -> bool:
        return self.score <= other.score

    def __ge__(self, other: WildValue) -> bool:
        return self.score >= other.score


def _groups(
    hole: Sequence[Card], board: Sequence[Card], selection: Selection
) -> Iterator[tuple[Card, ...]]:
    """Every group of cards the player may use for one five-card hand."""
    pools = _pools(hole, board, selection)
    if pools is None:
        threes = list(combinations(board, 3))
        for two in combinations(hole, 2):
            for three in threes:
                yield two + three
    else:
        for pool in pools:
            yield from combinations(pool, 5)


def _pools(
    hole: Sequence[Card], board: Sequence[Card], selection: Selection
) -> list[tuple[Card, ...]] | None:
    """The sets of cards a hand may take any five of (None: Omaha's two and three)."""
    if selection is Selection.OMAHA:
        return None
    if selection is Selection.CRISS_CROSS:  # the hand and the row, or the hand and the column
        return [(*hole, *line) for line in criss_cross_lines(board)]
    return [(*hole, *board)]


def _check(hole: Sequence[Card], board: Sequence[Card], selection: Selection) -> None:
    if len(set(hole).union(board)) != len(hole) + len(board):
        raise HandError("the same card is both in the hand and on the board")
    if selection is Selection.OMAHA:
        if len(hole) < 2 or len(board) < 3:
            raise HandError("an Omaha hand needs at least two hole cards and three board cards")
    elif len(hole) + len(board) < 5:
        raise HandError(
            f"a hand with wild cards is valued on five cards; it has {len(hole) + len(board)}"
        )


def _search(
    hole: Sequence[Card],
    board: Sequence[Card],
    wild: WildSpec,
    hole_wild: WildSpec | None,
    ranking: Ranking,
    selection: Selection,
    qualifier: int | None,
    duplicates: bool,
    natural_beats_wild: bool,
) -> tuple[int, int, tuple[Card, ...], Made]:
    """The best (score, base, group, wild values) over every group the player may use.

    A showdown asks for the same hand more than once (its score, then its words), so the
    answer for each hand is remembered.
    """
    return _search_once(
        tuple(hole),
        tuple(board),
        wild,
        hole_wild,
        ranking,
        selection,
        qualifier,
        duplicates,
        natural_beats_wild,
    )


@lru_cache(maxsize=1 << 12)
def _search_once(
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    wild: WildSpec,
    hole_wild: WildSpec | None,
    ranking: Ranking,
    selection: Selection,
    qualifier: int | None,
    duplicates: bool,
    natural_beats_wild: bool,
) -> tuple[int, int, tuple[Card, ...], Made]:
    _check(hole, board, selection)
    mine = hole_wild if hole_wild is not None else wild
    wild_at = frozenset(card for card in hole if mine.is_wild(card)) | frozenset(
        card for card in board if wild.is_wild(card)
    )
    for card in (*hole, *board):
        if card.is_joker and card not in wild_at:
            raise HandError("this game has no joker, but the hand holds one")
    bug = next((card for card in wild_at if card.is_joker), None) if wild.joker == "bug" else None
    if mine.joker == "bug" and bug is None:
        bug = next((card for card in wild_at if card.is_joker), None)
    plain = scorer(ranking, qualifier) if ranking.is_low else high_score
    best: tuple[int, int, tuple[Card, ...], Made] = (-1, 0, (), ())
    pools = _pools(hole, board, selection)
    groups: Iterable[tuple[Card, ...]] = ()
    if pools is None:
        groups = _groups(hole, board, selection)
    for pool in pools or ():  # the groups without a wild card at once: the best of the naturals
        natural = tuple(card for card in pool if card not in wild_at)
        if len(natural) >= 5:
            base = plain(natural)
            score = base << _WILD_BITS | 7 if natural_beats_wild and base > 0 else base
            if score > best[0]:
                best = (score, base, natural, ())
        if len(natural) < len(pool):
            groups = chain(groups, combinations(pool, 5))
    # Each card once as (rank, suit), or None for a wild card; the bug is counted apart.
    codes = {card: None if card in wild_at else _code(card) for card in (*hole, *board)}
    for group in groups:
        naturals = [code for code in map(codes.__getitem__, group) if code is not None]
        wilds = 5 - len(naturals)
        values: Made
        if wilds == 0:
            if pools is not None:
                continue
            base, values = plain(group), ()
        else:
            bugs = 1 if bug is not None and bug in group else 0
            made, back = _canonical(naturals)
            base, renamed = _group_value(made, wilds - bugs, bugs, ranking, qualifier, duplicates)
            values = tuple((rank, back[suit]) for rank, suit in renamed)
        score = base
        if natural_beats_wild and base > 0:
            score = base << _WILD_BITS | (7 - wilds)
        if score > best[0]:
            best = (score, base, group, values)
    return best


def wild_score(
    hole: Sequence[Card],
    board: Sequence[Card] = (),
    *,
    wild: WildSpec,
    hole_wild: WildSpec | None = None,
    ranking: Ranking = Ranking.HIGH,
    selection: Selection = Selection.ANY_FIVE,
    qualifier: int | None = None,
    duplicates: bool = True,
    natural_beats_wild: bool = False,
) -> int:
    """The player's best score with wild cards (see the module's notes for its layout).

    ``wild`` is what is wild for everybody (board cards included); ``hole_wild``, when
    given, is what is wild in the player's own cards (their low hole card's rank, say).
    """
    return _search(
        hole, board, wild, hole_wild, ranking, selection, qualifier, duplicates, natural_beats_wild
    )[0]


def wild_evaluate(
    hole: Sequence[Card],
    board: Sequence[Card] = (),
    *,
    wild: WildSpec,
    hole_wild: WildSpec | None = None,
    ranking: Ranking = Ranking.HIGH,
    selection: Selection = Selection.ANY_FIVE,
    qualifier: int | None = None,
    duplicates: bool = True,
    natural_beats_wild: bool = False,
) -> WildValue:
    """The player's best `WildValue`: the five cards and what each wild card stood for."""
    score, base, group, values = _search(
        hole, board, wild, hole_wild, ranking, selection, qualifier, duplicates, natural_beats_wild
    )
    if score <= 0 and ranking.is_low:
        return WildValue(ranking, 0, 0, ())
    if len(group) > 5:  # the naturals alone won: the five they use
        group = evaluate(group, ranking=ranking, qualifier=qualifier).cards
    mine = hole_wild if hole_wild is not None else wild
    wild_cards = [
        card for card in group if (mine.is_wild(card) if card in hole else wild.is_wild(card))
    ]
    wild_cards.sort(key=lambda card: not card.is_joker)  # the bug's value comes first
    stood = tuple(zip(wild_cards, _cards_of(values), strict=True))
    shown = _display_order(group, dict(stood), ranking, base)
    return WildValue(ranking, score, base, shown, stood)


def _display_order(
    group: tuple[Card, ...], stands_for: dict[Card, Card], ranking: Ranking, base: int
) -> tuple[Card, ...]:
    """Bigger groups first, then higher ranks (low aces last), by what each card stood for."""
    value_of = {card: stands_for.get(card, card) for card in group}
    wheel = (
        ranking is Ranking.HIGH
        and unpack(base)[0] in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
        and unpack(base)[1] == 1 << 3
    )
    ace_low = ranking.is_ace_low or wheel
    counts: dict[int, int] = {}
    for card in group:
        rank = int(value_of[card].rank)
        counts[rank] = counts.get(rank, 0) + 1

    def key(card: Card) -> tuple[int, int, int, int]:
        value = value_of[card]
        rank = 1 if ace_low and value.rank == _ACE else int(value.rank)
        return (counts[int(value.rank)], rank, card not in stands_for, int(value.suit))

    return tuple(sorted(group, key=key, reverse=True))
