"""The server with real clients (httpx, websockets) on loopback."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, get_args

import httpx

from hilo.cards import parse_cards
from hilo.engine.fairness import verify
from hilo.engine.journal import restore
from hilo.rules import RULE_HELP, VARIANTS
from hilo.rules.defaults import (
    ACTION_CLOCK,
    DEFAULT_GAME,
    TIME_BANK,
    default_buy_in,
    default_buy_in_range,
    default_stakes,
)
from hilo.rules.stakes import Structure
from hilo.web.runner import ServerSettings
from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client, Frame, play_until
from tests.web.server import running

TABLE = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 5,
    "provably_fair": True,
}
NAMES = ("Ann", "Bob", "Cy")


def set_up(base: str, table: dict[str, Any] = TABLE) -> tuple[dict[str, Any], dict[str, str]]:
    created = loopback.post(f"{base}/api/tables", json=table).json()
    seats = {}
    for seat, name in enumerate(NAMES):
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
        ).json()
        assert joined["link"] == f"/play/{joined['token']}"
        seats[name] = joined["token"]
    return created, seats


def host(base: str, created: dict[str, Any], command: str, **extra: Any) -> httpx.Response:
    return loopback.post(
        f"{base}/api/host", json={"host": created["host"], "command": command, **extra}
    )


def is_complete(frame: Frame) -> bool:
    return frame["view"] is not None and frame["view"]["phase"] == "complete"


def test_a_full_declare_hand_over_websockets(base: str) -> None:
    created, tokens = set_up(base)
    seats = {seat: Client(base, tokens[name], name) for seat, name in enumerate(NAMES)}
    spectator = Client(base, created["spectator"], "spectator")
    assert host(base, created, "start").json() == {"ok": True, "status": "playing"}
    play_until(seats, [], is_complete, spectator)
    final = spectator.latest["view"]
    fairness = spectator.latest["table"]["fairness"]
    assert verify(fairness["commitment"], parse_cards(fairness["deck"]), fairness["salt"])
    assert final["result"][0] == "Rules: strict."
    assert sum(seat["stack"] for seat in final["seats"]) == 300
    revealed = [event for event in final["events"] if event["kind"] == "revealed"]
    assert revealed, "the declarations were shown together"
    assert {way for _, way in revealed[0]["data"]["declarations"]} <= {"high", "low", "both"}
    ledger = spectator.wait(lambda frame: frame["table"]["hands_played"] == 1)["table"]["seats"]
    assert sum(seat["stack"] for seat in ledger if seat) == 300
    assert sum(seat["net"] for seat in ledger if seat) == 0
    for client in [*seats.values(), spectator]:
        seqs = [frame["seq"] for frame in client.frames]
        assert seqs == sorted(seqs)
        client.close()


def hidden_cards(store: Store, table_id: str) -> list[dict[int, set[str]]]:
    """For every hand of a table, each table seat's cards that were never shown to others."""
    table = restore(store.journal(table_id)).table
    secrets = []
    for hand, seats in zip(table.histories, table.history_seats, strict=True):
        public = hand.view_for(None)
        secrets.append(
            {
                seats[inside]: {
                    str(card) for card in hand.view_for(inside).seats[inside].down_cards
                }
                - {str(card) for card in public.seats[inside].down_cards}
                for inside in range(hand.seats)
            }
        )
    return secrets


