"""What each game is, in words worked out from its data: family, split, and the house
switches that come into play in it (what ``hilo games`` lists).

>>> from hilo.rules import VARIANTS
>>> entry = describe(VARIANTS["seven-card-stud-hilo"])
>>> entry.family, entry.split
('stud', 'high-low, cards speak, eight or better')
>>> "stud_opener" in entry.switches, "low" in entry.switches, "max_draw" in entry.switches
(True, False, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from hilo.hands.ranking import Selection
from hilo.hands.wildspec import WildSpec
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import Variant

__all__ = ["SWITCH_APPLIES", "GameEntry", "describe", "family", "split_words", "summary"]

_NUMBER_WORDS = {
    5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen",
    13: "king",
}  # fmt: skip


def family(variant: Variant) -> str:
    """The family a game belongs to, from how it deals: Omaha, hold'em, criss-cross, pass
    (cards passed between players), draw, stud or other."""
    if variant.selection is Selection.OMAHA:
        return "Omaha"
    if variant.selection is Selection.HOLDEM:
        return "hold'em"
    if variant.selection is Selection.CRISS_CROSS:
        return "criss-cross"
    if any(street.passes for street in variant.streets):
        return "pass"
    if any(street.draw for street in variant.streets):
        return "draw"
    if variant.is_stud or any(street.up for street in variant.streets):
        return "stud"
    return "other"


def split_words(variant: Variant) -> str:
    """How the pot is split, in words."""
    match variant.split:
        case "high":
            return "high only"
        case "hi-lo":
            return "high-low, declared or cards speak by the house rules"
        case "hi-lo-declare":
            return "high-low, declared"
        case "hi-lo-cards-speak":
            qualifier = variant.qualifier
            if qualifier is None:  # pragma: no cover - loading gives every such game one
                return "high-low, cards speak"
            return (
                f"high-low, cards speak, {_NUMBER_WORDS.get(qualifier, str(qualifier))} or better"
            )
        case "lowball":
            low = variant.low.value if variant.low is not None else "ace-to-five"
            return f"low only, {low}"
        case "chicago" | "chicago-declare":
            spade = "lowest" if variant.spade == "low" else "highest"
            how = "declared" if variant.split == "chicago-declare" else "cards speak"
            return f"high and the {spade} spade in the hole, {how}"
        case "seven-twenty-seven":
            return "the totals nearest 7 and 27, declared"
    return str(variant.split)  # pragma: no cover - a split without words yet


_COUNT_WORDS = {
    1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten",
}  # fmt: skip

_DECLARE_WORDS = {
    "cards-speak": "high-low, cards speak",
    "simultaneous": "high-low, declared all at once",
    "in-turn": "high-low, declared in turn",
}


def _count(number: int) -> str:
    return _COUNT_WORDS.get(number, str(number))


def summary(variant: Variant, rules: HouseRules) -> str:
    """How a game goes, in one line, under the house rules it is played by.

    >>> from hilo.rules import VARIANTS
    >>> summary(VARIANTS["five-card-stud-hilo"], HouseRules(declare="cards-speak"))
    'Five-card stud high-low: stud, five cards each, one down and four up; high-low, cards speak.'
    >>> summary(VARIANTS["holdem"], HouseRules())
    "Texas hold'em: hold'em, two cards each and five shared; high only."
    """
    down = sum(street.down for street in variant.streets)
    up = sum(street.up for street in variant.streets)
    board = sum(street.board for street in variant.streets)
    draws = sum(1 for street in variant.streets if street.draw)
    parts = [f"{_count(down + up)} cards each"]
    if up and down:
        parts[0] += f", {_count(down)} down and {_count(up)} up"
    elif up:
        parts[0] += ", all face up"
    if board:
        parts[0] += f" and {_count(board)} shared"
    if draws:
        parts.append(f"{_count(draws)} draw" + ("s" if draws > 1 else ""))
    if any(street.passes for street in variant.streets):
        parts.append("cards passed between players")
    if any(street.take_or_stand for street in variant.streets):
        parts.append("then a card at a time or stand")
    split = _DECLARE_WORDS[rules.declare] if variant.split == "hi-lo" else split_words(variant)
    return f"{variant.title}: {family(variant)}, {', '.join(parts)}; {split}."


def _declaring(variant: Variant) -> bool:
    """Players may declare in this game (under declare rules)."""
    return variant.split == "hi-lo" or variant.is_declare


def _house_low(variant: Variant) -> bool:
    """The game's low half is a poker low of the house's ranking (not a spade or a total)."""
    return variant.split in ("hi-lo", "hi-lo-declare")


def _wild(variant: Variant) -> WildSpec:
    """What the game itself makes wild (nothing for a game without wild cards)."""
    found = getattr(variant, "wild", None)
    return found if isinstance(found, WildSpec) else WildSpec()


def _chicago(variant: Variant) -> bool:
    return variant.split in ("chicago", "chicago-declare")


def _counting(variant: Variant) -> bool:
    return variant.split == "seven-twenty-seven"


def _taking(variant: Variant) -> bool:
    """Players take a card or stand in rounds (7/27)."""
    return any(street.take_or_stand for street in variant.streets)


def _stud(variant: Variant) -> bool:
    return variant.is_stud


def _everywhere(variant: Variant) -> bool:
    return True


SWITCH_APPLIES: dict[str, Callable[[Variant], bool]] = {
    "low": _house_low,  # a cards-speak hi-lo game plays its own low; a high game has none
    "low_qualifier": _house_low,
    "declare": _declaring,
    "declare_order": _declaring,
    "declare_timeout": _declaring,
    "swing_ties": _declaring,
    "second_best": _declaring,
    "no_winner": _declaring,
    "all_swing_fallback": _declaring,
    "odd_chip": lambda variant: variant.is_hi_lo,
    "odd_chip_order": _everywhere,
    "bet_after_declare": _declaring,
    "lock_rule": _declaring,
    "stud_opener": _stud,
    "turn_up_hole_card": lambda variant: variant.is_stud and variant.streets[-1].up > 0,
    "max_draw": lambda variant: any(street.draw for street in variant.streets),
    "wild_duplicates": lambda variant: not _wild(variant).is_empty,
    "natural_beats_wild": lambda variant: not _wild(variant).is_empty,
    "queen_last": lambda variant: _wild(variant).follow_the_queen,
    "ace_low_for_wild": lambda variant: _wild(variant).low_hole,
    "ace_low_spade": lambda variant: _chicago(variant) and variant.spade == "low",
    "no_spade": _chicago,
    "bust_over_27": _counting,
    "tie_at_distance": _counting,
    "stand_freezes": _taking,
    "max_rounds": _taking,
    "four_price": lambda variant: variant.four_extra,
    "four_card": lambda variant: variant.four_extra,
    "three_rule": lambda variant: variant.three_match,
}
"""For every `HouseRules` switch, whether it comes into play in a game (a switch missing
here is listed for every game)."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game as ``hilo games`` lists it.

    >>> from hilo.rules import VARIANTS
    >>> describe(VARIANTS["holdem"]).switches
    ('odd_chip_order',)
    """

    name: str
    title: str
    family: str
    split: str
    max_players: int
    switches: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The entry as plain JSON data (the documented shape of ``hilo games --json``)."""
        return {
            "name": self.name,
            "title": self.title,
            "family": self.family,
            "split": self.split,
            "max_players": self.max_players,
            "switches": list(self.switches),
        }


def describe(variant: Variant) -> GameEntry:
    """A game's entry: its family, split and the house switches that apply, in field order."""
    switches = tuple(
        item.name
        for item in fields(HouseRules)
        if SWITCH_APPLIES.get(item.name, _everywhere)(variant)  # a new switch: listed everywhere
    )
    return GameEntry(
        variant.name,
        variant.title,
        family(variant),
        split_words(variant),
        variant.max_players,
        switches,
    )
