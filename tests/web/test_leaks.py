"""No viewer is ever sent a card they may not see, while players come and go between hands.

The cards each viewer may see are worked out from the table's journal (the full hands,
nothing censored), never from what the server sent: a card is allowed to a viewer only if
it was dealt to that person in that hand, or it was face up for everybody at that point.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hilo.engine.journal import restore
from hilo.engine.state import Hand
from hilo.engine.table import Table
from hilo.web.store import Store
from tests.engine.sight import in_sight
from tests.web import loopback
from tests.web.clients import Client, choose, play_until
from tests.web.server import running

TABLE = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 4,
    "provably_fair": False,  # a fair deck is shown whole once its hand is over
}
CARDS = re.compile(r"(?<![0-9A-Za-z])(?:[2-9TJQKA][cdhs])+(?![0-9A-Za-z])")
"""A card, or cards written together as PHH writes them ("Ad4d")."""


def cards_in(text: str) -> set[str]:
    """Every card named anywhere in a text the server sent."""
    return {run[at : at + 2] for run in CARDS.findall(text) for at in range(0, len(run), 2)}


@dataclass
class Deal:
    """One hand from the journal: who was dealt each card, and when each card was shown."""

    hand: Hand
    owner: dict[str, int] = field(default_factory=dict)
    """The player number of the person each card was dealt to (board cards: none)."""
    public_from: dict[str, float] = field(default_factory=dict)
    """For each card, the number of events after which everybody had seen it."""

    def allowed(self, person: int | None, events: float) -> set[str]:
        """The cards ``person`` (None: nobody) may see once the hand has ``events`` events."""
        return {
            card
            for card in {*self.owner, *self.public_from}
            if self.public_from.get(card, math.inf) <= events
            or (person is not None and self.owner.get(card) == person)
        }


def deals(table: Table) -> list[Deal]:
    """Every finished hand of the table, read from its full event log."""
    found = []
    for hand, players in zip(table.histories, table.history_players, strict=True):
        deal = Deal(hand)
        for index, event in enumerate(hand.events, start=1):
            seat, cards, hidden = in_sight(event)
            for card in map(str, cards):
                if seat is not None:
                    deal.owner.setdefault(card, players[seat])
                if not hidden:
                    deal.public_from.setdefault(card, index)
        found.append(deal)
    return found


def fold_first(seat: int) -> Callable[[dict[str, Any], int], dict[str, Any]]:
    """A chooser with which ``seat`` folds at its first chance (the others as `choose`)."""

    def chooser(view: dict[str, Any], acting: int) -> dict[str, Any]:
        kinds = {option["kind"] for option in view["legal"]}
        if acting == seat and "fold" in kinds:
            return {"kind": "fold"}
        return choose(view, acting)

    return chooser


def test_nobody_sees_a_card_that_is_not_theirs_as_seats_change_hands(store: Store) -> None:
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        tokens: dict[str, str] = {"host": created["host"]}
        clients: list[Client] = []

        def join(name: str, seat: int) -> Client:
            joined = loopback.post(
                f"{base}/api/join",
                json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 200},
            ).json()
            tokens[name] = joined["token"]
            clients.append(Client(base, joined["token"], name))
            return clients[-1]

        def leave(name: str) -> None:
            answer = loopback.post(
                f"{base}/api/seat", json={"token": tokens[name], "command": "leave"}
            )
            assert answer.json() == {"ok": True}

        def next_hand() -> None:
            assert (
                loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
            )

        def play(seats: dict[int, Client], hands: int, **options: Any) -> None:
            """Play until ``hands`` hands are over, every connection reading its frames."""
            done = lambda frame: frame["table"]["hands_played"] >= hands  # noqa: E731
            play_until(seats, clients, done, spectator, limit=60, **options)

        spectator = Client(base, created["spectator"], "spectator")
        clients.append(Client(base, created["host"], "host"))
        ann, bob, cy = join("Ann", 0), join("Bob", 1), join("Cy", 2)
        ann.send({"type": "chat", "text": "<b>good luck</b> all"})
        bob.send({"type": "chat", "emote": "thanks"})
        next_hand()
        eve = join("Eve", 3)  # sits down during hand 1, and watches it as a spectator does
        cy.send({"type": "chat", "text": "what do you hold?"})
        play({0: ann, 1: bob, 2: cy}, 1)
        # Between hands, Cy leaves and Dee takes the seat; Bob folds at once in hand 2.
        leave("Cy")
        dee = join("Dee", 2)
        next_hand()
        play({0: ann, 1: bob, 2: dee, 3: eve}, 2, chooser=fold_first(1))
        # Right after the hand Bob folded in, Fay takes his seat.
        leave("Bob")
        fay = join("Fay", 1)
        next_hand()
        play({0: ann, 1: fay, 2: dee, 3: eve}, 3)
        leave("Dee")
        gus = join("Gus", 2)
        next_hand()
        play({0: ann, 1: fay, 2: gus, 3: eve}, 4)
        assert (
            loopback.post(
                f"{base}/api/host", json={"host": created["host"], "command": "pause"}
            ).json()["status"]
            == "paused"
        )
        clients.append(spectator)
        for client in clients:
            client.drain(wait=0.2)
        downloads = {
            who: [
                loopback.get(f"{base}/api/history", params={"token": token}).text,
                *(
                    loopback.get(
                        f"{base}/api/history/{number}", params={"token": token, "format": kind}
                    ).text
                    for number in range(1, 5)
                    for kind in ("json", "phh")
                ),
            ]
            for who, token in tokens.items()
        }
        assert (
            loopback.get(f"{base}/api/history", params={"token": created["spectator"]}).status_code
            == 403
        )
        for client in clients:
            client.close()

    table = restore(store.journal(created["table"])).table
    hands = deals(table)
    assert len(hands) == 4
    people: dict[str, int | None] = {
        player.name: player.number
        for player in [*table.players, *table.departed]
        if player is not None
    }
    people.update(host=None, spectator=None)
    assert [set(players) for players in table.history_players] == [
        {people[name] for name in group}
        for group in (
            ("Ann", "Bob", "Cy"),
            ("Ann", "Bob", "Dee", "Eve"),
            ("Ann", "Fay", "Dee", "Eve"),
            ("Ann", "Fay", "Gus", "Eve"),
        )
    ]

    # Every frame every connection received, old occupants' included.
    forbidden_seen = 0
    frames = 0
    for client in clients:
        person = people[client.name]
        for frame, text in zip(client.frames, client.texts, strict=True):
            frames += 1
            view = frame["view"]
            if view is None:
                assert not cards_in(text), client.name
                continue
            played = frame["table"]["hands_played"]
            deal = hands[(played if view["phase"] == "complete" else played + 1) - 1]
            assert [seat["name"] for seat in view["seats"]] == list(deal.hand.names)
            allowed = deal.allowed(person, len(view["events"]))
            leaked = cards_in(text) - allowed
            assert not leaked, f"{client.name} was sent {sorted(leaked)} in hand {played}"
            forbidden_seen += bool(set(deal.owner) - allowed)
    assert frames > 150

    # Chat lines (and the latest lines a newcomer is sent) carry what was said and no card.
    lines = 0
    for client in clients:
        for frame in [*client.chats, *client.replies]:
            assert not cards_in(json.dumps(frame)), (client.name, frame)
            if frame["type"] == "chat":
                lines += 1
                assert set(frame) - {"text", "emote"} == {"type", "from", "seat", "at"}
    assert lines >= 3 * 5  # three lines, to everybody connected before hand 1
    late = [frame for frame in eve.chats if frame["type"] == "chat-log"]
    assert len(late[0]["lines"]) >= 2
    assert forbidden_seen > 100  # the frames did have cards to keep from their viewers

    # Every history list, step-through replay and PHH download, for every person and the host.
    for who, (listing, *files) in downloads.items():
        person = people[who]
        for deal, entry in zip(hands, json.loads(listing)["hands"], strict=True):
            assert not cards_in(json.dumps(entry)) - deal.allowed(person, math.inf), who
        for number, deal in enumerate(hands, start=1):
            replay, phh = files[2 * (number - 1)], files[2 * (number - 1) + 1]
            steps = json.loads(replay)["views"]
            assert len(steps) == len(deal.hand.actions) + 1
            for step in steps:
                leaked = cards_in(json.dumps(step)) - deal.allowed(person, len(step["events"]))
                assert not leaked, f"{who} replaying hand {number} saw {sorted(leaked)}"
            leaked = cards_in(phh) - deal.allowed(person, math.inf)
            assert not leaked, f"{who}'s PHH of hand {number} shows {sorted(leaked)}"
            if person in table.history_players[number - 1]:  # their own cards are there
                assert {card for card, owner in deal.owner.items() if owner == person} <= (
                    cards_in(phh)
                )
