"""Thousands of malformed, mistyped, out-of-turn, forged and replayed inputs against a real server.

The inputs come from a seeded generator, so every run sends the same ones. The server must
answer each with a 4xx (HTTP) or an error frame (WebSocket), never a 5xx, a traceback or
a path of its own files, and never drop a connection. Afterwards nothing of it is in the
journals, every table plays a hand to the end with its chips all there, and a server
started again on the database opens every table.
"""

from __future__ import annotations

import json
import random
import string
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

import hilo
import hilo.web.app
from hilo.engine.journal import restore
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, Frame, choose, play_until
from tests.web.server import running

SEED = 20261201
HTTP_INPUTS = 1500
WEBSOCKET_INPUTS = 1200
INTERNALS = ("Traceback", 'File "', str(Path(hilo.__file__).parent), "site-packages")

STUD: dict[str, Any] = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 5,
    "buy_in": {"min": 50, "max": 500},
}
HOLDEM: dict[str, Any] = {
    "games": ["holdem"],
    "rules": "cards-speak",
    "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2},
    "seats": 4,
}
HAND_NUMBERS = ["0", "1", "-1", "99999999999", "\u0661", "1.0", "%2e"]
ODD_TEXT = [
    "\ud800",
    "\udfff\ud800",
    "\x00",
    "\x07\x1b[2J",
    "\u202e",
    "\u2066\u2069",
    "\u200b",
    "\u200d",
    "\ufeff",
    "\u00e9",
    "e\u0301",
    "\U0001f0a1",
    "'",
    '"',
    "\\",
    "{",
    "]",
    "%00",
    "../..",
    " ",
]


