"""PHH import: a PokerKit poker hand history (TOML text) replayed as a hilo hand.

The games are those `hilo.engine.phh` writes (`PHH_GAMES`), with every card written (a
history with ``??`` cards cannot be dealt again). The blinds, straddles and extra blinds of
``blinds_or_straddles`` are posted as written; an ante one player alone pays more of (PHH's
``antes``) is a dead blind. The hilo extension's fields and ``# hilo:`` lines are read back:
the game (``_hilo_variant``), the house rules (``_hilo_rules``, a preset name unless the
rules are given) and each declaration. Every action is replayed by the hilo engine, the one
referee, so a history that breaks a rule is refused with the rule's own sentence. The
cards PHH never names (the rest of the deck) are in deck order, so the hand's log differs
from the original's only in the deck its first event records.

>>> import random
>>> from hilo.engine.actions import Action
>>> from hilo.engine.phh import hand_to_phh
>>> from hilo.engine.state import Hand
>>> from hilo.rules import HouseRules, Stakes, VARIANTS
>>> hand = Hand.deal(VARIANTS["holdem"], HouseRules.preset("cards-speak"),
...                  Stakes(structure="no-limit", small_blind=1, big_blind=2), [100, 80, 60],
...                  rng=random.Random(1), names=["Ann", "Bob", "Cy"])
>>> for action in (Action.raise_to(0, 6), Action.fold(1), Action.fold(2)):
...     _ = hand.apply(action)
>>> again = hand_from_phh(hand_to_phh(hand))
>>> again.events[1:] == hand.events[1:], hand_to_phh(again) == hand_to_phh(hand)
(True, True)
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.declare import Direction
from hilo.engine.events import Board, Dealt, Street
from hilo.engine.phh import PHH_GAMES
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand
from hilo.errors import ConfigError, HiloError, IllegalActionError, NotationError
from hilo.rules import VARIANTS
from hilo.rules.house_rules import HouseRules
from hilo.rules.stakes import Stakes

__all__ = ["hand_from_phh"]

_GAMES = {
    "FT": "holdem",
    "NT": "holdem",
    "PO": "omaha",
    "FO/8": "omaha-hilo",
    "F7S": "seven-card-stud",
    "F7S/8": "seven-card-stud-hilo",
    "FR": "razz",
}
_DEAL = re.compile(r"d (dh p(\d+)|db) (\S+)$")
_ACT = re.compile(r"p(\d+) (f|cc|cbr|pb|sm)(?: (\S+))?$")
_DECLARES = re.compile(r"hilo: p(\d+) declares (high|low|both)$")
_UNCALLABLE = re.compile(r"hilo: (bet|raise|complete) to (\d+), more than anyone can call$")


def _numbers(data: dict[str, Any], name: str, count: int) -> list[int]:
    value = data.get(name, [0] * count)
    if (
        not isinstance(value, list)
        or len(value) != count
        or any(isinstance(item, bool) or not isinstance(item, int) for item in value)
    ):
        raise NotationError(f"the history's {name} must list {count} whole numbers of chips")
    return value


def _whole(data: dict[str, Any], name: str) -> int:
    value = data.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"the history's {name} must be a whole number of chips")
    return value


def _seating(data: dict[str, Any], count: int) -> list[int]:
    """The hilo seat of each PHH player: as written by hilo (``seats``), else the button
    (the last player) in seat 0."""
    seats = data.get("seats")
    if isinstance(seats, list) and sorted(seats) == list(range(1, count + 1)):
        button = seats[-1] - 1
        if all(seats[index] - 1 == (button + 1 + index) % count for index in range(count)):
            return [seat - 1 for seat in seats]
    return [(index + 1) % count for index in range(count)]


def _rules(data: dict[str, Any], rules: HouseRules | None) -> HouseRules:
    if rules is not None:
        return rules
    name = data.get("_hilo_rules", "cards-speak")
    if not isinstance(name, str):
        raise NotationError("the history's _hilo_rules must be a preset name")
    if " with " in name:
        raise ConfigError(
            f"the history's house rules are {name!r}, not a preset: give the rules to replay it"
        )
    return HouseRules.preset(name)


def _setup(
    data: dict[str, Any], rules: HouseRules | None
) -> tuple[HandSetup, list[int], list[str]]:
    code = data.get("variant")
    if code not in PHH_GAMES:
        raise ConfigError(f"hilo reads the PHH games {', '.join(PHH_GAMES)}, not {code!r}")
    game = PHH_GAMES[code]
    name = data.get("_hilo_variant", _GAMES[code])
    if name not in VARIANTS:
        raise ConfigError(f"the history's game {name!r} is not one hilo plays")
    stacks = data.get("starting_stacks")
    if not isinstance(stacks, list) or not stacks:
        raise NotationError("the history has no starting_stacks")
    count = len(stacks)
    seat_of = _seating(data, count)
    by_seat = [0] * count
    for index, seat in enumerate(seat_of):
        by_seat[seat] = index
    stacks = _numbers(data, "starting_stacks", count)
    antes = _numbers(data, "antes", count)
    blinds = _numbers(data, "blinds_or_straddles", count)
    ante = min(antes)
    plain = blinds[2:] == [0] * (count - 2)
    minimum = _whole(data, "min_bet")
    big_blind = blinds[1] if count > 1 else 0
    stakes = Stakes(
        structure=game.structure,  # type: ignore[arg-type]
        ante=ante,
        small_blind=blinds[0],
        big_blind=big_blind,
        bring_in=_whole(data, "bring_in"),
        small_bet=_whole(data, "small_bet"),
        big_bet=_whole(data, "big_bet"),
        min_bet=0 if minimum == big_blind else minimum,
    )
    players = data.get("players") or [f"Seat {seat}" for seat in seat_of]
    if not isinstance(players, list) or len(players) != count:
        raise NotationError(f"the history's players must name the {count} players")
    setup = HandSetup(
        VARIANTS[name],
        _rules(data, rules),
        stakes,
        [stacks[by_seat[seat]] for seat in range(count)],
        button=seat_of[-1],
        names=[str(players[by_seat[seat]]) for seat in range(count)],
        carried_in=_whole(data, "_hilo_carried_in"),
        blinds=() if plain else tuple(blinds[by_seat[seat]] for seat in range(count)),
        dead=()
        if ante == max(antes)
        else tuple(antes[by_seat[seat]] - ante for seat in range(count)),
    )
    return setup, seat_of, players


def _deck(lines: Sequence[str]) -> list[Card]:
    """The cards in the order the history deals them, then the rest of the deck."""
    dealt: list[Card] = []
    for line in lines:
        found = _DEAL.match(line.partition("#")[0].strip())
        if found is None:
            continue
        if "?" in found.group(3):
            raise NotationError(
                "the history hides some cards (??): hilo replays only hands with every card written"
            )
        dealt.extend(parse_cards(found.group(3)))
    if len(set(dealt)) != len(dealt):
        raise NotationError("the history deals a card twice")
    return dealt + [card for card in FULL_DECK if card not in set(dealt)]


def _action(hand: Hand, seat: int, word: str, amount: str | None, note: str) -> Action | None:
    """The hilo action a PHH action line stands for (None: a line hilo does not replay)."""
    if word == "sm":
        return None  # hilo shows the cards itself at the showdown
    if word == "f":
        return Action.fold(seat)
    if word == "pb":
        return Action.bring_in(seat)
    if word == "cc":
        uncallable = _UNCALLABLE.match(note)
        if uncallable is None:
            return Action.call(seat) if hand.to_call(seat) else Action.check(seat)
        kind, total = ActionKind(uncallable.group(1)), int(uncallable.group(2))
    else:
        if amount is None or not amount.isdigit():
            raise NotationError(f"p{seat} cbr needs an amount of chips, not {amount!r}")
        total = int(amount)
        allowed = {option.kind for option in hand.legal_actions(seat)}
        kind = next(
            (kind for kind in (ActionKind.BET, ActionKind.COMPLETE) if kind in allowed),
            ActionKind.RAISE,
        )
    return Action(seat, kind, total)


def hand_from_phh(text: str, *, rules: HouseRules | None = None) -> Hand:
    """Replay a PHH history as a hilo hand (``rules``: the house rules, when the history's
    are not a preset); `NotationError`, `ConfigError` or `HiloError` say what cannot be read."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise NotationError(f"the history is not valid TOML: {error}") from None
    setup, seat_of, _ = _setup(data, rules)
    lines = data.get("actions", [])
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise NotationError("the history's actions must be a list of strings")
    hand = Hand(replace(setup, deck_order=_deck(lines)))
    for number, line in enumerate(lines, 1):
        words, _, note = line.partition("#")
        words, note = words.strip(), note.strip()
        if words.startswith("d "):
            continue
        declared = _DECLARES.match(note) if not words else None
        if declared is not None:
            player, direction = int(declared.group(1)), Direction(declared.group(2))
            _apply(hand, Action.declare(seat_of[player - 1], direction), number, line)
            continue
        if not words:
            continue
        found = _ACT.match(words)
        if found is None or not 1 <= int(found.group(1)) <= len(seat_of):
            raise NotationError(f"action {number} of the history is not one hilo reads: {line!r}")
        seat = seat_of[int(found.group(1)) - 1]
        action = _action(hand, seat, found.group(2), found.group(3), note)
        if action is not None:
            _apply(hand, action, number, line)
    _check_deal(hand, lines, seat_of)
    finishing = data.get("finishing_stacks")
    if hand.is_complete and isinstance(finishing, list):
        mine = [hand.stacks[seat] for seat in seat_of]
        if mine != finishing:
            raise HiloError(
                f"the history's finishing stacks are {finishing}, but hilo's referee ends "
                f"the hand with {mine}"
            )
    return hand


