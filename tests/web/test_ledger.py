"""The host's stack adjustments and add-ons, the ledger in the view message, its CSV, and
all of it after a restart."""

from __future__ import annotations

import csv
import io

from hilo.web.store import Store
from tests.web import loopback
from tests.web.clients import Client
from tests.web.server import running
from tests.web.test_app import host, set_up


def test_the_host_adjusts_a_stack_and_gives_an_add_on_and_the_ledger_settles_up(
    base: str,
) -> None:
    created, tokens = set_up(base)
    assert host(base, created, "adjust", seat=0, chips=-40, reason="Paid Bob's side bet").json()[
        "ok"
    ]
    assert host(base, created, "adjust", seat=1, chips=40, reason="Paid Bob's side bet").json()[
        "ok"
    ]
    assert host(base, created, "add-on", seat=2, chips=50).json()["ok"]
    ledger = loopback.get(f"{base}/api/ledger", params={"token": tokens["Cy"]}).json()
    assert [row["net"] for row in ledger["rows"]] == [-40, 40, 0]
    assert ledger["settle_up"] == ["Ann pays Bob 40"]
    assert (
        ledger["entries"][3]["text"] == "The host adjusts Ann's stack by -40: Paid Bob's side bet"
    )
    assert ledger["entries"][5] == {
        "kind": "add-on",
        "player": "Cy",
        "chips": 50,
        "reason": "",
        "after_hand": 0,
        "text": "Cy takes an add-on of 50",
    }
    spectator = Client(base, created["spectator"], "spectator")
    frame = spectator.wait(lambda frame: frame["table"]["ledger"]["settle_up"] != [])
    assert frame["table"]["ledger"] == ledger
    assert frame["table"]["seats"][2]["stack"] == 150
    spectator.close()
    answer = loopback.get(f"{base}/api/ledger", params={"token": created["host"], "format": "csv"})
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.headers["content-disposition"].endswith(f'hilo-{created["table"]}-ledger.csv"')
    assert list(csv.reader(io.StringIO(answer.text))) == [
        ["player", "buy_ins", "rebuys", "add_ons", "adjustments", "cash_out", "net"],
        ["Ann", "100", "0", "0", "-40", "60", "-40"],
        ["Bob", "100", "0", "0", "40", "140", "40"],
        ["Cy", "100", "0", "50", "0", "150", "0"],
    ]


def test_bad_adjustments_and_ledger_requests_are_refused_with_sentences(
    base: str,
) -> None:
    created, tokens = set_up(base)
    refusals = {
        "adjust without a reason": host(base, created, "adjust", seat=0, chips=5),
        "a reason of spaces": host(base, created, "adjust", seat=0, chips=5, reason="  "),
        "a stack below zero": host(base, created, "adjust", seat=0, chips=-101, reason="oops"),
        "chips as text": host(base, created, "adjust", seat=0, chips="5", reason="oops"),
        "an add-on of nothing": host(base, created, "add-on", seat=0, chips=0),
        "a negative add-on": host(base, created, "add-on", seat=0, chips=-5),
        "an add-on without a seat": host(base, created, "add-on", chips=5),
    }
    sentences = {what: answer.json()["error"] for what, answer in refusals.items()}
    assert {answer.status_code for answer in refusals.values()} == {400}
    assert sentences["adjust without a reason"] == "Say by how many chips (up or down), and why."
    assert sentences["a reason of spaces"].startswith("Say why the stack is adjusted")
    assert sentences["a stack below zero"] == "Ann has 100 chips: a stack cannot go below zero."
    assert sentences["chips as text"].startswith("chips: ")
    assert sentences["an add-on of nothing"].startswith("Say how many chips the add-on is")
    assert sentences["a negative add-on"].startswith("Say how many chips the add-on is")
    assert sentences["an add-on without a seat"] == "Say which seat for add-on."
    spectator = loopback.get(f"{base}/api/ledger", params={"token": created["spectator"]})
    assert spectator.status_code == 403
    by_seat = loopback.post(
        f"{base}/api/seat", json={"token": tokens["Ann"], "command": "adjust", "chips": 5}
    )
    assert by_seat.status_code == 400  # a player cannot adjust a stack
    wrong = loopback.get(f"{base}/api/ledger", params={"token": created["host"], "format": "xls"})
    assert wrong.json() == {"error": "format must be json or csv"}
    ledger = loopback.get(f"{base}/api/ledger", params={"token": created["host"]}).json()
    assert len(ledger["entries"]) == 3  # nothing refused was recorded


def test_adjustments_mid_hand_are_refused_and_everything_comes_back_after_a_restart(
    store: Store,
) -> None:
    with running(store) as base:
        created, _ = set_up(base)
        host(base, created, "start")
        spectator = Client(base, created["spectator"], "spectator")
        spectator.wait(lambda frame: frame["view"] is not None)
        mid_hand = host(base, created, "adjust", seat=0, chips=10, reason="late chips")
        assert mid_hand.json()["error"] == (
            "Ann is in the hand in play: adjust the stack between hands."
        )
        spectator.close()
        host(base, created, "add-bot", seat=4, bot="calling")
        assert host(base, created, "add-on", seat=4, chips=30).json()["ok"]
        assert host(base, created, "adjust", seat=4, chips=-5, reason="fat fingers").json()["ok"]
        before = loopback.get(f"{base}/api/ledger", params={"token": created["host"]}).json()
    with running(store) as base:
        after = loopback.get(f"{base}/api/ledger", params={"token": created["host"]}).json()
    assert after == before
    assert [entry["kind"] for entry in after["entries"]][-2:] == ["add-on", "adjustment"]
