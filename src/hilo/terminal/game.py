"""A session at the terminal: one person in seat 0 against bots, hand after hand.

The person and the bots only ever get their own seat's view. Bots act at once (or after
``pace`` seconds); the person is asked for each decision with the legal choices as short
keys. Between hands busted bots buy in again, and a busted person is asked whether to.
Ctrl-C or the end of input stops the session with the ledger and one line of goodbye.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text

from hilo.bots.base import Bot
from hilo.bots.factory import make_bot
from hilo.engine.actions import CARD_CHOICES, ActionKind
from hilo.engine.table import Table, TableConfig
from hilo.engine.views import TableView
from hilo.errors import IllegalActionError
from hilo.rules.defaults import default_buy_in
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.terminal.keys import ReplyError, choice_line, read_reply
from hilo.terminal.render import ledger_table, own_hand_line, result_view, table_view
from hilo.terminal.words import event_lines

__all__ = ["HUMAN_SEAT", "INTERRUPTED", "PlaySettings", "TerminalGame", "stakes_words"]

HUMAN_SEAT = 0
"""The person always sits in table seat 0; the bots in seats 1 to N."""

INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells report an interrupted program."""

HELP = """Keys: type the key shown in brackets, then Enter.
  f fold; c check or call; b bet (b 30) or bring it in; r raise (r 40) or complete;
  a all in; a number alone bets or raises to it.
  Draws: d Ks 4h throws those two away; d or p stands pat. Turn up: u up, k keep down.
  Declare: h high, l low, b both ways. Won uncalled: s shows your cards, m (or Enter) mucks.
  q quits (the ledger is shown); ? this help."""
"""What ``?`` shows: every key."""


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """Everything a terminal session was asked for."""

    games: tuple[str, ...]
    rules: HouseRules
    stakes: Stakes
    bots: int
    bot_kinds: tuple[str, ...] = ("solid",)
    """Kinds of bot, given to the bots in turn (one kind: every bot is of it)."""
    buy_in: int | None = None
    """Everybody's buy-in (None: the house default for the stakes, `default_buy_in`)."""
    seed: int | None = None
    """Seed of the deck and the bots (None: a fresh shuffle from the system)."""
    name: str = "You"
    hands: int | None = None
    """Hands to play before stopping (None: ask after each hand)."""
    samples: int = 200
    """The solid bot's Monte Carlo deals per decision."""
    pace: float = 0.0
    """Seconds to wait after each bot action."""
    bot_names: tuple[str, ...] = field(default=())
    """Names of the bots (default: Bot 1, Bot 2, ...)."""

    @property
    def chips(self) -> int:
        """What everybody buys in for: the buy-in asked for, else the house default."""
        return self.buy_in if self.buy_in is not None else default_buy_in(self.stakes)


def stakes_words(stakes: Stakes) -> str:
    """The stakes in a few words: ``fixed limit 10/20, ante 1, bring-in 3``.

    >>> stakes_words(Stakes(structure="no-limit", small_blind=5, big_blind=10))
    'no limit, blinds 5/10'
    """
    structure = stakes.structure
    if structure == "fixed-limit":
        parts = [f"fixed limit {stakes.small_bet}/{stakes.big_bet}"]
    elif structure == "spread-limit":
        parts = [f"spread limit {stakes.min_bet}-{stakes.max_bet}"]
    else:
        parts = [structure.replace("-", " ")]
    if stakes.ante:
        parts.append(f"ante {stakes.ante}")
    if stakes.big_blind:
        parts.append(f"blinds {stakes.small_blind}/{stakes.big_blind}")
    if stakes.bring_in:
        parts.append(f"bring-in {stakes.bring_in}")
    return ", ".join(parts)


class _QuitError(Exception):
    """The person typed q: stop the session."""