def test_no_frame_of_a_multi_hand_session_leaks(store: Store) -> None:
    quick = ServerSettings(bot_delay=0.0, next_hand_delay=0.05)
    table = {**TABLE, "provably_fair": False}
    with running(store, quick) as base:
        created, tokens = set_up(base, table)
        seats = {seat: Client(base, tokens[name], name) for seat, name in enumerate(NAMES)}
        spectator = Client(base, created["spectator"], "spectator")
        watching_host = Client(base, created["host"], "host")
        host(base, created, "start")
        play_until(
            seats,
            [watching_host],
            lambda frame: frame["table"]["hands_played"] >= 4,
            spectator,
            limit=60,
        )
        assert host(base, created, "pause").json()["status"] == "paused"
        for client in [*seats.values(), spectator, watching_host]:
            client.drain(wait=0.2)
            client.close()
    secrets = hidden_cards(store, created["table"])
    assert len(secrets) >= 4
    viewers: dict[str, int | None] = {name: seat for seat, name in enumerate(NAMES)}
    viewers.update(spectator=None, host=None)
    checked = 0
    for client in [*seats.values(), spectator, watching_host]:
        me = viewers[client.name]
        for frame, text in zip(client.frames, client.texts, strict=True):
            view = frame["view"]
            if view is None:
                continue
            played = frame["table"]["hands_played"]
            number = played if view["phase"] == "complete" else played + 1
            if number > len(secrets):
                continue  # a hand dealt as the session was paused: not in the journal's past
            for seat, cards in secrets[number - 1].items():
                if seat != me:
                    leaked = [card for card in cards if f'"{card}"' in text or f"{card} " in text]
                    assert not leaked, f"{client.name} saw seat {seat}'s {leaked}"
            if not any(event["kind"] == "revealed" for event in view["events"]):
                for seat in view["seats"]:
                    if seat["seat"] != me:
                        assert seat["declaration"] is None
                for event in view["events"]:
                    if event["kind"] == "declared" and event.get("seat") != me:
                        assert "direction" not in event
            checked += 1
    assert checked > 100


def test_bad_messages_get_clear_errors_and_change_nothing(base: str) -> None:
    created, tokens = set_up(base)
    host(base, created, "start")
    ann = Client(base, tokens["Ann"], "Ann")
    first = ann.wait(lambda frame: frame["view"] is not None)
    for text, message in [
        ("{not json", "the message is not JSON"),
        ('{"type": "dance"}', "the type must be act, chat, resync or ping"),
        ('{"type": "act", "action": {"kind": "jump"}}', "bad act message: action.kind"),
        ("x" * 5000, "the message is too long: at most 4096 bytes"),
    ]:
        ann.connection.send(text)
        reply = ann.reply()
        assert reply["type"] == "error"
        assert message in reply["message"]
    ann.send({"type": "resync"})
    assert ann.wait(lambda frame: frame is not first)["view"] == first["view"]
    ann.send({"type": "ping"})
    assert ann.reply() == {"type": "pong"}
    ann.close()
    # A seat that is not to act is refused, and nothing changes.
    waiting = loopback.get(f"{base}/api/view", params={"token": tokens["Ann"]}).json()["view"]
    idle = next(name for seat, name in enumerate(NAMES) if seat not in waiting["to_act"])
    out_of_turn = Client(base, tokens[idle], idle)
    before = out_of_turn.wait(lambda frame: frame["view"] is not None)
    out_of_turn.send({"type": "act", "action": {"kind": "fold"}})
    reply = out_of_turn.reply()
    assert reply["type"] == "error"
    assert "It is not your turn" in reply["message"]
    out_of_turn.send({"type": "resync"})
    assert out_of_turn.wait(lambda frame: frame is not before)["view"] == before["view"]
    out_of_turn.close()
    # Forged tokens and spectators cannot act; bad requests get a sentence.
    forged = loopback.get(f"{base}/api/view", params={"token": "forged"})
    assert forged.status_code == 403
    assert forged.json() == {"error": "that link or token is not valid here"}
    spectator = Client(base, created["spectator"], "spectator")
    spectator.wait(lambda frame: True)
    spectator.send({"type": "act", "action": {"kind": "fold"}})
    assert spectator.reply() == {"type": "error", "message": "only a seated player can act"}
    spectator.close()
    bad = loopback.post(f"{base}/api/join", json={"invite": created["invite"], "name": "Ann",
                                               "seat": 3, "buy_in": 100})  # fmt: skip
    assert bad.status_code == 400
    assert "already at the table" in bad.json()["error"]
    for body, expected in [
        ({"invite": created["invite"], "name": "Dee", "seat": "x", "buy_in": 1}, "seat:"),
        ({"invite": created["invite"], "name": "Dee", "seat": 4}, "buy_in: Field required"),
        ({"invite": created["host"], "name": "Dee", "seat": 4, "buy_in": 1}, "a host link"),
    ]:
        answer = loopback.post(f"{base}/api/join", json=body)
        assert answer.status_code in (400, 403)
        assert expected in answer.json()["error"]
    assert "not JSON" in loopback.post(f"{base}/api/tables", content=b"{").json()["error"]
    unknown_game = loopback.post(f"{base}/api/tables", json={"games": ["canasta"]})
    assert "unknown game 'canasta'" in unknown_game.json()["error"]
    cards_speak_declare = loopback.post(f"{base}/api/tables", json={"rules": "cards-speak"})
    assert "is a declare game" in cards_speak_declare.json()["error"]
    overridden = loopback.post(
        f"{base}/api/tables",
        json={"games": ["omaha-hilo"], "rules": {"preset": "cards-speak", "low": "ace-to-six"}},
    )
    assert overridden.status_code == 400
    assert overridden.json()["error"] == (
        "omaha-hilo (Omaha high-low, eight or better) plays its own ace-to-five low with an 8 "
        "qualifier, so the house's low=ace-to-six cannot apply: choose ace-to-five, or a "
        "declare game for that low"
    )
    assert host(base, created, "fly").status_code == 400
    assert "commands are" in host(base, created, "fly").json()["error"]


