"""A player's name in a sentence, grammatical whatever the name is: the rule is
`hilo.grammar` (the ledger's lines use it too), exported here for the referee.

>>> says("You", "has"), possessive("You")
('You have', 'Your')
"""

from __future__ import annotations

from hilo.grammar import possessive, says, verb

__all__ = ["possessive", "says", "verb"]
