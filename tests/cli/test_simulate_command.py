"""``hilo simulate`` run as a user runs it: the table, the JSON document, bad options."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.cli.test_hand_command import hilo_command


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*hilo_command(), "simulate", *args], capture_output=True, text=True, check=False
    )


def test_prints_a_table_of_the_bots() -> None:
    result = run(
        "--bots", "solid,random,calling", "--hands", "40", "--seed", "3", "--samples", "20"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Seven-card stud high-low, declare: 40 hands, seed 3, rules strict" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["solid", "random", "calling"]
    assert all(row.split("│")[2].strip() == "40" for row in rows)
    assert all(row.split("│")[5].strip().startswith("±") for row in rows)
    assert "Chips were conserved in every hand." in out
    assert result.stderr == ""  # no progress bar when the output is not a terminal


def test_json_document() -> None:
    result = run(
        "--game", "holdem-hilo", "--rules", "cards-speak", "--bots", "calling,random,calling",
        "--hands", "30", "--seed", "5", "--json", "--stakes", "structure=no-limit",
        "--stack", "300",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["game"] == "holdem-hilo"
    assert document["title"].startswith("Texas hold'em")
    assert document["rules"] == "cards-speak"
    assert document["stakes"]["structure"] == "no-limit"
    assert document["hands"] == 30
    assert document["seed"] == 5
    assert document["stack"] == 300
    assert document["chips_conserved"] is True
    names = [bot["name"] for bot in document["bots"]]
    assert names == ["calling", "random", "calling 2"]
    for bot in document["bots"]:
        assert set(bot) == {
            "name", "kind", "hands", "net", "per_hand", "ci95", "rebuys", "bought_in",
            "decisions", "ms_per_decision",
        }  # fmt: skip
        low, high = bot["ci95"]
        assert low <= bot["per_hand"] <= high
        assert bot["bought_in"] == 300 * (1 + bot["rebuys"])
    assert sum(bot["net"] for bot in document["bots"]) + document["carried"] == 0


def test_the_same_seed_prints_the_same_figures() -> None:
    first = json.loads(run("--hands", "25", "--samples", "10", "--json").stdout)
    again = json.loads(run("--hands", "25", "--samples", "10", "--json").stdout)
    assert [bot["net"] for bot in first["bots"]] == [bot["net"] for bot in again["bots"]]


def test_house_rule_changes() -> None:
    result = run(
        "--bots", "calling,random", "--hands", "10", "--json",
        "--set", "declare=in-turn", "--set", "bet_after_declare=true",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (
        json.loads(result.stdout)["rules"] == "strict with declare=in-turn, bet_after_declare=true"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "solid,shark"), "unknown bot 'shark': the bots are random, calling, solid"),
        (("--bots", "solid"), "--bots names at least 2 bots"),
        (("--game", "canasta"), "unknown game 'canasta': the games are five-card-draw, "),
        (("--hands", "ten"), "--hands takes a whole number of at least 1, not 'ten'"),
        (("--hands", "0"), "--hands takes a whole number of at least 1, not '0'"),
        (("--seed", "-3"), "--seed takes a whole number of at least 0, not '-3'"),
        (("--samples", "0"), "--samples takes a whole number of at least 1"),
        (("--stack", "lots"), "--stack takes a whole number of at least 1, not 'lots'"),
        (("--rules", "loose"), "unknown house rules preset 'loose'"),
        (("--set", "no_winner"), "--set takes KEY=VALUE"),
        (("--set", "no_winner=maybe"), "no_winner must be one of"),
        (("--stakes", "tip=5"), "unknown stakes field 'tip'"),
        (("--stakes", "small_bet=0"), "fixed-limit needs small_bet above 0"),
        (("--bots", ",".join(["calling"] * 8)), "seats at most 7 players; --bots names 8"),
        (
            ("--game", "seven-card-stud-hilo-declare", "--rules", "cards-speak"),
            "is a declare game, but the house rules are cards speak",
        ),
    ],
)
def test_bad_options_are_one_clear_line(args: tuple[str, ...], message: str) -> None:
    result = run(*args, "--hands" if "--hands" not in args else "--seed", "3")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("hilo: error: ")
    assert message in lines[0]


def test_help_names_the_options() -> None:
    result = run("--help")
    assert result.returncode == 0
    for option in ("--game", "--rules", "--bots", "--hands", "--seed", "--json", "--stakes"):
        assert option in result.stdout
