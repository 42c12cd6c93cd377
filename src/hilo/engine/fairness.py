"""Provably fair dealing: a commitment to the deck before the deal, the proof after.

Before the first card the table shows the SHA-256 of a secret salt and the shuffled deck;
after the hand it shows the deck and the salt, and anybody can check that the cards dealt
were the ones committed to.

>>> from hilo.cards import FULL_DECK
>>> deck = FULL_DECK[::-1]
>>> proof = commit(deck, salt="5eed")
>>> proof.commitment == commitment_of(deck, "5eed"), verify(proof.commitment, deck, "5eed")
(True, True)
>>> verify(proof.commitment, FULL_DECK, "5eed")
False
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from hilo.cards import Card, format_cards

__all__ = ["DeckProof", "commit", "commitment_of", "verify"]


@dataclass(frozen=True, slots=True)
class DeckProof:
    """The commitment shown before the deal, and the deck and salt that open it after.

    >>> DeckProof("ab", "As Kd", "01").commitment
    'ab'
    """

    commitment: str
    deck: str
    salt: str


def commitment_of(deck: Sequence[Card], salt: str) -> str:
    """SHA-256 (hex) of the salt, a colon, and the deck in dealing order as text."""
    return hashlib.sha256(f"{salt}:{format_cards(deck)}".encode()).hexdigest()


def commit(deck: Sequence[Card], salt: str | None = None) -> DeckProof:
    """Commit to a deck with a fresh secret salt (or the given one)."""
    salt = salt if salt is not None else secrets.token_hex(16)
    return DeckProof(commitment_of(deck, salt), format_cards(deck), salt)


def verify(commitment: str, deck: Sequence[Card], salt: str) -> bool:
    """True when ``deck`` and ``salt`` are what ``commitment`` was made from."""
    return secrets.compare_digest(commitment, commitment_of(deck, salt))