class Table:
    """A table the fuzzer attacks: its tokens, seats and the chips it holds."""

    def __init__(self, base: str, settings: dict[str, Any], names: tuple[str, ...]) -> None:
        created = loopback.post(f"{base}/api/tables", json=settings).json()
        self.id: str = created["table"]
        self.host: str = created["host"]
        self.invite: str = created["invite"]
        self.spectator: str = created["spectator"]
        self.seats: dict[int, str] = {}
        self.chips = 0
        for seat, name in enumerate(names):
            buy_in = 100 + 10 * seat
            joined = loopback.post(
                f"{base}/api/join",
                json={"invite": self.invite, "name": name, "seat": seat, "buy_in": buy_in},
            ).json()
            self.seats[seat] = joined["token"]
            self.chips += buy_in
        started = loopback.post(f"{base}/api/host", json={"host": self.host, "command": "start"})
        assert started.status_code == 200
        watcher = Client(base, self.spectator, "spectator")
        watcher.wait(lambda frame: frame["view"] is not None)  # dealt, and journaled
        watcher.close()

    def tokens(self) -> list[str]:
        """Every token of the table."""
        return [self.host, self.invite, self.spectator, *self.seats.values()]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any type and size that a careless or hostile client might send."""
    pick = rng.randrange(16 if depth < 3 else 12)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 1, 7, 10**9, 10**9 + 1, -(10**12), 2**63, 10**40])
    if pick == 3:
        return rng.choice([0.5, -0.0, 1.0, 1e308, -1e-300, 3.0])
    if pick in (4, 5, 6):
        return "".join(rng.choice(ODD_TEXT) for _ in range(rng.randrange(1, 6)))
    if pick == 7:
        return rng.choice(string.ascii_letters) * rng.choice([1, 39, 40, 41, 65, 300])
    if pick == 8:
        return rng.choice(["start", "pause", "add-bot", "rebuy", "fold", "raise", "strict", "7"])
    if pick == 9:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(0, 30)))
    if pick in (10, 11):
        return rng.choice(["As Kd", "As As", "Xx", "10h", "As Kd Qh Jc Ts 9s", "as"])
    if pick in (12, 13):
        return [junk(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {str(junk(rng, 3))[:20]: junk(rng, depth + 1) for _ in range(rng.randrange(0, 4))}


def nested(rng: random.Random, levels: int) -> str:
    """``levels`` of arrays or objects around a value."""
    if rng.random() < 0.5:
        return "[" * levels + "1" + "]" * levels
    return '{"a":' * levels + "1" + "}" * levels


def malformed(rng: random.Random) -> str | bytes:
    """Text or bytes that are not one acceptable JSON document."""
    makers: list[Callable[[], str | bytes]] = [
        lambda: nested(rng, rng.choice([33, 100, 2000])),
        lambda: json.dumps({"x": "y" * rng.choice([5000, 20000])}),
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))),
        lambda: "{" + "".join(rng.choice(string.printable) for _ in range(20)),
        lambda: rng.choice(["", "null", "[]", "7", '"text"', "NaN", "[1e999]", '"\\ud800"']),
        lambda: '{"a": ' + "9" * rng.choice([4300, 4301, 5000]) + "}",
        lambda: "\u00e9" * rng.choice([2100, 9000]),
    ]
    return rng.choice(makers)()


def token_for(rng: random.Random, tables: list[Table], roles: Callable[[Table], list[str]]) -> Any:
    """A token that does not allow what is asked, or no token at all."""
    pick = rng.randrange(5)
    if pick == 0:
        return junk(rng)
    if pick == 1:
        return "".join(rng.choice(string.ascii_letters + "-_") for _ in range(32))  # forged
    return rng.choice(roles(rng.choice(tables)))


def body_for(rng: random.Random, path: str, tables: list[Table]) -> Any:
    """A body for ``path`` that must be refused: a wrong token, field or type, or all three."""
    table = rng.choice(tables)
    if path == "/api/tables":
        body: dict[str, Any] = dict(rng.choice([STUD, HOLDEM]))
        key = rng.choice([*body, "games", "rules", "stakes", "clock", "buy_in", "seats"])
        body[key] = junk(rng)
        body.setdefault(rng.choice(["provably_fair", "stakes", "rules"]), junk(rng))
        if rng.random() < 0.5:
            body[rng.choice(["rules", "stakes", "clock", "buy_in"])] = {
                rng.choice(
                    ["preset", "second_best", "ante", "lift_cap_heads_up", "max", "x"]
                ): junk(rng)
            }
        body["\u00e9tat"] = junk(rng)  # an unknown field: always refused
        return body
    if path == "/api/join":
        name = rng.choice(["Dee", junk(rng)])
        body = {"invite": table.invite, "name": name, "seat": rng.choice([0, 1, 99]), "buy_in": 100}
        body[rng.choice(list(body))] = junk(rng)
        if rng.random() < 0.5:
            body["invite"] = token_for(
                rng, tables, lambda other: [other.host, *other.seats.values()]
            )
        else:
            body[rng.choice(["seat", "token", "role", "name "])] = junk(rng)
            body.pop("buy_in", None)
        return body
    if path == "/api/host":
        body = {"host": table.host, "command": junk(rng), "seat": junk(rng), "bot": junk(rng)}
        if rng.random() < 0.5:
            body["host"] = token_for(rng, tables, lambda other: [other.spectator, other.invite])
            body["command"] = rng.choice(
                ["start", "pause", "end", "add-bot", "remove", "approve", "deny", "new-link"]
            )
            body["request"] = rng.choice([junk(rng), table.invite])
        else:
            body["as_seat"] = junk(rng)
        return body
    if path == "/api/deal":
        return {"host": token_for(rng, tables, lambda other: list(other.seats.values()))}
    body = {"token": rng.choice(list(table.seats.values())), "command": junk(rng)}
    if rng.random() < 0.5:
        body["token"] = token_for(rng, tables, lambda other: [other.host, other.spectator])
        body["command"] = rng.choice(["leave", "sit-out", "rebuy"])
        body["chips"] = rng.choice([1, 10])
    else:
        body["chips"] = junk(rng)
        body["seat"] = junk(rng)
    return body


def get_for(rng: random.Random, tables: list[Table]) -> str:
    """A GET of any route, with a token of any kind and query parameters of any content."""
    token = rng.choice([*rng.choice(tables).tokens(), str(junk(rng))[:80], ""])
    route = rng.choice(
        [
            "/api/options",
            "/api/lobby",
            "/api/view",
            "/api/history",
            "/api/request",
            f"/api/history/{escaped(str(junk(rng))[:30])}",
            f"/api/history/{rng.choice(HAND_NUMBERS)}",
            f"/{rng.choice(['host', 'join', 'play', 'watch'])}/{escaped(token) or 'x'}",
        ]
    )
    query = {"token": token, "format": str(junk(rng))[:20]}
    if rng.random() < 0.3:
        query[str(junk(rng))[:20]] = str(junk(rng))[:50]
    return route + "?" + "&".join(f"{escaped(k)}={escaped(v)}" for k, v in query.items())


def escaped(text: str) -> str:
    """``text`` for a URL, a lone surrogate sent as the bytes that are not UTF-8."""
    return quote(text, safe="", errors="surrogatepass")


def no_internals(text: str) -> None:
    for word in INTERNALS:
        assert word not in text, text[:300]


def check_answer(answer: httpx.Response, *, posted: bool) -> None:
    assert answer.status_code < 500, answer.text[:300]
    no_internals(answer.text)
    if posted:
        assert 400 <= answer.status_code < 500, answer.text[:300]
    if answer.status_code >= 400 and answer.request.url.path.startswith("/api/"):
        assert isinstance(answer.json()["error"], str)


def fuzz_http(base: str, rng: random.Random, tables: list[Table]) -> Counter[int]:
    """Send the HTTP inputs; how many answers of each status came back."""
    paths = ("/api/tables", "/api/join", "/api/host", "/api/deal", "/api/seat")
    statuses: Counter[int] = Counter()
    with httpx.Client(base_url=base, timeout=30) as client:
        for _ in range(HTTP_INPUTS):
            if rng.random() < 0.3:
                answer = client.get(get_for(rng, tables))
                check_answer(answer, posted=False)
            else:
                path = rng.choice(paths)
                if rng.random() < 0.25:
                    content: str | bytes = malformed(rng)
                else:
                    content = json.dumps(body_for(rng, path, tables))
                answer = client.post(path, content=content)
                check_answer(answer, posted=True)
            statuses[answer.status_code] += 1
    return statuses


def action(rng: random.Random) -> dict[str, Any]:
    """An action a client might send: any kind, amount, cards and direction, or none."""
    chosen: dict[str, Any] = {
        "kind": rng.choice(
            [
                *("fold", "check", "call", "bet", "raise", "bring-in", "complete", "draw"),
                *("turn-up", "keep-down", "declare", "timeout", "", "FOLD", 3),
            ]
        )
    }
    for field, values in (
        ("amount", [0, 2, 4, 8, 10**9, -5, 2.5, True, "40", None]),
        ("cards", ["", "As", "As Kd", "Zz", 5, "As " * 30]),
        ("direction", ["high", "low", "both", "HIGH", "", None, 1]),
    ):
        if rng.random() < 0.3:
            chosen[field] = rng.choice(values)
    return chosen


def ws_message(rng: random.Random, sent: list[str]) -> tuple[str | bytes, bool]:
    """A message and whether the server may accept it (a replay or an action in turn)."""
    pick = rng.randrange(10)
    if pick == 0:
        return malformed(rng), False
    if pick == 1:
        return rng.choice([b"\x00\xff", json.dumps({"type": "ping"}).encode()]), False
    if pick == 2 and sent:
        return rng.choice(sent), True  # replayed
    if pick == 3:
        forged = {"type": "act", "action": action(rng), rng.choice(["seat", "token"]): junk(rng)}
        return json.dumps(forged), False
    if pick == 4:
        inside = {"type": "act", "action": {**action(rng), rng.choice(["seat", "x"]): 1}}
        return json.dumps(inside), False
    if pick == 5:
        return json.dumps({"type": junk(rng), "action": junk(rng)}), False
    if pick == 6:
        return json.dumps(chat_message(rng)), True
    message: dict[str, Any] = {"type": "act", "action": action(rng)}
    if rng.random() < 0.4:
        decisions: list[Any] = [0, 1, 2, 5, 10**9, 10**10, -1, True, "1", None]
        message["decision"] = rng.choice(decisions)
    return json.dumps(message), True


CHAT_TEXT = [
    "<b>bold</b>",
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "&lt;i&gt;",
    "As Kd",
    "x" * 200,
    "x" * 201,
    "",
    "   ",
]


def chat_message(rng: random.Random) -> dict[str, Any]:
    """A chat message a client might send: markup, odd text, too long, an emote or junk."""
    message: dict[str, Any] = {"type": "chat"}
    if rng.random() < 0.7:
        message["text"] = rng.choice([*CHAT_TEXT, *ODD_TEXT, junk(rng)])
    if rng.random() < 0.4:
        message["emote"] = rng.choice(["wow", "thanks", "", "WOW", "<b>", junk(rng)])
    if rng.random() < 0.2:
        message[rng.choice(["from", "seat", "at"])] = junk(rng)
    return message


def chat_line(line: Frame, said: set[str]) -> None:
    """A chat line the server sent: its fields, and any text exactly as one sent (trimmed)."""
    assert set(line) in (
        {"type", "from", "seat", "at", "text"},
        {"type", "from", "seat", "at", "emote"},
    )
    if "text" in line:
        assert 0 < len(line["text"]) <= 200
        assert line["text"] == line["text"].strip()
        assert line["text"] in said, line


def answered(client: Client) -> list[Frame]:
    """Every frame up to the pong that follows what was just sent."""
    client.connection.send(json.dumps({"type": "ping"}))
    start = len(client.replies)
    frames = len(client.frames)
    while not any(reply.get("type") == "pong" for reply in client.replies[start:]):
        client.drain(wait=5.0)
        if client.connection.close_code is not None:
            raise AssertionError(f"{client.name}: the server closed the connection")
    replies = client.replies[start:]
    assert all(reply["type"] in ("error", "notice", "pong") for reply in replies), replies
    assert len(client.frames) >= frames
    return replies


def fuzz_websockets(base: str, rng: random.Random, tables: list[Table]) -> Counter[str]:
    """Send the WebSocket inputs; how many were refused and how many taken."""
    outcomes: Counter[str] = Counter()
    clients: list[tuple[Client, int | None]] = []
    for table in tables:
        for number, token in table.seats.items():
            clients.append((Client(base, token, f"{table.id} seat {number}"), number))
        clients.append((Client(base, table.spectator, f"{table.id} spectator"), None))
        clients.append((Client(base, table.host, f"{table.id} host"), None))
    sent: list[str] = []
    said: set[str] = set()
    for _ in range(WEBSOCKET_INPUTS):
        client, seat = rng.choice(clients)
        text, may_pass = ws_message(rng, sent)
        if isinstance(text, str) and '"chat"' in text:
            chat_text = json.loads(text).get("text")
            if isinstance(chat_text, str):
                said.add(chat_text.strip())
        # the host may chat as a player may; a spectator may not here
        seated = seat is not None or ('"chat"' in str(text) and client.name.endswith("host"))
        view = client.frames[-1]["view"] if client.frames else None
        if seat is not None and view and seat in view["to_act"] and rng.random() < 0.3:
            text, may_pass = json.dumps({"type": "act", "action": choose(view, seat)}), True
        client.connection.send(text)
        replies = answered(client)
        errors = [reply for reply in replies if reply["type"] in ("error", "notice")]
        for error in errors:
            no_internals(error["message"])
        outcomes["refused" if errors else "taken"] += 1
        if not (may_pass and seated):
            assert len(errors) == 1, (text[:100], replies)
        elif isinstance(text, str) and len(sent) < 200:
            sent.append(text)
    lines = 0
    for client, _ in clients:
        client.drain()
        for frame in client.chats:
            if frame["type"] == "chat":
                chat_line(frame, said)
                lines += 1
    assert lines > 0, "some chat got through"
    for client, _ in clients:
        # Still open: a frame may still come (a busy server's last broadcast), never a close,
        # which would raise ConnectionClosed here.
        with pytest.raises(TimeoutError):
            read_until_quiet(client)
        client.close()
    return outcomes


def plays_a_hand(base: str, table: Table) -> None:
    """The table finishes the hand in play and one more, with every chip still there."""
    seats = {seat: Client(base, token, f"seat {seat}") for seat, token in table.seats.items()}
    watcher = Client(base, table.spectator, "spectator")
    played = watcher.wait(lambda frame: True)["table"]["hands_played"]
    if watcher.latest["view"]["phase"] != "complete":
        play_until(seats, [], lambda frame: frame["table"]["hands_played"] > played, watcher)
        played += 1
    started = loopback.post(f"{base}/api/host", json={"host": table.host, "command": "start"})
    assert started.status_code == 200, started.text
    play_until(seats, [], lambda frame: frame["table"]["hands_played"] > played, watcher)
    final = watcher.latest
    stacks = sum(seat["stack"] for seat in final["table"]["seats"] if seat)
    assert stacks + final["view"]["carried_out"] == table.chips
    for client in [*seats.values(), watcher]:
        client.close()


@pytest.fixture
def fast_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer sends faster than any person, so the rate limit is lifted for it."""
    monkeypatch.setattr(hilo.web.app, "RATE_LIMIT", 10**6)


