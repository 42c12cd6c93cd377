"""`Table`: a session of hands at one table — seats, buy-ins, the button, and pots that ride.

A table deals hand after hand among the seated players with chips. The button moves
one occupied seat to the left each hand; with several games (dealer's choice) the game
rotates with it. A pot nobody could win rides into the next hand. The ledger shows what
each player bought in for, holds, and has won or lost.

Players act from their table seat, and the table's views number seats as the table does
(a `Hand` numbers its seats ``0..n-1`` in table order; that stays inside the engine). What
somebody may see is decided by who they are, never by a seat number: everybody who sits
down gets a player number (`Player.number`), the table records which player held each seat
of every hand, and a `Viewer` (a player, or nobody) sees hidden cards only in the hands that
player was dealt.

>>> import random
>>> from hilo.engine.actions import Action
>>> from hilo.rules import HouseRules, Stakes
>>> table = Table(TableConfig(games=("holdem",), rules=HouseRules.preset("cards-speak"),
...                           stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)),
...               rng=random.Random(5))
>>> for seat, name in ((0, "Ann"), (3, "Bob")):
...     table.sit(seat, name, 100)
>>> hand = table.start_hand()
>>> table.to_act()   # heads up, the button (seat 0) posts the small blind and acts first
(0,)
>>> _ = table.apply(Action.fold(0))
>>> table.ledger()
[('Ann', 100, 99, -1), ('Bob', 100, 101, 1)]
>>> _ = table.leave(3); table.sit(3, "Cy", 100)   # Cy sees Bob's hand as a spectator would
>>> cy = table.person_in(3)
>>> cy, table.view_for(cy).seat(3).down_cards, table.seen_seat(Viewer(2), 0)
(Viewer(player=3), (), 1)
>>> ann = table.view_for(Viewer(1))   # seats as at the table: Bob held seat 3
>>> ann.viewer, [seat.seat for seat in ann.seats], table.dealt_seat(Viewer(2), 0)
(0, [0, 3], 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from hilo.cards import Card
from hilo.engine.actions import Action
from hilo.engine.betting import ActionOption
from hilo.engine.choice_of_game import (
    GameChoice,
    check_choice,
    choice_rules,
)
from hilo.engine.events import Event
from hilo.engine.fairness import DeckProof, commit
from hilo.engine.history import hand_views
from hilo.engine.joining import NOTHING_OWED, DealPlan, plan_button, plan_deal
from hilo.engine.names import seat_label
from hilo.engine.players import SPECTATOR, Player, Viewer
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.engine.table_config import TableConfig
from hilo.engine.table_seats import STATUSES, TableSeats
from hilo.engine.views import TableView
from hilo.errors import IllegalActionError

__all__ = ["SPECTATOR", "STATUSES", "Player", "Table", "TableConfig", "Viewer"]


class Table(TableSeats):
    """A session of hands; keeps players, the button, the game rotation and ridden pots.

    The seats, the players in them and their chips are `TableSeats`'; this adds the hands.
    """

    def __init__(self, config: TableConfig, *, rng: random.Random | None = None) -> None:
        super().__init__(config)
        self.button: int | None = None
        self.hand: Hand | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.hand_players: tuple[int, ...] = ()
        """The `Player.number` of whoever holds each seat of the hand in play (or the last)."""
        self.carried = 0
        self.histories: list[Hand] = []
        self.history_seats: list[tuple[int, ...]] = []
        """For each finished hand, the table seat of each of its seats."""
        self.history_players: list[tuple[int, ...]] = []
        """For each finished hand, the `Player.number` of whoever held each of its seats."""
        self.proof: DeckProof | None = None
        self.choice: GameChoice | None = None
        """The dealer's choice in force (``dealer-names``): for the next hand, or the orbit."""
        self.dealt_under_choice: tuple[int, ...] = ()
        """The button of each hand dealt under `choice` so far."""
        self.hand_choice: GameChoice | None = None
        """The choice the hand in play (or the last) was dealt under."""
        self.straddle_answer: tuple[int, bool] | None = None
        """The `Player.number` offered the next hand's straddle, and whether they straddle."""
        self._settled: Hand | None = None
        self._rng = rng

    # -- who is who -----------------------------------------------------------------

    def seen_seat(self, viewer: Viewer, finished: int | None = None) -> int | None:
        """The seat of a hand whose hidden cards ``viewer`` may see, or None for none of them.

        This decides what anybody may see. In a finished hand (an index into `histories`), a
        person sees the seat they were dealt, if any. In the hand in play (``finished`` None)
        they do only while they still sit at the table; a person who has left sees it as a
        spectator does, and a newcomer to a seat sees that seat's last hand as a spectator does.
        """
        if viewer.player is None:
            return None
        if finished is None:
            players = self.hand_players if self.seat_of(viewer) is not None else ()
        else:
            players = self.history_players[finished]
        return players.index(viewer.player) if viewer.player in players else None

    def _in_hand(self, seat: int) -> bool:
        """Whether ``seat`` is dealt into the hand in play."""
        return self.hand is not None and not self.hand.is_complete and seat in self.hand_seats

    # -- hands ----------------------------------------------------------------------

    @property
    def next_game(self) -> str:
        """The game of the next hand: rotating through the table's games, else the dealer's
        choice (or, while the dealer chooses, what the clock would take)."""
        if self.config.mode == "rotate":
            return self.config.games[self.hands_played % len(self.config.games)]
        if self.chooser is None and self.choice is not None:
            return self.choice.game
        return self.default_choice().game

    def next_button(self) -> int | None:
        """The seat the button moves to for the next deal (None: fewer than two to deal to)."""
        return plan_button(self.players, self.button)

    def plan(self, *, asked: bool = False) -> DealPlan | None:
        """Who the next hand is dealt to and what each posts (`hilo.engine.joining`); with
        ``asked``, as if the straddle offered had not been answered yet."""
        config = self.config
        offered = plan_deal(
            self.players,
            self.button,
            joining=config.joining,
            stakes=config.stakes,
            blind_game=config.variants[self.next_game].forced == "blinds",
            straddle=config.straddle,
            straddles=False,
        )
        if asked or offered is None or offered.straddler is None:
            return offered
        if self.straddle_answer != (self._player(offered.straddler).number, True):
            return offered
        return replace(offered, blinds=offered.straddled(config.stakes))

    def _straddle_offer(self) -> int | None:
        """The `Player.number` the next hand's straddle is offered to, if any."""
        plan = self.plan(asked=True)
        seat = None if plan is None else plan.straddler
        return None if seat is None else self._player(seat).number

    @property
    def straddler(self) -> int | None:
        """The seat that must say, before the deal, whether it straddles (None: nobody)."""
        if self.status == "ended" or self.chooser is not None:
            return None
        if self.hand is not None and not self.hand.is_complete:
            return None
        number = self._straddle_offer()
        if number is None or (self.straddle_answer or (None,))[0] == number:
            return None
        return self.seat_of(Viewer(number))

    def straddle(self, seat: int, straddles: bool) -> None:
        """The player offered the straddle says whether they post it in the next hand."""
        player = self._player(seat)
        if not self.config.straddle:
            raise IllegalActionError("Nobody straddles at this table.")
        if self.hand is not None and not self.hand.is_complete:
            raise IllegalActionError("The straddle is posted before the deal, between hands.")
        offered = self.straddler
        if offered is None:
            raise IllegalActionError("Nobody is asked to straddle now.")
        if offered != seat:
            who = self._player(offered).name
            raise IllegalActionError(f"The next straddle is not yours to post: it is {who}'s.")
        self.straddle_answer = (player.number, straddles)

    def wait_for_big_blind(self, seat: int, wait: bool) -> None:
        """A player owing blinds waits for the big blind to reach them, or posts to play now."""
        player = self._player(seat)
        if self.config.joining != "post":
            raise IllegalActionError("At this table there is no posting to play now.")
        if not player.owed.is_owing:
            raise IllegalActionError(f"{player.name} is in the game: there is nothing to post.")
        self.players[seat] = replace(player, owed=replace(player.owed, waits=wait))

    @property
    def chooser(self) -> int | None:
        """The seat that must name the next hand's game before the deal, or None."""
        if self.config.mode != "dealer-names" or self.status == "ended":
            return None
        if self.hand is not None and not self.hand.is_complete:
            return None
        button = self.next_button()
        if button is None:
            return None
        if self.choice is not None and not self.dealt_under_choice:
            return None  # named and not yet dealt
        if self.choice is not None and self.config.orbit and button not in self.dealt_under_choice:
            return None  # the orbit holds
        return button

    def default_choice(self) -> GameChoice:
        """What the clock takes for a dealer who does not choose: the last game played (as it
        was declared), else the first game."""
        if self.choice is not None:
            return self.choice
        return GameChoice(self.config.games[0])

    def choose(self, seat: int, choice: GameChoice) -> None:
        """The dealer in ``seat`` names the next hand's game (checked by `check_choice`)."""
        if self.config.mode != "dealer-names":
            raise IllegalActionError("The games rotate at this table: nobody names them.")
        if self.hand is not None and not self.hand.is_complete:
            raise IllegalActionError("The next game is named between hands.")
        if self.status == "ended":
            raise IllegalActionError("This session has ended.")
        chooser = self.chooser
        if chooser is None and self.next_button() is None:
            raise IllegalActionError("Nobody deals until two players with chips sit down.")
        if chooser is None:
            held = "holds for the orbit" if self.dealt_under_choice else "has been named"
            raise IllegalActionError(f"The next game {held} already.")
        if seat != chooser:
            dealer = self.players[chooser]
            assert dealer is not None
            raise IllegalActionError(f"{dealer.name} deals next and names the game.")
        config = self.config
        rules = {name: config.rules_for(name) for name in config.games}
        check_choice(
            choice, config.games, config.variants, rules, dealer_declares=config.dealer_declares
        )
        self.choice = choice
        self.dealt_under_choice = ()

    def start_hand(
        self,
        *,
        rng: random.Random | None = None,
        deck_order: Sequence[Card] | None = None,
        reshuffles: Sequence[Sequence[Card]] = (),
        salt: str | None = None,
        posts: tuple[Sequence[int], Sequence[int]] | None = None,
    ) -> Hand:
        """Deal the next hand to the seated players with chips in the game (`plan`).

        ``deck_order`` and ``reshuffles`` deal recorded cards again, and ``posts`` the live
        and dead blinds recorded (replaying a journal).
        """
        if self.hand is not None and not self.hand.is_complete:
            raise IllegalActionError("A hand is still being played.")
        if self.status == "ended":
            raise IllegalActionError("This session has ended.")
        plan = self.plan()
        if plan is None:
            raise IllegalActionError("At least two players with chips are needed to deal.")
        chooser = self.chooser
        if chooser is not None:
            dealer = self.players[chooser]
            assert dealer is not None
            raise IllegalActionError(f"{dealer.name} has not named the game yet.")
        if self.straddler is not None:
            straddler = self._player(self.straddler).name
            raise IllegalActionError(f"{straddler} has not said whether to straddle.")
        dealt = list(plan.seats)
        blinds, dead = (plan.blinds, plan.dead) if posts is None else posts
        game = self.next_game
        rules = self.config.rules_for(game)
        if self.choice is not None and self.config.mode == "dealer-names":
            rules = choice_rules(rules, self.choice)
        button = plan.button
        seated = [self.players[seat] for seat in dealt]
        variant = self.config.variants[game]
        setup = HandSetup(
            variant,
            variant.played_rules(rules),  # the rules unless restored from before
            self.config.stakes,
            [player.stack for player in seated if player is not None],
            button=dealt.index(button),
            names=[player.name for player in seated if player is not None],
            deck_order=deck_order,
            reshuffles=reshuffles,
            carried_in=self.carried,
            blinds=blinds,
            dead=dead,
        )
        self.hand = Hand(setup, rng=rng or self._rng)
        self.button = button
        if self.config.mode == "dealer-names":
            self.dealt_under_choice = (*self.dealt_under_choice, button)
            self.hand_choice = self.choice
        self.hand_seats = tuple(dealt)
        self.hand_players = tuple(player.number for player in seated if player is not None)
        self._settle_owed(plan)
        self.carried = 0
        if self.config.provably_fair:
            self.proof = commit(self.hand.deck_order, salt)
        self._settle_if_over()
        return self.hand

    def _settle_owed(self, plan: DealPlan) -> None:
        """What the deal settles: those coming in owe nothing more; those sitting out whom a
        blind passed owe it; the next straddle is asked afresh."""
        for seat in (*plan.entering, *plan.missed_small, *plan.missed_big):
            player = self._player(seat)
            owed = player.owed
            if seat in plan.entering:
                owed = NOTHING_OWED
            elif seat in plan.missed_big:
                owed = replace(owed, big_blind=True)
            else:
                owed = replace(owed, small_blind=True)
            self.players[seat] = replace(player, owed=owed)
        self.straddle_answer = None

    def fairness(self) -> dict[str, str] | None:
        """The deck commitment of the hand (with the deck and salt once it is over)."""
        if self.proof is None:
            return None
        shown = {"commitment": self.proof.commitment}
        if self.hand is not None and self.hand.is_complete:
            shown.update(deck=self.proof.deck, salt=self.proof.salt)
        return shown

    def _current(self) -> Hand:
        if self.hand is None:
            raise IllegalActionError("No hand is being played.")
        return self.hand

    def to_act(self) -> tuple[int, ...]:
        """Table seats the hand is waiting for."""
        if self.hand is None:
            return ()
        return tuple(self.hand_seats[seat] for seat in self.hand.to_act)

    @property
    def showing(self) -> int | None:
        """The table seat of the last hand's winner nobody called while they may still show or
        muck (the pot is already theirs; dealing the next hand leaves their cards unseen)."""
        hand = self.hand
        if hand is None or hand.may_show is None:
            return None
        return self.hand_seats[hand.may_show]

    def legal_actions(self, seat: int) -> list[ActionOption]:
        """What the player in table seat ``seat`` may do now."""
        if self.hand is None or seat not in self.hand_seats:
            return []
        return self.hand.legal_actions(self.hand_seats.index(seat))

    def apply(self, action: Action) -> Event:
        """Carry out an action given in table seats; settle the chips when the hand ends."""
        hand = self._current()
        if action.seat not in self.hand_seats:
            raise IllegalActionError(f"{seat_label(action.seat).capitalize()} is not in this hand.")
        event = hand.apply(replace(action, seat=self.hand_seats.index(action.seat)))
        self._settle_if_over()
        return event

    def view_for(self, viewer: Viewer) -> TableView | None:
        """The current (or last) hand as ``viewer`` may see it (see `seen_seat`), its seats
        numbered as at the table."""
        if self.hand is None:
            return None
        return self.hand.view_for(self.seen_seat(viewer), self.hand_seats)

    def replay(self, finished: int, viewer: Viewer) -> list[TableView]:
        """A finished hand (an index into `histories`) as ``viewer`` may see it, after the deal
        and after each action, its seats numbered as at the table."""
        seats = self.history_seats[finished]
        return hand_views(self.histories[finished], self.seen_seat(viewer, finished), seats)

    def dealt_seat(self, viewer: Viewer, finished: int | None = None) -> int | None:
        """The table seat of `seen_seat`: where ``viewer`` sat in that hand, if they may see it."""
        inside = self.seen_seat(viewer, finished)
        seats = self.hand_seats if finished is None else self.history_seats[finished]
        return None if inside is None else seats[inside]

    def _settle_if_over(self) -> None:
        hand = self.hand
        if hand is None or not hand.is_complete or hand is self._settled:
            return
        for inside, seat in enumerate(self.hand_seats):
            player = self.players[seat]
            assert player is not None
            self.players[seat] = replace(player, stack=hand.stacks[inside])
        self.carried = hand.carried_out
        self.hands_played += 1
        self._settled = hand
        self.histories.append(hand)
        self.history_seats.append(self.hand_seats)
        self.history_players.append(self.hand_players)
        for seat in self.hand_seats:
            leaving = self.players[seat]
            if leaving is not None and leaving.is_leaving:
                self.leave(seat)

    def chips(self) -> int:
        """All chips at the table: stacks, the hand in play, and a pot that rides."""
        # Stacks are brought up to date when a hand ends; until then they hold what each
        # player had at the deal, and the ridden pot is in the hand.
        behind = sum(player.stack for player in self.players if player is not None)
        if self.hand is not None and not self.hand.is_complete:
            return behind + self.hand.carried_in
        return behind + self.carried
