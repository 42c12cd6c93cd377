"""The house-rules sheet: every switch in force said in plain words, and each preset's paragraph.

A sheet never names a switch or one of its values: it says what the rule means at the
table. `sentence` is the one place a switch's words are written; the create form, the
``hilo rules`` command and the rules page all read them from here.

>>> from hilo.rules.house_rules import HouseRules
>>> print(sentence(HouseRules.preset("strict"), "swing_ties"))
A player who declares both ways must win both ways outright; a tie on either side loses everything.
>>> sheet = rules_sheet(HouseRules.preset("cards-speak"), ("omaha-hilo",))
>>> sheet.switches
('odd_chip', 'odd_chip_order')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from hilo.errors import ConfigError
from hilo.hands.ranking import Ranking
from hilo.rules.catalogue import SWITCH_APPLIES
from hilo.rules.house_rules import PRESETS, HouseRules
from hilo.rules.variants import VARIANTS

__all__ = [
    "PRESET_USES",
    "RulesSheet",
    "applying_switches",
    "preset_paragraph",
    "rules_sheet",
    "sentence",
    "switches_in_force",
]

_RANK_WORDS = {
    5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen",
    13: "king", 14: "ace",
}  # fmt: skip

_LOW_WORDS = {
    Ranking.ACE_TO_FIVE: "Low hands are ranked ace to five: an ace is the lowest card, straights "
    "and flushes do not count against a low, and the best low is 5-4-3-2-A (the wheel).",
    Ranking.DEUCE_TO_SEVEN: "Low hands are ranked deuce to seven: an ace is the highest card, "
    "straights and flushes count against a low, and the best low is 7-5-4-3-2 of two suits "
    "or more.",
    Ranking.ACE_TO_SIX: "Low hands are ranked ace to six: an ace is the lowest card but "
    "straights and flushes count against a low, so the best low is 6-4-3-2-A.",
}

_WORDS: dict[str, dict[Any, str]] = {
    "declare": {
        "simultaneous": "Players declare all at once and in secret (chips in a closed fist: none "
        "for low, one for high, two for both ways), and the declarations are shown together.",
        "in-turn": "Players declare aloud, one after another, each hearing the declarations "
        "made before theirs.",
        "cards-speak": "Nobody declares: the cards speak. The best high hand wins half the pot "
        "and the best low hand the other half, and one hand may win both.",
    },
    "declare_order": {
        "dealer-left": "The player on the dealer's left declares first, then each player in "
        "turn round the table.",
        "high-showing": "The player with the best hand showing declares first, then each player "
        "in turn round the table.",
        "last-aggressor": "The last player who bet or raised declares first (the player on the "
        "dealer's left when nobody did), then each player in turn round the table.",
    },
    "declare_timeout": {
        "fold": "A player who runs out of time to declare folds.",
        "high": "A player who runs out of time to declare is declared high.",
        "low": "A player who runs out of time to declare is declared low.",
        "both": "A player who runs out of time to declare is declared both ways.",
    },
    "swing_ties": {
        "lose": "A player who declares both ways must win both ways outright; a tie on either "
        "side loses everything.",
        "share": "A player who declares both ways may tie on either side and shares what they "
        "tie; losing either side still loses everything.",
        "keep-won-side": "A player who declares both ways, wins one side outright and ties the "
        "other keeps only the side won outright, and the tied side goes to the others who tied; "
        "winning neither side outright, or losing either, wins nothing.",
    },
    "second_best": {
        False: "A hand beaten by a failed both-ways declaration wins nothing: when the player "
        "who failed had the best hand on a side, nobody wins that side (a tie with that hand "
        "still wins).",
        True: "When a both-ways declaration fails, the next best hand on each side wins it, as "
        "if the player who failed had folded.",
    },
    "no_winner": {
        "rides": "A pot that nobody can win on either side stays in the middle for the next hand.",
        "cards-speak": "A pot that nobody can win on either side is settled as if nobody had "
        "declared: the best high hand and the best low hand share it.",
        "split": "A pot that nobody can win on either side is divided among everybody still "
        "in, as evenly as the chips allow.",
        "second-best": "A pot that nobody can win on either side goes to the next best hands "
        "after all; if still nobody can win it, it stays in the middle for the next hand.",
        "keep-won-side": "A pot that nobody can win on either side is settled again with each "
        "both-ways declaration counted for the one side where that hand is best (ties "
        "included); if still nobody can win it, it stays in the middle for the next hand.",
    },
    "all_swing_fallback": {
        "cards-speak": "When everybody in a pot declared both ways and nobody can win it, the "
        "cards speak: the best high hand and the best low hand share it.",
        "no-winner": "When everybody in a pot declared both ways and nobody can win it, it is "
        "treated like any other pot that nobody can win.",
    },
    "odd_chip": {
        "high": "When a pot cannot be halved exactly, the odd chip goes to the high half.",
        "low": "When a pot cannot be halved exactly, the odd chip goes to the low half.",
    },
    "odd_chip_order": {
        "button": "When tied winners cannot share their chips evenly, the odd chips go one "
        "each to them in seat order, starting on the dealer's left.",
        "suit": "When tied winners cannot share their chips evenly, the odd chips go one each "
        "by the cards: for high, the highest card first (spades, then hearts, diamonds, clubs); "
        "for low, the lowest card first (clubs, then diamonds, hearts, spades).",
    },
    "bet_after_declare": {
        False: "There is no betting after the declarations: the hands are shown at once.",
        True: "After the declarations are shown there is one more round of betting before "
        "the hands are shown.",
    },
    "lock_rule": {
        "free": "A player alone in a direction after the declarations (a lock) may bet and "
        "raise freely in that last round; a fold can make a new lock.",
        "call-only": "A player alone in a direction after the declarations (a lock) may only "
        "check, call or fold in that last round, never bet or raise; a fold can make a new "
        "lock.",
        "no-raise": "A player alone in a direction after the declarations (a lock) may bet in "
        "that last round when nobody has, but never raise; a fold can make a new lock.",
    },
    "stud_opener": {
        "bring-in": "In stud the lowest card showing must open the first round with a small "
        "forced bet (suits break ties, clubs lowest).",
        "high-card": "In stud the highest card showing opens the first round; nobody is "
        "forced to bet.",
    },
    "turn_up_hole_card": {
        False: "In five-card stud the hole card stays face down to the end.",
        True: "In five-card stud any player may turn the hole card face up before the last "
        "card, and then gets the last card face down.",
    },
    "wild_duplicates": {
        True: "A wild card may stand for a card the hand already holds, so five aces, or a "
        "flush with two aces of spades, can be made.",
        False: "A wild card may stand only for a card the hand does not already hold.",
    },
    "natural_beats_wild": {
        False: "Wild cards are as good as natural ones: two hands of the same value tie, "
        "however many wild cards they use.",
        True: "Of two hands of the same value, the one using fewer wild cards wins.",
    },
    "queen_last": {
        "only-queens": "Follow the queen: when the last card dealt face up is a queen, only "
        "queens are wild.",
        "none-wild": "Follow the queen: when the last card dealt face up is a queen, no card "
        "is wild at all.",
    },
    "ace_low_for_wild": {
        False: "Low hole card wild: an ace in the hole counts high, so it is the lowest hole "
        "card only when every hole card is an ace.",
        True: "Low hole card wild: an ace in the hole counts as the lowest card.",
    },
    "ace_low_spade": {
        False: "Low Chicago: the ace of spades counts high, so the lowest spade is the deuce.",
        True: "Low Chicago: the ace of spades counts low, the lowest spade of all.",
    },
    "no_spade": {
        "high-takes-all": "Chicago: when nobody has a spade in the hole, the best high hand "
        "takes the whole pot.",
        "rides": "Chicago: when nobody has a spade in the hole, the spade half stays in the "
        "middle for the next hand.",
    },
    "bust_over_27": {
        True: "Seven-twenty-seven: a total over 27 cannot win the 27 half.",
        False: "Seven-twenty-seven: a total over 27 may still win the 27 half when it is the "
        "nearest.",
    },
    "tie_at_distance": {
        "under-wins": "Seven-twenty-seven: of two totals as far from 7 (or 27), the one under "
        "it wins.",
        "split": "Seven-twenty-seven: two totals as far from 7 (or 27) share that half.",
    },
    "stand_freezes": {
        False: "Seven-twenty-seven: a player who stands may still take a card in a later round.",
        True: "Seven-twenty-seven: a player who stands once takes no more cards.",
    },
    "four_card": {
        "up": "Baseball: the extra card a four buys comes face up.",
        "down": "Baseball: the extra card a four buys comes face down.",
    },
    "three_rule": {
        "match-or-fold": "Baseball: a player dealt a three face up must match the pot or fold.",
        "match-to-wild": "Baseball: a player dealt a three face up may match the pot to make it "
        "wild, and unmatched it is a plain three; threes dealt face down are always wild.",
        "none": "Baseball: threes are wild face up or face down, at no cost.",
    },
}
"""The words for every value of every switch that is a choice (or true or false)."""


def _qualifier(rules: HouseRules) -> str:
    qualifier = rules.low_qualifier
    if qualifier is None:
        return "Any five different cards make a low: there is no qualifier."
    word = _RANK_WORDS[qualifier]
    return (
        f"A low must be {word} or better: five different ranks, none higher than {_an(word)}; "
        "a hand without one has no low at all."
    )


def _an(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _max_draw(rules: HouseRules) -> str:
    if rules.max_draw == 5:
        return "In draw games a player may replace any number of cards, up to all five."
    many = "one card" if rules.max_draw == 1 else f"{rules.max_draw} cards"
    return f"In draw games a player may replace at most {many} in one draw."


def _max_rounds(rules: HouseRules) -> str:
    rounds = "one round" if rules.max_rounds == 1 else f"{rules.max_rounds} rounds"
    return (
        f"Seven-twenty-seven: the drawing ends after at most {rounds} of taking a card or standing."
    )


def _four_price(rules: HouseRules) -> str:
    price = "free" if rules.four_price == 0 else f"for {rules.four_price} chips into the pot"
    return f"Baseball: a player dealt a four face up may take one extra card at once, {price}."


_NUMBERED: dict[str, Callable[[HouseRules], str]] = {
    "low": lambda rules: _LOW_WORDS[rules.low],
    "low_qualifier": _qualifier,
    "max_draw": _max_draw,
    "max_rounds": _max_rounds,
    "four_price": _four_price,
}
"""Switches whose words are worked out from the value (a ranking or a number)."""

PRESET_USES: dict[str, str] = {
    "strict": "Strict is the most common home rule.",
    "liberal": "Liberal rules leave the fewest disputes.",
    "outright": "Outright is the classic rule of five-card draw declared.",
    "cards-speak": "Cards speak is high-low as casinos play it.",
}
"""What each preset is for, in one sentence (RULES.md's table of presets)."""


def sentence(rules: HouseRules, switch: str) -> str:
    """The plain words for the value ``switch`` has in ``rules``."""
    if switch in _NUMBERED:
        return _NUMBERED[switch](rules)
    if switch not in _WORDS:
        raise ConfigError(f"unknown house rule '{switch}'")
    return _WORDS[switch][getattr(rules, switch)]


def _switch_names() -> tuple[str, ...]:
    return tuple(item.name for item in fields(HouseRules))


def switches_in_force(rules: HouseRules) -> tuple[str, ...]:
    """The switches that come into play under ``rules`` themselves, in field order: the
    declaring switches not under cards speak, the order of declaring only when players
    declare in turn, the lock only with betting after the declarations."""
    declaring = (
        "declare_order", "declare_timeout", "swing_ties", "second_best", "no_winner",
        "all_swing_fallback", "bet_after_declare", "lock_rule",
    )  # fmt: skip
    shown = []
    for name in _switch_names():
        if rules.is_cards_speak and name in declaring:
            continue
        if name == "declare_order" and rules.declare != "in-turn":
            continue
        if name == "lock_rule" and not rules.bet_after_declare:
            continue
        shown.append(name)
    return tuple(shown)


def applying_switches(games: Sequence[str]) -> frozenset[str]:
    """The switches that come into play in at least one of ``games`` (every switch when
    none is named); an unknown game is a `ConfigError` naming it."""
    if not games:
        return frozenset(_switch_names())
    applying: set[str] = set()
    for game in games:
        if game not in VARIANTS:
            raise ConfigError(f"unknown game '{game}': hilo games lists the games")
        variant = VARIANTS[game]
        applying.update(
            name for name in _switch_names() if SWITCH_APPLIES.get(name, _always)(variant)
        )
    return frozenset(applying)


def _always(variant: object) -> bool:
    return True


def preset_paragraph(name: str) -> str:
    """One paragraph saying what a preset is for and what it decides, from its own switches."""
    rules = HouseRules.preset(name)
    defining = {
        "strict": ("swing_ties", "second_best", "no_winner", "all_swing_fallback"),
        "liberal": ("swing_ties", "second_best", "no_winner", "all_swing_fallback"),
        "outright": ("swing_ties", "second_best", "no_winner", "all_swing_fallback"),
        "cards-speak": ("declare", "low_qualifier", "odd_chip"),
    }[rules.name]
    return " ".join([PRESET_USES[name], *(sentence(rules, switch) for switch in defining)])


@dataclass(frozen=True, slots=True)
class RulesSheet:
    """House rules in plain words: the sentences in force, in the order of the switches.

    >>> sheet = rules_sheet(HouseRules.preset("liberal"))
    >>> sheet.name, sheet.switches[:2]
    ('liberal', ('low', 'low_qualifier'))
    """

    rules: HouseRules
    games: tuple[str, ...]
    switches: tuple[str, ...]
    sentences: tuple[str, ...]

    @property
    def name(self) -> str:
        """The rules' name: a preset, or the nearest preset and what differs."""
        return self.rules.name

    @property
    def paragraph(self) -> str | None:
        """The preset's paragraph when the rules are exactly a preset (None otherwise)."""
        return preset_paragraph(self.name) if self.name in PRESETS else None

    def sentence_for(self, switch: str) -> str | None:
        """The sheet's sentence for ``switch``, or None when the sheet leaves it out."""
        if switch not in self.switches:
            return None
        return self.sentences[self.switches.index(switch)]


def rules_sheet(rules: HouseRules, games: Sequence[str] = ()) -> RulesSheet:
    """The sheet for ``rules``, restricted to the switches that apply to ``games`` (all
    switches when no game is named)."""
    applying = applying_switches(games)
    switches = tuple(name for name in switches_in_force(rules) if name in applying)
    return RulesSheet(
        rules, tuple(games), switches, tuple(sentence(rules, name) for name in switches)
    )