HEADS_UP = {
    "games": ["holdem-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"small_blind": 1, "big_blind": 2, "small_bet": 2, "big_bet": 4},
    "seats": 2,
}


def waiting_for(seat: int) -> Callable[[Frame], bool]:
    return lambda frame: frame["view"] is not None and frame["view"]["to_act"] == [seat]


def test_a_double_click_that_closes_a_street_does_not_act_on_the_next(base: str) -> None:
    created = loopback.post(f"{base}/api/tables", json=HEADS_UP).json()
    clients = {}
    for seat, name in enumerate(NAMES[:2]):
        joined = loopback.post(
            f"{base}/api/join",
            json={"invite": created["invite"], "name": name, "seat": seat, "buy_in": 100},
        ).json()
        clients[seat] = Client(base, joined["token"], name)
    host(base, created, "start")
    first = clients[0].wait(lambda frame: frame["view"] is not None)
    button = first["view"]["to_act"][0]  # first before the flop heads-up, last after it
    blind = 1 - button
    mine = clients[button].wait(lambda frame: frame["decision"] is not None)
    clients[button].send({"type": "act", "action": {"kind": "call"}, "decision": mine["decision"]})
    asked = clients[blind].wait(waiting_for(blind))
    assert clients[button].wait(waiting_for(blind))["decision"] is None
    check = {"type": "act", "action": {"kind": "check"}, "decision": asked["decision"]}
    clients[blind].send(check)  # closes the first betting round...
    clients[blind].send(check)  # ...and the second click comes after it
    assert clients[blind].reply() == {
        "type": "notice",
        "message": "That action was for a decision already taken, so it was not used.",
    }
    flop = clients[blind].wait(lambda frame: frame["view"]["street"] == "flop")
    assert flop["view"]["to_act"] == [blind]  # first on the flop, still to act
    assert flop["decision"] > asked["decision"]
    clients[blind].send({"type": "resync"})
    again = clients[blind].wait(lambda frame: frame is not flop)
    assert again["view"]["events"] == flop["view"]["events"]  # nothing happened on the flop
    assert [event["kind"] for event in flop["view"]["events"]][-1] != "acted"
    # A client that leaves the number out answers the decision that is open.
    clients[blind].send({"type": "act", "action": {"kind": "check"}})
    clients[blind].wait(waiting_for(button))
    for client in clients.values():
        client.close()


def test_a_table_created_without_stakes_or_clock_gets_the_house_defaults(base: str) -> None:
    options = loopback.get(f"{base}/api/options").json()
    assert options["clock"] == {"action": ACTION_CLOCK, "bank": TIME_BANK}
    created = loopback.post(f"{base}/api/tables", json={"games": ["holdem"]}).json()
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
    assert lobby["stakes"] == default_stakes("holdem").to_dict()
    assert lobby["buy_in"]["default"] == default_buy_in(default_stakes("holdem"))


def test_the_create_form_starts_from_the_house_defaults(base: str) -> None:
    defaults = loopback.get(f"{base}/api/options").json()["defaults"]
    assert defaults["game"] == DEFAULT_GAME
    stud, other = "seven-card-stud-hilo-declare", "holdem"
    for kind, games in {"stud": (stud,), "blinds": (other,), "both": (stud, other)}.items():
        for structure in get_args(Structure):
            stakes = default_stakes(*games, structure=structure)
            assert defaults["stakes"][kind][structure] == stakes.to_dict()
            low, high = default_buy_in_range(stakes)
            assert defaults["buy_in"][kind][structure] == {"min": low, "max": high}
    assert defaults["buy_in"]["stud"]["fixed-limit"] == {"min": 400, "max": 2000}
    assert defaults["stakes"]["both"]["no-limit"]["bring_in"] == 3
    antes = default_stakes("anaconda-hilo-declare").to_dict()
    assert defaults["stakes"]["antes"]["fixed-limit"] == antes


def test_options_lobby_and_history(base: str) -> None:
    options = loopback.get(f"{base}/api/options").json()
    assert [game["name"] for game in options["games"]] == list(VARIANTS)
    assert {"strict", "liberal", "outright", "cards-speak"} <= set(options["presets"])
    switches = {switch["name"]: switch for switch in options["switches"]}
    assert switches["swing_ties"]["choices"] == ["lose", "share", "keep-won-side"]
    assert switches["no_spade"]["default"] == "high-takes-all"
    assert switches["bust_over_27"] == {
        "name": "bust_over_27", "help": RULE_HELP["bust_over_27"], "default": True,
        "kind": "bool", "choices": [False, True],
        "words": {
            "false": "Seven-twenty-seven: a total over 27 may still win the 27 half when it is "
            "the nearest.",
            "true": "Seven-twenty-seven: a total over 27 cannot win the 27 half.",
        },
    }  # fmt: skip
    assert all(switch["help"] for switch in switches.values())
    created, tokens = set_up(base)
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
    assert [seat["name"] for seat in lobby["seats"]] == [*NAMES, None, None]
    assert lobby["rules_name"] == "strict"
    assert "links" not in lobby
    links = loopback.get(f"{base}/api/lobby", params={"token": created["host"]}).json()["links"]
    assert links == {
        "invite": created["links"]["invite"],
        "spectator": created["links"]["spectator"],
    }
    assert loopback.get(f"{base}/api/history", params={"token": tokens["Ann"]}).json() == {
        "hands": []
    }
    seats = {seat: Client(base, tokens[name], name) for seat, name in enumerate(NAMES)}
    spectator = Client(base, created["spectator"], "spectator")
    host(base, created, "start")
    play_until(seats, [], is_complete, spectator)
    listing = loopback.get(f"{base}/api/history", params={"token": tokens["Bob"]}).json()["hands"]
    assert [hand["number"] for hand in listing] == [1]
    assert listing[0]["result"]
    assert listing[0]["phh"] is True
    one = loopback.get(f"{base}/api/history/1", params={"token": tokens["Bob"]})
    assert "attachment" in one.headers["content-disposition"]
    replay = one.json()
    assert replay["views"][0]["phase"] != "complete"
    assert replay["views"][-1]["phase"] == "complete"
    bob = replay["views"][0]["seats"][1]
    assert len(bob["down"]) == 2  # Bob sees his own two down cards, nobody else's
    assert [len(seat["down"]) for seat in replay["views"][0]["seats"]] == [0, 2, 0]
    phh = loopback.get(f"{base}/api/history/1", params={"token": tokens["Bob"], "format": "phh"})
    assert phh.status_code == 200, phh.text
    assert "variant = " in phh.text
    assert "????" in phh.text or "sm" in phh.text
    assert loopback.get(f"{base}/api/history/7", params={"token": tokens["Bob"]}).status_code == 404
    spectator_history = loopback.get(f"{base}/api/history", params={"token": created["spectator"]})
    assert spectator_history.status_code == 403
    for client in [*seats.values(), spectator]:
        client.close()


def test_host_controls_and_bots(base: str) -> None:
    created, tokens = set_up(base)
    assert host(base, created, "add-bot", seat=3, bot="calling").json()["ok"]
    assert "seat 4 is taken" in host(base, created, "add-bot", seat=3).json()["error"].lower()
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["invite"]}).json()
    assert lobby["seats"][3] == {"seat": 3, "name": "Calling bot 1", "bot": "calling"}
    spectator = Client(base, created["spectator"], "spectator")
    host(base, created, "start")
    ann = Client(base, tokens["Ann"], "Ann")
    # Everybody but the bot takes a while; the host takes Cy away mid-hand.
    spectator.wait(lambda frame: frame["view"] is not None)
    assert host(base, created, "remove", seat=2).json()["ok"]
    frame = spectator.wait(lambda frame: frame["table"]["seats"][2]["leaving"])
    assert frame["table"]["seats"][2]["sitting_out"]
    seats = {0: ann, 1: Client(base, tokens["Bob"], "Bob")}
    play_until(seats, [], is_complete, spectator)
    after = spectator.wait(lambda frame: frame["table"]["hands_played"] == 1)
    assert after["table"]["seats"][2] is None  # Cy left with the chips Cy had
    assert host(base, created, "pause").json()["status"] == "paused"
    assert host(base, created, "end").json()["status"] == "ended"
    refused = loopback.post(
        f"{base}/api/join",
        json={"invite": created["invite"], "name": "Late", "seat": 4, "buy_in": 100},
    )
    assert "ended" in refused.json()["error"]
    seat_command = loopback.post(
        f"{base}/api/seat", json={"token": tokens["Ann"], "command": "nap"}
    )
    assert "commands are" in seat_command.json()["error"]
    for client in [ann, seats[1], spectator]:
        client.close()


