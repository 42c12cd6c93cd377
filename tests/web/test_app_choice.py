"""Dealer's choice over HTTP: a table created with house rules per game, and the dealer's
``choose`` command refused in a sentence for anybody else or any other game."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from hilo.engine.journal import restore
from hilo.rules import HouseRules
from hilo.web.store import Store
from tests.web import loopback

NIGHT = {
    "games": ["holdem-hilo", "five-card-stud-hilo", "seven-card-stud-hilo-declare"],
    "rules": "strict",
    "game_rules": {"five-card-stud-hilo": "cards-speak", "holdem-hilo": {"preset": "cards-speak"}},
    "mode": "dealer-names",
    "dealer_declares": True,
    "orbit": False,
    "seats": 4,
}


def seated(base: str, table: dict[str, Any] = NIGHT) -> tuple[dict[str, Any], dict[str, str]]:
    created = loopback.post(f"{base}/api/tables", json=table).json()
    tokens = {}
    for seat, name in enumerate(("Ann", "Bob")):
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 200},
        ).json()
        tokens[name] = joined["token"]
    return created, tokens


def choose(base: str, token: str, **choice: Any) -> httpx.Response:
    return loopback.post(f"{base}/api/seat", json={"token": token, "command": "choose", **choice})


def test_a_table_with_house_rules_per_game_journals_them(base: str, store: Store) -> None:
    created, _ = seated(base)
    config = restore(store.journal(created["table"])).table.config
    assert config.mode == "dealer-names"
    assert config.dealer_declares
    assert config.rules_for("five-card-stud-hilo") == HouseRules.preset("cards-speak")
    assert config.rules_for("seven-card-stud-hilo-declare") == HouseRules.preset("strict")
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
    assert lobby["next_game"] == "holdem-hilo"


def test_the_dealer_alone_names_a_game_of_the_list(base: str) -> None:
    _, tokens = seated(base)
    not_dealer = choose(base, tokens["Bob"], game="holdem-hilo")
    assert not_dealer.status_code == 400
    assert not_dealer.json() == {"error": "Ann deals next and names the game."}
    unknown = choose(base, tokens["Ann"], game="razz")
    assert unknown.status_code == 400
    assert unknown.json()["error"].startswith("'razz' is not one of this table's games")
    bad_method = choose(base, tokens["Ann"], game="razz", declare="loudly")
    assert bad_method.status_code == 400
    assert "declare" in bad_method.json()["error"]
    refused = choose(
        base, tokens["Ann"], game="seven-card-stud-hilo-declare", declare="cards-speak"
    )
    assert "cannot be played that way" in refused.json()["error"]
    named = choose(base, tokens["Ann"], game="seven-card-stud-hilo-declare", declare="in-turn")
    assert named.json() == {"ok": True}
    state = loopback.get(f"{base}/api/view", params={"token": tokens["Bob"]}).json()["table"]
    chosen = state["choice"]["chosen"]
    assert chosen["announcement"] == "Ann chose Seven-card stud high-low, declare — in turn"
    assert chosen["summary"].startswith("Seven-card stud high-low, declare: stud, seven cards")


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"mode": "sometimes"}, "mode"),
        ({"orbit": 1}, "orbit"),
        ({"game_rules": {"razz": "strict"}}, "house rules for 'razz' need it once"),
        ({"game_rules": {"seven-card-stud-hilo-declare": "cards-speak"}}, "is a declare game"),
        ({"mode": "rotate"}, "need mode 'dealer-names'"),
        ({"game_rules": ["strict"]}, "house rules by game"),
    ],
)
def test_a_bad_dealers_choice_table_is_refused_in_a_sentence(
    base: str, change: dict[str, Any], sentence: str
) -> None:
    answer = loopback.post(f"{base}/api/tables", json={**NIGHT, **change})
    assert answer.status_code == 400
    assert sentence in answer.json()["error"]
