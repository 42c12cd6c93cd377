"""Ranks, suits, cards and the deck, with the text notation of RULES.md section 1.

A card is two characters, rank then suit: ``As``, ``Td``, ``7c``. ``10`` is read as
``T``; any case is accepted; a hand is written with or without spaces.

The joker is written ``Jk`` (any case: ``JK``, ``jk``); ``k`` is no suit, so it can never
be read as a real card. It is only in the deck of a game that says so (`JOKER_DECK`,
53 cards); `FULL_DECK` and a plain `Deck` hold the 52 cards. The joker has no rank or
suit of its own: it counts only as a wild card (`hilo.hands.wild`), and an evaluator of
ordinary cards given it raises `HandError` saying so.

>>> parse_cards("As kd 10h")
(Card('As'), Card('Kd'), Card('Th'))
>>> format_cards(parse_cards("AsKd7c"))
'As Kd 7c'
>>> parse_cards("As jk"), str(JOKER)
((Card('As'), Card('Jk')), 'Jk')
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum

from hilo.errors import HandError, HiloError, NotationError

__all__ = [
    "FULL_DECK",
    "JOKER",
    "JOKER_DECK",
    "Card",
    "Deck",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]

_RANK_SYMBOLS = "23456789TJQKA"
_RANK_WORDS = (
    *("two", "three", "four", "five", "six", "seven", "eight"),
    *("nine", "ten", "jack", "queen", "king", "ace"),
)
_SUIT_SYMBOLS = "cdhs"
_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
_SUIT_GLYPHS = "\u2663\u2666\u2665\u2660"
_RANK_HELP = "rank must be one of 2-9, T/10, J, Q, K, A"
_SUIT_HELP = "suit must be one of c, d, h, s"
_JOKER_TEXT = "Jk"
_JOKER_HELP = "the joker is written Jk"


class Rank(IntEnum):
    """A card rank; aces are 14 here and play low where a rule says so.

    >>> Rank.from_symbol("t"), Rank.ACE.symbol, Rank.SIX.plural
    (<Rank.TEN: 10>, 'A', 'sixes')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self - 2]

    @property
    def word(self) -> str:
        """The rank in words, singular: ``"seven"``."""
        return _RANK_WORDS[self - 2]

    @property
    def plural(self) -> str:
        """The rank in words, plural: ``"sevens"``, ``"sixes"``."""
        word = self.word
        return word + "es" if word.endswith("x") else word + "s"

    @classmethod
    def from_symbol(cls, text: str) -> Rank:
        """Read a rank: ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``, any case."""
        upper = text.strip().upper()
        if upper == "10":
            return cls.TEN
        if len(upper) == 1 and upper in _RANK_SYMBOLS:
            return cls(_RANK_SYMBOLS.index(upper) + 2)
        raise NotationError(f"'{text}' is not a rank: {_RANK_HELP}")


class Suit(IntEnum):
    """A suit, in the order clubs < diamonds < hearts < spades used by stud rules.

    >>> Suit.from_symbol("H"), str(Suit.SPADES.symbol)
    (<Suit.HEARTS: 2>, 's')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The one-letter notation: ``c``, ``d``, ``h``, ``s``."""
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit in words: ``"hearts"``."""
        return _SUIT_WORDS[self]

    @property
    def glyph(self) -> str:
        """The suit as a playing-card symbol, for display."""
        return _SUIT_GLYPHS[self]

    @classmethod
    def from_symbol(cls, text: str) -> Suit:
        """Read a suit letter, any case."""
        lower = text.strip().lower()
        if len(lower) == 1 and lower in _SUIT_SYMBOLS:
            return cls(_SUIT_SYMBOLS.index(lower))
        raise NotationError(f"'{text}' is not a suit: {_SUIT_HELP}")


@dataclass(frozen=True, slots=True, order=True, init=False)
class Card:
    """One playing card; ``str`` is its notation and ``repr`` rebuilds it.

    >>> card = Card(Rank.ACE, Suit.SPADES)
    >>> str(card), repr(card), card == Card("as")
    ('As', "Card('As')", True)
    """

    rank: Rank
    suit: Suit
    # Derived bit patterns used by the hand evaluators; not part of the value.
    index: int = field(repr=False, compare=False)
    bit: int = field(repr=False, compare=False)
    low_bit: int = field(repr=False, compare=False)

    def __new__(cls, rank: Rank | str, suit: Suit | None = None) -> Card:
        """Make a card; the joker's notation ``Card("Jk")`` gives the one `JOKER`."""
        if isinstance(rank, str) and suit is None and rank.strip().lower() == "jk":
            return JOKER
        return object.__new__(cls)

    def __init__(self, rank: Rank | str, suit: Suit | None = None) -> None:
        """Make a card from a `Rank` and a `Suit`, or from its notation: ``Card("As")``."""
        if isinstance(rank, str) and suit is None:
            parsed = parse_card(rank)
            rank, suit = parsed.rank, parsed.suit
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise TypeError("Card takes a Rank and a Suit, or one card's notation such as 'As'")
        # ``bit``: 16 bits a suit, rank r at bit r-2 (ace high, bit 12).
        # ``low_bit``: the same with the ace at bit 0 and rank r at bit r-1.
        low_position = 0 if rank == Rank.ACE else rank - 1
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", (rank - 2) * 4 + suit)
        object.__setattr__(self, "bit", 1 << (suit * 16 + rank - 2))
        object.__setattr__(self, "low_bit", 1 << (suit * 16 + low_position))

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card such as ``"As"``, ``"10h"`` or ``"td"``."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        """True only for the joker."""
        return False

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))


def _no_value(name: str) -> HandError:
    return HandError(
        f"the joker has no {name} of its own: it counts only as a wild card, so value a hand "
        "holding it with the wild-card evaluator (hilo.hands.wild)"
    )


class _Joker(Card):
    """The joker: a card with no rank or suit, wild or a bug as the game says.

    It compares equal only to itself and sorts after every other card.

    >>> JOKER, str(JOKER), Card("JK") is JOKER, JOKER.is_joker
    (Card('Jk'), 'Jk', True, True)
    >>> JOKER.rank
    Traceback (most recent call last):
    ...
    hilo.errors.HandError: the joker has no rank of its own: it counts only as a wild card, so \
