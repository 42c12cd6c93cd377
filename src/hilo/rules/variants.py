"""Games as data: a variant is its streets, its forced bets and how the pot is split.

Variants load from TOML or JSON (the shipped ones from ``variants.toml``) and are checked
field by field; a mistake names the variant and the field.

>>> game = VARIANTS["seven-card-stud-hilo-declare"]
>>> game.title, len(game.streets), game.streets[0].down, game.is_declare
('Seven-card stud high-low, declare', 5, 2, True)
>>> Variant.from_dict("x", {"title": "X", "split": "sideways"})
Traceback (most recent call last):
...
hilo.errors.ConfigError: variant x: split must be one of 'high', 'hi-lo', 'hi-lo-declare', 'hi-lo-cards-speak', 'lowball', 'chicago', 'chicago-declare', 'seven-twenty-seven', not 'sideways'
>>> VARIANTS["low-chicago"].side_names
('high', 'spade')
"""  # noqa: E501

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

from hilo.cards import Rank
from hilo.errors import ConfigError, NotationError
from hilo.hands.ranking import Ranking, Selection
from hilo.hands.sides import HandSide, PointsSide, Sides, SpadeSide
from hilo.hands.wildspec import WildSpec
from hilo.rules.house_rules import HouseRules
from hilo.rules.streets import (
    QUIET,
    PassTo,
    Street,
    check_card_decisions,
    read_street,
    whole_number_between,
)

__all__ = ["VARIANTS", "PassTo", "Split", "Street", "Variant", "load_variants"]

