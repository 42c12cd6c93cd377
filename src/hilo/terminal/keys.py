"""Keystrokes: what a player may type now, and reading what they typed into an `Action`.

Each legal option has a short key: ``f`` folds, ``c`` checks or calls, ``b`` bets (or brings
it in), ``r`` raises (or completes), ``a`` goes all in; amounts follow the key (``r 40``).
Draws take the cards to throw away (``d Ks 4h``, ``p`` to stand pat); the declare is
``h``, ``l`` or ``b``. Whole words work too (``call``, ``raise 40``, ``both``).

>>> from hilo.engine.actions import ActionKind
>>> from hilo.engine.betting import ActionOption
>>> options = (ActionOption(ActionKind.FOLD), ActionOption(ActionKind.CALL, 10, 10),
...            ActionOption(ActionKind.RAISE, 20, 20))
>>> choice_line(options, stack=490, bet=0)
'[f]old  [c]all 10  [r]aise to 20'
>>> read_reply("r", options, seat=0, stack=490, bet=0).words()
'seat 0 raises to 20'
>>> read_reply("r 40", options, seat=0, stack=490, bet=0)
Traceback (most recent call last):
...
hilo.terminal.keys.ReplyError: You can raise only to 20, not 40.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from hilo.cards import Card, format_cards, parse_cards
from hilo.engine.actions import OFFER_ANSWERS, Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.errors import HiloError, NotationError

__all__ = ["Choice", "ReplyError", "choice_line", "choices", "read_reply"]


class ReplyError(HiloError, ValueError):
    """What the player typed is not one of the choices; the message says what to type."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One reply the player may type: its key and the words the prompt shows for it."""

    key: str
    label: str


_SIZED = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
_VERBS = {
    ActionKind.FOLD: "fold",
    ActionKind.CHECK: "check (there is a bet to call)",
    ActionKind.CALL: "call (there is no bet to call)",
    ActionKind.BET: "bet",
    ActionKind.RAISE: "raise",
    ActionKind.BRING_IN: "bring it in",
    ActionKind.COMPLETE: "complete",
}
_FOLD_WORDS = {"f", "fold"}
_CHECK_WORDS = {"k", "x", "check"}
_CALL_WORDS = {"call"}
_BET_WORDS = {"bet"}
_BRING_WORDS = {"bring", "bring-in", "bringin", "i"}
_RAISE_WORDS = {"r", "raise"}
_COMPLETE_WORDS = {"complete", "comp"}
_ALL_IN_WORDS = {"a", "all", "all-in", "allin", "shove"}
_PAT_WORDS = {"p", "pat", "stand"}
_DRAW_WORDS = {"d", "draw", "discard"}
_UP_WORDS = {"u", "up", "turn", "turn-up"}
_DOWN_WORDS = {"k", "keep", "down", "keep-down"}
_CHOICE_KEYS = {
    ActionKind.PASS: ("p", {"p", "pass"}),
    ActionKind.DISCARD: ("d", {"d", "discard"}),
    ActionKind.ROLL: ("u", {"u", "up", "roll"}),
    ActionKind.ARRANGE: ("o", {"o", "order", "arrange"}),
}
"""The key of each secret choice of cards, and the words that may stand for it."""
_OFFER_WORDS = {
    **dict.fromkeys(("t", "take"), ActionKind.TAKE),
    **dict.fromkeys(("s", "stand"), ActionKind.STAND),
    **dict.fromkeys(("x", "extra"), ActionKind.EXTRA),
    **dict.fromkeys(("n", "no", "decline"), ActionKind.DECLINE),
    **dict.fromkeys(("m", "match"), ActionKind.MATCH),
    **dict.fromkeys(("f", "fold"), ActionKind.FOLD),
    **dict.fromkeys(("b", "buy"), ActionKind.BUY),
}
"""The words for answering an offer: 7/27's take or stand, a four's extra card, a three."""


def _choice_label(option: ActionOption) -> str:
    count = option.minimum
    cards = "card" if count == 1 else "cards"
    if option.kind is ActionKind.PASS:
        return f"[p] CARDS to pass ({count} {cards})"
    if option.kind is ActionKind.DISCARD:
        return f"[d] CARDS to throw away ({count} {cards})"
    if option.kind is ActionKind.ROLL:
        return f"[u] CARDS to turn up ({count} face-down {cards})"
    return f"[o] your {count} cards in the order they turn up"