value a hand holding it with the wild-card evaluator (hilo.hands.wild)
    """

    __slots__ = ()

    def __new__(cls) -> _Joker:
        return object.__new__(cls)

    def __init__(self, *_: object) -> None:  # ``Card("Jk")`` calls it again: nothing changes
        object.__setattr__(self, "index", len(FULL_DECK))

    @property
    def rank(self) -> Rank:
        """The joker has no rank: raises `HandError`."""
        raise _no_value("rank")

    @property
    def suit(self) -> Suit:
        """The joker has no suit: raises `HandError`."""
        raise _no_value("suit")

    @property
    def bit(self) -> int:
        """The joker has no place among the ranks: raises `HandError`."""
        raise _no_value("value")

    @property
    def low_bit(self) -> int:
        """The joker has no place among the ranks: raises `HandError`."""
        raise _no_value("value")

    @property
    def is_joker(self) -> bool:
        """True only for the joker."""
        return True

    def __hash__(self) -> int:
        return len(FULL_DECK)

    def __str__(self) -> str:
        return _JOKER_TEXT

    def __eq__(self, other: object) -> bool:
        return other is self if isinstance(other, Card) else NotImplemented

    def __lt__(self, other: object) -> bool:
        return False if isinstance(other, Card) else NotImplemented

    def __le__(self, other: object) -> bool:
        return other is self if isinstance(other, Card) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return other is not self if isinstance(other, Card) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return True if isinstance(other, Card) else NotImplemented

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:  # type: ignore[override]
        return (Card, (_JOKER_TEXT,))


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 cards, twos first, clubs first within a rank; ``FULL_DECK[card.index] == card``."""

JOKER: Card = _Joker()
"""The joker, written ``Jk``; its ``index`` is 52, just past the 52 ordinary cards."""

JOKER_DECK: tuple[Card, ...] = (*FULL_DECK, JOKER)
"""The 53 cards of a game played with the joker: `FULL_DECK` and the joker last."""

_BY_TEXT = {str(card).lower(): card for card in JOKER_DECK}


def parse_card(text: str) -> Card:
    """Read one card; raise `NotationError` naming the token when it is not a card.

    >>> parse_card("10h")
    Card('Th')
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    hilo.errors.NotationError: '1x' is not a card: rank must be one of 2-9, T/10, J, Q, K, A \
(the joker is written Jk)
    """
    token = text.strip()
    card = _BY_TEXT.get(token.lower())
    if card is not None:
        return card
    if token.startswith("10"):
        card = _BY_TEXT.get("t" + token[2:].lower())
        if card is not None:
            return card
    if not token:
        raise NotationError("an empty string is not a card")
    rank_part, suit_part = (
        (token[:2], token[2:])
        if token.startswith("10")
        else (
            token[:1],
            token[1:],
        )
    )
    if rank_part.upper() not in _RANK_SYMBOLS and rank_part != "10":
        raise NotationError(f"'{token}' is not a card: {_RANK_HELP} ({_JOKER_HELP})")
    if not suit_part:
        raise NotationError(f"'{token}' is not a card: it has a rank but no suit ({_SUIT_HELP})")
    raise NotationError(f"'{token}' is not a card: {_SUIT_HELP} ({_JOKER_HELP})")


