"""What comes in from outside, read safely: JSON within limits, tokens, and short quotes.

Everything a client sends is read here before any model sees it: at most a set number of
bytes, nesting at most `MAX_DEPTH` deep (checked by scanning brackets, before the
recursive parser runs), strict JSON (no ``NaN`` or ``Infinity``) and only valid text (a
``\\ud800`` escape, a lone surrogate, is refused wherever it appears).

>>> read_json(b'{"type": "ping"}', limit=4096, what="message")
{'type': 'ping'}
>>> read_json("[" * 40 + "]" * 40, limit=4096, what="message")
Traceback (most recent call last):
...
hilo.errors.NotationError: the message is nested too deeply: at most 32 levels of [ and {
>>> excerpt("Ann\\x07" + "x" * 60)
"'Ann\\\\x07xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, TypeGuard

from hilo.errors import NotationError

__all__ = [
    "EXCERPT_LENGTH",
    "MAX_BODY_BYTES",
    "MAX_DEPTH",
    "MAX_TOKEN_LENGTH",
    "SENTENCE",
    "excerpt",
    "is_token",
    "read_json",
]

MAX_BODY_BYTES = 16 * 1024
"""The largest HTTP request body the server reads, in bytes."""

MAX_DEPTH = 32
"""How deeply arrays and objects may nest in a request body or a WebSocket message."""

MAX_TOKEN_LENGTH = 64
"""The longest token (link) the server looks up; its tokens are 32 characters."""

SENTENCE = "sentence"
"""The type of a validation error whose message is a whole sentence, shown as it is."""

EXCERPT_LENGTH = 40
"""The most characters of a client's input that an error message repeats."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]+")
_STRING = re.compile(r'"(?:[^"\\\\]|\\\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def excerpt(text: str, length: int = EXCERPT_LENGTH) -> str:
    """``text`` quoted for an error message: at most ``length`` characters, controls escaped."""
    shown = text if len(text) <= length else text[:length] + "…"
    return repr(shown.encode("utf-8", "backslashreplace").decode("utf-8"))


def is_token(token: object) -> TypeGuard[str]:
    """Whether ``token`` has the shape of a token: 1 to 64 URL-safe letters, digits, - and _."""
    return (
        isinstance(token, str)
        and 0 < len(token) <= MAX_TOKEN_LENGTH
        and _TOKEN.fullmatch(token) is not None
    )


def read_json(raw: bytes | str, *, limit: int, what: str) -> Any:
    """Read JSON of at most ``limit`` bytes, or raise `NotationError` with a sentence.

    ``what`` names the input in the sentence ("the request body", "the message").
    """
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(data) > limit:
        raise NotationError(f"the {what} is too long: at most {limit} bytes, not {len(data)}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotationError(f"the {what} is not UTF-8 text") from None
    if _depth(text) > MAX_DEPTH:
        raise NotationError(
            f"the {what} is nested too deeply: at most {MAX_DEPTH} levels of [ and {{"
        )
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except NotationError:
        raise NotationError(f"the {what} is not JSON: numbers must be finite") from None
    except ValueError as error:  # JSONDecodeError, or an integer of thousands of digits
        where = f" (at character {error.pos})" if isinstance(error, json.JSONDecodeError) else ""
        raise NotationError(f"the {what} is not JSON{where}") from None
    if _has_surrogate(value):
        raise NotationError(f"the {what} holds a lone surrogate (\\ud800 to \\udfff), not text")
    return value


def _no_constant(name: str) -> Any:
    raise NotationError(name)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e999 reads as infinity
        raise NotationError(text)
    return number


def _depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings (malformed text is the parser's)."""
    deepest = depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _has_surrogate(value: Any) -> bool:
    """Whether any string in ``value`` (read from JSON no deeper than `MAX_DEPTH`) is not text."""
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, list):
        return any(_has_surrogate(item) for item in value)
    if isinstance(value, dict):
        return any(_has_surrogate(key) or _has_surrogate(item) for key, item in value.items())
    return False