def test_a_player_who_runs_out_of_time_is_folded(store: Store) -> None:
    with running(store) as base:
        table = {**TABLE, "clock": {"action": 1, "bank": 0.5}}
        created, _ = set_up(base, table)
        spectator = Client(base, created["spectator"], "spectator")
        host(base, created, "start")
        first = spectator.wait(lambda frame: frame["view"] is not None)
        waiting = first["table"]["clock"]["waiting"]
        assert set(waiting) == {str(seat) for seat in first["view"]["to_act"]}
        assert 0 < max(waiting.values()) <= 1.5
        # Nobody acts: the clock brings it in (or folds) for each player in turn.
        timed_out = spectator.wait(
            lambda frame: frame["view"]["to_act"] != first["view"]["to_act"], timeout=6
        )
        banks = timed_out["table"]["clock"]["banks"]
        assert min(banks.values()) == 0.0  # the player who ran out used up the bank
        spectator.close()
    assert any(
        entry.get("op") == "act" and entry["action"]["kind"] == "timeout"
        for entry in store.journal(created["table"])
    )


def test_the_view_message_in_full(base: str) -> None:
    _, tokens = set_up(base)
    message = loopback.get(f"{base}/api/view", params={"token": tokens["Cy"]}).json()
    assert message["role"] == "seat"
    assert message["you"] == 2
    assert message["view"] is None
    assert message["decision"] is None  # nothing is asked of anybody before the deal
    summary = message["table"]
    assert summary["status"] == "waiting"
    assert [seat["name"] if seat else None for seat in summary["seats"]] == [*NAMES, None, None]
    assert summary["clock"]["action"] == 30
    assert json.loads(json.dumps(message)) == message  # plain data all the way down


