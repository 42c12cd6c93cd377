"""Cards on a terminal: rank and suit symbol in a four-colour deck, readable without colour.

Spades keep the terminal's own colour, hearts are red, diamonds blue, clubs green. The
suit is always written too (``A♠``, or ``As`` where the terminal cannot show symbols), so
nothing depends on colour.

>>> from hilo.cards import parse_cards
>>> cards_text(parse_cards("As Td"), glyphs=False).plain
'As Td'
>>> cards_text(parse_cards("Kh"), hidden=2, bracket=True).plain
'?? ?? K♥'
>>> cards_text(parse_cards("9c"), down=parse_cards("3d 4d"), bracket=True).plain
'[3♦ 4♦] 9♣'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from hilo.cards import Card, Suit

__all__ = ["HIDDEN", "SUIT_STYLES", "card_text", "cards_text", "color_cards"]

SUIT_STYLES: dict[Suit, str] = {
    Suit.SPADES: "",
    Suit.HEARTS: "red",
    Suit.DIAMONDS: "bright_blue",
    Suit.CLUBS: "green",
}
"""The four-colour deck: the style of each suit (spades in the terminal's own colour)."""

HIDDEN = "??"
"""A face-down card the viewer may not see."""

_CARD_PATTERN = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA])([cdhs])(?![A-Za-z0-9])")
_SUIT_BY_LETTER = {suit.symbol: suit for suit in Suit}


def card_text(card: Card, *, glyphs: bool = True) -> Text:
    """One card: ``A♠`` (``As`` without symbols), in its suit's colour."""
    suit = card.suit.glyph if glyphs else card.suit.symbol
    return Text(card.rank.symbol + suit, style=SUIT_STYLES[card.suit])


def cards_text(
    up: Sequence[Card],
    *,
    down: Sequence[Card] = (),
    hidden: int = 0,
    glyphs: bool = True,
    bracket: bool = False,
) -> Text:
    """A seat's cards: face-down cards first, then the face-up ones.

    ``down`` are face-down cards the viewer may see (in brackets when ``bracket``),
    ``hidden`` counts those it may not (shown as ``??``).
    """
    parts: list[Text] = []
    if down:
        inside = Text(" ").join(card_text(card, glyphs=glyphs) for card in down)
        parts.append(Text.assemble("[", inside, "]") if bracket else inside)
    parts += [Text(HIDDEN, style="dim")] * hidden
    parts += [card_text(card, glyphs=glyphs) for card in up]
    return Text(" ").join(parts)


def color_cards(line: str) -> Text:
    """A sentence with every card in it (``Ah``, ``7c``) coloured by suit, letters unchanged.

    >>> color_cards("Flush, ace high (Ah Jh 8h 7h 2h).").spans[0].style
    'red'
    """
    text = Text(line)
    for match in _CARD_PATTERN.finditer(line):
        style = SUIT_STYLES[_SUIT_BY_LETTER[match.group(2)]]
        if style:
            text.stylize(style, match.start(), match.end())
    return text
