"""``hilo settle`` run as a user runs it: quick form, JSON form, and bad input."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_hand_command import hilo_command

EXAMPLE = {
    "rules": "strict",
    "pot": 120,
    "board": "",
    "game": "stud",
    "players": [
        {"name": "A", "declare": "high", "cards": "Kc Qd Jh Ts 9c"},
        {"name": "B", "declare": "low", "cards": "8d 5c 3h 2s Ad"},
    ],
}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*hilo_command(), "settle", *args],
        capture_output=True,
        text=True,
        input=stdin,
        check=False,
    )


def test_quick_form_prints_the_ruling_and_a_table() -> None:
    result = run(
        "--rules", "strict", "--pot", "120", "A:high:Kc Qd Jh Ts 9c", "B:low:8d 5c 3h 2s Ad"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Rules: strict." in out
    assert "A has the winning high: Straight, king high (Kc Qd Jh Ts 9c)." in out
    assert "Awards: A 60 (high half), B 60 (low half)." in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [row.split("│")[1:4] for row in rows] == [
        [" A      ", " high     ", "   60 "],
        [" B      ", " low      ", "   60 "],
    ]


def test_quick_form_cards_speak_and_side_pots() -> None:
    result = run(
        "--pot", "90:A,B,C", "--pot", "60:B,C",
        "A:5s 4h 3s 2c As", "B:Tc Td Th 9s 8d", "C:7c 6d 5h 4s 3c",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Rules: cards-speak." in result.stdout
    assert "In all: A 45, C 105." in result.stdout


def test_quick_form_changes_a_rule_with_set() -> None:
    result = run(
        "--rules", "strict", "--set", "no_winner=split", "--pot", "122",
        "A:high:Kc Kd Jh Js 9c", "B:both:7c 6d 5h 4s 3c", "C:low:8h 6s 4c 3d 2h",
        "D:both:5s 4h 3s 2c As",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Rules: strict with no_winner=split." in result.stdout
    assert "A 31 (equal share, nobody won)" in result.stdout


def test_json_form_from_stdin_and_file(tmp_path: Path) -> None:
    from_stdin = run("--json", stdin=json.dumps(EXAMPLE))
    assert from_stdin.returncode == 0, from_stdin.stderr
    answer = json.loads(from_stdin.stdout)
    assert answer["awards"] == {"A": 60, "B": 60}
    assert answer["carried"] == 0
    assert answer["pots"][0]["awards"][0] == {
        "player": "A",
        "amount": 60,
        "side": "high",
        "reason": "high half",
    }
    assert answer["explanation"][0] == "Rules: strict."
    path = tmp_path / "showdown.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    from_file = run("--json", str(path))
    assert json.loads(from_file.stdout) == answer


def test_the_readme_json_example() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    example = readme.split("```json\n", 1)[1].split("```", 1)[0]
    answer = json.loads(run("--json", stdin=example).stdout)
    assert answer["awards"] == {"A": 90, "C": 30}
    assert answer["explanation"][-2] == "C takes the whole pot (both halves): 30."


def test_json_form_with_pots_and_rule_object() -> None:
    document = {
        "rules": {"preset": "strict", "no_winner": "cards-speak"},
        "pots": [
            {"amount": 90, "players": ["A", "B", "C", "D"]},
            {"amount": 30, "players": ["B", "C"]},
        ],
        "players": [
            {"name": "A", "declare": "high", "cards": "Kc Kd Jh Js 9c"},
            {"name": "B", "declare": "both", "cards": "7c 6d 5h 4s 3c"},
            {"name": "C", "declare": "low", "cards": "8h 6s 4c 3d 2h"},
            {"name": "D", "declare": "both", "cards": "5s 4h 3s 2c As"},
        ],
    }
    answer = json.loads(run("--json", stdin=json.dumps(document)).stdout)
    assert answer["awards"] == {"B": 75, "D": 45}
    assert answer["pots"][0]["fallback"] == "no_winner=cards-speak"


def bad(document: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**document, **changes}


PLAYER_A = {"name": "A", "declare": "high", "cards": "Kc Qd Jh Ts 9c"}
PLAYER_B = {"name": "B", "declare": "low", "cards": "8d 5c 3h 2s Ad"}


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (bad(EXAMPLE, rules="casino"), "rules: unknown house rules preset 'casino'"),
        (bad(EXAMPLE, rules={"preset": "strict", "tie": 1}), "rules: unknown house rule 'tie'"),
        (bad(EXAMPLE, colour="red"), "input: unknown field 'colour'"),
        (
            bad(EXAMPLE, players=[{**PLAYER_A, "cards": "Kc Qd Jh Ts 1x"}, PLAYER_B]),
            "players[0].cards: '1x' is not a card: rank must be one of 2-9, T/10, J, Q, K, A",
        ),
        (
            bad(EXAMPLE, players=[PLAYER_A, {**PLAYER_B, "cards": "8d 5c 3h 2s Kc"}]),
            "Kc is dealt twice",
        ),
        (
            bad(EXAMPLE, players=[PLAYER_A, {**PLAYER_B, "cards": "8d 5c 3h 2s 2s"}]),
            "players[1].cards: '2s' appears twice",
        ),
        (
            bad(EXAMPLE, players=[PLAYER_A, {**PLAYER_B, "cards": "8d 5c 3h"}]),
            "players[1].cards: B has 3 cards; stud needs 5 to 7",
        ),
        (
            bad(EXAMPLE, players=[PLAYER_A, {**PLAYER_B, "declare": "sideways"}]),
            "players[1].declare: 'sideways' is not a declaration: use high, low or both",
        ),
        (
            bad(
                EXAMPLE,
                game="omaha",
                players=[
                    {"name": "A", "cards": "As 2s Kd Kh"},
                    {"name": "B", "cards": "Qc Qd Jh Js"},
                ],
            ),
            "board: omaha needs the five board cards at a showdown, not 0",
        ),
        (bad(EXAMPLE, game="canasta"), "game: must be one of stud, draw, holdem, omaha"),
        (bad(EXAMPLE, pot=-5), "pot: must be a whole number of chips"),
        (bad(EXAMPLE, pots=[{"amount": 10, "players": ["A", "Z"]}]), "pots: give either"),
        (
            {k: v for k, v in EXAMPLE.items() if k != "pot"}
            | {"pots": [{"amount": 10, "players": ["A", "Z"]}]},
            "pots[0].players: 'Z' is not one of the players",
        ),
        ({k: v for k, v in EXAMPLE.items() if k != "pot"}, "pot: the pot is missing"),
        (bad(EXAMPLE, players=[PLAYER_A, {**PLAYER_B, "name": "A"}]), "two players are called"),
        (
            bad(EXAMPLE, players=[PLAYER_A, {"name": "B", "cards": "8d 5c 3h 2s Ad"}]),
            "B has no declaration",
        ),
    ],
)
def test_bad_json_exits_2_with_one_line(document: dict[str, Any], message: str) -> None:
    result = run("--json", stdin=json.dumps(document))
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert lines[0].startswith("hilo: error: ")


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["--json"], "{not json", "standard input is not valid JSON: Expecting property name"),
        (["--json", "/nonexistent/showdown.json"], None, "cannot read /nonexistent/showdown.json"),
        (["--json", "a.json", "b.json"], None, "--json reads one file"),
        (["--json", "--pot", "5"], "{}", "--json takes everything from the document"),
        (["--pot", "120", "A-high-Kc"], None, "'A-high-Kc' is not a player"),
        (["--pot", "lots", "A:high:Kc Qd Jh Ts 9c"], None, "--pot: 'lots' is not a whole number"),
        (["A:high:Kc Qd Jh Ts 9c"], None, "--pot is missing"),
        (["--pot", "10"], None, "name the players"),
        (["--pot", "10", "--set", "second_best", "A:-:Kc Qd Jh Ts 9c"], None, "--set takes KEY"),
        (
            ["--rules", "strict", "--pot", "10", "A:high:Kc Qd Jh Ts 9c", "B:low:8d 5c 3h 2s"],
            None,
            "players[1].cards: B has 4 cards; stud needs 5 to 7",
        ),
    ],
)
def test_bad_command_line_exits_2(args: list[str], stdin: str | None, message: str) -> None:
    result = run(*args, stdin=stdin)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_the_readme_quick_form_example() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    result = run(
        "--rules", "strict", "--pot", "120",
        "A:high:Kc Kd Jh Js 9c", "B:both:7c 6d 5h 4s 3c", "C:low:6h 4d 3h 2s Ad",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[: len(shown)] == shown


def test_extra_wild_cards_and_down_up_cards_from_the_command_line() -> None:
    result = run(
        "--game", "seven-card-stud-hilo", "--pot", "100", "--wild", "3,9",
        "A:Kc Kd 2h/Ks 9d 9c 4s", "B:Ad 2c 3d/4h 8s Jc Qh",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Wild: threes, nines." in result.stdout
    assert "A has the best high: Five of a kind, kings (Ks Kd Kc 9d=K 9c=K)." in result.stdout
    plain = run("--game", "seven-card-stud-hilo", "--pot", "100", "A:Kc Kd 2h/Ks 9d 9c 4s",
                "B:Ad 2c 3d/4h 8s Jc Qh")  # fmt: skip
    assert "A has the best high: Full house, kings full of nines" in plain.stdout


def test_extra_wild_cards_in_the_json_form() -> None:
    document = {
        "pot": 100,
        "game": "seven-card-stud-hilo",
        "wild": ["joker=wild"],
        "players": [
            {"name": "A", "down": "Kc Kd 2h", "up": "Ks 9d 9c Jk"},
            {"name": "B", "down": "Ad 2c 3d", "up": "4h 8s Jc Qh"},
        ],
    }
    result = run("--json", stdin=json.dumps(document))
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert "Wild: the joker." in answer["explanation"]
    assert (
        "A has the best high: Four of a kind, kings (Ks Kd Kc Jk=K 9d)." in (answer["explanation"])
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--wild", "3,Z"], "wild[1]: 'Z' is not a wild card"),
        (["--wild", " , "], "--wild takes wild cards such as 3,9"),
        (["--wild", "follow-the-queen"], "wild[0]: 'follow-the-queen' is a game's rule"),
        (["--json", "--wild", "3"], "--json takes everything from the document"),
        (["A:Kc Kd 2h/Ks/9d 9c 4s"], "has two slashes: write DOWN/UP"),
        (
            ["--set", "low_qualifier=7", "A:high:Kc Kd 2h/Ks 9d 9c 4s"],
            "rules: seven-card-stud-hilo (Seven-card stud high-low, eight or better) plays",
        ),
    ],
)
def test_bad_wild_cards_and_games_exit_2(args: list[str], message: str) -> None:
    result = run("--game", "seven-card-stud-hilo", "--pot", "100", *args, "B:Ad 2c 3d/4h 8s Jc Qh")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]


def test_the_readme_wild_card_example() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in readme.split("```text\n")[1:]]
    shown = next(block for block in blocks if "Wild: threes, nines." in block).splitlines()
    result = run(
        "--game", "seven-card-stud-hilo", "--pot", "100", "--wild", "3,9",
        "A:Kc Kd 2h/Ks 9d 9c 4s", "B:Ad 2c 3d/4h 8s Jc Qh",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[: len(shown)] == shown


BASEBALL = ("--game", "baseball-hilo-declare", "--pot", "100", "--set", "three_rule=match-to-wild")


def test_a_declined_baseball_three_from_the_command_line() -> None:
    hands = ("A:high:Kc Kd 2h/Ks 3h 9c 4s", "B:low:Ad 2c 3d/4h 8s Jc Qh")
    wild = run(*BASEBALL, *hands)
    assert "A declared high: Five of a kind, kings (Ks Kd Kc 3h=K 9c=K)." in wild.stdout
    result = run(*BASEBALL, "--plain", "3h", *hands)
    assert result.returncode == 0, result.stderr
    assert "Wild: threes (but not A's 3h: a three dealt up and not matched), nines." in (
        result.stdout
    )
    assert "A declared high: Four of a kind, kings (Ks Kd Kc 9c=K 4s)." in result.stdout
    document = run("--json", stdin=json.dumps({
        "pot": 100, "game": "baseball-hilo-declare",
        "rules": {"preset": "strict", "three_rule": "match-to-wild"},
        "players": [{"name": "A", "declare": "high", "down": "Kc Kd 2h", "up": "Ks 3h 9c 4s",
                     "plain": "3h"},
                    {"name": "B", "declare": "low", "down": "Ad 2c 3d", "up": "4h 8s Jc Qh"}],
    }))  # fmt: skip
    assert json.loads(document.stdout)["explanation"] == result.stdout.splitlines()[:8]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--plain", "3d"], "--plain: 3d is no player's face-up card; write that player's"),
        (["--plain", "3x"], "--plain: "),
        (["--plain", " , "], "--plain takes face-up cards left plain, such as 3h"),
        (["--plain", "Ks"], "players[0].plain: Ks is not wild here"),
        (["--json", "--plain", "3h"], "--json takes everything from the document"),
    ],
)
def test_bad_plain_cards_exit_2(args: list[str], message: str) -> None:
    result = run(*BASEBALL, *args, "A:high:Kc Kd 2h/Ks 3h 9c 4s", "B:low:Ad 2c 3d/4h 8s Jc Qh")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