def dee_is_seated(frame: Frame) -> bool:
    return frame["table"]["seats"][2] is not None and frame["table"]["seats"][2]["name"] == "Dee"


def test_a_new_player_in_a_seat_sees_nothing_of_the_last_one(base: str) -> None:
    created, tokens = set_up(base)
    seats = {seat: Client(base, tokens[name], name) for seat, name in enumerate(NAMES)}
    spectator = Client(base, created["spectator"], "spectator")
    host(base, created, "start")
    play_until(seats, [], is_complete, spectator)
    host(base, created, "pause")
    cy = seats[2]
    answer = loopback.post(f"{base}/api/seat", json={"token": tokens["Cy"], "command": "leave"})
    assert answer.json() == {"ok": True}
    joined = loopback.post(
        f"{base}/api/join",
        json={"invite": created["invite"], "name": "Dee", "seat": 2, "buy_in": 100},
    ).json()
    public = spectator.wait(dee_is_seated)["view"]
    # Cy's connection stays open and now gets what a spectator gets.
    gone = cy.wait(dee_is_seated)
    assert gone["you"] is None
    assert gone["view"] == public
    stale = loopback.get(f"{base}/api/view", params={"token": tokens["Cy"]}).json()
    assert stale["you"] is None
    assert stale["view"] == public
    fresh = loopback.get(f"{base}/api/view", params={"token": joined["token"]}).json()
    assert fresh["you"] == 2
    assert fresh["table"]["seats"][2]["name"] == "Dee"
    assert fresh["view"] == public  # Dee sees Cy's hand only as a spectator does
    # Cy's link no longer acts or commands a seat.
    cy.send({"type": "act", "action": {"kind": "fold"}})
    assert cy.reply() == {"type": "error", "message": "you no longer sit at this table"}
    leave = loopback.post(f"{base}/api/seat", json={"token": tokens["Cy"], "command": "sit-out"})
    assert leave.status_code == 403
    assert leave.json() == {"error": "you no longer sit at this table"}
    # Cy keeps Cy's own history; Dee's shows the hand as the host sees it.
    mine = loopback.get(f"{base}/api/history", params={"token": tokens["Cy"]}).json()["hands"]
    theirs = loopback.get(f"{base}/api/history", params={"token": joined["token"]}).json()["hands"]
    assert [hand["you"] for hand in mine] == [2]
    assert [hand["you"] for hand in theirs] == [None]
    links = {"Cy": tokens["Cy"], "Dee": joined["token"], "host": created["host"]}
    replays = {
        who: loopback.get(f"{base}/api/history/1", params={"token": token}).json()
        for who, token in links.items()
    }
    assert replays["Cy"]["you"] == 2
    assert len(replays["Cy"]["views"][0]["seats"][2]["down"]) == 2
    assert replays["Dee"]["you"] is None
    assert replays["Dee"]["views"] == replays["host"]["views"]
    assert replays["Dee"]["views"][0]["seats"][2]["down"] == []
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["spectator"]}).json()
    assert [seat["name"] for seat in lobby["seats"]][:3] == ["Ann", "Bob", "Dee"]
    # A new link for the seat locks out Dee's old one, never Cy's, which is Cy's own.
    renewed = host(base, created, "new-link", seat=2).json()
    assert loopback.get(f"{base}/api/view", params={"token": joined["token"]}).status_code == 403
    assert loopback.get(f"{base}/api/view", params={"token": renewed["token"]}).json()["you"] == 2
    assert loopback.get(f"{base}/api/view", params={"token": tokens["Cy"]}).json()["you"] is None
    for client in [*seats.values(), spectator]:
        client.close()


