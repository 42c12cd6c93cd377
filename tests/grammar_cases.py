"""The cases a player's name is put in a sentence with: checked on `hilo.grammar` and on its
port for the browser (web/static/grammar.js), which must answer exactly the same."""

from __future__ import annotations

NAMES = (
    "Ann", "You", "you", "YOU", " You ", "I", "i", "We", "they", "THEY", "Ye", "Youssef",
    "Iris", "Mary Ann", "Zoë", "李雷", "Seat 3", "Les", "Thea", "Yours",
)  # fmt: skip
"""Names read as he or she, and names English reads as a pronoun, in every case."""

FORMS = (
    "has", "is", "was", "does", "takes", "wins", "passes", "matches", "pushes", "fixes",
    "buzzes", "goes", "raises", "folds", "gets", "stands", "declines", "brings", "throws",
    "draws", "posts", "checks", "bets", "calls", "completes", "runs", "buys", "turns",
    "declares", "shows", "sits", "asks", "rebuys", "pays",
)  # fmt: skip
"""Every verb the referee, the ledger and the table log put after a name (he-or-she form)."""
