"""Table chat over a real server: what may be said, by whom, how often, and who hears it.

The server's clock is one the test sets by hand, so the rate limit is checked to the
second without waiting; chat lines show a time of day the test injects too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hilo.errors import NotationError
from hilo.web.chat import CHAT_LINES, CHAT_RATE, CHAT_WINDOW, MUTED, SPECTATORS_READ, ChatRoom
from hilo.web.protocol import EMOTES, MAX_CHAT_LENGTH, ChatMessage, read_client_message
from hilo.web.runner import ServerSettings
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, Frame
from tests.web.server import running

TABLE = {
    "games": ["holdem"],
    "rules": "cards-speak",
    "stakes": {"structure": "no-limit", "small_blind": 1, "big_blind": 2},
    "seats": 4,
}
NOON = 1_796_400_000.0
"""The time of day every chat line here shows."""


class HandClock:
    """The server's clock, moved only by the test (from its own thread)."""

    def __init__(self) -> None:
        self.time = 1000.0

    def now(self) -> float:
        """The time the test set."""
        return self.time

    async def wait_until(self, when: float | None, wake: asyncio.Event) -> None:
        """Wait for ``wake``, looking at the clock now and then in case the test moved it."""
        while not wake.is_set() and (when is None or self.time < when):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), 0.05)


def chat(text: str | None = None, emote: str | None = None) -> ChatMessage:
    """A chat message read as the server reads it."""
    message: dict[str, Any] = {"type": "chat"}
    if text is not None:
        message["text"] = text
    if emote is not None:
        message["emote"] = emote
    read = read_client_message(json.dumps(message))
    assert isinstance(read, ChatMessage)
    return read


@pytest.mark.parametrize(
    ("message", "sentence"),
    [
        ({"text": ""}, "A chat message needs some text."),
        ({"text": " \t\n "}, "A chat message needs some text."),
        ({"text": "x" * 201}, "at most 200 characters, not 201"),
        ({"text": 5}, "text must be a string"),
        ({"text": "a\x00b"}, "control or direction characters"),
        ({"text": "abc\u202edcb"}, "control or direction characters"),
        ({"emote": "dance"}, "The emotes are nice-hand, good-game"),
        ({}, "either text or an emote"),
        ({"text": "hi", "emote": "wow"}, "either text or an emote"),
        ({"text": "hi", "seat": 2}, "Extra inputs are not permitted"),
        ({"text": "hi", "from": "Host"}, "Extra inputs are not permitted"),
    ],
)
def test_a_bad_chat_message_is_refused_in_a_sentence(message: Frame, sentence: str) -> None:
    with pytest.raises(NotationError, match=sentence):
        read_client_message(json.dumps({"type": "chat", **message}))


def test_chat_text_is_trimmed_kept_as_written_and_up_to_the_limit() -> None:
    assert chat("  <b>hi</b> & <script>x()</script>\n").text == "<b>hi</b> & <script>x()</script>"
    assert chat(" " + "é" * MAX_CHAT_LENGTH + " ").text == "é" * MAX_CHAT_LENGTH
    assert [chat(emote=emote).emote for emote in EMOTES] == list(EMOTES)


def test_a_room_keeps_only_its_latest_lines() -> None:
    room = ChatRoom()
    for number in range(CHAT_LINES + 7):
        room.lines.append({"text": str(number)})
    assert [line["text"] for line in room.lines] == [str(n) for n in range(7, CHAT_LINES + 7)]


def test_the_rate_limit_counts_each_person_over_the_window() -> None:
    room = ChatRoom()
    for _ in range(CHAT_RATE):
        room.allow("ann", now=0.0)
    with pytest.raises(Exception, match="too fast"):
        room.allow("ann", now=CHAT_WINDOW - 0.001)
    room.allow("bob", now=1.0)  # somebody else is counted apart
    room.allow("ann", now=CHAT_WINDOW)  # the first message is out of the window


class Party:
    """A table with Ann and Bob seated, a spectator and the host, all connected."""

    def __init__(self, base: str) -> None:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        self.base = base
        self.created = created
        self.tokens: dict[str, str] = {}
        for seat, name in enumerate(("Ann", "Bob")):
            joined = loopback.post(
                f"{base}/api/join",
                json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 200},
            ).json()
            self.tokens[name] = joined["token"]
        self.ann = Client(base, self.tokens["Ann"], "Ann")
        self.bob = Client(base, self.tokens["Bob"], "Bob")
        self.spectator = Client(base, created["spectator"], "spectator")
        self.host = Client(base, created["host"], "host")
        self.everyone = [self.ann, self.bob, self.spectator, self.host]
        for client in self.everyone:
            client.wait(lambda frame: True)

    def command(self, command: str, **fields: Any) -> httpx.Response:
        """A host command."""
        body = {"host": self.created["host"], "command": command, **fields}
        return loopback.post(f"{self.base}/api/host", json=body)

    def close(self) -> None:
        """Close every connection."""
        for client in self.everyone:
            client.close()


def heard(client: Client, count: int) -> list[Frame]:
    """The chat lines ``client`` has been sent, once there are ``count`` of them."""
    for _ in range(100):
        lines = [frame for frame in client.chats if frame["type"] == "chat"]
        if len(lines) >= count:
            return lines
        client.drain(wait=0.05)
    raise AssertionError(f"{client.name} heard {len(lines)} chat lines, not {count}")


def refusal(client: Client) -> str:
    """The next error sent to ``client``."""
    reply = client.reply()
    while reply["type"] != "error":
        reply = client.reply()
    return str(reply["message"])