def _tokens(text: str) -> Iterator[str]:
    """Split a hand into card tokens, with or without spaces or commas between cards."""
    for chunk in text.replace(",", " ").split():
        position = 0
        while position < len(chunk):
            width = 3 if chunk.startswith("10", position) else 2
            yield chunk[position : position + width]
            position += width


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read a hand such as ``"As Kd 7c"`` or ``"AsKd7c"``; duplicates are an error.

    >>> parse_cards("")
    ()
    >>> parse_cards("As Kd as")
    Traceback (most recent call last):
    ...
    hilo.errors.NotationError: 'As' appears twice in 'As Kd as'; a hand holds each card once
    """
    cards = tuple(parse_card(token) for token in _tokens(text))
    if not allow_duplicates:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise NotationError(
                    f"'{card}' appears twice in '{text.strip()}'; a hand holds each card once"
                )
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in the notation, separated by single spaces.

    >>> format_cards([Card.parse("Td"), Card.parse("2c")])
    'Td 2c'
    """
    return " ".join(str(card) for card in cards)


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""By the number of cards: `_shuffle_steps`, worked out once."""


def _shuffle_steps(count: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of ``random.Random.shuffle`` of ``count`` cards, last place first: the
    place ``i`` filled, from how many cards ``n`` (``i + 1``) it picks, and the random bits
    ``k`` it draws for the pick (``n.bit_length()``)."""
    steps = _STEPS.get(count)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(count - 1, 0, -1))
        if count < 64:  # the decks and discards a game shuffles
            _STEPS[count] = steps
    return steps


class Deck:
    """The cards left to deal, shuffled by an injected random source.

    Real play uses ``secrets.SystemRandom`` (the default); tests and simulations pass a
    seeded ``random.Random`` so that a deal replays exactly.

    >>> deck = Deck(random.Random(7))
    >>> hand = deck.deal(5)
    >>> len(hand), len(deck)
    (5, 47)
    >>> Deck(random.Random(7)).deal(5) == hand
    True
    """

    __hash__ = None  # type: ignore[assignment]  # a deck changes as it is dealt

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        cards: Iterable[Card] = FULL_DECK,
        shuffle: bool = True,
    ) -> None:
        self._rng: random.Random = rng if rng is not None else secrets.SystemRandom()
        self._cards: list[Card] = list(cards)
        if cards is not FULL_DECK and len(set(self._cards)) != len(self._cards):
            raise HiloError("a deck cannot hold the same card twice")
        if shuffle:
            self.shuffle()

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<Deck of {len(self._cards)} cards>"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The undealt cards, in the order they will be dealt."""
        return tuple(self._cards)

    def shuffle(self) -> None:
        """Shuffle the undealt cards with the deck's random source."""
        rng = self._rng
        if type(rng) is not random.Random:
            rng.shuffle(self._cards)
            return
        # ``random.Random.shuffle`` step for step (the same draws, the same order), without
        # a call of ``_randbelow`` for each card.
        cards, bits = self._cards, rng.getrandbits
        for i, n, k in _shuffle_steps(len(cards)):
            j = bits(k)
            while j >= n:
                j = bits(k)
            cards[i], cards[j] = cards[j], cards[i]

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take ``count`` cards from the top."""
        if count < 0:
            raise ValueError("cannot deal a negative number of cards")
        if count > len(self._cards):
            raise HiloError(f"cannot deal {count} cards: the deck has only {len(self._cards)} left")
        dealt = tuple(self._cards[:count])
        del self._cards[:count]
        return dealt

    def remove(self, cards: Iterable[Card]) -> None:
        """Take known cards (dealt elsewhere, dead or exposed) out of the deck."""
        wanted = set(cards)
        missing = wanted.difference(self._cards)
        if missing:
            raise HiloError(f"{format_cards(sorted(missing))} not in the deck")
        self._cards = [card for card in self._cards if card not in wanted]

    def add(self, cards: Iterable[Card], *, shuffle: bool = True) -> None:
        """Put cards back (discards reshuffled when the deck runs short), then shuffle."""
        incoming = list(cards)
        clash = set(incoming).intersection(self._cards)
        if clash or len(set(incoming)) != len(incoming):
            raise HiloError("a deck cannot hold the same card twice")
        self._cards.extend(incoming)
        if shuffle:
            self.shuffle()