def test_a_seat_token_that_names_nobody_opens_nothing(store: Store, base: str) -> None:
    created, _ = set_up(base)
    nameless = store.add_token(created["table"], "seat", 0)  # hilo always names the player
    answer = loopback.get(f"{base}/api/view", params={"token": nameless})
    assert answer.status_code == 403
    assert answer.json() == {"error": "that seat link does not say whose it is"}


def test_reconnecting_comes_back_to_the_seat_with_nothing_lost(base: str) -> None:
    created, tokens = set_up(base)
    spectator = Client(base, created["spectator"], "spectator")
    host(base, created, "start")
    first = spectator.wait(lambda frame: frame["view"] is not None)
    seat = first["view"]["to_act"][0]
    name = NAMES[seat]
    player = Client(base, tokens[name], name)
    mine = player.wait(lambda frame: frame["view"] is not None)["view"]
    player.send({"type": "act", "action": {"kind": "bring-in"}})
    player.close()  # the network drops just after the action was sent
    spectator.wait(lambda frame: frame["view"]["to_act"] != [seat])
    again = Client(base, tokens[name], name)
    back = again.wait(lambda frame: frame["view"] is not None)
    assert back["you"] == seat
    assert back["view"]["seats"][seat]["down"] == mine["seats"][seat]["down"]
    acted = [event for event in back["view"]["events"] if event["kind"] == "acted"]
    assert acted[0]["seat"] == seat
    assert acted[0]["action"] == "bring-in"
    assert back["table"]["seats"][seat]["connected"]
    again.close()
    spectator.close()


def test_starting_without_enough_players_changes_nothing(base: str) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    loopback.post(
        f"{base}/api/join",
        json={"invite": created["invite"], "name": "Ann", "seat": 0, "buy_in": 100},
    )
    refused = host(base, created, "start")
    assert refused.status_code == 400
    assert "Two players with chips, one of them a person" in refused.json()["error"]
    lobby = loopback.get(f"{base}/api/lobby", params={"token": created["host"]}).json()
    assert lobby["status"] == "waiting"
    host(base, created, "add-bot", seat=1, bot="calling")
    assert host(base, created, "start").json() == {"ok": True, "status": "playing"}
