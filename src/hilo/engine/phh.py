"""PHH export: a hand written as a PokerKit poker hand history (TOML text).

PHH numbers players ``p1`` to ``pn`` in PokerKit's order: ``p1`` sits left of the button
(the small blind in hold'em) and the button is the last player; stud uses the same order.
The ``seats`` field gives each player's hilo seat plus one.

PHH writes seven-card stud (``F7S``, ``F7S/8``), Texas hold'em (``FT``, ``NT``) and Omaha
(``PO``, ``FO/8``), each only with the betting PokerKit has for it (`PHH_GAMES`). Other
games, stakes and house rules raise `ConfigError`; the few hands PokerKit's betting rules
cannot replay (see `hand_to_phh`) raise `HiloError`. Both say why.

**The hilo extension.** Declarations have no PHH form. A declare hand is written with the
code of the PHH game with the same deal and betting (hi-lo where PokerKit has one), and:

* ``# hilo: p2 declares low`` lines among the actions, where the declarations were made
  (``# hilo: p2 has declared (sealed)`` until simultaneous declarations are shown).
  PokerKit reads an action line that starts with ``#`` as a comment and does nothing.
* ``p2 sm <cards> # hilo: ran out of time to declare and folds``: PHH has no fold after
  the last betting round, so a player folded by ``declare_timeout="fold"`` shows down
  there, with the note. (If the others all fold so, the last one shows and wins.)
* user-defined fields, prefixed ``_`` as PHH asks so that PokerKit loads them without a
  warning: ``_hilo_settlement = "declare"`` and ``_hilo_declarations``, one entry per
  player: ``"high"``, ``"low"``, ``"both"``, or ``""`` (none, or still sealed).

Every history also has ``_hilo_variant``, ``_hilo_rules`` and ``_hilo_settlement``,
``finishing_stacks`` once the hand is over, and ``_hilo_carried_in``/``_hilo_carried_out``
for a pot that rode in or out. PokerKit settles a declare hand as cards speak and knows no
ridden pots, so its stacks then differ from ``finishing_stacks``, which are hilo's.

>>> import random
>>> from hilo.engine.actions import Action
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["holdem"], HouseRules.preset("cards-speak"),
...                  Stakes(structure="no-limit", small_blind=1, big_blind=2), [100, 80, 60],
...                  rng=random.Random(1), names=["Ann", "Bob", "Cy"])
>>> for action in (Action.raise_to(0, 6), Action.fold(1), Action.fold(2)):
...     _ = hand.apply(action)
>>> print(hand_to_phh(hand), end="")
# Texas hold'em, written by hilo as PHH (NT).
# Players p1 to p3 are hilo seats 1, 2, 0; the button is p3.
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [80, 60, 100]
actions = [
  "d dh p1 Ad4d",
  "d dh p2 Jd7h",
  "d dh p3 2hJh",
  "p3 cbr 6",
  "p1 f",
  "p2 f",
]
seats = [2, 3, 1]
seat_count = 3
players = ["Bob", "Cy", "Ann"]
finishing_stacks = [79, 58, 103]
_hilo_variant = "holdem"
_hilo_rules = "cards-speak"
_hilo_settlement = "high"
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from hilo.cards import Card
from hilo.engine.actions import ActionKind
from hilo.engine.events import (
    Acted,
    Board,
    Dealt,
    Declared,
    Drew,
    Event,
    Face,
    HandEnded,
    Mucked,
    Post,
    Posted,
    Reshuffled,
    Returned,
    Shown,
    Street,
    TurnedUp,
)
from hilo.engine.state import Hand
from hilo.errors import ConfigError, HiloError
from hilo.hands import Ranking, Selection

__all__ = ["PHH_GAMES", "PhhGame", "hand_to_phh", "phh_game", "phh_seats", "phh_variant"]


@dataclass(frozen=True, slots=True)
class PhhGame:
    """A game PHH can write: its code, deal, betting structure and how the pot is split.

    >>> game = PHH_GAMES["F7S/8"]
    >>> game.shape, game.structure, game.split, game.fields
    ('seven-card stud', 'fixed-limit', 'hi-lo 8', ('antes', 'bring_in', 'small_bet', 'big_bet'))
    """

    code: str
    shape: str
    structure: str
    split: str  # "high", "hi-lo 8" (cards speak, eight or better) or "razz" (lowball A-5)
    fields: tuple[str, ...]  # the stakes fields PHH requires besides stacks and actions


_STUD_FIELDS = ("antes", "bring_in", "small_bet", "big_bet")
_LIMIT_FIELDS = ("antes", "blinds_or_straddles", "small_bet", "big_bet")
_BIG_BLIND_FIELDS = ("antes", "blinds_or_straddles", "min_bet")

PHH_GAMES: dict[str, PhhGame] = {
    game.code: game
    for game in (
        PhhGame("F7S", "seven-card stud", "fixed-limit", "high", _STUD_FIELDS),
        PhhGame("F7S/8", "seven-card stud", "fixed-limit", "hi-lo 8", _STUD_FIELDS),
        PhhGame("FR", "seven-card stud", "fixed-limit", "razz", _STUD_FIELDS),
        PhhGame("FT", "Texas hold'em", "fixed-limit", "high", _LIMIT_FIELDS),
        PhhGame("NT", "Texas hold'em", "no-limit", "high", _BIG_BLIND_FIELDS),
        PhhGame("PO", "Omaha", "pot-limit", "high", _BIG_BLIND_FIELDS),
        PhhGame("FO/8", "Omaha", "fixed-limit", "hi-lo 8", _LIMIT_FIELDS),
    )
}
"""The PHH games hilo writes, by code (PokerKit 0.7 reads these and a few others)."""

# Each street as down, up and board cards, then "b" (a small-bet round) or "B" (big bet).
_FLOP = ("003b", "001B", "001B")
_SHAPES = {
    ("seven-card stud", Selection.ANY_FIVE, "bring-in"): ("210b", "010b", "010B", "010B", "100B"),
    ("Texas hold'em", Selection.HOLDEM, "blinds"): ("200b", *_FLOP),
    ("Omaha", Selection.OMAHA, "blinds"): ("400b", *_FLOP),
}


def _shape(hand: Hand) -> str:
    variant = hand.variant
    if any(street.take_or_stand for street in variant.streets):
        raise ConfigError(
            f"PHH cannot write {variant.title}: the format has no way to say that players "
            "take a card or stand in rounds"
        )
    if variant.four_extra or variant.three_match:
        raise ConfigError(
            f"PHH cannot write {variant.title}: the format has no way to say that a four "
            "buys an extra card or that a three is matched"
        )
    if any(street.has_decisions or street.reveal for street in variant.streets):
        raise ConfigError(
            f"PHH cannot write {variant.title}: the format has no way to say that players "
            "pass, discard, arrange or roll cards"
        )
    streets = tuple(
        f"{street.down}{street.up}{street.board}"
        + ("d" if street.draw else "")
        + ("B" if street.big_bet else "b" if street.bet else "")
        for street in variant.streets
    )
    for (name, selection, forced), shape in _SHAPES.items():
        if streets == shape and variant.selection is selection and variant.forced == forced:
            return name
    raise ConfigError(
        f"PHH has no code for {variant.title}: hilo writes PHH for seven-card stud, "
        "Texas hold'em and Omaha only"
    )


def _split(hand: Hand) -> str:
    """``"high"``, ``"hi-lo 8"`` or ``"declare"``: how hilo settles this hand."""
    variant, rules = hand.variant, hand.rules
    if variant.is_lowball and variant.low is Ranking.ACE_TO_FIVE:
        return "razz"
    if variant.split in ("lowball", "chicago", "chicago-declare", "seven-twenty-seven"):
        return variant.split  # no PHH game of hilo's settles these splits
    if hand.has_declarations:
        return "declare"
    if variant.split == "high":
        return "high"
    low, qualifier = variant.showdown_low(rules)
    if qualifier == 8 and low is Ranking.ACE_TO_FIVE:
        return "hi-lo 8"
    qualifies = "no qualifier" if qualifier is None else f"qualifier {qualifier}"
    return f"hi-lo, {low.value} low, {qualifies}"


def phh_game(hand: Hand) -> PhhGame:
    """The PHH game a hand is written as (a declare game's carrier), or `ConfigError`."""
    if not hand.variant.wild.is_empty:
        raise ConfigError(
            f"PHH cannot write {hand.variant.title}: the format has no wild cards, so a "
            "reader would settle the showdown without them"
        )
    if hand.board and not any(street.board for street in hand.variant.streets):
        raise ConfigError(
            "PHH cannot write this hand: the deck ran out and a community card was dealt "
            "in the middle, which a stud game in PHH has no place for"
        )
    shape = _shape(hand)
    structure = hand.stakes.structure
    split = _split(hand)
    rules = hand.rules
    candidates = [
        game for game in PHH_GAMES.values() if game.shape == shape and game.structure == structure
    ]
    if split == "declare":
        if rules.bet_after_declare:
            raise ConfigError("PHH cannot write a betting round after the declare")
        candidates.sort(key=lambda game: game.split != "hi-lo 8")
    else:
        candidates = [game for game in candidates if game.split == split]
    if not candidates:
        known = ", ".join(
            f"{g.code} ({g.structure} {g.shape}, {g.split})" for g in PHH_GAMES.values()
        )
        raise ConfigError(f"PHH has no code for {structure} {shape} ({split}); it has {known}")
    game = candidates[0]
    stakes = hand.stakes
    if structure == "fixed-limit" and (stakes.raise_cap != 4 or stakes.lift_cap_heads_up):
        raise ConfigError(
            "PHH's fixed-limit games allow four bets and raises a round, always: "
            "it cannot write another raise_cap or lift_cap_heads_up"
        )
    if shape == "seven-card stud" and rules.stud_opener != "bring-in":
        raise ConfigError(
            "PHH's stud games open with a bring-in: it cannot write a high-card opener"
        )
    return game


def phh_variant(hand: Hand) -> str:
    """The PHH variant code of a hand, such as ``"F7S/8"``; `ConfigError` if there is none."""
    return phh_game(hand).code


def phh_seats(hand: Hand) -> tuple[int, ...]:
    """The hilo seats in PHH player order: ``p1`` left of the button, the button last."""
    return tuple(hand.from_button())


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _array(values: Sequence[object]) -> str:
    return "[" + ", ".join(_string(v) if isinstance(v, str) else str(v) for v in values) + "]"


def _cards(cards: Sequence[Card]) -> str:
    return "".join(str(card) for card in cards)


class _Writer:
    """Walks the event log once and writes the PHH actions."""

    def __init__(self, hand: Hand, seen: Callable[[int, Card], bool]) -> None:
        self.hand = hand
        self.seen = seen
        self.player = {seat: index + 1 for index, seat in enumerate(phh_seats(hand))}
        self.stacks = list(hand.starting_stacks)
        self.bets = [0] * hand.seats
        self.live = set(range(hand.seats))
        self.held: list[list[tuple[Card, bool]]] = [[] for _ in range(hand.seats)]
        self.shown = [0] * hand.seats  # how many of a seat's cards its last "sm" showed
        self.lines: list[str] = []
        self.sealed = hand.rules.declare == "simultaneous" and not hand.revealed
        self.declare_folds = 0  # players whose time to declare ran out, and who folded
        self.opened_by_bet = False  # this round's bet came from a bet, not a bring-in
        self.raises = 0  # "cbr" lines this round: PokerKit's count for the limit cap

    def label(self, seat: int) -> str:
        """The PHH name of a seat: ``p1`` left of the button."""
        return f"p{self.player[seat]}"

    def write(self) -> list[str]:
        events = self.hand.events
        for index, event in enumerate(events):
            match event:
                case Dealt():
                    self.deal(event, events[index - 1])
                case Street(index=street):
                    if street:  # a betting round is over: PokerKit may show hands now
                        self.all_in_showdown()
                    self.bets = [0] * self.hand.seats
                    self.opened_by_bet = False
                    self.raises = 0
                case Board(cards=cards):
                    self.lines.append(f"d db {_cards(cards)}")
                case Posted():
                    self.post(event)
                case Acted():
                    self.act(event)
                case Returned(seat=seat, amount=amount):
                    self.stacks[seat] += amount
                case Declared(seat=seat, direction=direction):
                    said = "has declared (sealed)" if self.sealed else f"declares {direction}"
                    self.lines.append(f"# hilo: {self.label(seat)} {said}")
                case Shown(seat=seat, cards=cards) if isinstance(events[index - 1], HandEnded):
                    # PokerKit shows no hand after the others fold: the cards are dealt known
                    self.lines.append(f"# hilo: {self.label(seat)} shows {_cards(cards)} uncalled")
                case Shown(seat=seat):
                    self.show(seat)
                case Mucked(seat=seat):
                    self.lines.append(f"# hilo: {self.label(seat)} mucks uncalled")
                case Drew() | TurnedUp() | Reshuffled():  # no PHH game has them
                    raise ConfigError(f"PHH cannot write a {event.kind.value} event")
        if self.declare_folds and len(self.live) == 1:  # the rest folded at the declare
            self.show(min(self.live), "wins: the others folded")
        return self.lines

    def deal(self, event: Dealt, previous: Event) -> None:
        self.held[event.seat].extend((card, event.face is Face.UP) for card in event.cards)
        if isinstance(previous, Dealt) and previous.seat == event.seat:
            self.lines[-1] += self.cards(event.seat, event.cards)  # a street's cards on one line
        else:
            self.lines.append(
                f"d dh {self.label(event.seat)} {self.cards(event.seat, event.cards)}"
            )

    def cards(self, seat: int, cards: Sequence[Card]) -> str:
        """A seat's cards, with ``??`` for each one the reader of the history never saw."""
        return "".join(str(card) if self.seen(seat, card) else "??" for card in cards)

    def post(self, event: Posted) -> None:
        self.stacks[event.seat] -= event.amount
        if event.post not in (Post.ANTE, Post.DEAD_BLIND):  # blinds are bets; PHH posts them
            self.bets[event.seat] += event.amount

    def act(self, event: Acted) -> None:
        seat, kind = event.seat, event.action
        if kind is ActionKind.FOLD:
            self.live.discard(seat)
            if not event.is_declare_fold:
                self.lines.append(f"{self.label(seat)} f")
                return
            self.declare_folds += 1
            if not self.show(seat, "ran out of time to declare and folds"):
                self.lines.append(f"# hilo: {self.label(seat)} ran out of time and folds")
            return
        top = max(self.bets)
        callers = {other for other in self.live if self.stacks[other] + self.bets[other] > top}
        self.stacks[seat] -= event.amount - self.bets[seat]
        self.bets[seat] = event.amount
        self.opened_by_bet = self.opened_by_bet or kind is ActionKind.BET
        if kind in (ActionKind.CHECK, ActionKind.CALL):
            word = "cc"
        elif kind is ActionKind.BRING_IN:
            word = "pb"
        elif kind is ActionKind.COMPLETE and self.opened_by_bet:
            raise HiloError(
                f"PHH cannot write {self.label(seat)} completing a short all-in bet to "
                f"{event.amount}: PokerKit's smallest raise there is the all-in plus a full bet"
            )
        elif not callers - {seat}:  # PHH forbids a raise nobody can call; hilo returns it
            word = f"cc # hilo: {kind} to {event.amount}, more than anyone can call"
        else:
            word = f"cbr {event.amount}"
            self.raises += 1
            if self.raises > 4 and self.hand.stakes.structure == "fixed-limit":
                raise HiloError(
                    f"PHH cannot write {self.label(seat)}'s raise to {event.amount}: "
                    "PokerKit counts an all-in raise for less towards its cap of four bets"
                )
        self.lines.append(f"{self.label(seat)} {word}")

    def _has_unshown(self, seat: int) -> bool:
        return any(not up for _, up in self.held[seat][self.shown[seat] :])

    def all_in_showdown(self) -> None:
        """PokerKit shows the hands once nobody can bet any more, before the rest is dealt."""
        if len(self.live) > 1 and sum(1 for seat in self.live if self.stacks[seat]) <= 1:
            for seat in sorted(self.live, key=self.player.__getitem__):
                if self._has_unshown(seat):
                    self.show(seat)

    def show(self, seat: int, note: str = "") -> bool:
        """Write that ``seat`` shows its cards, if it has any down that it has not shown."""
        if not self._has_unshown(seat):
            return False
        line = f"{self.label(seat)} sm {self.cards(seat, [card for card, _ in self.held[seat]])}"
        self.lines.append(f"{line} # hilo: {note}" if note else line)
        self.shown[seat] = len(self.held[seat])
        return True


def _everything(seat: int, card: Card) -> bool:
    return True


def hand_to_phh(hand: Hand, *, seen_by: int | Literal["all"] | None = "all") -> str:
    """The hand, finished or not, as PHH text that PokerKit's ``HandHistory.loads`` reads.

    ``seen_by`` writes the hand as one seat of it (None: a spectator) saw it: cards that
    seat never saw are written ``??``. The default writes every card. At a table,
    `Table.seen_seat` says which seat of a hand a person may see it as.

    A bet or raise nobody left can call is written as a call (PokerKit refuses it; hilo
    hands the excess back, so the chips agree). `HiloError` for what PokerKit's betting
    cannot replay: completing an all-in bet for less than a full bet (hilo's rule; PokerKit
    wants a full raise over the all-in), a fifth fixed-limit raise in a round that had an
    all-in raise for less (PokerKit counts it towards the cap of four), a stud hand
    where the ante puts a player all in, and a pot-limit hand with a pot that rode in.
    """
    game = phh_game(hand)
    seats = phh_seats(hand)
    stakes = hand.stakes
    if hand.variant.is_stud and stakes.ante >= min(hand.starting_stacks):
        raise HiloError(
            "PHH cannot write a stud hand where the ante takes a player's whole stack: "
            "PokerKit would pass the bring-in on to the next player"
        )
    if hand.carried_in and stakes.structure == "pot-limit":
        raise HiloError("PHH cannot write a pot that rode in: it changes the pot-limit sizes")
    count = hand.seats
    split = _split(hand)
    lines = [
        f"# {hand.variant.title}, written by hilo as PHH ({game.code}).",
        f"# Players p1 to p{count} are hilo seats {', '.join(map(str, seats))}; "
        f"the button is p{count}.",
    ]
    if split == "declare":
        lines.append(
            "# A declare hand: PokerKit settles it as cards speak; finishing_stacks are hilo's."
        )
    values: dict[str, object] = {"variant": _string(game.code)}
    for name in game.fields:
        setup = hand.setup
        if name == "antes":  # a dead blind is an ante that one player alone posts
            dead = setup.dead or (0,) * count
            values[name] = _array([stakes.ante + dead[seat] for seat in seats])
        elif name == "blinds_or_straddles":
            values[name] = _array(
                [setup.blinds[seat] for seat in seats]
                if setup.blinds
                else [stakes.small_blind, stakes.big_blind] + [0] * (count - 2)
            )
        elif name == "min_bet":
            values[name] = stakes.minimum_bet
        else:
            values[name] = getattr(stakes, name)
    values["starting_stacks"] = _array([hand.starting_stacks[seat] for seat in seats])
    lines.extend(f"{key} = {value}" for key, value in values.items())
    lines.append("actions = [")
    seen = _everything
    if seen_by != "all":
        view = hand.view_for(seen_by)
        known = [{*seat.up_cards, *seat.down_cards} for seat in view.seats]

        def seen(seat: int, card: Card) -> bool:
            return card in known[seat]

    lines.extend(f"  {_string(action)}," for action in _Writer(hand, seen).write())
    lines.append("]")
    lines.append(f"seats = {_array([seat + 1 for seat in seats])}")
    lines.append(f"seat_count = {count}")
    lines.append(f"players = {_array([hand.names[seat] for seat in seats])}")
    if hand.is_complete:
        lines.append(f"finishing_stacks = {_array([hand.stacks[seat] for seat in seats])}")
    lines.append(f"_hilo_variant = {_string(hand.variant.name)}")
    lines.append(f"_hilo_rules = {_string(hand.rules.name)}")
    lines.append(f"_hilo_settlement = {_string(split)}")
    if split == "declare":
        sealed = hand.rules.declare == "simultaneous" and not hand.revealed
        said = [
            "" if sealed or seat not in hand.declarations else hand.declarations[seat].value
            for seat in seats
        ]
        lines.append(f"_hilo_declarations = {_array(said)}")
    if hand.carried_in:
        lines.append(f"_hilo_carried_in = {hand.carried_in}")
    if hand.carried_out:
        lines.append(f"_hilo_carried_out = {hand.carried_out}")
    return "\n".join(lines) + "\n"
