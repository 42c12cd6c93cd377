"""The rule for a player's name: printable Unicode text of 1 to 40 characters.

A name is read, not typed into a terminal: it is normalised (NFC, so "é" typed either way
is one name) with the spaces around it trimmed, and refused if it holds anything a reader
cannot see or that changes how text around it is shown: control characters, format
characters (bidirectional overrides and isolates, zero-width spaces, the byte order mark),
lone surrogates, unassigned or private-use code points, or spaces other than the plain one.
The zero-width joiner and non-joiner are kept inside a name (scripts and emoji need them),
but a name must hold at least one visible character. Errors name the code point, never
repeat the name.

>>> player_name("  Zoe\\u0308 ")
'Zoë'
>>> player_name("Ann\\x07")
Traceback (most recent call last):
...
hilo.errors.IllegalActionError: A name may not hold U+0007 (a control character).
"""

from __future__ import annotations

import unicodedata

from hilo.errors import IllegalActionError

__all__ = ["MAX_NAME_LENGTH", "player_name", "seat_label"]

MAX_NAME_LENGTH = 40
"""The most characters (Unicode code points, after normalising) a player's name may have."""

_JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: allowed between visible characters."""

_KINDS = {
    "Cc": "a control character",
    "Cf": "a format or bidirectional control character",
    "Cs": "a lone surrogate, which is not text",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
    "Zs": "a space other than the plain space",
}


def player_name(text: str) -> str:
    """``text`` as a player's name (NFC, trimmed), or `IllegalActionError` saying what is wrong."""
    if not isinstance(text, str):
        raise IllegalActionError("A player's name must be text.")
    for character in text:  # before normalising, which cannot take lone surrogates
        if unicodedata.category(character) == "Cs":
            raise IllegalActionError(_refusal(character))
    name = unicodedata.normalize("NFC", text).strip(" ")
    for character in name:
        if character == " " or character in _JOINERS:
            continue
        if unicodedata.category(character) in _KINDS:
            raise IllegalActionError(_refusal(character))
    if all(character == " " or character in _JOINERS for character in name):
        raise IllegalActionError("A player needs a name with at least one visible character.")
    if len(name) > MAX_NAME_LENGTH:
        raise IllegalActionError(
            f"A player's name may have at most {MAX_NAME_LENGTH} characters, not {len(name)}."
        )
    return name


def _refusal(character: str) -> str:
    kind = _KINDS[unicodedata.category(character)]
    return f"A name may not hold U+{ord(character):04X} ({kind})."


def seat_label(seat: int) -> str:
    """How a sentence a player reads names seat ``seat``: numbered from 1, as the pages
    number seats (code and the API number them from 0).

    >>> seat_label(0)
    'seat 1'
    """
    return f"seat {seat + 1}"