@pytest.mark.usefixtures("fast_clients")
def test_the_server_survives_thousands_of_hostile_inputs(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hilo.db'}"
    store = Store(url)
    rng = random.Random(SEED)
    with running(store) as base:
        tables = [Table(base, STUD, ("Ann", "Bob", "Cy")), Table(base, HOLDEM, ("Di", "Ed"))]
        journals = {table.id: store.journal(table.id) for table in tables}
        statuses = fuzz_http(base, rng, tables)
        assert {400, 403, 404} <= set(statuses), statuses
        assert statuses[400] > HTTP_INPUTS // 2, statuses
        assert sorted(store.table_ids()) == sorted(table.id for table in tables), "no new table"
        for table in tables:
            assert store.journal(table.id)[len(journals[table.id]) :] == []
        outcomes = fuzz_websockets(base, rng, tables)
        assert outcomes["refused"] > WEBSOCKET_INPUTS * 3 // 4, outcomes
        assert outcomes["taken"] > 0, outcomes
        for table in tables:
            plays_a_hand(base, table)
    store.close()
    again = Store(url)
    opened = again.open_tables()
    assert again.damaged == {}
    for table in tables:
        assert opened[table.id].table.chips() == table.chips
        assert restore(again.journal(table.id)).table.hands_played >= 1
    again.close()


def test_the_generator_is_seeded() -> None:
    first = [ws_message(random.Random(SEED), []) for _ in range(3)]
    assert first == [ws_message(random.Random(SEED), []) for _ in range(3)]


def read_until_quiet(client: Client) -> None:
    """Read frames until none comes for 50 ms (TimeoutError); a close raises ConnectionClosed."""
    for _ in range(1000):
        client.connection.recv(timeout=0.05)
