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
from hilo.hands.high import describe_high, high_score
from hilo.hands.low import describe_low
from hilo.hands.ranking import Ranking, Selection, criss_cross_lines
from hilo.hands.select import evaluate, scorer
from hilo.hands.tables import (
    CATEGORY_SHIFT,
    MAJOR_SHIFT,
    STRAIGHT_ACE_HIGH,
    STRAIGHT_NO_WRAP,
    Category,
    unpack,
)
from hilo.hands.value import score_category
from hilo.hands.wildspec import WildSpec

__all__ = [
    "WildValue",
    "describe_wild_high",
    "made_high_score",
    "wild_evaluate",
    "wild_score",
]

Made = tuple[tuple[int, int], ...]
"""Cards as (rank, suit) pairs, which may repeat where a wild card duplicates a card."""

_ACE, _KING = int(Rank.ACE), int(Rank.KING)
_SUITS_PREFERRED = (3, 2, 1, 0)  # spades first when any suit will do
_DOUBLE_FLUSH = Category.FLUSH << CATEGORY_SHIFT | 1 << 27
"""A flush holding a rank twice (aces, where wild cards duplicate): above every other flush."""
_WILD_BITS = 3


def _bit(rank: int) -> int:
    return 1 << (rank - 2)


def made_high_score(made: Made) -> int:
    """The high score of five cards as made, repeats allowed (five of a kind, double aces).

    On five different cards it is exactly `hilo.hands.high_score`.
    """
    counts: dict[int, int] = {}
    suits = set()
    for rank, suit in made:
        counts[rank] = counts.get(rank, 0) + 1
        suits.add(suit)
    mask = 0
    for rank in counts:
        mask |= _bit(rank)
    by_count = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    top = by_count[0]
    shape = sorted(counts.values(), reverse=True)
    flush = len(suits) == 1 and len(made) == 5
    straight = STRAIGHT_ACE_HIGH[mask] if len(counts) == 5 else 0
    if shape[0] == 5:
        return Category.FIVE_OF_A_KIND << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT
    if flush and straight:
        return Category.STRAIGHT_FLUSH << CATEGORY_SHIFT | straight << MAJOR_SHIFT
    if shape[0] == 4:
        return (
            Category.FOUR_OF_A_KIND << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | mask ^ _bit(top)
        )
    if shape[:2] == [3, 2]:
        pair = by_count[1]
        return Category.FULL_HOUSE << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | _bit(pair)
    if flush:
        if len(counts) == 5:
            return Category.FLUSH << CATEGORY_SHIFT | mask << MAJOR_SHIFT
        code = 0
        for rank, _ in sorted(made, reverse=True):
            code = code << 4 | rank
        return _DOUBLE_FLUSH | code
    if straight:
        return Category.STRAIGHT << CATEGORY_SHIFT | straight << MAJOR_SHIFT
    if shape[0] == 3:
        return (
            Category.THREE_OF_A_KIND << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | mask ^ _bit(top)
        )
    if shape[:2] == [2, 2]:
        pairs = _bit(by_count[0]) | _bit(by_count[1])
        return Category.TWO_PAIR << CATEGORY_SHIFT | pairs << MAJOR_SHIFT | mask ^ pairs
    if shape[0] == 2:
        return Category.ONE_PAIR << CATEGORY_SHIFT | _bit(top) << MAJOR_SHIFT | mask ^ _bit(top)
    return mask << MAJOR_SHIFT


def describe_wild_high(score: int) -> str:
    """Words for a high score with wild cards: five of a kind and double-ace flushes too."""
    if score >> 27 == _DOUBLE_FLUSH >> 27:
        aces = 0
        code = score & ((1 << 20) - 1)
        while code and code >> 16 == _ACE:
            aces += 1
            code = (code << 4) & ((1 << 20) - 1)
        return f"Flush, {('two', 'three', 'four', 'five')[aces - 2]} aces"
    return describe_high(score)


def _window(mask: int) -> int:
    """The top rank of the highest straight whose five ranks include every rank of ``mask``."""
    for top in range(_ACE, 5, -1):
        run = 0x1F << (top - 6)
        if mask & ~run == 0:
            return top
    return 5 if mask & ~0x100F == 0 else 0


def _window_ranks(top: int) -> list[int]:
    return [_ACE, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))


def _spare_suits(rank: int, made: Sequence[tuple[int, int]], count: int) -> list[int]:
    """``count`` suits for more cards of ``rank``: suits not yet used for it first."""
    used = {suit for card_rank, suit in made if card_rank == rank}
    free = [suit for suit in _SUITS_PREFERRED if suit not in used]
    return (free + [_SUITS_PREFERRED[0]] * count)[:count]


