"""Keystrokes into actions: every key, amounts in and out of range, and the reprompts."""

from __future__ import annotations

import pytest

from hilo.cards import parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.terminal.keys import ReplyError, choice_line, read_reply

FOLD = ActionOption(ActionKind.FOLD)
CHECK = ActionOption(ActionKind.CHECK)

FACING_BET = (FOLD, ActionOption(ActionKind.CALL, 10, 10), ActionOption(ActionKind.RAISE, 20, 20))
"""Fixed limit: a bet of 10 to call, one raise size."""
OPEN_NO_LIMIT = (FOLD, CHECK, ActionOption(ActionKind.BET, 10, 300))
"""No limit, nobody has bet, 300 behind."""
BRING_IN = (ActionOption(ActionKind.BRING_IN, 3, 3), ActionOption(ActionKind.COMPLETE, 10, 10))
AFTER_BRING_IN = (
    FOLD,
    ActionOption(ActionKind.CALL, 3, 3),
    ActionOption(ActionKind.COMPLETE, 10, 10),
)
DRAW = (ActionOption(ActionKind.DRAW, 0, 3),)
TURN = (ActionOption(ActionKind.TURN_UP), ActionOption(ActionKind.KEEP_DOWN))
DECLARE = (ActionOption(ActionKind.DECLARE),)
HELD = parse_cards("Ks 4h 7d 8c 9c")


def reply(
    text: str,
    options: tuple[ActionOption, ...],
    *,
    stack: int = 300,
    bet: int = 0,
) -> Action:
    return read_reply(text, options, seat=0, stack=stack, bet=bet, held=HELD)


@pytest.mark.parametrize(
    ("options", "stack", "bet", "line"),
    [
        (FACING_BET, 300, 0, "[f]old  [c]all 10  [r]aise to 20"),
        (OPEN_NO_LIMIT, 300, 0, "[f]old  [c]heck  [b]et 10-300  [a]ll-in 300"),
        (BRING_IN, 300, 0, "[b]ring in 3  [r] complete to 10"),
        (AFTER_BRING_IN, 300, 3, "[f]old  [c]all 3 more  [r] complete to 10"),
        ((FOLD, ActionOption(ActionKind.CALL, 7, 7)), 7, 0, "[f]old  [c]all 7 (all in)"),
        (DRAW, 300, 0, "[d] CARDS to throw away (up to 3 cards)  [p]at"),
        (TURN, 300, 0, "[u]p: turn the hole card up  [k]eep it down"),
        (DECLARE, 300, 0, "[h]igh  [l]ow  [b]oth"),
    ],
)
def test_choice_line_shows_each_legal_option_with_its_key(
    options: tuple[ActionOption, ...], stack: int, bet: int, line: str
) -> None:
    assert choice_line(options, stack=stack, bet=bet) == line


@pytest.mark.parametrize(
    ("text", "options", "expected"),
    [
        ("f", FACING_BET, Action.fold(0)),
        ("FOLD", FACING_BET, Action.fold(0)),
        ("c", FACING_BET, Action.call(0)),
        ("call", FACING_BET, Action.call(0)),
        ("c", OPEN_NO_LIMIT, Action.check(0)),
        ("k", OPEN_NO_LIMIT, Action.check(0)),
        ("r", FACING_BET, Action.raise_to(0, 20)),
        ("r 20", FACING_BET, Action.raise_to(0, 20)),
        ("raise 20", FACING_BET, Action.raise_to(0, 20)),
        ("b 30", OPEN_NO_LIMIT, Action.bet(0, 30)),
        ("b30", OPEN_NO_LIMIT, Action.bet(0, 30)),
        ("bet 1,00", OPEN_NO_LIMIT, Action.bet(0, 100)),
        ("45", OPEN_NO_LIMIT, Action.bet(0, 45)),
        ("a", OPEN_NO_LIMIT, Action.bet(0, 300)),
        ("all in", OPEN_NO_LIMIT, Action.bet(0, 300)),
        ("b", BRING_IN, Action.bring_in(0)),
        ("bring-in", BRING_IN, Action.bring_in(0)),
        ("r", BRING_IN, Action(0, ActionKind.COMPLETE, 10)),
        ("complete", AFTER_BRING_IN, Action(0, ActionKind.COMPLETE, 10)),
        ("c", AFTER_BRING_IN, Action.call(0)),
        ("u", TURN, Action.turn_up(0)),
        ("k", TURN, Action.keep_down(0)),
        ("h", DECLARE, Action.declare(0, Direction.HIGH)),
        ("Low", DECLARE, Action.declare(0, Direction.LOW)),
        ("b", DECLARE, Action.declare(0, Direction.BOTH)),
        ("swing", DECLARE, Action.declare(0, Direction.BOTH)),
    ],
)
def test_keys_become_actions(
    text: str, options: tuple[ActionOption, ...], expected: Action
) -> None:
    assert reply(text, options) == expected


