"""`TableConfig`: what a table plays — its games and how the next one is named, the house
rules (the table's, or a game's own), stakes, seats, clocks and buy-ins — checked whole
when it is made, so a table never starts on rules or stakes its games cannot play.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hilo.engine.choice_of_game import TableMode, check_mode
from hilo.engine.joining import Joining, check_joining
from hilo.errors import ConfigError
from hilo.rules.defaults import (
    ACTION_CLOCK,
    DEFAULT_GAME,
    TIME_BANK,
    default_buy_in,
    default_stakes,
)
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import MAX_CHIPS, Stakes
from hilo.rules.variants import VARIANTS, Variant

__all__ = ["TableConfig"]


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What a table plays: its game or games (dealer's choice rotates), rules and stakes.

    >>> TableConfig(games=("canasta",))
    Traceback (most recent call last):
    ...
    hilo.errors.ConfigError: unknown game 'canasta': the games are five-card-draw, ...
    """

    games: tuple[str, ...] = (DEFAULT_GAME,)
    rules: HouseRules = field(default_factory=HouseRules)
    stakes: Stakes = field(default_factory=lambda: default_stakes(DEFAULT_GAME))
    seats: int = 7
    provably_fair: bool = False
    """Show a hash of each shuffled deck before the deal, and the deck and salt after."""
    extra_variants: tuple[Variant, ...] = ()
    """Games of the house's own, besides the shipped ones."""
    action_clock: float = ACTION_CLOCK
    """Seconds a player has for each decision before the time bank runs."""
    time_bank: float = TIME_BANK
    """Extra seconds each player has for the whole session, used when the clock runs out."""
    min_buy_in: int = 1
    """The fewest chips a player may sit down with."""
    max_buy_in: int | None = None
    """The most chips a player may sit down with (None: no limit)."""
    several_seats_per_browser: bool = False
    """Let one browser hold more than one seat (a shared tablet); else one seat each."""
    approve_seats: bool = False
    """Players ask to sit down and the host lets each of them in (or not)."""
    mode: TableMode = "rotate"
    """How each hand's game is picked (`hilo.engine.choice_of_game.MODES`)."""
    game_rules: tuple[tuple[str, HouseRules], ...] = ()
    """House rules of particular games (the others play `rules`)."""
    dealer_declares: bool = False
    """The dealer names how to declare, besides the game (``dealer-names`` only)."""
    orbit: bool = False
    """The dealer's game holds for a full orbit of the button (``dealer-names`` only)."""
    straddle: bool = False
    """The player left of the big blind may straddle (post twice the big blind) before the
    deal, in the hands played with blinds."""
    joining: Joining = "deal-in"
    """How a player sitting down or back in comes into a hand played with blinds
    (`hilo.engine.joining.JOINING`)."""
    allow_overridden_rules: bool = field(default=False, compare=False, repr=False)
    """Restored from a journal: a table set up before hilo refused house rules a game
    overrides keeps playing as it always did, and `rule_notes` says how."""

    def __post_init__(self) -> None:
        if not self.games:
            raise ConfigError("a table needs at least one game")
        check_mode(
            self.mode,
            self.games,
            self.game_rules,
            dealer_declares=self.dealer_declares,
            orbit=self.orbit,
        )
        for name in self.games:
            if name not in self.variants:
                known = ", ".join(self.variants)
                raise ConfigError(f"unknown game '{name}': the games are {known}")
            variant = self.variants[name]
            if self.allow_overridden_rules:
                variant.declares_under(self.rules_for(name))  # a declare game needs declare rules
            else:
                variant.check_rules(self.rules_for(name))
            if variant.forced == "antes" and not self.stakes.ante:
                raise ConfigError(f"{variant.title} is played for antes: the stakes need an ante")
        self._check_blind_settings()
        most = min(self.variants[name].max_players for name in self.games)
        if not 2 <= self.seats <= most:
            raise ConfigError(f"a table of these games seats 2 to {most} players, not {self.seats}")
        if not 1 <= self.action_clock <= 3600 or not 0 <= self.time_bank <= 36000:
            raise ConfigError(
                "the action clock must be 1 to 3600 seconds and the time bank 0 to 36000"
            )
        if self.min_buy_in < 1 or (
            self.max_buy_in is not None and self.max_buy_in < self.min_buy_in
        ):
            raise ConfigError(
                "the buy-in range must start at 1 chip or more and end above its start"
            )
        if self.min_buy_in > MAX_CHIPS or (
            self.max_buy_in is not None and self.max_buy_in > MAX_CHIPS
        ):
            raise ConfigError(f"a buy-in may be at most {MAX_CHIPS:,} chips")

    def _check_blind_settings(self) -> None:
        """Refuse a straddle or a way of joining at a table with no game played with blinds."""
        if not isinstance(self.straddle, bool):
            raise ConfigError(f"straddle is true or false, not {self.straddle!r}")
        check_joining(self.joining)
        if self.straddle or self.joining != "deal-in":
            blinds = any(self.variants[name].forced == "blinds" for name in self.games)
            if not blinds or not self.stakes.big_blind:
                setting = "a straddle" if self.straddle else "waiting for the big blind"
                if self.joining == "post":
                    setting = "posting a big blind to play now"
                raise ConfigError(
                    f"{setting} needs a game played with a big blind, and this table has none"
                )

    def rules_for(self, game: str) -> HouseRules:
        """The house rules ``game`` is played by at this table."""
        return next((rules for name, rules in self.game_rules if name == game), self.rules)

    @property
    def rule_notes(self) -> tuple[str, ...]:
        """For each game that overrides a house rule (only at a table restored from before
        such rules were refused), a sentence saying so."""
        notes = []
        for name in self.games:
            conflict = self.variants[name].rules_conflict(self.rules_for(name))
            if conflict is not None:
                notes.append(f"This table was set up before hilo refused these rules: {conflict}.")
        return tuple(notes)

    @property
    def default_buy_in(self) -> int:
        """A buy-in nobody chose: the most allowed, else 100 big bets (`default_buy_in`).

        >>> TableConfig().default_buy_in
        2000
        """
        if self.max_buy_in is not None:
            return self.max_buy_in
        return max(self.min_buy_in, default_buy_in(self.stakes))

    @property
    def variants(self) -> dict[str, Variant]:
        """Every game this table knows, by name."""
        return {**VARIANTS, **{variant.name: variant for variant in self.extra_variants}}
