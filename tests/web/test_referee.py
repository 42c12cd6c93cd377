"""``POST /api/settle``: the same referee and the same answer as ``hilo settle --json``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hilo.cli.main import app as hilo_app
from hilo.web.edges import MAX_BODY_BYTES
from hilo.web.referee import MAX_PLAYERS, MAX_POTS
from hilo.web.store import Store
from tests.web.server import running

README_DECLARED = {
    "rules": "strict",
    "pot": 120,
    "players": [
        {"name": "A", "declare": "high", "cards": "Kc Kd Jh Js 9c"},
        {"name": "B", "declare": "both", "cards": "7c 6d 5h 4s 3c"},
        {"name": "C", "declare": "low", "cards": "6h 4d 3h 2s Ad"},
    ],
}
"""The README's first example, written as a document."""

README_WILD = {
    "game": "seven-card-stud-hilo",
    "pot": 100,
    "wild": ["3", "9"],
    "players": [
        {"name": "A", "down": "Kc Kd 2h", "up": "Ks 9d 9c 4s"},
        {"name": "B", "down": "Ad 2c 3d", "up": "4h 8s Jc Qh"},
    ],
}

README_JSON = {
    "rules": {"preset": "strict", "no_winner": "split"},
    "pots": [{"amount": 90, "players": ["A", "B", "C"]}, {"amount": 30, "players": ["B", "C"]}],
    "game": "stud",
    "board": "",
    "players": [
        {"name": "A", "declare": "high", "cards": "Kc Qd Jh Ts 9c"},
        {"name": "B", "declare": "low", "cards": "8d 5c 3h 2s Ad"},
        {"name": "C", "declare": "both", "cards": "7c 6d 5h 4s 3c"},
    ],
}