def _of_rank(rank: int, made: Sequence[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    return [(rank, suit) for suit in _spare_suits(rank, made, count)]


def _straight_kinds(naturals: Made, wilds: int, duplicates: bool) -> list[tuple[int, int]] | None:
    """The wild cards' values for the best straight flush, flush or straight, if any."""
    ranks = [rank for rank, _ in naturals]
    mask = _mask(ranks)
    suits = {suit for _, suit in naturals}
    suit = next(iter(suits)) if len(suits) == 1 else _SUITS_PREFERRED[0]
    top = _window(mask) if len(set(ranks)) == len(ranks) else 0
    if len(suits) <= 1:  # one suit: a straight flush, else a flush
        if top:
            return [(rank, suit) for rank in _window_ranks(top) if rank not in ranks]
        if duplicates:
            return [(_ACE, suit)] * wilds
        free = [rank for rank in range(_ACE, 1, -1) if rank not in ranks]
        return [(rank, suit) for rank in free[:wilds]]
    if top:
        return [(rank, _SUITS_PREFERRED[0]) for rank in _window_ranks(top) if rank not in ranks]
    return None


def _high_values(naturals: Made, wilds: int, duplicates: bool) -> list[tuple[int, int]]:
    """What ``wilds`` fully wild cards stand for in the best high hand with ``naturals``."""
    ranks = [rank for rank, _ in naturals]
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    if duplicates and len(counts) <= 1:  # five of a kind
        rank = ranks[0] if ranks else _ACE
        return _of_rank(rank, naturals, wilds)
    suits = {suit for _, suit in naturals}
    if len(suits) <= 1 and len(counts) == len(ranks) and _window(_mask(ranks)):
        made = _straight_kinds(naturals, wilds, duplicates)
        assert made is not None
        return made
    for quad in range(_ACE, 1, -1):
        have = counts.get(quad, 0)
        if have + wilds >= 4 and len(ranks) - have <= 1:
            values = _of_rank(quad, naturals, 4 - have)
            if wilds > 4 - have:  # without duplicates: the last wild card is the kicker
                values.append((_KING if quad == _ACE else _ACE, _SUITS_PREFERRED[0]))
            return values
    if len(counts) == 2:  # full house (one wild card and two pair)
        high, low = sorted(counts, reverse=True)
        for trips, pair in ((high, low), (low, high)):
            if counts[trips] <= 3 and counts[pair] <= 2:
                values = _of_rank(trips, naturals, 3 - counts[trips])
                return values + _of_rank(pair, naturals, 2 - counts[pair])
    made = _straight_kinds(naturals, wilds, duplicates)
    if made is not None:
        return made
    best = max(counts, key=lambda rank: (counts[rank], rank))
    return _of_rank(best, naturals, wilds)


def _mask(ranks: Sequence[int]) -> int:
    mask = 0
    for rank in ranks:
        mask |= _bit(rank)
    return mask


def _bug_high_values(
    naturals: Made, wilds: int, duplicates: bool
) -> tuple[int, list[tuple[int, int]]]:
    """The best high hand with the bug (and ``wilds`` other wild cards): score and values.

    The bug's value comes first in the list.
    """
    best: tuple[int, list[tuple[int, int]]] = (-1, [])
    for suit in _SUITS_PREFERRED:
        ace = (_ACE, suit)
        if ace in naturals and not duplicates:
            continue
        with_ace = (*naturals, ace)
        rest = _high_values(with_ace, wilds, duplicates) if wilds else []
        score = made_high_score(with_ace + tuple(rest))
        if score > best[0]:
            best = (score, [ace, *rest])
    completed = _straight_kinds(naturals, wilds + 1, duplicates)
    if completed is not None:
        score = made_high_score(naturals + tuple(completed))
        if score > best[0]:
            best = (score, completed)
    return best


def _low_order(ranking: Ranking) -> list[int]:
    """Ranks from best to worst for a low: the ace first where it plays low."""
    return [_ACE, *range(2, _ACE)] if ranking.is_ace_low else list(range(2, _ACE + 1))


def _low_values(naturals: Made, wilds: int, bugs: int, ranking: Ranking) -> list[tuple[int, int]]:
    """What the wild cards stand for in the best low (the bug first, then the others)."""
    ranks = {rank for rank, _ in naturals}
    absent = [rank for rank in _low_order(ranking) if rank not in ranks]
    shapes_count = ranking is not Ranking.ACE_TO_FIVE
    chosen = absent[:bugs]
    absent = absent[bugs:]
    paired = len(ranks) < len(naturals)
    if wilds and shapes_count and not paired:
        taken = [*ranks, *chosen]

        def badness(extra: tuple[int, ...]) -> tuple[bool, int]:
            all_ranks = [*taken, *extra]
            layout = [1 if ranking.is_ace_low and rank == _ACE else rank for rank in all_ranks]
            mask = 0
            for rank in layout:
                mask |= 1 << (rank - 1) if ranking.is_ace_low else _bit(rank)
            straight = len(all_ranks) == 5 and bool(STRAIGHT_NO_WRAP[mask])
            return (straight, mask)

        extra = min(combinations(absent[: wilds + 2], wilds), key=badness)
        chosen += list(extra)
    else:
        chosen += absent[:wilds]
    suits = {suit for _, suit in naturals}
    spare = [suit for suit in _SUITS_PREFERRED if suit not in suits] or [_SUITS_PREFERRED[0]]
    values = []
    for position, rank in enumerate(chosen):
        # One card off the naturals' suit (or mixed suits among wild cards alone): no flush.
        suit = spare[0] if position == 0 else _SUITS_PREFERRED[position % 4]
        values.append((rank, suit))
    return values


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
    for suit in _SUITS_PREFERRED[::-1]:
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
            score, values = _bug_high_values(naturals, wilds, duplicates)
            return score, tuple(values)
        values = _high_values(naturals, wilds, duplicates)
        return made_high_score(naturals + tuple(values)), tuple(values)
    values = _low_values(naturals, wilds, bugs, ranking)
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