def test_all_in_by_calling_for_the_whole_stack() -> None:
    options = (FOLD, ActionOption(ActionKind.CALL, 7, 7))
    assert reply("a", options, stack=7) == Action.call(0)


def test_draws_name_the_cards_to_throw_away() -> None:
    assert reply("d Ks 4h", DRAW) == Action.draw(0, parse_cards("Ks 4h"))
    assert reply("d KS4H", DRAW) == Action.draw(0, parse_cards("Ks 4h"))
    assert reply("Ks 4h", DRAW) == Action.draw(0, parse_cards("Ks 4h"))
    assert reply("d", DRAW) == Action.draw(0, ())
    assert reply("p", DRAW) == Action.draw(0, ())
    assert reply("pat", DRAW) == Action.draw(0, ())


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        ("zz", FACING_BET, "'zz' is not one of your choices: type f, c or r, then Enter"),
        ("", FACING_BET, "Type one of f, c or r, then Enter."),
        ("r 40", FACING_BET, "You can raise only to 20, not 40."),
        ("r 5", OPEN_NO_LIMIT, "You cannot raise: nobody has bet yet; bet with b"),
        ("b 500", OPEN_NO_LIMIT, "Bet to at least 10 and at most 300, not 500."),
        ("b 5", OPEN_NO_LIMIT, "Bet to at least 10 and at most 300, not 5."),
        ("b", OPEN_NO_LIMIT, "How much? Type b and an amount from 10 to 300, such as b 10."),
        ("b lots", OPEN_NO_LIMIT, "'lots' is not a number of chips"),
        ("check", FACING_BET, "You cannot check (there is a bet to call) now: type f, c or r."),
        ("call", OPEN_NO_LIMIT, "You cannot call (there is no bet to call) now"),
        ("bet 20", FACING_BET, "You cannot bet: there is a bet already; raise with r."),
        ("bring", FACING_BET, "You cannot bring it in now: type f, c or r."),
        ("a", FACING_BET, "You cannot go all in now: type f, c or r."),
        ("c", BRING_IN, "You cannot call (there is no bet to call) now: type b or r."),
        ("d 2c", DRAW, "You do not hold 2c: your cards are Ks 4h 7d 8c 9c."),
        ("d Ks 4h 7d 8c", DRAW, "You may throw away at most 3 cards, not 4."),
        ("d Kx", DRAW, "'Kx' is not a card"),
        ("f", DRAW, "'f' is not one of your choices: type d or p"),
        ("x", TURN, "'x' is not one of your choices: type u or k"),
        ("maybe", DECLARE, "'maybe' is not a declaration: type h (high), l (low) or b"),
    ],
)
def test_a_reply_that_is_not_a_choice_says_what_to_type(
    text: str, options: tuple[ActionOption, ...], message: str
) -> None:
    with pytest.raises(ReplyError) as caught:
        reply(text, options)
    assert message in str(caught.value)


def test_a_raise_in_a_range_takes_any_amount_in_it() -> None:
    options = (FOLD, ActionOption(ActionKind.CALL, 20, 20), ActionOption(ActionKind.RAISE, 40, 300))
    assert reply("r 40", options) == Action.raise_to(0, 40)
    assert reply("r 300", options) == Action.raise_to(0, 300)
    with pytest.raises(ReplyError, match="Raise to at least 40 and at most 300, not 39"):
        reply("r 39", options)