def _range(option: ActionOption) -> str:
    if option.minimum == option.maximum:
        return str(option.minimum)
    return f"{option.minimum}-{option.maximum}"


def _all_in_option(options: Sequence[ActionOption], stack: int, bet: int) -> ActionOption | None:
    """The bet, raise or completion that puts every chip in, if one may."""
    for option in options:
        if option.kind in _SIZED and stack > 0 and option.maximum == bet + stack:
            return option
    return None


def choices(options: Sequence[ActionOption], *, stack: int, bet: int) -> list[Choice]:
    """The replies the player may type for ``options``, given their stack and bet this round.

    >>> [choice.label for choice in choices([ActionOption(ActionKind.DECLARE)], stack=0, bet=0)]
    ['[h]igh', '[l]ow', '[b]oth']
    """
    shown: list[Choice] = []
    for option in options:
        kind = option.kind
        if kind is ActionKind.FOLD:
            shown.append(Choice("f", "[f]old"))
        elif kind is ActionKind.CHECK:
            shown.append(Choice("c", "[c]heck"))
        elif kind is ActionKind.CALL:
            more = " more" if bet else ""
            note = " (all in)" if option.minimum >= stack else ""
            shown.append(Choice("c", f"[c]all {option.minimum}{more}{note}"))
        elif kind is ActionKind.BET:
            shown.append(Choice("b", f"[b]et {_range(option)}"))
        elif kind is ActionKind.RAISE:
            shown.append(Choice("r", f"[r]aise to {_range(option)}"))
        elif kind is ActionKind.BRING_IN:
            shown.append(Choice("b", f"[b]ring in {option.minimum}"))
        elif kind is ActionKind.COMPLETE:
            shown.append(Choice("r", f"[r] complete to {_range(option)}"))
        elif kind is ActionKind.DRAW:
            most = "card" if option.maximum == 1 else f"up to {option.maximum} cards"
            shown.append(Choice("d", f"[d] CARDS to throw away ({most})"))
            shown.append(Choice("p", "[p]at"))
        elif kind is ActionKind.TURN_UP:
            shown.append(Choice("u", "[u]p: turn the hole card up"))
        elif kind is ActionKind.KEEP_DOWN:
            shown.append(Choice("k", "[k]eep it down"))
        elif kind is ActionKind.DECLARE:
            shown += [Choice("h", "[h]igh"), Choice("l", "[l]ow"), Choice("b", "[b]oth")]
        elif kind in _CHOICE_KEYS:
            shown.append(Choice(_CHOICE_KEYS[kind][0], _choice_label(option)))
        elif kind is ActionKind.TAKE:
            shown.append(Choice("t", "[t]ake a card"))
        elif kind is ActionKind.STAND:
            shown.append(Choice("s", "[s]tand"))
        elif kind is ActionKind.EXTRA:
            price = f"for {option.minimum}" if option.minimum else "free"
            shown.append(Choice("x", f"e[x]tra card ({price})"))
        elif kind is ActionKind.MATCH:
            shown.append(Choice("m", f"[m]atch the pot: {option.minimum}"))
        elif kind is ActionKind.BUY:
            shown.append(Choice("b", f"[b]uy CARD: replace it for {option.minimum}"))
        elif kind is ActionKind.DECLINE:
            shown.append(Choice("n", "[n]o"))
        elif kind is ActionKind.SHOW:
            shown.append(Choice("s", "[s]how"))
        elif kind is ActionKind.MUCK:
            shown.append(Choice("m", "[m]uck (or Enter)"))
    if _all_in_option(options, stack, bet) is not None:
        shown.append(Choice("a", f"[a]ll-in {bet + stack}"))
    return shown


def choice_line(options: Sequence[ActionOption], *, stack: int, bet: int) -> str:
    """The choices in one line, two spaces apart: ``[f]old  [c]all 10  [r]aise to 20``."""
    return "  ".join(choice.label for choice in choices(options, stack=stack, bet=bet))


def _keys(options: Sequence[ActionOption], stack: int, bet: int) -> str:
    keys = list(dict.fromkeys(choice.key for choice in choices(options, stack=stack, bet=bet)))
    if len(keys) == 1:
        return keys[0]
    return ", ".join(keys[:-1]) + " or " + keys[-1]