SIDE_POTS = {
    "rules": "liberal",
    "game": "omaha-hilo-declare",
    "board": "3s 4s 9c Kc 8d",
    "pots": [
        {"amount": 150, "players": ["Ann", "You", "Zoë"]},
        {"amount": 60, "players": ["You", "Zoë"]},
        {"amount": 10, "players": ["Zoë"]},
    ],
    "players": [
        {"name": "Ann", "declare": "low", "cards": "As 2d Qh Qd"},
        {"name": "You", "declare": "both", "cards": "Ks Kd 5c 6h"},
        {"name": "Zoë", "declare": "high", "cards": "9s 9d Jc Js"},
    ],
}
"""Three pots: the short stack's main pot, a side pot, and a pot only one player is in."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("referee")
    with running(Store(f"sqlite:///{folder / 'hilo.db'}")) as url:
        yield url


@pytest.fixture(scope="module")
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=10) as opened:
        yield opened


def cli_answer(document: dict[str, Any]) -> dict[str, Any]:
    """What ``hilo settle --json`` prints for ``document``."""
    result = CliRunner().invoke(hilo_app, ["settle", "--json"], input=json.dumps(document))
    assert result.exit_code == 0, result.output
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


@pytest.mark.parametrize("document", [README_DECLARED, README_WILD, README_JSON, SIDE_POTS])
def test_the_answer_is_the_command_lines(client: httpx.Client, document: dict[str, Any]) -> None:
    reply = client.post("/api/settle", json=document)
    assert reply.status_code == 200, reply.text
    assert reply.json() == cli_answer(document)


def test_side_pots_are_settled_by_who_is_in_them(client: httpx.Client) -> None:
    answer = client.post("/api/settle", json=SIDE_POTS).json()
    assert [pot["players"] for pot in answer["pots"]] == [
        ["Ann", "You", "Zoë"],
        ["You", "Zoë"],
        ["Zoë"],
    ]
    assert sum(answer["awards"].values()) + answer["carried"] == 220
    assert answer["pots"][2]["method"] == "uncontested"
    assert answer["pots"][2]["awards"][0]["player"] == "Zoë"
    assert "Side pot 2 (10): Zoë is the only player in it and takes it." in answer["explanation"]


def test_the_server_keeps_nothing(client: httpx.Client) -> None:
    first = client.post("/api/settle", json=README_DECLARED).json()
    client.post("/api/settle", json=SIDE_POTS)
    assert client.post("/api/settle", json=README_DECLARED).json() == first


def _player(name: str) -> dict[str, Any]:
    return {"name": name, "cards": ""}


BAD_DOCUMENTS: list[tuple[Any, str]] = [
    ([], "input: must be an object"),
    ({**README_DECLARED, "stakes": 3}, "input: unknown field 'stakes'"),
    ({**README_DECLARED, "game": "canasta"}, "game: must be one of stud"),
    ({**README_DECLARED, "players": []}, "players: must be a non-empty list"),
    ({**README_DECLARED, "players": "A B"}, "players: must be a non-empty list"),
    (
        {**README_DECLARED, "players": [_player(f"P{n}") for n in range(MAX_PLAYERS + 1)]},
        f"players: at most {MAX_PLAYERS} players at one showdown, not {MAX_PLAYERS + 1}",
    ),
    (
        {**README_DECLARED, "players": [{"name": "", "cards": "As Ks Qs Js Ts"}]},
        "players[0].name: every player needs a name",
    ),
    (
        {**README_DECLARED, "players": [{"name": "A\u202e", "cards": "As Ks Qs Js Ts"}]},
        "players[0].name: A name may not hold U+202E",
    ),
    (
        {**README_DECLARED, "players": [{"name": "x" * 41, "cards": "As Ks Qs Js Ts"}]},
        "players[0].name:",
    ),
    (
        {**README_DECLARED, "players": [{"name": "A", "cards": "As Ks Qs Js 1s"}]},
        "players[0].cards: ",
    ),
    (
        {**README_DECLARED, "players": [{"name": "A", "cards": 5}]},
        "players[0].cards: must be a string of cards",
    ),
    (
        {**README_DECLARED, "players": [{"name": "A", "cards": "As Ks"}]},
        "players[0].cards: A has 2 cards; stud needs 5 to 7",
    ),
    (
        {**README_DECLARED, "players": [{"name": "A", "declare": "up", "cards": "As Ks Qs Js Ts"}]},
        "players[0].declare: ",
    ),
    (
        {**README_DECLARED, "players": [{"name": "A", "folded": 1, "cards": "As Ks Qs Js Ts"}]},
        "players[0].folded: must be true or false",
    ),
    ({**README_DECLARED, "pot": -5}, "pot: must be a whole number of chips"),
    ({**README_DECLARED, "pot": True}, "pot: must be a whole number of chips"),
    ({**README_DECLARED, "pot": 1.5}, "pot: must be a whole number of chips"),
    ({**README_DECLARED, "pots": [{"amount": 5}]}, "pots: give either pot or pots, not both"),
    ({**README_DECLARED, "pot": 10**9 + 1}, "pot: at most 1,000,000,000 chips, not 1,000,000,001"),
    (
        {**README_JSON, "pots": [{"amount": 1}, {"amount": 10**12}]},
        "pots[1].amount: at most 1,000,000,000 chips",
    ),
    (
        {**README_JSON, "pots": [{"amount": 5, "players": ["A", "Q"]}]},
        "pots[0].players: 'Q' is not one of the players",
    ),
    (
        {**README_JSON, "pots": [{"amount": 5, "players": ["A", "A"]}]},
        "pots[0].players: lists a player twice",
    ),
    (
        {**README_JSON, "pots": [{"amount": 1}] * (MAX_POTS + 1)},
        f"pots: at most {MAX_POTS} pots at one showdown, not {MAX_POTS + 1}",
    ),
    ({**README_DECLARED, "rules": "lenient"}, "rules: "),
    ({**README_DECLARED, "wild": ["follow-the-queen"]}, "wild[0]: 'follow-the-queen'"),
    ({**README_DECLARED, "board": "As Ks Qs"}, "board: stud has no board"),
    (
        {**README_DECLARED, "rules": "cards-speak"},
        "A declared high, but the house rules are cards speak",
    ),
    (
        {
            **README_DECLARED,
            "players": [
                {"name": "You", "declare": "high", "cards": "Kc Kd Jh Js 9c"},
                {"name": "B", "declare": "low", "cards": "Kc 6d 5h 4s 3c"},
            ],
        },
        "Kc is dealt twice (B holds a card already in play)",
    ),
]


@pytest.mark.parametrize(("document", "sentence"), BAD_DOCUMENTS)
def test_bad_input_gets_a_sentence_naming_the_field(
    client: httpx.Client, document: Any, sentence: str
) -> None:
    reply = client.post("/api/settle", json=document)
    assert reply.status_code == 400, reply.text
    assert sentence in reply.json()["error"]


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        (b"{", "the request body is not JSON"),
        (b'{"pot": NaN}', "numbers must be finite"),
        (b"\xff", "the request body is not UTF-8 text"),
        (b"[" * 40 + b"]" * 40, "nested too deeply"),
        (b" " * (MAX_BODY_BYTES + 1), f"at most {MAX_BODY_BYTES} bytes"),
    ],
)
def test_a_body_that_is_not_a_document_gets_a_sentence(
    client: httpx.Client, body: bytes, sentence: str
) -> None:
    reply = client.post("/api/settle", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 400, reply.text
    assert sentence in reply.json()["error"]


def test_only_post_is_taken(client: httpx.Client) -> None:
    reply = client.get("/api/settle")
    assert reply.status_code == 405
    assert reply.json()["error"] == "this address of the API does not take that method"


CARDS = st.sampled_from(
    [
        "As Ks Qs Js Ts",
        "2c 3d 4h 5s 7c",
        "Kc Kd",
        "As Ks Qs Js Ts 9s 8s",
        "Jk 2c 3c 4c 5c",
        "",
        "2c 3d 4h 5s 7c Ad 9h",
        "Xx",
        "As As As As As",
    ]
)
NAMES = st.sampled_from(["A", "B", "You", "Zoë", "", " ", "A\u202e", "I"]) | st.text(max_size=8)
ANYTHING = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
PLAYER = st.fixed_dictionaries(
    {"name": NAMES},
    optional={
        "cards": CARDS | ANYTHING,
        "down": CARDS,
        "up": CARDS,
        "declare": st.sampled_from(["high", "low", "both", "spade", "hi", None]) | ANYTHING,
        "folded": st.booleans() | ANYTHING,
        "extra": ANYTHING,
    },
)
POT = st.fixed_dictionaries(
    {},
    optional={
        "amount": st.integers(-3, 10**9) | ANYTHING,
        "players": st.lists(NAMES, max_size=4) | ANYTHING,
    },
)
DOCUMENT = st.fixed_dictionaries(
    {"players": st.lists(PLAYER, max_size=5) | ANYTHING},
    optional={
        "game": st.sampled_from(
            [
                "stud",
                "draw",
                "holdem",
                "omaha",
                "razz",
                "high-chicago",
                "criss-cross-hilo",
                "seven-card-stud-hilo",
                "nope",
            ]
        )
        | ANYTHING,
        "rules": st.sampled_from(["strict", "liberal", "outright", "cards-speak", "x"])
        | st.fixed_dictionaries(
            {"preset": st.sampled_from(["strict", "liberal"])},
            optional={"no_winner": st.sampled_from(["split", "rides", "bogus"]) | ANYTHING},
        )
        | ANYTHING,
        "pot": st.integers(-3, 10**9) | ANYTHING,
        "pots": st.lists(POT, max_size=3) | ANYTHING,
        "board": st.sampled_from(["", "3s 4s 9c Kc 8d", "3s 4s"]) | ANYTHING,
        "wild": st.lists(st.sampled_from(["2", "Jh", "joker=wild", "joker=bug", "Q", "x"]))
        | ANYTHING,
    },
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(document=DOCUMENT | ANYTHING)
def test_no_document_gets_a_server_error(client: httpx.Client, document: Any) -> None:
    reply = client.post("/api/settle", json=document)
    assert reply.status_code in (200, 400), reply.text
    answer = reply.json()
    if reply.status_code == 400:
        assert isinstance(answer["error"], str)
        assert answer["error"]
    else:
        assert set(answer) == {"rules", "awards", "carried", "pots", "explanation"}


DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
PEOPLE = st.sampled_from(["Ann", "Bo", "You", "I", "They", "Zoë", "Mary Ann", "李雷", "Cy", "Dee"])


@st.composite
def showdowns(draw: st.DrawFn) -> dict[str, Any]:
    """A showdown as a person would enter it: real cards, declarations, pots by who is in."""
    game, count = draw(
        st.sampled_from(
            [
                ("five-card-draw-hilo-declare", 5),
                ("seven-card-stud-hilo-declare", 7),
                ("high-chicago-declare", 7),
                ("seven-card-stud-hilo", 7),
                ("razz", 7),
            ]
        )
    )
    deck = draw(st.permutations(DECK))
    seats = draw(st.integers(2, min(MAX_PLAYERS, len(DECK) // count)))
    names = draw(st.lists(PEOPLE, min_size=seats, max_size=seats, unique=True))
    players = []
    for seat, name in enumerate(names):
        cards = deck[seat * count : (seat + 1) * count]
        declare = draw(st.sampled_from(["high", "low", "both", None]))
        players.append({"name": name, "down": " ".join(cards[:3]), "up": " ".join(cards[3:])})
        if count == 5:
            players[-1] = {"name": name, "cards": " ".join(cards)}
        if declare is not None:
            players[-1]["declare"] = declare
    pots = [
        {
            "amount": draw(st.integers(0, 1000)),
            "players": draw(st.lists(st.sampled_from(names), min_size=1, unique=True)),
        }
        for _ in range(draw(st.integers(1, 3)))
    ]
    rules = draw(st.sampled_from(["strict", "liberal", "outright", "cards-speak"]))
    return {"game": game, "rules": rules, "players": players, "pots": pots}


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(document=showdowns())
def test_a_real_showdown_is_ruled_or_refused_in_a_sentence(
    client: httpx.Client, document: dict[str, Any]
) -> None:
    reply = client.post("/api/settle", json=document)
    assert reply.status_code in (200, 400), reply.text
    answer = reply.json()
    if reply.status_code == 200:
        total = sum(pot["amount"] for pot in document["pots"])
        assert sum(answer["awards"].values()) + answer["carried"] == total
        assert answer["explanation"][0].startswith("Rules: ")
    else:
        assert answer["error"]
