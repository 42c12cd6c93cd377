"""Reading what comes in: JSON within limits, tokens, and short quotes of bad input."""

from __future__ import annotations

import secrets

import pytest

from hilo.errors import NotationError
from hilo.web.edges import (
    EXCERPT_LENGTH,
    MAX_BODY_BYTES,
    MAX_DEPTH,
    excerpt,
    is_token,
    read_json,
)


def read(raw: str | bytes, limit: int = MAX_BODY_BYTES) -> object:
    return read_json(raw, limit=limit, what="body")


def test_json_within_the_limits_is_read() -> None:
    assert read('{"a": [1, 2.5, "x", null, true]}') == {"a": [1, 2.5, "x", None, True]}
    assert read("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert read('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')
    assert read('"\\\\[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["') == "\\" + "[" * 50
    assert read('"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["') == '"' + "[" * 50
    assert read("\u00e9".join(['{"n": "', '"}']).encode()) == {"n": "\u00e9"}


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply: at most 32 levels"),
        ('{"a":' * 2000 + "1" + "}" * 2000, "nested too deeply"),
        ("[" * 100_000, "too long"),
        ("x" * (MAX_BODY_BYTES + 1), f"at most {MAX_BODY_BYTES} bytes, not {MAX_BODY_BYTES + 1}"),
        ("\u00e9" * (MAX_BODY_BYTES // 2 + 1), "too long"),  # counted in bytes
        (b"\xc3\x28", "not UTF-8"),
        ("{", "not JSON (at character 1)"),
        ("[NaN]", "numbers must be finite"),
        ("[-Infinity]", "numbers must be finite"),
        ("[1e999]", "numbers must be finite"),
        ("[" + "9" * 4301 + "]", "not JSON"),
        ('"\\ud800"', "lone surrogate"),
        ('{"\\udfff": 1}', "lone surrogate"),
        ('[[{"a": ["\\ud83d"]}]]', "lone surrogate"),
    ],
)
def test_json_beyond_the_limits_is_refused_with_a_sentence(raw: str | bytes, words: str) -> None:
    with pytest.raises(NotationError, match=words.replace("(", "\\(").replace(")", "\\)")):
        read(raw)


def test_a_pair_of_surrogates_is_one_character_and_is_kept() -> None:
    assert read('"\\ud83c\\udca1"') == "\U0001f0a1"


def test_the_limit_is_the_callers() -> None:
    assert read('"abc"', limit=5) == "abc"
    with pytest.raises(NotationError, match="at most 4 bytes, not 5"):
        read('"abc"', limit=4)


def test_tokens_have_one_shape() -> None:
    assert is_token(secrets.token_urlsafe(24))
    assert is_token("a-b_C9")
    for bad in ("", "x" * 65, "a b", "a/b", "\ud800", "ab\x00", "\u00e9", 7, None, ["a"]):
        assert not is_token(bad)


def test_an_excerpt_is_short_and_shows_control_characters_escaped() -> None:
    shown = excerpt("\x1b[2J" + "z" * 100)
    assert "\x1b" not in shown
    assert "\\x1b" in shown
    assert "z" * (EXCERPT_LENGTH - 4) in shown
    assert "z" * EXCERPT_LENGTH not in shown
    assert excerpt("Ann") == "'Ann'"
    assert "\\ud800" in excerpt("\ud800")
