"""`TableSeats`: the seats of a table and the money in them, apart from the hands dealt there.

Who sits where and with how many chips, buy-ins, rebuys, add-ons and the host's adjustments
(each an entry of the night's ledger), sitting out and leaving, the session's status, and who
the host has muted in the chat. `hilo.engine.table.Table` builds on this with the hands.

>>> from hilo.engine.table_config import TableConfig
>>> seats = TableSeats(TableConfig(games=("razz",)))
>>> seats.sit(2, "Ann", 100); seats.rebuy(2, 50)
>>> seats.person_in(2), seats.seat_of(Viewer(1))
(Viewer(player=1), 2)
>>> seats.ledger()
[('Ann', 150, 150, 0)]
"""

from __future__ import annotations

from dataclasses import replace

from hilo.engine.joining import Owed
from hilo.engine.names import player_name, seat_label
from hilo.engine.players import Player, Viewer
from hilo.engine.table_config import TableConfig
from hilo.errors import IllegalActionError
from hilo.ledger import Entry, EntryKind, Ledger, ledger_reason
from hilo.rules.stakes import MAX_CHIPS

__all__ = ["STATUSES", "TableSeats"]

STATUSES = ("waiting", "playing", "paused", "ended")
"""A session: not started yet, dealing hand after hand, no new hands for now, over for good."""