def _split(text: str) -> tuple[str, list[str]]:
    """The key and what follows it; ``r40`` is ``r`` and ``40``."""
    words = text.strip().lower().replace("all in", "all-in").split()
    head, rest = words[0], words[1:]
    joined = re.fullmatch(r"([a-z-]+?)(\d[\d,_]*)", head)
    if joined is not None:
        head, rest = joined.group(1), [joined.group(2), *rest]
    return head, rest


def _amount(text: str) -> int:
    cleaned = text.replace(",", "").replace("_", "")
    if not cleaned.isdigit():
        raise ReplyError(f"'{text}' is not a number of chips: type a whole number, such as 20.")
    return int(cleaned)


def _sized(seat: int, option: ActionOption, rest: list[str], key: str) -> Action:
    verb = {ActionKind.BET: "bet", ActionKind.RAISE: "raise"}.get(option.kind, "complete")
    low, high = option.minimum, option.maximum
    if not rest:
        if low == high or option.kind is ActionKind.COMPLETE:
            return Action(seat, option.kind, low)
        raise ReplyError(
            f"How much? Type {key} and an amount from {low} to {high}, such as {key} {low}."
        )
    amount = _amount(rest[0])
    if low == high and amount != low:
        raise ReplyError(f"You can {verb} only to {low}, not {amount}.")
    if not low <= amount <= high:
        raise ReplyError(f"{verb.capitalize()} to at least {low} and at most {high}, not {amount}.")
    return Action(seat, option.kind, amount)


def _draw(seat: int, option: ActionOption, text: str, held: Sequence[Card]) -> Action:
    try:
        thrown = parse_cards(text)
    except NotationError as error:
        raise ReplyError(f"{error}. Name the cards to throw away, such as d Ks 4h.") from None
    stray = [card for card in thrown if card not in held]
    if stray:
        raise ReplyError(f"You do not hold {stray[0]}: your cards are {format_cards(held)}.")
    if len(thrown) > option.maximum:
        raise ReplyError(f"You may throw away at most {option.maximum} cards, not {len(thrown)}.")
    return Action.draw(seat, thrown)


def _card_choice(seat: int, kind: ActionKind, key: str, words: set[str], text: str) -> Action:
    """A pass, discard, roll or arrangement: the key (or nothing) and the cards."""
    head, _, rest = text.partition(" ")
    named = rest if head.lower() in words else text
    try:
        cards = parse_cards(named)
    except NotationError as error:
        raise ReplyError(f"{error}. Name the cards, such as {key} Ks 4h.") from None
    if not cards:
        raise ReplyError(f"Name the cards after {key}, such as {key} Ks 4h.")
    return Action(seat, kind, cards=cards)


def read_reply(
    text: str,
    options: Sequence[ActionOption],
    *,
    seat: int,
    stack: int,
    bet: int,
    held: Sequence[Card] = (),
) -> Action:
    """The action for what the player typed, or `ReplyError` saying what to type instead.

    ``stack`` and ``bet`` are the player's chips behind and bet this round; ``held`` their
    cards, for a draw.

    >>> read_reply("b", [ActionOption(ActionKind.DECLARE)], seat=0, stack=0, bet=0).words()
    'seat 0 declares both ways'
    """
    by_kind = {option.kind: option for option in options}
    if ActionKind.SHOW in by_kind:
        return _show_or_muck(text, seat)
    if not text.strip():
        raise ReplyError(f"Type one of {_keys(options, stack, bet)}, then Enter.")
    head, rest = _split(text)
    keys = _keys(options, stack, bet)
    unknown = ReplyError(
        f"'{text.strip()}' is not one of your choices: type {keys}, then Enter (? for help)."
    )
    if ActionKind.DECLARE in by_kind:
        try:
            direction = Direction.BOTH if head == "s" else Direction.parse(head)
        except NotationError:
            raise ReplyError(
                f"'{text.strip()}' is not a declaration: type h (high), l (low) or b (both ways)."
            ) from None
        return Action.declare(seat, direction)
    draw = by_kind.get(ActionKind.DRAW)
    if draw is not None:
        if head in _PAT_WORDS or (head in _DRAW_WORDS and not rest):
            return Action.draw(seat, ())
        if head in _DRAW_WORDS:
            return _draw(seat, draw, text.strip().split(None, 1)[1], held)
        if re.fullmatch(r"(10|[2-9tjqka])[cdhs].*", head):
            return _draw(seat, draw, text, held)
        raise unknown
    for kind, (key, words) in _CHOICE_KEYS.items():
        if kind in by_kind:
            return _card_choice(seat, kind, key, words, text.strip())
    if OFFER_ANSWERS & set(by_kind):
        wanted = _OFFER_WORDS.get(head)
        if wanted is ActionKind.BUY and wanted in by_kind:
            return _card_choice(seat, ActionKind.BUY, "b", {"b", "buy"}, text.strip())
        if wanted is None or wanted not in by_kind or rest:
            raise unknown
        return Action(seat, wanted)
    if ActionKind.TURN_UP in by_kind:
        if head in _UP_WORDS:
            return Action.turn_up(seat)
        if head in _DOWN_WORDS:
            return Action.keep_down(seat)
        raise unknown
    return _betting(head, rest, by_kind, seat, stack, bet, keys, unknown)