@pytest.fixture
def clock() -> HandClock:
    return HandClock()


@pytest.fixture
def party(tmp_path: Path, clock: HandClock) -> Iterator[Party]:
    store = Store(f"sqlite:///{tmp_path / 'hilo.db'}")
    settings = ServerSettings(bot_delay=0.0, next_hand_delay=3600.0, clock=clock, wall=lambda: NOON)
    with running(store, settings) as base:
        party = Party(base)
        yield party
        party.close()
    store.close()


def test_everybody_hears_a_player_with_their_name_seat_and_the_time(party: Party) -> None:
    party.ann.send({"type": "chat", "text": " <b>good luck</b> "})
    party.bob.send({"type": "chat", "emote": "thanks"})
    said = {"type": "chat", "from": "Ann", "seat": 0, "text": "<b>good luck</b>", "at": NOON}
    thanked = {"type": "chat", "from": "Bob", "seat": 1, "emote": "thanks", "at": NOON}
    for client in party.everyone:
        assert heard(client, 2) == [said, thanked]
    party.host.send({"type": "chat", "text": "deal in a minute"})
    assert heard(party.ann, 3)[-1]["from"] == "Host"
    assert heard(party.ann, 3)[-1]["seat"] is None


def test_too_many_messages_are_refused_to_the_sender_alone(party: Party, clock: HandClock) -> None:
    for number in range(CHAT_RATE):
        party.ann.send({"type": "chat", "text": f"line {number}"})
    heard(party.bob, CHAT_RATE)
    party.ann.send({"type": "chat", "text": "one too many"})
    assert "too fast: at most 5 in 10 seconds" in refusal(party.ann)
    party.bob.send({"type": "chat", "text": "Bob may"})  # the limit is Ann's
    heard(party.bob, CHAT_RATE + 1)  # Bob's line is in before Ann's next (another connection)
    clock.time += CHAT_WINDOW
    party.ann.send({"type": "chat", "text": "later"})
    lines = heard(party.bob, CHAT_RATE + 2)
    assert [line["text"] for line in lines[CHAT_RATE:]] == ["Bob may", "later"]
    assert "one too many" not in json.dumps(party.spectator.chats)


def test_a_spectator_reads_but_writes_only_once_the_host_allows(party: Party) -> None:
    party.spectator.send({"type": "chat", "text": "hello"})
    assert refusal(party.spectator) == SPECTATORS_READ
    assert party.command("spectator-chat").json() == {
        "error": "Say whether spectators may chat: allowed true or false."
    }
    assert party.command("spectator-chat", allowed=True).status_code == 200
    party.spectator.wait(lambda frame: frame["table"]["chat"]["spectators"] is True)
    party.spectator.send({"type": "chat", "text": "hello"})
    assert heard(party.ann, 1) == [
        {"type": "chat", "from": "Spectator", "seat": None, "text": "hello", "at": NOON}
    ]


def test_the_host_mutes_and_unmutes_a_player_and_a_restart_keeps_the_mute(
    tmp_path: Path, clock: HandClock
) -> None:
    url = f"sqlite:///{tmp_path / 'hilo.db'}"
    settings = ServerSettings(bot_delay=0.0, next_hand_delay=3600.0, clock=clock, wall=lambda: 0)
    store = Store(url)
    with running(store, settings) as base:
        party = Party(base)
        assert party.command("mute", seat=1).status_code == 200
        party.ann.wait(lambda frame: frame["table"]["chat"]["muted"] == [1])
        party.bob.send({"type": "chat", "text": "hey"})
        assert refusal(party.bob) == MUTED
        assert party.command("mute", seat=3).json() == {"error": "Nobody sits in seat 4."}
        assert party.command("mute").json() == {"error": "Say which seat for mute."}
        party.close()
    store.close()
    store = Store(url)
    with running(store, settings) as base:
        bob = Client(base, party.tokens["Bob"], "Bob")
        assert bob.wait(lambda frame: True)["table"]["chat"]["muted"] == [1]
        bob.send({"type": "chat", "text": "hey"})
        assert refusal(bob) == MUTED
        body = {"host": party.created["host"], "command": "unmute", "seat": 1}
        assert loopback.post(f"{base}/api/host", json=body).status_code == 200
        bob.wait(lambda frame: frame["table"]["chat"]["muted"] == [])
        bob.send({"type": "chat", "text": "thanks"})
        assert heard(bob, 1)[0]["text"] == "thanks"
        bob.close()
    store.close()


def test_whoever_joins_gets_the_latest_lines_and_chat_stays_out_of_the_hands(
    party: Party,
) -> None:
    party.ann.send({"type": "chat", "text": "secret plan"})
    party.bob.send({"type": "chat", "emote": "wow"})
    heard(party.host, 2)
    late = Client(party.base, party.created["spectator"], "late")
    late.wait(lambda frame: True)
    late.drain(wait=0.2)
    logs = [frame for frame in late.chats if frame["type"] == "chat-log"]
    assert [[line.get("text", line.get("emote")) for line in log["lines"]] for log in logs] == [
        ["secret plan", "wow"]
    ]
    late.close()
    assert (
        loopback.post(f"{party.base}/api/deal", json={"host": party.created["host"]}).status_code
        == 200
    )
    party.ann.wait(lambda frame: frame["view"] is not None)
    history = loopback.get(f"{party.base}/api/view", params={"token": party.tokens["Ann"]}).text
    assert "secret plan" not in history
    assert "chat-log" not in history