class TableSeats:
    """A table's seats, the players in them and the chips they brought, between hands."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.players: list[Player | None] = [None] * config.seats
        self.hands_played = 0
        """Hands finished at this table; each ledger entry records how many had been."""
        self.sittings = 0
        """How many times somebody has sat down here (the last `Player.number` given)."""
        self.last_sitter: list[int | None] = [None] * config.seats
        """For each seat, the number of the last person who sat there (there now or gone)."""
        self.status = "waiting"
        self.departed: list[Player] = []
        """Players who have left the table, with the chips they left with."""
        self.entries: list[Entry] = []
        """The ledger's entries: buy-ins, rebuys, add-ons and the host's adjustments."""
        self.muted: frozenset[int] = frozenset()
        """The `Player.number` of each person the host has muted in the table's chat."""
        self.spectator_chat = False
        """Whether the host lets spectators write in the table's chat."""

    def _in_hand(self, seat: int) -> bool:
        """Whether ``seat`` is dealt into a hand still in play (no hands here: never)."""
        return False

    def sit(self, seat: int, name: str, buy_in: int, *, bot: str | None = None) -> None:
        """Seat a player (or a bot of kind ``bot``) with ``buy_in`` chips.

        The name is read by `player_name` (normalised and trimmed; invisible, control and
        bidirectional characters refused).
        """
        self._check_seat(seat)
        if self.status == "ended":
            raise IllegalActionError("This session has ended.")
        if self.players[seat] is not None:
            raise IllegalActionError(f"{seat_label(seat).capitalize()} is taken.")
        name = player_name(name)
        if any(player is not None and player.name == name for player in self.players):
            raise IllegalActionError(f"Somebody called {name} is already at the table.")
        self._check_buy_in(buy_in)
        self.sittings += 1
        self.last_sitter[seat] = self.sittings
        owed = Owed(big_blind=self.config.joining != "deal-in")
        self.players[seat] = Player(
            name,
            buy_in,
            buy_in,
            bot=bot,
            time_bank=self.config.time_bank,
            number=self.sittings,
            owed=owed,
        )
        self._enter(EntryKind.BUY_IN, name, buy_in)

    def _check_buy_in(self, chips: int) -> None:
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise IllegalActionError("A buy-in is a whole number of chips.")
        low, high = self.config.min_buy_in, self.config.max_buy_in
        if chips < low:
            least = "one chip" if low == 1 else f"{low} chips"
            raise IllegalActionError(f"Buy in for at least {least}.")
        if high is not None and chips > high:
            raise IllegalActionError(f"Buy in for at most {high} chips.")
        if chips > MAX_CHIPS:
            raise IllegalActionError(f"Buy in for at most {MAX_CHIPS:,} chips.")

    def rebuy(self, seat: int, chips: int) -> None:
        """Add chips to a seated player's stack (not during a hand they are in)."""
        player = self._player(seat)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise IllegalActionError("Add at least one chip.")
        if player.stack + chips > MAX_CHIPS:
            raise IllegalActionError(f"A stack may hold at most {MAX_CHIPS:,} chips.")
        if self._in_hand(seat):
            raise IllegalActionError("You can add chips between hands, not during one.")
        high = self.config.max_buy_in
        if high is not None and player.stack + chips > high:
            raise IllegalActionError(f"A stack may hold at most {high} chips after a rebuy.")
        self.players[seat] = replace(
            player, stack=player.stack + chips, bought_in=player.bought_in + chips
        )
        self._enter(EntryKind.REBUY, player.name, chips)

    def add_on(self, seat: int, chips: int) -> None:
        """The host gives a player an add-on: chips bought, like a rebuy but recorded as its
        own kind and not held to the table's largest buy-in (not during a hand they are in)."""
        player = self._player(seat)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise IllegalActionError("An add-on is at least one chip.")
        if player.stack + chips > MAX_CHIPS:
            raise IllegalActionError(f"A stack may hold at most {MAX_CHIPS:,} chips.")
        if self._in_hand(seat):
            raise IllegalActionError(
                f"{player.name} is in the hand in play: give the add-on between hands."
            )
        self.players[seat] = replace(
            player, stack=player.stack + chips, bought_in=player.bought_in + chips
        )
        self._enter(EntryKind.ADD_ON, player.name, chips)

    def adjust(self, seat: int, chips: int, reason: str) -> None:
        """The host corrects a player's stack by ``chips`` (up or down), saying why; not money
        paid in, and never during a hand the player is in."""
        player = self._player(seat)
        if isinstance(chips, bool) or not isinstance(chips, int) or not chips:
            raise IllegalActionError("Adjust a stack by at least one chip, up or down.")
        reason = ledger_reason(reason)
        if self._in_hand(seat):
            raise IllegalActionError(
                f"{player.name} is in the hand in play: adjust the stack between hands."
            )
        if player.stack + chips < 0:
            raise IllegalActionError(
                f"{player.name} has {player.stack:,} chips: a stack cannot go below zero."
            )
        if player.stack + chips > MAX_CHIPS:
            raise IllegalActionError(f"A stack may hold at most {MAX_CHIPS:,} chips.")
        self.players[seat] = replace(player, stack=player.stack + chips)
        self._enter(EntryKind.ADJUSTMENT, player.name, chips, reason)

    def _enter(self, kind: EntryKind, name: str, chips: int, reason: str = "") -> None:
        self.entries.append(Entry(kind, name, chips, reason, self.hands_played))

    def sit_out(self, seat: int, *, out: bool = True) -> None:
        """Skip (or stop skipping) a player when dealing the next hands."""
        self.players[seat] = replace(self._player(seat), is_sitting_out=out)

    def leave(self, seat: int) -> Player:
        """Take a player away with their chips (not during a hand they are in)."""
        player = self._player(seat)
        if self._in_hand(seat):
            raise IllegalActionError("You can leave between hands, not during one.")
        self.players[seat] = None
        self.departed.append(player)
        return player

    def remove(self, seat: int) -> None:
        """Take a player away: at once between hands, else when the hand in play ends."""
        player = self._player(seat)
        if self._in_hand(seat):
            self.players[seat] = replace(player, is_sitting_out=True, is_leaving=True)
        else:
            self.leave(seat)

    def set_time_bank(self, seat: int, seconds: float) -> None:
        """Record what is left of a player's time bank."""
        self.players[seat] = replace(self._player(seat), time_bank=max(0.0, seconds))

    def set_status(self, status: str) -> None:
        """Start, pause, resume or end the session (see `STATUSES`)."""
        if status not in STATUSES:
            raise IllegalActionError(f"A session is {', '.join(STATUSES)}, not {status!r}.")
        if self.status == "ended" and status != "ended":
            raise IllegalActionError("This session has ended.")
        self.status = status

    def mute(self, seat: int, *, muted: bool = True) -> None:
        """Mute (or unmute) the person in ``seat`` in the table's chat, for as long as they sit."""
        number = self._player(seat).number
        self.muted = self.muted | {number} if muted else self.muted - {number}

    def allow_spectator_chat(self, allowed: bool) -> None:
        """Let spectators write in the table's chat, or keep them to reading it."""
        self.spectator_chat = allowed

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.config.seats:
            raise IllegalActionError(
                f"There is no {seat_label(seat)}: seats are 1 to {self.config.seats}."
            )

    def _player(self, seat: int) -> Player:
        self._check_seat(seat)
        player = self.players[seat]
        if player is None:
            raise IllegalActionError(f"Nobody sits in {seat_label(seat)}.")
        return player

    def person_in(self, seat: int) -> Viewer:
        """The person sitting in ``seat`` now."""
        return Viewer(self._player(seat).number)

    def seat_of(self, viewer: Viewer) -> int | None:
        """The seat ``viewer`` holds now (None: they left, or are nobody in particular)."""
        if viewer.player is None:
            return None
        return next(
            (
                seat
                for seat, player in enumerate(self.players)
                if player is not None and player.number == viewer.player
            ),
            None,
        )

    def ledger(self) -> list[tuple[str, int, int, int]]:
        """``(name, bought in, stack, net)`` for every seated player in seat order, then those
        who left (their stack is what they left with)."""
        return [
            (player.name, player.bought_in, player.stack, player.net)
            for player in [*self.players, *self.departed]
            if player is not None
        ]

    def night_ledger(self) -> Ledger:
        """The ledger of the session: its entries, and each player's stack now (as at the
        deal while a hand is in play) or what they left with, as their cash-out."""
        cash_out: dict[str, int] = {}
        for player in [*self.departed, *self.players]:
            if player is not None:
                cash_out[player.name] = cash_out.get(player.name, 0) + player.stack
        return Ledger.build(self.entries, cash_out)
