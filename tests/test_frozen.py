"""`quick_init` builds exactly the value a frozen dataclass's own ``__init__`` builds."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest

from hilo.cards import parse_cards
from hilo.engine import events, events_family, rulings, showdown, views
from hilo.engine.actions import Action, ActionKind
from hilo.engine.betting import ActionOption
from hilo.engine.declare import Direction
from hilo.frozen import quick_init, quick_maker


@quick_init
@dataclass(frozen=True, slots=True)
class Chip:
    colour: str
    value: int = 1
    marks: list[str] = field(default_factory=list)
    owner: str = field(default="house", kw_only=True)


@dataclass(frozen=True, slots=True)
class Plain:
    colour: str
    value: int = 1
    marks: list[str] = field(default_factory=list)
    owner: str = field(default="house", kw_only=True)


def _fields(value: Any) -> dict[str, Any]:
    return {item.name: getattr(value, item.name) for item in dataclasses.fields(value)}


@pytest.mark.parametrize(
    ("quick", "plain"),
    [
        (lambda: Chip("red"), lambda: Plain("red")),
        (lambda: Chip("blue", 5), lambda: Plain("blue", 5)),
        (
            lambda: Chip("white", 2, ["x"], owner="Ann"),
            lambda: Plain("white", 2, ["x"], owner="Ann"),
        ),
        (lambda: Chip(colour="green", owner="Bo"), lambda: Plain(colour="green", owner="Bo")),
    ],
)
def test_the_value_is_the_one_the_dataclass_builds(quick: Any, plain: Any) -> None:
    made, expected = quick(), plain()
    assert type(made) is Chip
    assert _fields(made) == _fields(expected)
    assert repr(made) == repr(expected).replace("Plain", "Chip")
    assert made == quick()
    assert made != expected
    assert Chip("red").marks is not Chip("red").marks  # a fresh default each time


def test_the_value_stays_frozen_and_replace_works() -> None:
    chip = Chip("red")
    with pytest.raises(FrozenInstanceError):
        chip.value = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del chip.colour
    assert dataclasses.replace(chip, value=3) == Chip("red", 3)
    assert str(inspect.signature(Chip)) == str(inspect.signature(Plain))


def test_a_subclass_is_built_by_the_dataclass_itself() -> None:
    @dataclass(frozen=True, slots=True)
    class Marked(Chip):
        mark: str = "x"

    marked = Marked("red", 2, mark="y")
    assert type(marked) is Marked
    assert (marked.colour, marked.value, marked.mark, marked.owner) == ("red", 2, "y", "house")

    class Bare(Chip):
        __slots__ = ()

    assert type(Bare("red")) is Bare
    assert Bare("red").colour == "red"


def test_only_frozen_dataclasses_with_slots_and_no_post_init() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        colour: str

    @dataclass(slots=True)
    class NotFrozen:
        colour: str

    @dataclass(frozen=True, slots=True)
    class Checked:
        colour: str

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True, slots=True)
    class Derived:
        colour: str
        size: int = field(init=False, default=0)

    for cls in (NoSlots, NotFrozen, Checked, Derived):
        with pytest.raises(TypeError):
            quick_init(cls)


def _quick_classes() -> list[type]:
    found = []
    for module in (events, events_family, rulings, showdown, views):
        for value in vars(module).values():
            init = getattr(value, "__init__", None)
            if isinstance(value, type) and hasattr(init, "__wrapped__"):
                found.append(value)
    return found


def test_the_engine_records_are_quick() -> None:
    names = {cls.__name__ for cls in _quick_classes()}
    assert {"Acted", "Dealt", "PotAward", "PotRuling", "ShowdownResult", "TableView"} <= names
    assert hasattr(Action.__init__, "__wrapped__")
    assert hasattr(ActionOption.__init__, "__wrapped__")


@pytest.mark.parametrize(
    "make",
    [
        lambda: events.Acted(3, ActionKind.RAISE, 40),
        lambda: events.Acted(1, ActionKind.FOLD, is_declare_fold=True),
        lambda: events.Dealt(2, events.Face.DOWN, parse_cards("As Kd")),
        lambda: rulings.PotAward(0, 2, 60, rulings.Side.LOW, "best low"),
        lambda: rulings.PotRuling(1, 90, (0, 1), rulings.Method.SPLIT, (), carried=1),
        lambda: showdown.ShowdownHand(3, parse_cards("As 2d 3c 4h 5s"), Direction.LOW),
        lambda: Action(2, ActionKind.DECLARE, direction=Direction.BOTH),
        lambda: ActionOption(ActionKind.CALL, 10, 10),
    ],
)
def test_engine_records_match_their_dataclass(make: Any) -> None:
    value = make()
    cls = type(value)
    again = object.__new__(cls)
    slow = cls.__init__.__wrapped__
    slow(again, **_fields(value))
    assert _fields(again) == _fields(value)
    assert again == value
    assert hash(again) == hash(value)
    assert repr(again) == repr(value)


def test_quick_maker_makes_the_value_the_dataclass_builds() -> None:
    make = quick_maker(Plain)
    made = make("red", 5, ["x"], "Ann")
    assert type(made) is Plain
    assert made == Plain("red", 5, ["x"], owner="Ann")
    assert repr(made) == repr(Plain("red", 5, ["x"], owner="Ann"))
    assert hash(make("blue", 1, (), "house")) == hash(Plain("blue", 1, (), owner="house"))  # type: ignore[arg-type]
    with pytest.raises(FrozenInstanceError):
        made.value = 2  # type: ignore[misc]
    ruling = quick_maker(rulings.PotRuling)(
        1, 90, (0, 1), rulings.Method.SPLIT, (), 1, None, (), (), (), None, None, False, False
    )
    assert ruling == rulings.PotRuling(1, 90, (0, 1), rulings.Method.SPLIT, (), carried=1)


def test_quick_maker_takes_only_frozen_dataclasses_with_slots() -> None:
    @dataclass(frozen=True)
    class Loose:
        colour: str

    with pytest.raises(TypeError, match="not a frozen dataclass with slots"):
        quick_maker(Loose)