class TerminalGame:
    """The session: the table, the bots, and the conversation with the person."""

    def __init__(
        self,
        settings: PlaySettings,
        console: Console,
        *,
        ask: Callable[[Text], str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.console = console
        self.ask = ask or console.input
        self.sleep = sleep
        self.glyphs = console.encoding.lower().replace("-", "").startswith("utf")
        seed = settings.seed
        deck: random.Random = (
            secrets.SystemRandom() if seed is None else random.Random(f"hilo play {seed} deck")
        )
        self.table = Table(
            TableConfig(
                games=settings.games,
                rules=settings.rules,
                stakes=settings.stakes,
                seats=settings.bots + 1,
            ),
            rng=deck,
        )
        names = settings.bot_names or tuple(
            f"Bot {number}" for number in range(1, settings.bots + 1)
        )
        self.table.sit(HUMAN_SEAT, settings.name, settings.chips)
        self.bots: dict[int, Bot] = {}
        for number, name in enumerate(names, start=1):
            kind = settings.bot_kinds[(number - 1) % len(settings.bot_kinds)]
            own = random.Random(f"hilo play {seed} bot {number}") if seed is not None else None
            self.bots[number] = make_bot(kind, own, rules=settings.rules, samples=settings.samples)
            self.table.sit(number, name, settings.chips, bot=kind)
        self.hand_number = 0
        self.logged = 0
        self.announced = False
        self.is_busted_out = False
        self.ledger_shown = False

    # -- the session ------------------------------------------------------------------

    def run(self) -> int:
        """Play until the person stops; the exit status (0, or `INTERRUPTED` after Ctrl-C)."""
        try:
            self._introduce()
            while True:
                self._play_hand()
                self._rebuy()
                if self.is_busted_out:
                    break
                limit = self.settings.hands
                if limit is not None and self.hand_number >= limit:
                    break
                if limit is None and not self._yes("Next hand? [Y/n] "):
                    break
        except KeyboardInterrupt:
            self._goodbye("Interrupted")
            return INTERRUPTED
        except (EOFError, _QuitError):
            self._goodbye("Stopped")
            return 0
        self._goodbye("Out of chips" if self.is_busted_out else "Thanks for playing")
        return 0

    def _introduce(self) -> None:
        settings = self.settings
        config = self.table.config
        titles = [config.variants[name].title for name in settings.games]
        game = titles[0] if len(titles) == 1 else "Dealer's choice: " + ", ".join(titles)
        kinds = " and ".join(dict.fromkeys(settings.bot_kinds))
        bots = "bot" if settings.bots == 1 else "bots"
        self.console.print(Text(game, style="bold"))
        self.console.print(
            Text(
                f"Rules: {settings.rules.name}; {stakes_words(settings.stakes)}.\n"
                f"{settings.name} and {settings.bots} {kinds} {bots}, "
                f"{settings.chips} chips each."
            )
        )
        self.console.print(
            Text(
                "Your face-down cards are in [brackets], other players' show as ??.\n"
                "Type the key in brackets, then Enter; ? shows every key.",
                style="dim",
            )
        )

    def _yes(self, question: str) -> bool:
        while True:
            answer = self.ask(Text(question)).strip().lower()
            if answer in ("", "y", "yes"):
                return True
            if answer in ("n", "no", "q", "quit"):
                return False
            self.console.print(Text("Please answer y or n.", style="yellow"))

    def _goodbye(self, how: str) -> None:
        table = self.table
        self.console.print()
        in_play = table.hand is not None and not table.hand.is_complete
        if not self.ledger_shown:
            self._print_ledger()
        played = table.hands_played
        hands = "hand" if played == 1 else "hands"
        called_off = (
            f"; hand {self.hand_number} was called off, its bets returned" if in_play else ""
        )
        self.console.print(Text(f"{how} after {played} {hands}{called_off}. Goodbye!"))

    # -- one hand ---------------------------------------------------------------------

    def _view(self) -> TableView:
        view = self.table.view_for(self.table.person_in(HUMAN_SEAT))
        assert view is not None
        return view

    def _play_hand(self) -> None:
        table = self.table
        hand = table.start_hand()
        self.hand_number += 1
        self.logged = 0
        self.announced = False
        self.ledger_shown = False
        self.console.print()
        self.console.rule(Text(f"Hand {self.hand_number}: {hand.variant.title}"), style="dim")
        self._log()
        while not hand.is_complete:
            waiting = table.to_act()
            if HUMAN_SEAT in waiting:
                self._human_turn()
            else:
                if self._declaring_together() and not self.announced:
                    self.console.print(Text("Bots are choosing...", style="italic"))
                    self.announced = True
                self._bot_turn(waiting[0])
            self._log()
        if table.showing == HUMAN_SEAT:
            self._show_or_muck()
        elif table.showing is not None:
            self._bot_turn(table.showing)
        self._log()
        self.console.print()
        self.console.print(result_view(self._view(), glyphs=self.glyphs))
        self.console.print()
        self._print_ledger()

    def _print_ledger(self) -> None:
        """The ledger, with what rides in the middle (or is in the hand being played)."""
        table = self.table
        stacks = sum(player.stack for player in table.players if player is not None)
        self.console.print(ledger_table(table.ledger(), table.chips() - stacks))
        self.ledger_shown = True

    def _declaring_together(self) -> bool:
        hand = self.table.hand
        return (
            hand is not None
            and hand.phase.value == "declaring"
            and self.table.config.rules.declare == "simultaneous"
        )

    def _log(self) -> None:
        """Print what happened since the log was last printed."""
        view = self._view()
        names = {seat.seat: seat.name for seat in view.seats}
        lines = event_lines(
            view.events,
            names,
            view.viewer,
            start=self.logged,
            glyphs=self.glyphs,
            all_in=view.all_in_events,
        )
        for line in lines:
            self.console.print(line)
        self.logged = len(view.events)

    def _bot_turn(self, seat: int) -> None:
        table = self.table
        view = table.view_for(table.person_in(seat))
        assert view is not None
        table.apply(self.bots[seat].act(view))
        if self.settings.pace > 0:
            self.sleep(self.settings.pace)

    def _human_turn(self) -> None:
        view = self._view()
        me = view.me
        assert me is not None
        options = view.legal_actions
        declaring = any(option.kind is ActionKind.DECLARE for option in options)
        self.console.print()
        if declaring:  # the table was drawn at the last bet: the hand is what matters now
            own = own_hand_line(view, self.table.config.rules)
            if own is not None:
                self.console.print(own)
        else:
            self.console.print(
                table_view(
                    view,
                    self.hand_number,
                    rules=self.table.config.rules,
                    glyphs=self.glyphs,
                )
            )
        secret = declaring and self.table.config.rules.declare == "simultaneous"
        heading = "Declare in secret:" if secret else "Declare:" if declaring else "Your turn:"
        if any(option.kind in CARD_CHOICES for option in options):
            heading = "Choose in secret:"
        line = choice_line(options, stack=me.stack, bet=me.bet)
        prompt = Text("Declare: " if declaring else "Your move: ", style="bold")
        self.console.print(Text.assemble((heading, "bold"), " ", line))
        while True:
            reply = self.ask(prompt)
            word = reply.strip().lower()
            if word in ("?", "help"):
                self.console.print(Text(HELP))
                continue
            if word in ("q", "quit", "exit"):
                raise _QuitError
            try:
                action = read_reply(
                    reply,
                    options,
                    seat=HUMAN_SEAT,
                    stack=me.stack,
                    bet=me.bet,
                    held=me.down_cards + me.up_cards,
                )
                self.table.apply(action)
            except (ReplyError, IllegalActionError) as error:
                self.console.print(Text(str(error), style="yellow"))
                self.console.print(Text.assemble((heading, "bold"), " ", line))
                continue
            return

    def _show_or_muck(self) -> None:
        """Everybody else folded: the pot is the player's; they show their cards or muck them."""
        options = self._view().legal_actions
        line = choice_line(options, stack=0, bet=0)
        heading = Text("Everybody else folded: the pot is yours.", style="bold")
        self.console.print(Text.assemble(heading, " ", line))
        while True:
            reply = self.ask(Text("Show your cards? ", style="bold"))
            word = reply.strip().lower()
            if word in ("?", "help"):
                self.console.print(Text(HELP))
                continue
            if word in ("q", "quit", "exit"):
                raise _QuitError
            try:
                self.table.apply(read_reply(reply, options, seat=HUMAN_SEAT, stack=0, bet=0))
            except (ReplyError, IllegalActionError) as error:
                self.console.print(Text(str(error), style="yellow"))
                continue
            return

    # -- between hands ----------------------------------------------------------------

    def _rebuy(self) -> None:
        table = self.table
        chips = self.settings.chips
        for seat, player in enumerate(table.players):
            if player is None or player.stack > 0:
                continue
            if seat != HUMAN_SEAT:
                table.rebuy(seat, chips)
                self.console.print(
                    Text(f"{player.name} is out of chips and buys in again for {chips}.")
                )
                continue
            limit = self.settings.hands
            if limit is not None and self.hand_number >= limit:
                continue
            if self._yes(f"You are out of chips. Buy in again for {chips}? [Y/n] "):
                table.rebuy(seat, chips)
                self.ledger_shown = False
                self.console.print(Text(f"You buy in again for {chips}."))
            else:
                self.is_busted_out = True