_SHOW_WORDS = {"s", "show", "y", "yes"}
_MUCK_WORDS = {"", "m", "muck", "n", "no"}


def _show_or_muck(text: str, seat: int) -> Action:
    """A winner nobody called: show (s, y) or muck (m, n, or just Enter)."""
    word = text.strip().lower()
    if word in _SHOW_WORDS:
        return Action.show(seat)
    if word in _MUCK_WORDS:
        return Action.muck(seat)
    raise ReplyError(f"'{text.strip()}' is not one of your choices: type s to show or m to muck.")


def _betting(
    head: str,
    rest: list[str],
    by_kind: dict[ActionKind, ActionOption],
    seat: int,
    stack: int,
    bet: int,
    keys: str,
    unknown: ReplyError,
) -> Action:
    """A betting round's reply."""
    wanted: ActionKind | None = None
    if head in _FOLD_WORDS:
        wanted = ActionKind.FOLD
    elif head == "c":
        wanted = ActionKind.CHECK if ActionKind.CHECK in by_kind else ActionKind.CALL
    elif head in _CHECK_WORDS:
        wanted = ActionKind.CHECK
    elif head in _CALL_WORDS:
        wanted = ActionKind.CALL
    elif head == "b":
        wanted = ActionKind.BRING_IN if ActionKind.BRING_IN in by_kind else ActionKind.BET
    elif head in _BET_WORDS:
        wanted = ActionKind.BET
    elif head in _BRING_WORDS:
        wanted = ActionKind.BRING_IN
    elif head in _RAISE_WORDS:
        wanted = ActionKind.COMPLETE if ActionKind.COMPLETE in by_kind else ActionKind.RAISE
    elif head in _COMPLETE_WORDS:
        wanted = ActionKind.COMPLETE
    elif head.replace(",", "").replace("_", "").isdigit():
        sized = [kind for kind in _SIZED if kind in by_kind]
        if not sized:
            raise ReplyError(f"You cannot bet or raise now: type {keys}.")
        wanted, rest = sized[0], [head]
    elif head in _ALL_IN_WORDS:
        return _all_in(by_kind, seat, stack, bet, keys)
    if wanted is None:
        raise unknown
    option = by_kind.get(wanted)
    if option is None:
        if wanted is ActionKind.RAISE and ActionKind.BET in by_kind:
            raise ReplyError("You cannot raise: nobody has bet yet; bet with b and an amount.")
        if wanted is ActionKind.BET and ActionKind.RAISE in by_kind:
            raise ReplyError("You cannot bet: there is a bet already; raise with r.")
        raise ReplyError(f"You cannot {_VERBS[wanted]} now: type {keys}.")
    if wanted in _SIZED:
        return _sized(seat, option, rest, head if len(head) == 1 else wanted.value)
    return Action(seat, wanted)


def _all_in(
    by_kind: dict[ActionKind, ActionOption],
    seat: int,
    stack: int,
    bet: int,
    keys: str,
) -> Action:
    option = _all_in_option(list(by_kind.values()), stack, bet)
    if option is not None:
        return Action(seat, option.kind, bet + stack)
    call = by_kind.get(ActionKind.CALL)
    if call is not None and call.minimum >= stack:
        return Action.call(seat)
    raise ReplyError(f"You cannot go all in now: type {keys}.")