Split = Literal[
    "high", "hi-lo", "hi-lo-declare", "hi-lo-cards-speak",
    "lowball", "chicago", "chicago-declare", "seven-twenty-seven",
]  # fmt: skip
"""How the pot is won: ``lowball`` is all to the best low of the game's ``low`` ranking;
``chicago`` halves between the best high and the best spade in the hole (``spade``: the
highest or the lowest), cards speak or declared; ``seven-twenty-seven`` halves between
the totals nearest 7 and 27, declared."""
Forced = Literal["blinds", "bring-in", "antes"]
Spade = Literal["high", "low"]
_SPLITS: tuple[str, ...] = get_args(Split)
_FORCED: tuple[str, ...] = get_args(Forced)
_DECLARE_SPLITS = ("hi-lo-declare", "chicago-declare", "seven-twenty-seven")
_CHICAGO_SPLITS = ("chicago", "chicago-declare")
_KEPT_WITHOUT_DECLARING = (
    "odd_chip", "odd_chip_order",
    "wild_duplicates", "natural_beats_wild", "queen_last", "ace_low_for_wild",
)  # fmt: skip
"""House switches a game's showdown keeps when it is settled as cards speak."""
_VARIANT_FIELDS = (
    "title", "split", "selection", "forced", "qualifier", "max_players", "streets", "low", "spade",
    "four_extra", "three_match", "buy_after", "buy_price",
    "wild",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Variant:
    """A game of the family: its streets, forced bets, five-card selection and split."""

    name: str
    title: str
    split: Split
    selection: Selection
    forced: Forced
    streets: tuple[Street, ...]
    qualifier: int | None = None
    """For ``hi-lo-cards-speak``: the low qualifier the game's name promises (8)."""
    max_players: int = 10
    low: Ranking | None = None
    """For ``lowball``: the ranking the best low is found by."""
    spade: Spade | None = None
    """For Chicago: whether the highest or the lowest spade in the hole wins its half."""
    four_extra: bool = False
    """Baseball: a player dealt a four face up may take one extra card at once."""
    three_match: bool = False
    """Baseball: a three dealt face up is matched (or folded to) under the house's three_rule."""
    buy_after: str = ""
    """The street after whose betting each live player may buy a card (none: no buying)."""
    buy_price: int = 0
    """The chips a bought card costs: the player throws one card away for the next one."""
    wild: WildSpec = dataclass_field(default_factory=WildSpec)
    """What is wild in this game (HOME-GAMES.md 1.1), in `WildSpec`'s text form in the data."""

    @property
    def deck_size(self) -> int:
        """Cards in this game's deck: 53 when it plays the joker, else 52."""
        return 53 if self.wild.joker is not None else 52

    @property
    def is_hi_lo(self) -> bool:
        """True when the pot may be split between a high and a low."""
        return self.split not in ("high", "lowball")

    @property
    def is_lowball(self) -> bool:
        """True when the whole pot goes to the best low (razz, deuce-to-seven)."""
        return self.split == "lowball"

    @property
    def side_names(self) -> tuple[str | None, str | None]:
        """What players call the high and the low side of this game (None: it has none).

        The engine's directions stay high and low; these are the words for them.
        """
        if self.split == "high":
            return ("high", None)
        if self.split == "lowball":
            return (None, "low")
        if self.split in _CHICAGO_SPLITS:
            return ("high", "spade")
        if self.split == "seven-twenty-seven":
            return ("27", "7")
        return ("high", "low")

    @property
    def is_declare(self) -> bool:
        """True for a declare game, one whose players always declare.

        Whether a given hand has declarations depends on the house rules too: see
        `declares_under` (and ``Hand.has_declarations``).
        """
        return self.split in _DECLARE_SPLITS

    @property
    def is_stud(self) -> bool:
        """True when cards are dealt face up and the first round opens with a bring-in."""
        return self.forced == "bring-in"

    @property
    def hole_cards(self) -> int:
        """How many cards each player is dealt in all (down and up)."""
        return sum(street.down + street.up for street in self.streets)

    @property
    def kept_cards(self) -> int:
        """How many cards each player holds at the showdown (dealt, less discards)."""
        return self.hole_cards - sum(street.discard for street in self.streets)

    def declares_under(self, rules: HouseRules) -> bool:
        """Whether players declare in this game under these house rules (or it is an error)."""
        if self.split in ("high", "hi-lo-cards-speak", "lowball", "chicago"):
            return False
        if self.is_declare and rules.is_cards_speak:
            raise ConfigError(
                f"{self.name} is a declare game, but the house rules are cards speak: "
                "choose declare rules such as strict, or the cards-speak variant"
            )
        return not rules.is_cards_speak

    def rules_conflict(self, rules: HouseRules) -> str | None:
        """The sentence refusing a house rule this game would override, or None.

        The one place that decides how a game's fixed rules and the house's combine. A
        ``hi-lo-cards-speak`` game fixes an ace-to-five low with its qualifier: the
        house's default low and a qualifier of none (or the game's own) combine with it,
        any other low or qualifier is refused. ``declare_order="high-showing"`` needs up
        cards to compare: refused in a game without them where players declare.
        ``three_rule="match-to-wild"`` keeps a matched face-up three wild: refused in a
        game that matches threes but does not make them wild. Switches that never come
        into play (a low at a high-only game) are not refused.

        >>> VARIANTS["omaha-hilo"].rules_conflict(HouseRules(low_qualifier=8)) is None
        True
        >>> print(VARIANTS["omaha-hilo"].rules_conflict(HouseRules(low_qualifier=7)))
        omaha-hilo (Omaha high-low, eight or better) plays its own ace-to-five low with an 8 qualifier, so the house's low_qualifier=7 cannot apply: choose none or 8, or a declare game
        """  # noqa: E501
        if self.split == "hi-lo-cards-speak":
            game = f"{self.name} ({self.title}) plays its own ace-to-five low with an "
            game += f"{self.qualifier} qualifier, so the house's"
            if rules.low is not Ranking.ACE_TO_FIVE:
                return (
                    f"{game} low={rules.low.value} cannot apply: choose ace-to-five, "
                    "or a declare game for that low"
                )
            if rules.low_qualifier not in (None, self.qualifier):
                return (
                    f"{game} low_qualifier={rules.low_qualifier} cannot apply: choose none "
                    f"or {self.qualifier}, or a declare game"
                )
        if (
            rules.declare_order == "high-showing"
            and not self.is_stud
            and self.split != "high"
            and not rules.is_cards_speak
        ):
            return (
                f"the house's declare_order=high-showing needs up cards to compare, and "
                f"{self.name} ({self.title}) deals none: choose dealer-left or last-aggressor"
            )
        if self.three_match and rules.three_rule == "match-to-wild" and not self._threes_wild:
            return (
                f"the house's three_rule=match-to-wild matches a three to keep it wild, and "
                f"{self.name} ({self.title}) does not make threes wild: choose match-or-fold "
                "or none"
            )
        return None

    @property
    def _threes_wild(self) -> bool:
        """True when the game's wild cards include every three."""
        return Rank.THREE in self.wild.ranks

    def check_rules(self, rules: HouseRules) -> None:
        """Raise `ConfigError` when this game cannot be played under ``rules`` (see
        `declares_under` and `rules_conflict`); every place that sets up a game calls it."""
        self.declares_under(rules)
        conflict = self.rules_conflict(rules)
        if conflict is not None:
            raise ConfigError(conflict)

    def played_rules(self, rules: HouseRules) -> HouseRules:
        """``rules`` with every switch `rules_conflict` refuses set to what this game plays.

        Equal to ``rules`` when nothing conflicts; a table set up before such rules were
        refused deals its hands with these, exactly as it always played.
        """
        if self.rules_conflict(rules) is None:
            return rules
        changes: dict[str, Any] = {}
        if self.split == "hi-lo-cards-speak":
            changes.update(low=Ranking.ACE_TO_FIVE, low_qualifier=self.qualifier)
        if rules.declare_order == "high-showing" and not self.is_stud:
            changes["declare_order"] = "dealer-left"
        if self.three_match and rules.three_rule == "match-to-wild" and not self._threes_wild:
            changes["three_rule"] = "match-or-fold"
        return rules.replace(**changes)

    def showdown_low(self, rules: HouseRules) -> tuple[Ranking, int | None]:
        """The low ranking and qualifier this game's showdowns are settled with under ``rules``.

        The one place they are chosen: a ``hi-lo-cards-speak`` game's name fixes
        ace-to-five with its qualifier (8-or-better); every other game plays the house
        rules' low.

        >>> VARIANTS["omaha-hilo"].showdown_low(HouseRules(low=Ranking.ACE_TO_SIX))
        (<Ranking.ACE_TO_FIVE: 'ace-to-five'>, 8)
        >>> VARIANTS["seven-card-stud-hilo-declare"].showdown_low(HouseRules(low_qualifier=8))
        (<Ranking.ACE_TO_FIVE: 'ace-to-five'>, 8)
        """
        if self.split == "hi-lo-cards-speak":
            return Ranking.ACE_TO_FIVE, self.qualifier
        if self.low is not None:
            return self.low, None
        return rules.low, rules.low_qualifier

    def sides(self, rules: HouseRules) -> Sides:
        """The sides a pot of this game is won on under ``rules``: the one place the game's
        fixed split and the house's switches for it combine.

        >>> VARIANTS["razz"].sides(HouseRules()).names
        (None, 'low')
        >>> VARIANTS["high-chicago"].sides(HouseRules(no_spade="rides")).missing_low_rides
        True
        """
        if self.split == "high":
            return Sides(HandSide("high"), None)
        if self.split == "lowball":
            return Sides(None, HandSide("low", *self.showdown_low(rules)))
        if self.split in _CHICAGO_SPLITS:
            lowest = self.spade == "low"
            spade = SpadeSide("spade", lowest=lowest, ace_low=lowest and rules.ace_low_spade)
            return Sides(HandSide("high"), spade, missing_low_rides=rules.no_spade == "rides")
        if self.split == "seven-twenty-seven":
            under = rules.tie_at_distance == "under-wins"
            return Sides(
                PointsSide("27", 27, bust=rules.bust_over_27, under_wins=under),
                PointsSide("7", 7, under_wins=under),
            )
        return Sides(HandSide("high"), HandSide("low", *self.showdown_low(rules)))

    def showdown_rules(self, rules: HouseRules) -> HouseRules:
        """The rules a showdown of this game is settled under at a table with ``rules``."""
        if self.declares_under(rules):
            return rules
        kept = {name: getattr(rules, name) for name in _KEPT_WITHOUT_DECLARING}
        if self.split in ("lowball", "chicago"):  # the game's sides fix how hands score
            return HouseRules.preset("cards-speak", **kept)
        low, qualifier = self.showdown_low(rules)
        return HouseRules.preset("cards-speak", low=low, low_qualifier=qualifier, **kept)

    def to_dict(self) -> dict[str, Any]:
        """The variant as plain data; `from_dict` reads it back."""
        streets = []
        for street in self.streets:
            entry: dict[str, Any] = {"name": street.name}
            for key in ("down", "up", "board"):
                if getattr(street, key):
                    entry[key] = getattr(street, key)
            for key in ("draw", "bet", "big_bet"):
                if getattr(street, key):
                    entry[key] = True
            for key, quiet in QUIET.items():
                if getattr(street, key) != quiet:
                    entry[key] = getattr(street, key)
            streets.append(entry)
        data: dict[str, Any] = {
            "title": self.title,
            "split": self.split,
            "selection": self.selection.value,
            "forced": self.forced,
            "max_players": self.max_players,
            "streets": streets,
        }
        if self.qualifier is not None:
            data["qualifier"] = self.qualifier
        if self.low is not None:
            data["low"] = self.low.value
        if self.spade is not None:
            data["spade"] = self.spade
        for key in ("four_extra", "three_match"):
            if getattr(self, key):
                data[key] = True
        if self.buy_after:
            data.update(buy_after=self.buy_after, buy_price=self.buy_price)
        if not self.wild.is_empty:
            data["wild"] = str(self.wild)
        return data

    @classmethod
    def from_dict(cls, name: str, data: Mapping[str, Any]) -> Variant:
        """Read and check one variant; errors name the variant and the field."""
        where = f"variant {name}"
        if not isinstance(data, Mapping):
            raise ConfigError(f"{where}: must be a table of fields")
        for key in data:
            if key not in _VARIANT_FIELDS:
                listed = ", ".join(_VARIANT_FIELDS)
                raise ConfigError(f"{where}: unknown field '{key}': the fields are {listed}")
        title = data.get("title", name)
        split = data.get("split", "high")
        if split not in _SPLITS:
            listed = ", ".join(repr(item) for item in _SPLITS)
            raise ConfigError(f"{where}: split must be one of {listed}, not {split!r}")
        forced = data.get("forced", "blinds")
        if forced not in _FORCED:
            listed = ", ".join(repr(item) for item in _FORCED)
            raise ConfigError(f"{where}: forced must be one of {listed}, not {forced!r}")
        try:
            selection = Selection.parse(str(data.get("selection", "any-five")))
        except ConfigError as error:
            raise ConfigError(f"{where}: selection: {error}") from None
        qualifier = data.get("qualifier")
        if qualifier is not None and (
            isinstance(qualifier, bool)
            or not isinstance(qualifier, int)
            or not 5 <= qualifier <= 13
        ):
            raise ConfigError(
                f"{where}: qualifier must be a number from 5 to 13, not {qualifier!r}"
            )
        if split == "hi-lo-cards-speak" and qualifier is None:
            qualifier = 8
        max_players = whole_number_between(
            data.get("max_players", 10), f"{where}: max_players", 2, 10
        )
        raw_streets = data.get("streets")
        if not isinstance(raw_streets, list) or not raw_streets:
            raise ConfigError(f"{where}: streets must be a non-empty list of streets")
        streets = tuple(
            read_street(entry, f"{where}: streets[{index}]")
            for index, entry in enumerate(raw_streets)
        )
        low, spade = _split_fields(data, split, where)
        baseball = {}
        for key in ("four_extra", "three_match"):
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise ConfigError(f"{where}: {key} must be true or false, not {value!r}")
            baseball[key] = value
        buy_after = data.get("buy_after", "")
        names = [street.name for street in streets]
        if buy_after != "" and buy_after not in names:
            raise ConfigError(
                f"{where}: buy_after must name one of the streets ({', '.join(names)}), "
                f"not {buy_after!r}"
            )
        buy_price = whole_number_between(
            data.get("buy_price", 0), f"{where}: buy_price", 0, 1_000_000_000
        )
        wild = _wild(data.get("wild", "none"), where)
        variant = cls(
            name,
            str(title),
            split,
            selection,
            forced,
            streets,
            qualifier,
            max_players,
            low,
            spade,
            buy_after=buy_after,
            buy_price=buy_price,
            **baseball,
            wild=wild,
        )
        _check_shape(variant, where)
        return variant


def _split_fields(
    data: Mapping[str, Any], split: str, where: str
) -> tuple[Ranking | None, Spade | None]:
    """The ``low`` of a lowball game and the ``spade`` of a Chicago game, checked."""
    low: Ranking | None = None
    spade: Spade | None = None
    if "low" in data and split != "lowball":
        raise ConfigError(f"{where}: low names a lowball game's ranking; this split is {split}")
    if split == "lowball":
        raw = data.get("low", "ace-to-five")
        try:
            low = Ranking.parse(raw) if isinstance(raw, str) else None
        except ConfigError:
            low = None
        if low is None or not low.is_low:
            raise ConfigError(
                f"{where}: low must be 'ace-to-five', 'deuce-to-seven' or 'ace-to-six', not {raw!r}"
            )
    if "spade" in data and split not in _CHICAGO_SPLITS:
        raise ConfigError(f"{where}: spade is for Chicago games; this split is {split}")
    if split in _CHICAGO_SPLITS:
        raw = data.get("spade", "high")
        if raw not in ("high", "low"):
            raise ConfigError(f"{where}: spade must be 'high' or 'low', not {raw!r}")
        spade = "high" if raw == "high" else "low"
    return low, spade


def _wild(value: Any, where: str) -> WildSpec:
    """The ``wild`` field: `WildSpec`'s text form, such as "2", "3,9" or "follow-the-queen"."""
    if not isinstance(value, str):
        raise ConfigError(f'{where}: wild must be text such as "2" or "3,9", not {value!r}')
    try:
        return WildSpec.parse(value)
    except NotationError as error:
        raise ConfigError(f"{where}: wild: {error}") from None


def _check_shape(variant: Variant, where: str) -> None:
    board = sum(street.board for street in variant.streets)
    hole = variant.hole_cards
    if board > 5:
        raise ConfigError(f"{where}: the board gets {board} cards; at most 5")
    if variant.selection is Selection.OMAHA and (board != 5 or hole < 4):
        raise ConfigError(f"{where}: omaha needs five board cards and at least four hole cards")
    if variant.selection is Selection.CRISS_CROSS and (board != 5 or hole < 4):
        raise ConfigError(f"{where}: criss-cross needs five board cards and four hole cards")
    if variant.selection is Selection.ANY_FIVE and board:
        raise ConfigError(f"{where}: any-five games have no board; use holdem or omaha")
    if hole + board < 5 and variant.split != "seven-twenty-seven":  # 7/27 counts any cards
        raise ConfigError(f"{where}: a player ends with {hole + board} cards; five are needed")
    if not any(street.bet for street in variant.streets):
        raise ConfigError(f"{where}: no street has a betting round")
    if variant.is_stud and not (variant.streets[0].up or variant.streets[0].roll):
        raise ConfigError(
            f"{where}: a bring-in game deals an up card on its first street (or rolls one up)"
        )
    if variant.streets[0].draw:
        raise ConfigError(f"{where}: the first street cannot be a draw: no cards are dealt yet")
    check_card_decisions(variant, where)
    if variant.split in _CHICAGO_SPLITS and not any(street.down for street in variant.streets):
        raise ConfigError(f"{where}: Chicago's spade is in the hole: deal some cards down")
    for street in variant.streets:
        if street.take_or_stand and not street.bet:
            raise ConfigError(
                f"{where}: street {street.name} takes or stands in rounds, each followed by "
                "a betting round: give it bet = true"
            )
    if (variant.four_extra or variant.three_match) and not variant.is_stud:
        raise ConfigError(f"{where}: fours and threes dealt face up need a stud game (bring-in)")
    _check_wild(variant, where)
    deck = variant.deck_size
    # Stud may run out on its last street: one community card then serves everybody.
    dealt = hole - variant.streets[-1].down - variant.streets[-1].up if variant.is_stud else hole
    if dealt * variant.max_players + board > deck:
        raise ConfigError(
            f"{where}: {variant.max_players} players with {hole} cards each need more than {deck}"
        )


def _check_wild(variant: Variant, where: str) -> None:
    """Follow the queen needs face-up cards; a low hole card needs face-down ones."""
    wild = variant.wild
    if wild.follow_the_queen and not any(street.up for street in variant.streets):
        raise ConfigError(f"{where}: follow the queen follows face-up cards; this game deals none")
    if wild.low_hole and not any(street.down for street in variant.streets):
        raise ConfigError(
            f"{where}: the low hole card is a face-down card; this game deals none down"
        )
    if wild.center and variant.selection is not Selection.CRISS_CROSS:
        raise ConfigError(f"{where}: the center card is a criss-cross board's; this game has none")


def load_variants(source: str | Path | Mapping[str, Any]) -> dict[str, Variant]:
    """Read variants from a ``.toml`` or ``.json`` file, TOML text, or a mapping."""
    if isinstance(source, Mapping):
        data: Any = source
    else:
        path = Path(source) if not isinstance(source, str) or "\n" not in source else None
        text = path.read_text(encoding="utf-8") if path is not None else str(source)
        try:
            data = (
                json.loads(text)
                if path is not None and path.suffix == ".json"
                else (tomllib.loads(text))
            )
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
            raise ConfigError(f"variants: {error}") from None
    if not isinstance(data, Mapping):
        raise ConfigError("variants: the file must hold one table per variant")
    return {name: Variant.from_dict(name, entry) for name, entry in data.items()}


VARIANTS: dict[str, Variant] = load_variants(
    resources.files("hilo.rules").joinpath("variants.toml").read_text(encoding="utf-8")
)
"""The shipped variants by name."""
