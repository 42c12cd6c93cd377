"""`Hand`: one hand of any game of the family, from the deal to the awards.

A hand moves through one `Phase` at a time; `Hand._advance` is the one place that moves
it on. Players act with `Hand.apply`; everything that happens is appended to
`Hand.events`. Whose turn it is and what they may do are worked out in
`hilo.engine.turns`; streets are dealt in `hilo.engine.hand_dealing`; betting rounds open
and close in `hilo.engine.hand_betting`; secret choices and answers to offers are carried
out in `hilo.engine.answers`; the showdown is settled and the chips left behind by folded
players awarded in `hilo.engine.hand_end`.

>>> import random
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["seven-card-stud-hilo-declare"], HouseRules.preset("strict"),
...                  Stakes(small_bet=10, big_bet=20, ante=1, bring_in=3), [200, 200, 200],
...                  rng=random.Random(4))
>>> hand.phase, hand.to_act
(<Phase.BETTING: 'betting'>, (1,))
>>> [option.kind.value for option in hand.legal_actions()]
['bring-in', 'complete']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from operator import itemgetter

from hilo.cards import FULL_DECK, JOKER_DECK, Card, Rank
from hilo.engine.actions import Action, ActionKind
from hilo.engine.answers import answer_offer, carry_out_choices
from hilo.engine.betting import ActionOption, BettingRound
from hilo.engine.choices import reveal_next
from hilo.engine.dealing import Dealer
from hilo.engine.declare import Direction
from hilo.engine.events import (
    Acted,
    Awarded,
    Chose,
    Declared,
    Drew,
    Event,
    HandEnded,
    HandStarted,
    Mucked,
    Post,
    Revealed,
    Shown,
    TurnedUp,
    make_acted,
    make_declared,
    make_posted,
)
from hilo.engine.game_facts import facts_for
from hilo.engine.hand_betting import end_betting, start_betting
from hilo.engine.hand_dealing import deal_street
from hilo.engine.hand_end import award_abandoned, settle_showdown
from hilo.engine.offers import TakeRounds
from hilo.engine.phases import CHOOSING, OFFERS, Phase, timeout_default
from hilo.engine.pots import build_pots
from hilo.engine.seating import declare_order, stud_opener
from hilo.engine.setup import HandSetup, seats_around
from hilo.engine.showdown import Pot, ShowdownResult
from hilo.engine.turns import (
    allowed_option,
    cards_to_choose,
    legal_options,
    offered_seats,
    waiting_for,
)
from hilo.engine.views import TableView, hand_view
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes
from hilo.rules.variants import Variant

__all__ = ["Hand", "Phase"]

# Phases and kinds of action the hot paths compare against, read once: an enum's member
# read from its class costs as much as a small function call.
_COMPLETE, _SHOWDOWN = Phase.COMPLETE, Phase.SHOWDOWN
_BETTING, _DECLARING, _DEALING = Phase.BETTING, Phase.DECLARING, Phase.DEALING
_TIMEOUT, _FOLD, _DECLARE = ActionKind.TIMEOUT, ActionKind.FOLD, ActionKind.DECLARE
_ANTE = Post.ANTE
_CARD = itemgetter(0)
"""The card of a (card, face up) pair as a hand holds it."""


class Hand:
    """One hand: seats ``0..n-1`` with their stacks; the button is a seat number.

    ``Hand(setup)`` deals the hand ``setup`` describes: its recorded deck, or a deck
    shuffled with ``rng`` (which also shuffles any reshuffle not recorded).
    """

    def __init__(self, setup: HandSetup, *, rng: random.Random | None = None) -> None:
        variant, rules = setup.variant, setup.rules
        self._setup = setup
        self.variant = variant
        self.rules = rules
        self.stakes = setup.stakes
        self.facts = facts = facts_for(variant, rules)
        """What the game under these house rules fixes for every hand (its plan, streets...)."""
        self.has_declarations = facts.declares  # this hand's players declare
        self.seats = setup.seats
        self.names = tuple(setup.names)
        self.button = button = setup.button
        self.around = seats_around(self.seats, button)
        """Every seat in order, starting left of the button."""
        self.blinds = setup.blinds
        """Each seat's live blind posted at the deal (empty: the stakes' small and big blind)."""
        self.dead_blinds = setup.dead
        """Each seat's dead blind posted at the deal, into the pot (empty: none)."""
        self.starting_stacks = tuple(setup.stacks)
        self.stacks = list(setup.stacks)
        self.contributed = [0] * self.seats
        self.paid_in = [0] * self.seats
        """Chips each seat paid into the pot that are not bets (Baseball's extra card, a matched
        three, a bought card): the main pot's, whoever is in the side pots."""
        self.folded: set[int] = set()
        self.fold_order: list[int] = []
        self.cards: list[list[tuple[Card, bool]]] = [[] for _ in range(self.seats)]
        self.board: list[Card] = []
        self.carried_in = setup.carried_in
        self.carried_out = 0
        self.declarations: dict[int, Direction] = {}
        self.revealed = False
        self.turned_up: set[int] = set()
        self.pending: list[int] = []  # seats yet to draw, turn up, choose or declare (in order)
        self.chosen: dict[int, tuple[Card, ...]] = {}
        """The secret card choices made so far in a passing, discarding, arranging or rolling
        phase, carried out together once every live seat has chosen."""
        self.take_rounds = TakeRounds()
        """7/27's rounds of take or stand so far."""
        self.threes: list[tuple[int, Card]] = []
        """Baseball: the threes dealt face up this street whose match is still asked, in turn."""
        self.unmatched: dict[int, tuple[Card, ...]] = {}
        """Baseball under ``three_rule="match-to-wild"``: each seat's face-up threes whose
        match it declined, plain threes (not wild) for the rest of the hand."""
        self.result: ShowdownResult | None = None
        self._may_show: int | None = None
        self.uncalled: int | None = None
        """The seat that won the pot uncalled, everyone else having folded (None: no such seat)."""
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.last_aggressor: int | None = None
        self.all_in_at: set[int] = set()
        """Where in the log a seat's bet, call or raise put its whole stack in."""
        self.after_declare_at: int | None = None
        """Where in the log the betting round after the declare began, if it has."""
        self.censored: dict[tuple[int | None, tuple[int, ...] | None], list[Event]] = {}
        """The log as each viewer has seen it so far, in each numbering of the seats (None:
        the hand's own; see `censor_events`)."""
        self.dealer = Dealer(
            rng,
            self.events,
            deck_order=setup.deck_order,
            reshuffles=setup.reshuffles,
            cards=JOKER_DECK if variant.wild.joker is not None else FULL_DECK,
        )
        self.face_up: list[Card] = []
        """Every card dealt face up so far (to a seat or the middle), in order."""
        self.wild_ranks: frozenset[Rank] | None = (
            frozenset({Rank.QUEEN}) if variant.wild.follow_the_queen else None
        )
        """Follow the queen: the ranks wild for everybody now (None in other games)."""
        self.deck_order: tuple[Card, ...] = self.dealer.deck.cards
        """The shuffled deck as it stood before the first card was dealt."""
        self._steps = facts.steps
        self._go_to(0)
        self._started = -1
        self.round: BettingRound | None = None
        self._log(HandStarted(variant.title, self.deck_order))
        self._post_antes()
        self._advance()

    @classmethod
    def deal(
        cls,
        variant: Variant,
        rules: HouseRules,
        stakes: Stakes,
        stacks: Sequence[int],
        *,
        button: int = 0,
        names: Sequence[str] = (),
        carried_in: int = 0,
        rng: random.Random | None = None,
    ) -> Hand:
        """A fresh hand: a deck shuffled with ``rng`` (None: the system's), dealt at once."""
        setup = HandSetup(
            variant, rules, stakes, stacks, button=button, names=names, carried_in=carried_in
        )
        return cls(setup, rng=rng)

    @property
    def setup(self) -> HandSetup:
        """The setup that deals this hand again: its deck order and its reshuffles so far."""
        return replace(
            self._setup, deck_order=self.deck_order, reshuffles=tuple(self.dealer.reshuffled)
        )

    # -- the plan of the hand ---------------------------------------------------------

    def _go_to(self, step: int) -> None:
        self._step = step
        self._phase, self._street = self._steps[step]

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def street(self) -> int:
        """Index of the current street (one past the last for the round after the declare)."""
        return self._street

    @property
    def is_complete(self) -> bool:
        """True once the pots are awarded."""
        return self._phase is _COMPLETE

    @property
    def may_show(self) -> int | None:
        """The winner nobody called, while they may still show or muck their face-down cards
        (the pot is theirs already); None otherwise."""
        return self._may_show

    def live(self) -> list[int]:
        """Seats still in the hand, from the left of the button."""
        folded = self.folded
        if not folded:  # a copy of every seat in order, without a comprehension's call
            return list(self.around)
        return [seat for seat in self.around if seat not in folded]

    def from_button(self) -> list[int]:
        """Every seat in order, starting left of the button."""
        return list(self.around)

    def up_cards(self, seat: int) -> list[Card]:
        """A seat's cards that everyone can see."""
        return [card for card, face_up in self.cards[seat] if face_up]

    def all_up_cards(self) -> list[list[Card]]:
        """Every seat's face-up cards, seat by seat."""
        return [[card for card, face_up in held if face_up] for held in self.cards]

    def own_cards(self, seat: int) -> tuple[Card, ...]:
        """All of a seat's cards, up and down."""
        return tuple(map(_CARD, self.cards[seat]))

    # -- events -----------------------------------------------------------------------

    def _log(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def _pay(self, seat: int, amount: int) -> int:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        return paid

    def pay_in(self, seat: int, amount: int) -> int:
        """Chips into the main pot that are not a bet: they make no side pot of their own."""
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.paid_in[seat] += paid
        return paid

    def pot_total(self) -> int:
        """Every chip in the pots (this round's bets not yet included)."""
        return sum(self.contributed) + sum(self.paid_in) + self.carried_in

    def _post_antes(self) -> None:
        ante = self.stakes.ante
        if not ante:
            return
        stacks, contributed, log = self.stacks, self.contributed, self.events.append
        for seat in self.around:
            stack = stacks[seat]
            paid = ante if ante < stack else stack
            stacks[seat] = stack - paid
            contributed[seat] += paid
            log(make_posted(seat, paid, _ANTE))

    # -- the one place that moves the hand on -----------------------------------------

    def _advance(self) -> None:
        self._run()
        self._waiting = waiting_for(self)

    def _run(self) -> None:
        while self._phase is not _COMPLETE:
            if len(self.folded) == self.seats - 1:
                self._win_uncontested()
                continue
            phase, index = self._steps[self._step]
            if self._started != self._step:
                self._started = self._step
                waiting = self._begin(phase, index)
            elif phase is _BETTING:
                waiting = self.round is not None and self.round.to_act() is not None
            else:
                waiting = bool(self.pending)
            if waiting or self._phase is _COMPLETE:
                return
            if phase is _BETTING:
                end_betting(self)
            elif phase is _DECLARING:
                self._reveal()
            elif phase in CHOOSING:
                carry_out_choices(self, phase, index)
            self._go_to(self._next_step(phase, index))

    def _next_step(self, phase: Phase, index: int) -> int:
        """The step after this one: back to the dealing of a 7/27 round that goes on."""
        streets = self.variant.streets
        if phase is not _BETTING or index >= len(streets) or not streets[index].take_or_stand:
            return self._step + 1
        start = self._steps.index((Phase.DEALING, index))
        return self.take_rounds.after_betting(self._step, start, self.live(), self.rules)

    def _begin(self, phase: Phase, index: int) -> bool:
        """Start a phase; True when it now waits for players."""
        if phase is _DEALING:
            deal_street(self, index)
            return False
        if phase is _BETTING:
            if index >= len(self.facts.streets):
                self.after_declare_at = len(self.events)
            return start_betting(self, index)
        if phase is _DECLARING:
            in_turn = self.rules.declare == "in-turn"  # only then do the up cards count
            self.pending = declare_order(
                self.rules,
                self.variant,
                live=self.live(),
                up_cards=self.all_up_cards() if in_turn else (),
                last_aggressor=self.last_aggressor,
            )
            return True
        if phase is _SHOWDOWN:
            self._showdown()
            return False
        if phase in (Phase.TURNING_UP, Phase.DRAWING) or phase in CHOOSING:
            self.pending = self.live()
            self.chosen = {}
            return True
        if phase in OFFERS:
            self.pending = offered_seats(self, phase)
            return bool(self.pending)
        if phase is Phase.REVEALING:
            for event in reveal_next(self.cards, self.live(), self.variant.streets[index].reveal):
                self._log(event)
            return False
        self._showdown()
        return False

    # -- declaring (betting: hand_betting; choices and offers: answers) -------------------

    def _reveal(self) -> None:
        self.revealed = True
        self._log(Revealed(tuple((seat, self.declarations[seat]) for seat in self.live())))

    # -- the end ----------------------------------------------------------------------

    def _win_uncontested(self) -> None:
        if self.round is not None:
            end_betting(self)
        award_abandoned(self)
        (winner,) = self.live()
        sealed = self.has_declarations and self.rules.declare == "simultaneous"
        if sealed and not self.revealed and winner in self.declarations:
            self._reveal()  # a declaration made is shown, whatever happens to the cards
        total = self.pot_total()
        self.stacks[winner] += total
        self._log(Awarded(winner, total, Awarded.UNCONTESTED))
        self.uncalled = self._may_show = winner
        self._finish()

    def _finish(self) -> None:
        self._log(HandEnded(tuple(self.stacks)))
        self._started = len(self._steps) - 1
        self._go_to(self._started)

    def pots(self) -> list[Pot]:
        """The pots as they stand (this round's bets not yet included)."""
        contributed = dict(enumerate(self.contributed))
        return build_pots(contributed, self.folded, self.carried_in + sum(self.paid_in))

    def _showdown(self) -> None:
        settle_showdown(self)
        self._finish()

    # -- the public API ---------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision the hand is waiting for (several when declaring at once)."""
        return self._waiting

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` must put in to call the current bet (0: it may check)."""
        betting = self.round
        if betting is None or self._phase is not _BETTING:
            return 0
        owed = betting.current - betting.bets.get(seat, 0)
        stack = self.stacks[seat]
        return owed if owed < stack else stack

    @property
    def is_bring_in_pending(self) -> bool:
        """True while a stud player must still bring it in (or complete)."""
        betting = self.round
        if betting is None or betting.bring_in_seat is None:
            return False
        return betting.to_act() == betting.bring_in_seat

    def legal_actions(self, seat: int | None = None) -> list[ActionOption]:
        """What ``seat`` (default: the first seat to act) may do now.

        A secret choice of cards (pass, discard, arrange, roll) is one option whose minimum
        and maximum are the number of cards to name: any of the seat's own cards (to roll,
        its face-down ones; to arrange, every card once, in the order they will turn up).
        """
        return legal_options(self, seat)

    def check(self, action: Action) -> None:
        """Raise `IllegalActionError` with a sentence a player understands if not allowed."""
        allowed_option(self, action)

    def apply(self, action: Action) -> Event:
        """Check and carry out ``action``; return the event it appended."""
        event = self._in_turn(action)
        if event is not None:
            return event
        option = allowed_option(self, action)
        self.actions.append(action)
        if action.kind is _TIMEOUT:  # the house default, legal by construction
            kinds = {option.kind for option in self.legal_actions(action.seat)}
            choosing = self.phase in CHOOSING
            action = timeout_default(
                self.phase,
                action.seat,
                kinds,
                self.rules.declare_timeout,
                held=self.cards[action.seat] if choosing else (),
                count=cards_to_choose(self, action.seat) if choosing else 0,
            )
        event = self._perform(action, option)
        self._move_on()
        return event

    def _move_on(self) -> None:
        """After an action: the next seat of a betting round that goes on (nothing else can
        have changed), else the hand moves on (`_advance`)."""
        betting = self.round
        if betting is not None and self._phase is _BETTING and len(self.folded) < self.seats - 1:
            turn = betting.to_act()
            if turn is not None:
                self._waiting = (turn,)
                return
        self._advance()

    def _in_turn(self, action: Action) -> Event | None:
        """Carry out a bet or a declaration by a seat whose turn it is, checked by the betting
        round or the declaring alone; None for anything else (`apply` checks it in full)."""
        betting = self.round
        seat, kind = action.seat, action.kind
        if (
            betting is not None
            and seat == betting.to_act()
            and self._phase is _BETTING
            and kind is not _TIMEOUT
        ):  # a bet by the seat whose turn it is: the round alone says whether it may
            paid = betting.act(seat, kind, action.amount)
            self.actions.append(action)
            event = self._record_bet(betting, seat, kind, paid)
            self._move_on()
            return event
        if (
            kind is _DECLARE
            and self._phase is _DECLARING
            and seat in self._waiting
            and action.direction is not None
        ):  # a declaration by a seat asked to declare: nothing else to check
            self.actions.append(action)
            pending = self.pending
            pending.remove(seat)
            self.declarations[seat] = action.direction
            sealed = self.rules.declare == "simultaneous"
            declared: Event = make_declared(seat, action.direction, sealed)
            self.events.append(declared)
            if pending:  # the declaring goes on: nothing else can have changed
                self._waiting = waiting_for(self)
            else:
                self._advance()
            return declared
        return None

    def _perform(self, action: Action, option: ActionOption | None) -> Event:
        seat, kind = action.seat, action.kind
        if self._phase is _COMPLETE:  # the winner nobody called shows or mucks
            self._may_show = None
            if kind is ActionKind.SHOW:
                return self._log(Shown(seat, self.own_cards(seat)))
            return self._log(Mucked(seat))
        if self._phase is _BETTING:
            return self._bet(seat, kind, action.amount, option)
        if self._phase in OFFERS:
            return answer_offer(self, seat, kind, action.cards)
        if kind is ActionKind.FOLD:  # a declare timed out under declare_timeout="fold"
            self.fold_out(seat)
            self.pending.remove(seat)
            return self._log(Acted(seat, kind, is_declare_fold=True))
        self.pending.remove(seat)
        if self._phase in CHOOSING:
            self.chosen[seat] = action.cards
            return self._log(Chose(seat, kind, action.cards))
        if kind is ActionKind.DRAW:
            return self._draw(seat, action.cards)
        if kind in (ActionKind.TURN_UP, ActionKind.KEEP_DOWN):
            if kind is ActionKind.TURN_UP:
                self.turned_up.add(seat)
                self.cards[seat] = [(card, True) for card, _ in self.cards[seat]]
                return self._log(TurnedUp(seat, tuple(self.up_cards(seat))))
            return self._log(Acted(seat, kind))
        assert action.direction is not None
        self.declarations[seat] = action.direction
        sealed = self.rules.declare == "simultaneous"
        return self._log(Declared(seat, action.direction, is_sealed=sealed))

    def _bet(self, seat: int, kind: ActionKind, amount: int, option: ActionOption | None) -> Event:
        """A betting action in the round now open."""
        betting = self.round
        assert betting is not None
        return self._record_bet(betting, seat, kind, betting.apply(seat, kind, amount, option))

    def _record_bet(self, betting: BettingRound, seat: int, kind: ActionKind, paid: int) -> Event:
        """A betting action the round carried out: the chips from the stack, a fold, an all
        in, and the event logged."""
        stacks, events = self.stacks, self.events
        stacks[seat] -= paid
        if kind is _FOLD:
            self.fold_out(seat)
        elif paid and not stacks[seat]:
            self.all_in_at.add(len(events))
        event = make_acted(seat, kind, betting.bets[seat], False)
        events.append(event)
        return event

    def fold_out(self, seat: int) -> None:
        """The one place a seat folds: out of the hand, and last to fold so far."""
        self.folded.add(seat)
        self.fold_order.append(seat)

    def _draw(self, seat: int, discards: tuple[Card, ...]) -> Event:
        thrown = set(discards)
        self.cards[seat] = [(card, up) for card, up in self.cards[seat] if card not in thrown]
        new = self.dealer.replace(discards)
        self.cards[seat].extend((card, False) for card in new)
        return self._log(Drew(seat, len(discards), tuple(discards), new))

    def view_for(self, seat: int | None, seats: tuple[int, ...] | None = None) -> TableView:
        """What ``seat`` may see (``None``: a spectator): nobody else's hidden cards.

        With ``seats`` (the number each of the hand's seats has at its table), every seat in the
        view is numbered as at the table.
        """
        return hand_view(self, seat, seats)

    def opener(self) -> int | None:
        """Stud: the seat with the bring-in (or the high card), for the first round."""
        if not self.variant.is_stud:
            return None
        doors = {seat: self.up_cards(seat)[0] for seat in self.live()}
        return stud_opener(doors, self.rules.stud_opener, lowball=self.variant.low)
