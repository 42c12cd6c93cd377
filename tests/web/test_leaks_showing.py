"""A winner nobody called who shows, then mucks: nobody is sent the mucked cards, ever.

Heads-up hold'em: Bob folds to Ann's raise and she shows; next hand Bob folds at once and she
mucks. Every frame Ann, Bob, a spectator and the host received is scanned, with Bob's history
downloads, against what the journal says each of them may see (`tests.web.test_leaks`).
"""

from __future__ import annotations

import math
from typing import Any

from hilo.engine.events import Mucked, Shown
from hilo.engine.journal import restore
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, Frame
from tests.web.server import running
from tests.web.test_leaks import cards_in, deals

TABLE = {
    "games": ["holdem"],
    "rules": {"preset": "cards-speak"},
    "stakes": {"small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4},
    "seats": 2,
}


def asked(kind: str, played: int) -> Any:
    """A frame condition: the view offers ``kind`` once ``played`` hands are over."""

    def condition(frame: Frame) -> bool:
        view = frame["view"]
        if view is None or frame["table"]["hands_played"] != played:
            return False
        return kind in {option["kind"] for option in view["legal"]}

    return condition


def test_a_mucked_hand_reaches_nobody_and_a_shown_one_everybody(store: Store) -> None:
    with running(store) as base:
        created = loopback.post(f"{base}/api/tables", json=TABLE).json()
        tokens: dict[str, str] = {}
        for seat, name in enumerate(("Ann", "Bob")):
            joined = loopback.post(
                f"{base}/api/join",
                json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
            ).json()
            tokens[name] = joined["token"]
        ann, bob = Client(base, tokens["Ann"], "Ann"), Client(base, tokens["Bob"], "Bob")
        spectator = Client(base, created["spectator"], "spectator")
        host = Client(base, created["host"], "host")
        clients = [ann, bob, spectator, host]

        def deal() -> None:
            assert (
                loopback.post(f"{base}/api/deal", json={"host": created["host"]}).status_code == 200
            )

        deal()
        ann.wait(asked("raise", 0))
        ann.send({"type": "act", "action": {"kind": "raise", "amount": 4}})
        bob.wait(asked("fold", 0))
        bob.send({"type": "act", "action": {"kind": "fold"}})
        ann.wait(asked("show", 1))
        ann.send({"type": "act", "action": {"kind": "show"}})
        spectator.wait(lambda frame: (frame["table"]["showing"] or {}).get("state") == "shown")
        deal()
        bob.wait(asked("fold", 1))
        bob.send({"type": "act", "action": {"kind": "fold"}})
        ann.wait(asked("muck", 2))
        ann.send({"type": "act", "action": {"kind": "muck"}})
        spectator.wait(lambda frame: (frame["table"]["showing"] or {}).get("state") == "mucked")
        bob_downloads = [
            loopback.get(
                f"{base}/api/history/{number}", params={"token": tokens["Bob"], "format": kind}
            ).text
            for number in (1, 2)
            for kind in ("json", "phh")
        ]
        for client in clients:
            client.drain(wait=0.2)
            client.close()

    table = restore(store.journal(created["table"])).table
    shown, mucked = deals(table)
    assert isinstance(shown.hand.events[-1], Shown)
    assert isinstance(mucked.hand.events[-1], Mucked)
    people = {"Ann": 1, "Bob": 2, "spectator": None, "host": None}
    ann_mucked = {card for card, owner in mucked.owner.items() if owner == 1}
    ann_shown = {card for card, owner in shown.owner.items() if owner == 1}
    assert len(ann_mucked) == len(ann_shown) == 2
    saw_shown = 0
    for client in clients:
        person = people[client.name]
        for frame, text in zip(client.frames, client.texts, strict=True):
            view = frame["view"]
            if view is None:
                continue
            played = frame["table"]["hands_played"]
            deal_now = (shown, mucked)[(played if view["phase"] == "complete" else played + 1) - 1]
            leaked = cards_in(text) - deal_now.allowed(person, len(view["events"]))
            assert not leaked, f"{client.name} was sent {sorted(leaked)} in hand {played}"
            if person != 1 and deal_now is mucked:
                assert not ann_mucked & cards_in(text), client.name
            elif person != 1:
                saw_shown += ann_shown <= cards_in(text)
    assert saw_shown >= 3  # Bob, the spectator and the host were each sent the shown cards
    for number, (replay, phh) in enumerate(
        zip(bob_downloads[::2], bob_downloads[1::2], strict=True)
    ):
        hand = (shown, mucked)[number]
        assert not cards_in(replay) - hand.allowed(2, math.inf)
        assert not cards_in(phh) - hand.allowed(2, math.inf)
    assert ann_shown <= cards_in(bob_downloads[1])  # the PHH of hand 1 shows Ann's cards
    assert not ann_mucked & cards_in(bob_downloads[2] + bob_downloads[3])