def _check_deal(hand: Hand, lines: Sequence[str], seat_of: Sequence[int]) -> None:
    """Refuse a history whose cards went to other players than hilo deals them to."""
    written: list[tuple[int | None, tuple[Card, ...]]] = []
    for line in lines:
        found = _DEAL.match(line.partition("#")[0].strip())
        if found is not None:
            seat = seat_of[int(found.group(2)) - 1] if found.group(2) else None
            written.append((seat, parse_cards(found.group(3))))
    dealt: list[tuple[int | None, tuple[Card, ...]]] = []
    for event in hand.events:
        match event:
            case Dealt(seat=seat, cards=cards) if dealt and dealt[-1][0] == seat and dealt[-1][1]:
                dealt[-1] = (seat, dealt[-1][1] + cards)
            case Dealt(seat=seat, cards=cards):
                dealt.append((seat, cards))
            case Board(cards=cards):
                dealt.append((None, cards))
            case Street():
                dealt.append((None, ()))  # a street's cards to one seat are not joined across
    dealt = [item for item in dealt if item[1]]
    if dealt[: len(written)] != written:
        raise HiloError(
            "the history deals its cards in another order than hilo deals them: "
            "it cannot be replayed card for card"
        )


def _apply(hand: Hand, action: Action, number: int, line: str) -> None:
    try:
        hand.apply(action)
    except IllegalActionError as error:
        raise HiloError(f"action {number} of the history ({line!r}) is refused: {error}") from None
