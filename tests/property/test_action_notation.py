"""The action notation round-trips: ``str(action)`` reads back as the same action."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hilo.cards import parse_cards
from hilo.engine.actions import CARD_CHOICES, Action, ActionKind
from hilo.engine.declare import Direction
from hilo.errors import NotationError
from tests.property.strategies import hands

seats = st.integers(min_value=0, max_value=9)
amounts = st.integers(min_value=1, max_value=10**9)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    """Any action a player may send, built as the constructors build them."""
    seat = draw(seats)
    kind = draw(st.sampled_from(list(ActionKind)))
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return Action(seat, kind, draw(amounts))
    if kind is ActionKind.COMPLETE:
        return Action(seat, kind, draw(st.one_of(st.just(0), amounts)))
    if kind is ActionKind.DRAW:
        return Action.draw(seat, draw(hands(max_size=5)))
    if kind is ActionKind.DECLARE:
        return Action.declare(seat, draw(st.sampled_from(list(Direction))))
    if kind in CARD_CHOICES:
        return Action(seat, kind, cards=tuple(draw(hands(min_size=1, max_size=7))))
    if kind is ActionKind.BUY:
        return Action.buy(seat, draw(hands(min_size=1, max_size=1))[0])
    return Action(seat, kind)


@given(actions())
def test_every_action_reads_back_from_its_notation(action: Action) -> None:
    text = str(action)
    assert Action.parse(text) == action
    assert " " not in text.partition(" ")[0]  # the seat and kind are one word: "2:raise"
    assert eval(repr(action), {"Action": Action}) == action


def test_the_notation_is_short() -> None:
    assert str(Action.raise_to(2, 40)) == "2:raise 40"
    assert str(Action.draw(0, parse_cards("As Kd"))) == "0:draw As Kd"
    assert str(Action.draw(4, ())) == "4:draw"
    assert str(Action.declare(1, Direction.BOTH)) == "1:declare both"
    assert str(Action.fold(3)) == "3:fold"
    assert str(Action.bring_in(5)) == "5:bring-in"
    assert repr(Action.call(1)) == "Action.parse('1:call')"
    assert str(Action.pass_cards(2, parse_cards("7c 8d 9h"))) == "2:pass 7c 8d 9h"
    assert str(Action.discard(0, parse_cards("Kd 2c"))) == "0:discard Kd 2c"
    assert str(Action.roll(1, parse_cards("As"))) == "1:roll As"
    assert str(Action.arrange(3, parse_cards("2c 3d 4h 5s 6c"))) == "3:arrange 2c 3d 4h 5s 6c"
    assert str(Action.buy(2, parse_cards("7c")[0])) == "2:buy 7c"
    assert [str(action) for action in (Action.take(0), Action.stand(1), Action.extra(2))] == [
        "0:take",
        "1:stand",
        "2:extra",
    ]
    assert str(Action.match(3)) == "3:match"
    assert str(Action.decline(4)) == "4:decline"


def test_the_sentence_is_separate_from_the_notation() -> None:
    assert Action.raise_to(2, 40).words() == "seat 2 raises to 40"
    assert Action.draw(0, ()).words() == "seat 0 stands pat"
    assert Action.declare(1, Direction.BOTH).words() == "seat 1 declares both ways"
    assert Action.pass_cards(2, parse_cards("7c 8d")).words() == "seat 2 passes 7c 8d"
    assert Action.roll(1, parse_cards("As")).words() == "seat 1 turns up As"
    assert Action.buy(1, parse_cards("2c")[0]).words() == "seat 1 buys a card for 2c"
    assert Action.match(2).words() == "seat 2 matches the pot"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("raise 40", "write the seat, a colon and the action"),
        ("x:fold", "the seat 'x' is not a seat number"),
        ("-1:fold", "the seat '-1' is not a seat number"),
        ("2:jump", "'jump' is not an action"),
        ("2:raise", "raise takes one amount, not 'nothing'"),
        ("2:raise forty", "the amount 'forty' is not a whole number"),
        ("2:bet 0", "the amount '0' is not a whole number"),
        ("2:raise 40 50", "raise takes one amount, not '40 50'"),
        ("2:complete 1.5", "the amount '1.5' is not a whole number"),
        ("3:fold now", "fold takes nothing after it, not 'now'"),
        ("2:buy", "buy names the one card to replace, as 2:buy 7c"),
        ("2:buy 7c 8d", "buy names the one card to replace"),
        ("2:match 40", "match takes nothing after it, not '40'"),
        ("1:declare sideways", "declare high, low or both, not 'sideways'"),
        ("1:declare", "declare high, low or both, not 'nothing'"),
        ("0:draw As Zz", "Zz"),
        ("0:draw As As", "'As' appears twice"),
        ("2:pass", "pass names the cards, as 2:pass 7c 8d"),
        ("2:roll Zz", "Zz"),
        ("2:arrange", "arrange names the cards"),
    ],
)
def test_a_bad_notation_names_the_bad_part(text: str, named: str) -> None:
    with pytest.raises(NotationError) as refused:
        Action.parse(text)
    assert named in str(refused.value)
    assert repr(text) in str(refused.value)


@given(st.text(max_size=20))
def test_any_text_is_read_or_refused_with_a_notation_error(text: str) -> None:
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert Action.parse(str(action)) == action


def test_the_repr_of_an_action_the_notation_cannot_write_still_rebuilds_it() -> None:
    odd = Action(3, ActionKind.FOLD, 5)  # no constructor builds it: "3:fold 5" does not parse
    names = {
        "Action": Action,
        "ActionKind": ActionKind,
        "Direction": Direction,
        "parse_cards": parse_cards,
    }
    assert repr(odd) == "Action(3, ActionKind.FOLD, 5, parse_cards(''), None)"
    assert eval(repr(odd), names) == odd
