"""A player's name in a sentence, grammatical whatever the name is (the referee, the ledger).

The browser's table log follows the same rule, ported once to ``web/static/grammar.js``
and checked against this module on the same cases.

A name is usually read as a third person ("Ann has the best high"), but a player may be
called You, I, We or They, which English reads as a pronoun: the verb and the possessive
then agree with it ("You have the best high", "Your failed swing"), never "You has".

>>> says("Ann", "has"), says("You", "has"), says("I", "is"), says("they", "takes")
('Ann has', 'You have', 'I am', 'they take')
>>> possessive("Ann"), possessive("You"), possessive("I"), possessive("Mary Ann")
("Ann's", 'Your', 'My', "Mary Ann's")
"""

from __future__ import annotations

__all__ = ["possessive", "says", "verb"]

_POSSESSIVES = {"i": "my", "you": "your", "we": "our", "they": "their", "ye": "your"}
"""Names English reads as a pronoun that is not he, she or it, and their possessive."""

_PLURAL = {"has": "have", "is": "are", "was": "were", "does": "do"}
_SIBILANT = ("shes", "ches", "sses", "xes", "zes", "oes")


def _is_pronoun(name: str) -> bool:
    return name.strip().lower() in _POSSESSIVES


def _cased_like(word: str, name: str) -> str:
    """``word`` in the case ``name`` was written in: YOU -> YOUR, You -> Your, you -> your."""
    if len(name) > 1 and name.isupper():
        return word.upper()
    return word.capitalize() if name[:1].isupper() else word


def verb(name: str, form: str) -> str:
    """``form`` (a verb as it follows he or she: has, is, takes) as it follows ``name``.

    >>> verb("Bo", "takes"), verb("We", "takes"), verb("You", "wins"), verb("I", "was")
    ('takes', 'take', 'win', 'was')
    """
    if not _is_pronoun(name):
        return form
    if name.strip().lower() == "i" and form in ("is", "was"):
        return "am" if form == "is" else "was"
    if form in _PLURAL:
        return _PLURAL[form]
    if form.endswith(_SIBILANT):
        return form[:-2]
    return form[:-1] if form.endswith("s") else form


def says(name: str, form: str) -> str:
    """The name followed by the verb agreeing with it: ``Ann has``, ``You have``."""
    return f"{name} {verb(name, form)}"


def possessive(name: str) -> str:
    """Whose: ``Ann's``, ``James's``, and for a name read as a pronoun ``Your``, ``My``."""
    if _is_pronoun(name):
        return _cased_like(_POSSESSIVES[name.strip().lower()], name)
    return f"{name}'s"
