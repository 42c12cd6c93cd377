"""`WildSpec`: which cards are wild in a game (HOME-GAMES.md section 1.1), and its notation.

A game's wild cards are fixed ranks (deuces; Baseball's threes and nines), fixed cards
(the one-eyed jacks Jh Js; the suicide king Kh), the joker (fully wild, or the bug), follow
the queen, each player's lowest face-down card, and criss-cross's centre card with its rank.
The text form lists them with commas: ``"2"``, ``"3,9"``, ``"Jh,Js"``, ``"joker=bug"``,
``"follow-the-queen"``, ``"low-hole"``, ``"center"``, ``"none"``.

>>> spec = WildSpec.parse("9, 3, joker=wild")
>>> str(spec), spec
('3,9,joker=wild', WildSpec.parse('3,9,joker=wild'))
>>> from hilo.cards import parse_cards
>>> [spec.is_wild(card) for card in parse_cards("3c 4d Jk")]
[True, False, True]
>>> follow_the_queen(parse_cards("5c Qd 7h 8s Qs 4c 9d"))
frozenset({<Rank.QUEEN: 12>, <Rank.FOUR: 4>})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from hilo.cards import JOKER, Card, Rank, Suit, parse_card
from hilo.errors import NotationError
from hilo.hands.ranking import criss_cross_lines

__all__ = [
    "JokerRole",
    "QueenLast",
    "WildSpec",
    "follow_the_queen",
    "lowest_hole_rank",
]

JokerRole = Literal["wild", "bug"]
"""What the joker is: fully wild, or the bug (an ace, or a card that completes a hand)."""
QueenLast = Literal["only-queens", "none-wild"]
"""Follow the queen, last face-up card a queen: queens alone are wild, or nothing is."""

_FLAGS = ("follow-the-queen", "low-hole", "center")
_HELP = (
    "write wild cards as ranks (2, 3,9), cards (Jh,Js), joker=wild or joker=bug, "
    "follow-the-queen, low-hole, center, or none, separated by commas"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class WildSpec:
    """What is wild: fixed ranks and cards, the joker, follow the queen, the low hole card,
    the centre card of a criss-cross board and its rank.

    ``str`` is the notation and `parse` reads it back; ``WildSpec()`` is nothing wild.

    >>> WildSpec(ranks=frozenset({Rank.TWO})).is_wild(Card("2h"))
    True
    >>> WildSpec.parse("jh,JS") == WildSpec(cards=frozenset({Card("Jh"), Card("Js")}))
    True
    >>> str(WildSpec(follow_the_queen=True).resolve())
    'Q'
    """

    ranks: frozenset[Rank] = field(default_factory=frozenset)
    cards: frozenset[Card] = field(default_factory=frozenset)
    joker: JokerRole | None = None
    follow_the_queen: bool = False
    low_hole: bool = False
    center: bool = False

    def __post_init__(self) -> None:
        if not all(isinstance(rank, Rank) for rank in self.ranks):
            raise NotationError("wild ranks must be card ranks such as 2 or 9")
        if not all(isinstance(card, Card) and not card.is_joker for card in self.cards):
            raise NotationError("wild cards must be cards such as Jh; the joker is joker=wild")
        if self.joker not in (None, "wild", "bug"):
            raise NotationError(f"joker must be 'wild' or 'bug', not {self.joker!r}")
        for name in ("follow_the_queen", "low_hole", "center"):
            if not isinstance(getattr(self, name), bool):
                raise NotationError(f"{name} must be true or false")

    @property
    def is_empty(self) -> bool:
        """True when nothing at all is wild."""
        return self == WildSpec()

    def is_wild(self, card: Card) -> bool:
        """True when ``card`` is wild under these fixed rules (the bug counts as wild)."""
        if card.is_joker:
            return self.joker is not None
        return card.rank in self.ranks or card in self.cards

    def plus(self, other: WildSpec) -> WildSpec:
        """Everything wild in either spec (the joker's role from ``other`` if it has one)."""
        return WildSpec(
            ranks=self.ranks | other.ranks,
            cards=self.cards | other.cards,
            joker=other.joker if other.joker is not None else self.joker,
            follow_the_queen=self.follow_the_queen or other.follow_the_queen,
            low_hole=self.low_hole or other.low_hole,
            center=self.center or other.center,
        )

    def without(self, plain: Iterable[Card]) -> WildSpec:
        """These wild cards less ``plain``, cards of a wild rank that are not wild (Baseball's
        face-up threes left unmatched): a rank with such a card becomes its other cards.

        >>> from hilo.cards import parse_cards
        >>> str(WildSpec.parse("3,9").without(parse_cards("3h")))
        '9,3c,3d,3s'
        """
        gone = frozenset(card for card in plain if not card.is_joker)
        split = {card.rank for card in gone if card.rank in self.ranks}
        if not split and not gone & self.cards:
            return self
        kept = {Card(rank, suit) for rank in split for suit in Suit} | self.cards
        return replace(self, ranks=self.ranks - split, cards=frozenset(kept - gone))

    def resolve(
        self,
        *,
        queen_ranks: Iterable[Rank] | None = None,
        down: Sequence[Card] = (),
        ace_low: bool = False,
        board: Sequence[Card] = (),
    ) -> WildSpec:
        """The fixed wild cards at a showdown, for one player's own cards.

        ``queen_ranks`` is what `follow_the_queen` worked out from the deal (None: only
        queens, as before any follower is known); ``down`` is the player's face-down
        cards, whose lowest rank is wild for that player under ``low_hole``; ``board`` is a
        criss-cross board, whose centre card's rank is wild under ``center`` once it is dealt.
        """
        ranks = set(self.ranks)
        if self.follow_the_queen:
            ranks |= {Rank.QUEEN} if queen_ranks is None else set(queen_ranks)
        if self.low_hole:
            lowest = lowest_hole_rank(down, ace_low=ace_low)
            if lowest is not None:
                ranks.add(lowest)
        if self.center:
            row, column = criss_cross_lines(board)
            ranks |= {card.rank for card in set(row) & set(column) if not card.is_joker}
        return WildSpec(ranks=frozenset(ranks), cards=self.cards, joker=self.joker)

    def __str__(self) -> str:
        parts = [rank.symbol for rank in sorted(self.ranks)]
        parts += [str(card) for card in sorted(self.cards)]
        if self.joker is not None:
            parts.append(f"joker={self.joker}")
        if self.follow_the_queen:
            parts.append("follow-the-queen")
        if self.low_hole:
            parts.append("low-hole")
        if self.center:
            parts.append("center")
        return ",".join(parts) or "none"

    def __repr__(self) -> str:
        return f"WildSpec.parse('{self}')"

    @classmethod
    def parse(cls, text: str) -> WildSpec:
        """Read the text form; raise `NotationError` naming the item that is not one.

        >>> WildSpec.parse("3,9,bogus")
        Traceback (most recent call last):
        ...
        hilo.errors.NotationError: 'bogus' is not a wild card: write wild cards as ranks \
(2, 3,9), cards (Jh,Js), joker=wild or joker=bug, follow-the-queen, low-hole, center, or \
none, separated by commas
        """
        if not isinstance(text, str):
            raise NotationError(f"wild cards must be written as text, not {text!r}")
        items = [item.strip() for item in text.split(",")]
        if items == [""] or [item.lower() for item in items] == ["none"]:
            return cls()
        ranks: set[Rank] = set()
        cards: set[Card] = set()
        joker: JokerRole | None = None
        flags: set[str] = set()
        for item in items:
            key = item.lower().replace("_", "-").replace(" ", "")
            key = "center" if key == "centre" else key
            if key in _FLAGS:
                flags.add(key)
            elif key.startswith("joker="):
                role = key.removeprefix("joker=")
                if role not in ("wild", "bug"):
                    raise NotationError(f"'{item}': the joker is joker=wild or joker=bug")
                joker = "wild" if role == "wild" else "bug"
            elif len(key) == 1 or key == "10":
                try:
                    ranks.add(Rank.from_symbol(key))
                except NotationError:
                    raise NotationError(f"'{item}' is not a wild card: {_HELP}") from None
            elif len(key) in (2, 3):
                try:
                    card = parse_card(key)
                except NotationError:
                    raise NotationError(f"'{item}' is not a wild card: {_HELP}") from None
                if card is JOKER:
                    raise NotationError(f"'{item}': write the joker as joker=wild or joker=bug")
                cards.add(card)
            else:
                raise NotationError(f"'{item}' is not a wild card: {_HELP}")
        return cls(
            ranks=frozenset(ranks),
            cards=frozenset(cards),
            joker=joker,
            follow_the_queen="follow-the-queen" in flags,
            low_hole="low-hole" in flags,
            center="center" in flags,
        )


def follow_the_queen(
    up_cards: Iterable[Card], queen_last: QueenLast = "only-queens"
) -> frozenset[Rank]:
    """The wild ranks at the end of a follow-the-queen deal, from its face-up cards in order.

    Queens are wild, and so is the rank of the face-up card dealt after the last face-up
    queen. If the last face-up card is a queen, queens alone are wild (``"only-queens"``)
    or nothing is (``"none-wild"``). A joker after a queen makes no rank wild.

    >>> from hilo.cards import parse_cards
    >>> sorted(follow_the_queen(parse_cards("Qc 7d Qh 8s 9c")))
    [<Rank.EIGHT: 8>, <Rank.QUEEN: 12>]
    >>> follow_the_queen(parse_cards("Qc 7d 9c Qh"), "none-wild")
    frozenset()
    """
    follower: Rank | None = None
    waiting = False
    last_was_queen = False
    for card in up_cards:
        is_queen = not card.is_joker and card.rank is Rank.QUEEN
        if is_queen:
            waiting = True
        elif waiting:
            follower = None if card.is_joker else card.rank
            waiting = False
        last_was_queen = is_queen
    if last_was_queen:
        return frozenset() if queen_last == "none-wild" else frozenset({Rank.QUEEN})
    return frozenset({Rank.QUEEN} if follower is None else {Rank.QUEEN, follower})


def lowest_hole_rank(down: Iterable[Card], *, ace_low: bool = False) -> Rank | None:
    """The rank of a player's lowest face-down card (ace high unless ``ace_low``); None if none.

    >>> from hilo.cards import parse_cards
    >>> down = parse_cards("Ah 9c 4d")
    >>> lowest_hole_rank(down), lowest_hole_rank(down, ace_low=True)
    (<Rank.FOUR: 4>, <Rank.ACE: 14>)
    """
    ranks = [card.rank for card in down if not card.is_joker]
    if not ranks:
        return None
    return min(ranks, key=lambda rank: 1 if ace_low and rank is Rank.ACE else int(rank))