def test_secret_choices_name_their_cards_after_a_short_key() -> None:
    passing = (ActionOption(ActionKind.PASS, 3, 3),)
    assert choice_line(passing, stack=0, bet=0) == "[p] CARDS to pass (3 cards)"
    assert reply("p Ks 4h 7d", passing) == Action.pass_cards(0, parse_cards("Ks 4h 7d"))
    assert reply("Ks4h7d", passing) == Action.pass_cards(0, parse_cards("Ks 4h 7d"))
    rolling = (ActionOption(ActionKind.ROLL, 1, 1),)
    assert choice_line(rolling, stack=0, bet=0) == "[u] CARDS to turn up (1 face-down card)"
    assert reply("u 9c", rolling) == Action.roll(0, parse_cards("9c"))
    discarding = (ActionOption(ActionKind.DISCARD, 2, 2),)
    assert reply("d 8c 9c", discarding) == Action.discard(0, parse_cards("8c 9c"))
    arranging = (ActionOption(ActionKind.ARRANGE, 5, 5),)
    assert choice_line(arranging, stack=0, bet=0) == "[o] your 5 cards in the order they turn up"
    assert reply("o 9c 8c 7d 4h Ks", arranging) == Action.arrange(0, parse_cards("9c 8c 7d 4h Ks"))
    with pytest.raises(ReplyError, match=r"Name the cards after p, such as p Ks 4h\."):
        reply("p", passing)
    with pytest.raises(ReplyError, match="'Kx' is not a card"):
        reply("p Kx", passing)


TAKE_OR_STAND = (ActionOption(ActionKind.TAKE), ActionOption(ActionKind.STAND))
EXTRA_CARD = (ActionOption(ActionKind.EXTRA, 5, 5), ActionOption(ActionKind.DECLINE))
THREE = (ActionOption(ActionKind.MATCH, 12, 12), FOLD)
THREE_TO_WILD = (ActionOption(ActionKind.MATCH, 12, 12), ActionOption(ActionKind.DECLINE))


@pytest.mark.parametrize(
    ("options", "line"),
    [
        (TAKE_OR_STAND, "[t]ake a card  [s]tand"),
        (EXTRA_CARD, "e[x]tra card (for 5)  [n]o"),
        (
            (ActionOption(ActionKind.EXTRA), ActionOption(ActionKind.DECLINE)),
            "e[x]tra card (free)  [n]o",
        ),
        (THREE, "[m]atch the pot: 12  [f]old"),
    ],
)
def test_the_offers_show_their_short_keys(options: tuple[ActionOption, ...], line: str) -> None:
    assert choice_line(options, stack=300, bet=0) == line


@pytest.mark.parametrize(
    ("text", "options", "expected"),
    [
        ("t", TAKE_OR_STAND, Action.take(0)),
        ("stand", TAKE_OR_STAND, Action.stand(0)),
        ("s", (ActionOption(ActionKind.STAND),), Action.stand(0)),
        ("x", EXTRA_CARD, Action.extra(0)),
        ("n", EXTRA_CARD, Action.decline(0)),
        ("m", THREE, Action.match(0)),
        ("f", THREE, Action.fold(0)),
        ("no", THREE_TO_WILD, Action.decline(0)),
    ],
)
def test_the_offers_short_keys_become_actions(
    text: str, options: tuple[ActionOption, ...], expected: Action
) -> None:
    assert reply(text, options) == expected


@pytest.mark.parametrize(
    ("text", "options"),
    [("t", (ActionOption(ActionKind.STAND),)), ("n", THREE), ("m 40", THREE), ("c", EXTRA_CARD)],
)
def test_an_offer_refuses_a_key_that_is_not_among_its_choices(
    text: str, options: tuple[ActionOption, ...]
) -> None:
    with pytest.raises(ReplyError, match="is not one of your choices"):
        reply(text, options)


def test_a_card_is_bought_by_naming_it_after_b() -> None:
    buying = (ActionOption(ActionKind.BUY, 5, 5), ActionOption(ActionKind.DECLINE))
    assert choice_line(buying, stack=300, bet=0) == "[b]uy CARD: replace it for 5  [n]o"
    assert reply("b 4h", buying) == Action.buy(0, parse_cards("4h")[0])
    assert reply("n", buying) == Action.decline(0)


def test_a_winner_nobody_called_shows_or_mucks_and_enter_mucks() -> None:
    asked = [ActionOption(ActionKind.SHOW), ActionOption(ActionKind.MUCK)]
    assert choice_line(asked, stack=0, bet=0) == "[s]how  [m]uck (or Enter)"
    for typed, kind in (("s", ActionKind.SHOW), ("Yes", ActionKind.SHOW), ("m", ActionKind.MUCK)):
        assert read_reply(typed, asked, seat=2, stack=0, bet=0) == Action(2, kind)
    assert read_reply("", asked, seat=2, stack=0, bet=0) == Action.muck(2)
    with pytest.raises(ReplyError, match="type s to show or m to muck"):
        read_reply("f", asked, seat=2, stack=0, bet=0)
