"""Frozen values built quickly: `quick_init` for the engine's many small frozen records.

A frozen dataclass sets every field in its ``__init__`` through ``object.__setattr__``,
which costs about as much as a small function call a field; the engine makes a hundred
events, options and awards a hand. `quick_init` gives a frozen dataclass with slots an
``__init__`` of the same signature that changes the new value's class once to an unfrozen
twin (a subclass with the same slots and plain attribute setting), sets the fields as
plain attributes, and changes the class back. What comes out is exactly what the
dataclass's own ``__init__`` builds: the same type, fields, equality, hash and repr, and
as frozen.

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @quick_init
... @dataclass(frozen=True, slots=True)
... class Chip:
...     colour: str
...     value: int = 1
>>> Chip("red", 5), Chip("white") == Chip("white"), type(Chip("blue")) is Chip
(Chip(colour='red', value=5), True, True)
>>> Chip("red").value = 2
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'value'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["quick_init", "quick_maker"]

T = TypeVar("T")


def _twin(cls: type) -> type:
    """A subclass of ``cls`` with its slots and none of its own, whose attributes are set
    plainly (both ``__setattr__`` and ``__delattr__`` are object's, so setting is the
    interpreter's own)."""
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__doc__": f"{cls.__name__} while its fields are set.",
    }
    return type(f"_Unfrozen{cls.__name__}", (cls,), namespace)


def quick_init(cls: type[T]) -> type[T]:
    """Give ``cls``, a frozen dataclass with slots and no ``__post_init__``, a faster
    ``__init__`` of the same signature (see the module's docstring).

    A subclass of ``cls`` is still built by the dataclass's own ``__init__``.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which quick_init does not run")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not all(field.init for field in fields):
        raise TypeError(f"every field of {cls.__name__} must be set by __init__")
    env: dict[str, Any] = {
        "_cls": cls,
        "_twin": _twin(cls),
        "_slow": cls.__init__,
        "_set": object.__setattr__,
        "_FACTORY": _FACTORY,
    }
    positional: list[str] = []
    keyword: list[str] = []
    made: list[str] = []
    for number, field in enumerate(fields):
        name = field.name
        if field.default is not dataclasses.MISSING:
            env[f"_default{number}"] = field.default
            param = f"{name}=_default{number}"
        elif field.default_factory is not dataclasses.MISSING:
            env[f"_factory{number}"] = field.default_factory
            param = f"{name}=_FACTORY"
            made.append(f"    if {name} is _FACTORY:\n        {name} = _factory{number}()\n")
        else:
            param = name
        (keyword if field.kw_only else positional).append(param)
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    passed = ", ".join(
        [field.name for field in fields if not field.kw_only]
        + [f"{field.name}={field.name}" for field in fields if field.kw_only]
    )
    source = (
        f"def __init__({signature}):\n" + "".join(made) + "    if type(self) is not _cls:\n"
        f"        _slow(self, {passed})\n"
        "        return\n"
        "    _set(self, '__class__', _twin)\n"
        + "".join(f"    self.{field.name} = {field.name}\n" for field in fields)
        + "    self.__class__ = _cls\n"
    )
    exec(source, env)  # the way dataclasses writes its own __init__
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__wrapped__ = env["_slow"]  # the dataclass's own: its signature, and for tests
    setattr(cls, "__init__", init)  # noqa: B010 - a method put on the class after the fact
    return cls


def quick_maker(cls: type[T]) -> Callable[..., T]:
    """A function making a value of ``cls`` (as `quick_init` takes) from all its fields in
    order, positionally, without calling ``__init__``: the same value, for a hot path that
    builds many of them.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Chip:
    ...     colour: str
    ...     value: int = 1
    >>> make_chip = quick_maker(Chip)
    >>> make_chip("red", 5) == Chip("red", 5), type(make_chip("red", 1)) is Chip
    (True, True)
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which quick_maker does not run")
    names = [field.name for field in dataclasses.fields(cls)]  # type: ignore[arg-type]
    env: dict[str, Any] = {"_new": object.__new__, "_twin": _twin(cls), "_cls": cls}
    source = (
        f"def make({', '.join(names)}):\n"
        "    self = _new(_twin)\n"
        + "".join(f"    self.{name} = {name}\n" for name in names)
        + "    self.__class__ = _cls\n"
        "    return self\n"
    )
    exec(source, env)  # as quick_init writes its __init__
    make: Callable[..., T] = env["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__module__ = cls.__module__
    return make


class _Factory:
    """Stands for a field left to its default factory."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()
