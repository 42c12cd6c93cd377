"""`HouseRules`: every switch of RULES.md, with named presets.

>>> rules = HouseRules.preset("liberal")
>>> rules.swing_ties, rules.second_best, rules.name
('share', True, 'liberal')
>>> HouseRules.preset("strict", no_winner="split").name
'strict with no_winner=split'
>>> HouseRules(swing_ties="sometimes")
Traceback (most recent call last):
...
hilo.errors.ConfigError: swing_ties must be one of 'lose', 'share', 'keep-won-side', not 'sometimes'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache, lru_cache
from typing import Any, Literal, get_args

from hilo.errors import ConfigError
from hilo.hands.ranking import Ranking

__all__ = [
    "PRESETS",
    "RULE_CHOICES",
    "RULE_HELP",
    "AllSwingFallback",
    "DeclareMethod",
    "DeclareOrder",
    "DeclareTimeout",
    "FourCard",
    "HouseRules",
    "LockRule",
    "NoSpade",
    "NoWinner",
    "OddChip",
    "OddChipOrder",
    "QueenLast",
    "StudOpener",
    "SwingTies",
    "ThreeRule",
    "TieAtDistance",
]

DeclareMethod = Literal["simultaneous", "in-turn", "cards-speak"]
DeclareOrder = Literal["dealer-left", "high-showing", "last-aggressor"]
DeclareTimeout = Literal["fold", "high", "low", "both"]
SwingTies = Literal["lose", "share", "keep-won-side"]
NoWinner = Literal["rides", "cards-speak", "split", "second-best", "keep-won-side"]
AllSwingFallback = Literal["cards-speak", "no-winner"]
OddChip = Literal["high", "low"]
OddChipOrder = Literal["button", "suit"]
LockRule = Literal["free", "call-only", "no-raise"]
StudOpener = Literal["bring-in", "high-card"]
QueenLast = Literal["only-queens", "none-wild"]
NoSpade = Literal["high-takes-all", "rides"]
TieAtDistance = Literal["under-wins", "split"]
FourCard = Literal["up", "down"]
ThreeRule = Literal["match-or-fold", "match-to-wild", "none"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "declare": get_args(DeclareMethod),
    "declare_order": get_args(DeclareOrder),
    "declare_timeout": get_args(DeclareTimeout),
    "swing_ties": get_args(SwingTies),
    "no_winner": get_args(NoWinner),
    "all_swing_fallback": get_args(AllSwingFallback),
    "odd_chip": get_args(OddChip),
    "odd_chip_order": get_args(OddChipOrder),
    "lock_rule": get_args(LockRule),
    "stud_opener": get_args(StudOpener),
    "queen_last": get_args(QueenLast),
    "no_spade": get_args(NoSpade),
    "tie_at_distance": get_args(TieAtDistance),
    "four_card": get_args(FourCard),
    "three_rule": get_args(ThreeRule),
}

RULE_CHOICES: dict[str, tuple[str, ...]] = dict(_CHOICES)
"""The allowed values of every switch that is a choice among words."""

RULE_HELP: dict[str, str] = {
    "low": "How lows rank: ace-to-five (wheel best), deuce-to-seven or ace-to-six.",
    "low_qualifier": "A low counts only if this card or better (8: eight-or-better); none: any.",
    "declare": "Declare secretly all at once, aloud in turn, or not at all (cards speak).",
    "declare_order": "Who declares first when declaring in turn.",
    "declare_timeout": "What a player who runs out of time declares (or fold).",
    "swing_ties": "A swing that ties a side: loses everything, shares it, or keeps the side won.",
    "second_best": "Whether the next best hand wins a side when a failed swing had the best.",
    "no_winner": "A pot nobody can win: rides, cards speak, is split, goes to second best, "
    "or each swing keeps the side it is best on.",
    "all_swing_fallback": "Everybody swings and nobody is eligible: cards speak, or no_winner.",
    "odd_chip": "Which half gets the odd chip of an odd pot.",
    "odd_chip_order": "Which tied winner gets odd chips: left of the button first, or by suit.",
    "bet_after_declare": "One more betting round after the declarations are shown.",
    "lock_rule": "What a player alone in a direction (a lock) may do in that last round.",
    "stud_opener": "Stud's first round: the lowest card brings it in, or the high card opens.",
    "turn_up_hole_card": "Five-card stud: turn the hole card up to get the last card face down.",
    "max_draw": "Draw games: the most cards a player may replace in one draw.",
    "wild_duplicates": "Wild cards may stand for a card the hand already has (five aces).",
    "natural_beats_wild": "Of two equal hands, the one using fewer wild cards wins.",
    "queen_last": "Follow the queen, last face-up card a queen: only queens wild, or none.",
    "ace_low_for_wild": "Low hole card wild: an ace counts as the lowest card.",
    "ace_low_spade": "Low Chicago: the ace of spades counts low (the best spade), not high.",
    "no_spade": "Chicago, no spade in the hole: the high hand takes all, or that half rides.",
    "bust_over_27": "7/27: a total over 27 cannot win the 27 half.",
    "tie_at_distance": "7/27: two totals as far from a target: the one under wins, or split.",
    "stand_freezes": "7/27: a player who stands once takes no more cards.",
    "max_rounds": "7/27: the most rounds of taking a card or standing.",
    "four_price": "Baseball: the chips a four dealt face up pays for its extra card (0: free).",
    "four_card": "Baseball: the extra card a four buys comes face up or face down.",
    "three_rule": "Baseball, a three dealt up: match the pot or fold, or match to make it wild.",
}
"""One line a player understands for every switch; shown beside the setting."""

_BASE: dict[str, Any] = {}
_PRESET_OVERRIDES: dict[str, dict[str, Any]] = {
    "strict": {"swing_ties": "lose", "second_best": False},
    "liberal": {"swing_ties": "share", "second_best": True},
    "outright": {"swing_ties": "lose", "second_best": True},
    "cards-speak": {"declare": "cards-speak", "low_qualifier": 8, "second_best": True},
}


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseRules:
    """The house rules a table plays by; ``HouseRules()`` is the ``strict`` preset.

    Values are checked when made: an unknown choice or a contradiction raises
    `ConfigError` with a sentence saying what is wrong.

    >>> HouseRules() == HouseRules.preset("strict")
    True
    >>> HouseRules.from_dict({"preset": "cards-speak"}).low_qualifier
    8
    """

    low: Ranking = Ranking.ACE_TO_FIVE
    low_qualifier: int | None = None
    declare: DeclareMethod = "simultaneous"
    declare_order: DeclareOrder = "dealer-left"
    declare_timeout: DeclareTimeout = "fold"
    swing_ties: SwingTies = "lose"
    second_best: bool = False
    no_winner: NoWinner = "rides"
    all_swing_fallback: AllSwingFallback = "cards-speak"
    odd_chip: OddChip = "high"
    odd_chip_order: OddChipOrder = "button"
    bet_after_declare: bool = False
    lock_rule: LockRule = "free"
    stud_opener: StudOpener = "bring-in"
    turn_up_hole_card: bool = False
    max_draw: int = 5
    wild_duplicates: bool = True
    natural_beats_wild: bool = False
    queen_last: QueenLast = "only-queens"
    ace_low_for_wild: bool = False
    ace_low_spade: bool = False
    no_spade: NoSpade = "high-takes-all"
    bust_over_27: bool = True
    tie_at_distance: TieAtDistance = "under-wins"
    stand_freezes: bool = False
    max_rounds: int = 10
    four_price: int = 0
    four_card: FourCard = "up"
    three_rule: ThreeRule = "match-or-fold"

    def __post_init__(self) -> None:
        if isinstance(self.low, str) and not isinstance(self.low, Ranking):
            object.__setattr__(self, "low", Ranking.parse(self.low))
        if not isinstance(self.low, Ranking) or not self.low.is_low:
            lows = "'ace-to-five', 'deuce-to-seven', 'ace-to-six'"
            raise ConfigError(f"low must be one of {lows}, not {self.low!r}")
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                listed = ", ".join(repr(choice) for choice in choices)
                raise ConfigError(f"{name} must be one of {listed}, not {value!r}")
        if isinstance(self.max_draw, bool) or self.max_draw not in range(1, 6):
            raise ConfigError(f"max_draw must be a whole number from 1 to 5, not {self.max_draw!r}")
        if isinstance(self.max_rounds, bool) or self.max_rounds not in range(1, 21):
            raise ConfigError(
                f"max_rounds must be a whole number from 1 to 20, not {self.max_rounds!r}"
            )
        if (
            isinstance(self.four_price, bool)
            or not isinstance(self.four_price, int)
            or self.four_price < 0
        ):
            raise ConfigError(
                f"four_price must be a whole number of chips, 0 or more, not {self.four_price!r}"
            )
        for name in (
            *("second_best", "bet_after_declare", "turn_up_hole_card"),
            *("wild_duplicates", "natural_beats_wild", "ace_low_for_wild"),
            *("ace_low_spade", "bust_over_27"),
            "stand_freezes",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be true or false, not {getattr(self, name)!r}")
        self._check_qualifier()
        self._check_contradictions()

    def _check_qualifier(self) -> None:
        qualifier = self.low_qualifier
        if qualifier is None:
            return
        lowest = (
            7 if self.low is Ranking.DEUCE_TO_SEVEN else 6 if self.low is Ranking.ACE_TO_SIX else 5
        )
        highest = 14 if self.low is Ranking.DEUCE_TO_SEVEN else 13
        if isinstance(qualifier, bool) or not isinstance(qualifier, int):
            raise ConfigError(
                f"low_qualifier must be a card rank number or none, not {qualifier!r}"
            )
        if not lowest <= qualifier <= highest:
            raise ConfigError(
                f"low_qualifier {qualifier} is impossible for {self.low.value} lows: "
                f"use {lowest} to {highest}, or none"
            )

    def _check_contradictions(self) -> None:
        if self.declare == "cards-speak" and self.bet_after_declare:
            raise ConfigError(
                "bet_after_declare needs a declare: it cannot be on when declare is 'cards-speak'"
            )
        if self.lock_rule != "free" and not self.bet_after_declare:
            raise ConfigError(
                f"lock_rule '{self.lock_rule}' applies to the betting round after the declare; "
                "turn bet_after_declare on or leave lock_rule 'free'"
            )
        if self.declare_order != "dealer-left" and self.declare != "in-turn":
            raise ConfigError(
                f"declare_order '{self.declare_order}' applies only when declare is 'in-turn'"
            )

    @property
    def is_cards_speak(self) -> bool:
        """True when nobody declares and the cards alone decide the halves."""
        return self.declare == "cards-speak"

    @property
    def name(self) -> str:
        """The preset these rules are, or the nearest preset and what differs."""
        return _name_of(self)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> HouseRules:
        """A preset (``strict``, ``liberal``, ``outright``, ``cards-speak``), with changes."""
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key not in _PRESET_OVERRIDES:
            known = ", ".join(PRESETS)
            raise ConfigError(f"unknown house rules preset '{name}': use one of {known}")
        if not overrides and cls is HouseRules:
            return _plain_preset(key)  # rules are frozen: one value a preset serves all
        settings = {**_PRESET_OVERRIDES[key], **overrides}
        unknown = sorted(set(settings) - set(_field_names()))
        if unknown:
            raise ConfigError(_unknown_message(unknown[0]))
        return cls(**settings)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> HouseRules:
        """Read rules from a preset name or a mapping such as ``{"preset": "strict", ...}``."""
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, Mapping):
            raise ConfigError("rules must be a preset name or an object of house rules")
        settings = dict(data)
        preset = settings.pop("preset", "strict")
        if not isinstance(preset, str):
            raise ConfigError(f"preset must be a name such as 'strict', not {preset!r}")
        for key in settings:
            if key not in _field_names():
                raise ConfigError(_unknown_message(key))
        if isinstance(settings.get("low_qualifier"), str):
            settings["low_qualifier"] = _qualifier_from_text(settings["low_qualifier"])
        return cls.preset(preset, **settings)

    def to_dict(self, *, complete: bool = False) -> dict[str, Any]:
        """Every switch as plain JSON values; `from_dict` reads it back.

        The switches added later (wild cards, Chicago, 7/27) are left out while they have
        their defaults (unless ``complete``), so hands, journals and tables saved before
        they existed are written again exactly as they were.
        """
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if not complete and item.name in _LATER_SWITCHES and value == item.default:
                continue
            data[item.name] = value.value if isinstance(value, Ranking) else value
        return data

    def replace(self, **changes: Any) -> HouseRules:
        """A copy with some switches changed (checked like any new rules)."""
        unknown = sorted(set(changes) - set(_field_names()))
        if unknown:
            raise ConfigError(_unknown_message(unknown[0]))
        return replace(self, **changes)


_LATER_SWITCHES = frozenset(
    (
        *("wild_duplicates", "natural_beats_wild", "queen_last", "ace_low_for_wild"),
        *("ace_low_spade", "no_spade", "bust_over_27", "tie_at_distance"),
        *("stand_freezes", "max_rounds", "four_price", "four_card", "three_rule"),
    )
)
"""Switches added after files were first saved: written only when not at their default."""

PRESETS: tuple[str, ...] = tuple(_PRESET_OVERRIDES)
"""The preset names, in the order RULES.md lists them."""


@cache
def _field_names() -> tuple[str, ...]:
    return tuple(item.name for item in fields(HouseRules))


@cache
def _preset_rules() -> tuple[HouseRules, ...]:
    return tuple(HouseRules.preset(name) for name in PRESETS)


@lru_cache(maxsize=256)
def _name_of(rules: HouseRules) -> str:
    """The nearest preset's name and what differs (worked out once for each set of rules)."""
    best_name, best_changes = "", list(_field_names())
    for preset_name, preset in zip(PRESETS, _preset_rules(), strict=True):
        changes = _differences(preset, rules)
        if len(changes) < len(best_changes):
            best_name, best_changes = preset_name, changes
    if not best_changes:
        return best_name
    return f"{best_name} with " + ", ".join(best_changes)


def _differences(base: HouseRules, other: HouseRules) -> list[str]:
    changes = []
    for name in _field_names():
        value = getattr(other, name)
        if getattr(base, name) != value:
            shown = value.value if isinstance(value, Ranking) else value
            if isinstance(shown, bool):
                shown = str(shown).lower()
            changes.append(f"{name}={'none' if shown is None else shown}")
    return changes


def _unknown_message(key: str) -> str:
    known = ", ".join(_field_names())
    return f"unknown house rule '{key}': the rules are {known}"


def _qualifier_from_text(text: str) -> int | None:
    """Read ``"8"``, ``"eight-or-better"``, ``"8-or-better"`` or ``"none"``."""
    key = text.strip().lower()
    if key in ("", "none", "no", "off"):
        return None
    words = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
    head = key.split("-")[0]
    if head.isdigit():
        return int(head)
    if head in words:
        return words[head]
    raise ConfigError(f"low_qualifier must be a number such as 8, or none, not '{text}'")


@cache
def _plain_preset(key: str) -> HouseRules:
    """The preset ``key`` with no changes, made once."""
    return HouseRules(**_PRESET_OVERRIDES[key])
