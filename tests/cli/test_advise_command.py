"""``hilo advise`` and ``hilo equity`` run as a user runs them: tables, JSON, bad input."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.cli.test_hand_command import hilo_command

WHEEL = ["--cards", "As 2d 3c 4h 5s Kd Qc", "--up", "Kh 9s 9d 2c"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*hilo_command(), *args], capture_output=True, text=True, check=False)


def test_advise_prints_the_three_ways_and_marks_the_best() -> None:
    result = run(
        "advise", "--game", "seven-card-stud-hilo-declare", "--rules", "strict", *WHEEL,
        "--opponents", "1", "--samples", "100000", "--seed", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Seven-card stud high-low, declare, strict rules: what to declare" in out
    header = next(line for line in out.splitlines() if "Declare" in line)
    assert "both ◀ best" in header
    assert header.index("high") < header.index("low") < header.index("both")
    ev = next(line for line in out.splitlines() if "EV (share of pot)" in line)
    values = [float(cell) for cell in ev.split("│")[2:5]]
    assert values[2] == max(values)
    assert "Swing fails" in out
    assert "Best: declare both ways" in out
    assert "Every deal walked (10,660): exact figures." in out
    assert result.stderr == ""  # no progress bar when standard error is not a terminal


def test_advise_json_for_programs() -> None:
    result = run(
        "advise", "--cards", "As 2d 3c 4h 6s Jd Qc", "--opponents", "3", "--samples", "20000",
        "--seed", "4", "--json", "--set", "no_winner=split",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["game"] == "seven-card-stud-hilo-declare"
    assert document["rules"] == "strict with no_winner=split"
    assert document["opponents"] == 3
    assert document["best"] == "low"
    assert document["samples"] == 20000
    assert document["seed"] == 4
    assert document["exact"] is False
    assert [option["direction"] for option in document["options"]] == ["high", "low", "both"]
    low = document["options"][1]
    assert set(low) == {
        "direction", "share", "high_won", "high_tied", "low_won", "low_tied", "swing_failed",
        "rides",
    }  # fmt: skip
    assert 0 < low["share"]["error"] < 0.01
    assert sum(document["opponents_declared"].values()) == pytest.approx(1.0)
    assert document["equity"]["samples"] == 20000


def test_equity_for_omaha_with_a_range_and_a_progress_bar() -> None:
    result = run(
        "equity", "--game", "omaha-hilo", "--cards", "Ah 2h 3d Kc", "--board", "4c 8s Kd",
        "--range", "Qs Qd Js Td, 5c 6c 7d 7h", "--json", "--progress",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Simulating" in result.stderr  # the bar, asked for though not on a terminal
    document = json.loads(result.stdout)
    assert document["exact"] is True
    assert document["low"] == "ace-to-five, 8 or better"
    assert document["ranges"] == ["Qs Qd Js Td, 5c 6c 7d 7h"]
    share = document["share"]
    assert share["error"] == 0
    assert 0.5 < share["value"] < 1


def test_equity_table() -> None:
    result = run(
        "equity", "--cards", "As 2d 3c", "--up", "Kh", "--up", "Qd", "--samples", "20000",
        "--seed", "2", "--workers", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Seven-card stud high-low, eight or better: equity, cards speak" in out
    assert "2 opponents" in out
    assert "Share of the pot" in out
    assert "20,000 random deals, seed 2" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["advise", "--cards", "As 2x"], "'2x' is not a card"),
        (["advise", "--game", "canasta", "--cards", "As"], "unknown game 'canasta'"),
        (["advise", "--cards", "As 2d", "--opponents", "0"], "--opponents takes a whole number"),
        (["advise", "--game", "omaha-hilo", "--cards", "Ah 2h 3d Kc"],
         "not played with declarations"),
        (["advise", "--cards", "As 2d", "--rules", "lenient"], "unknown house rules preset"),
        (["equity", "--game", "holdem-hilo", "--cards", "As Kd", "--up", "Qs"], "show no cards"),
        (["equity", "--cards", "As 2d", "--up", "As"], "As is given twice"),
        (["equity", "--cards", ""], "--cards is missing"),
        (["equity", "--cards", "As 2d 3c", "--threads", "0"], "--threads takes a whole number"),
        (["advise", *WHEEL, "--threads", "two"], "--threads takes a whole number from 1 to 256"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("hilo: error: ")
    assert message in lines[0]


def test_equity_for_razz_counts_the_low_as_the_whole_pot() -> None:
    result = run(
        "equity", "--game", "razz", "--cards", "Ac 2d 3h 4s 5c Kd Kh", "--up", "Qc Qd Js 9h",
        "--samples", "2000", "--seed", "1", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["low"] == "ace-to-five, no qualifier"
    assert document["high_half"]["value"] == 0.0
    assert document["share"]["value"] > 0.99


def test_equity_of_a_chicago_hand_names_the_spade_half() -> None:
    result = run(
        "equity", "--game", "high-chicago", "--cards", "As 2d 3c 4h 5d 7c 9h",
        "--up", "Kh Kd Kc 8d 8h 2s 3h",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Part of the spade half" in result.stdout
    assert "highest spade in the hole" in result.stdout
    assert "Every deal walked (1): exact figures." in result.stdout


def test_advise_for_seven_twenty_seven_names_27_and_7_and_its_policy() -> None:
    result = run(
        "advise", "--game", "seven-twenty-seven", "--cards", "Ac 6d", "--up", "Kh",
        "--samples", "400", "--seed", "2", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["best"] == "low"  # 7 exactly already
    assert "takes a card while" in document["notes"][0]
    table = run(
        "advise", "--game", "seven-twenty-seven", "--cards", "Ac 6d", "--up", "Kh",
        "--samples", "400", "--seed", "2",
    )  # fmt: skip
    assert "low (7) ◀ best" in table.stdout
    assert "high (27)" in table.stdout


def test_follow_the_queen_takes_the_rank_wild_now() -> None:
    result = run(
        "equity", "--game", "follow-the-queen", "--cards", "Ah Ad 7c 7h 5s",
        "--up", "Kc Kd Ks 8c 8d 2h 4s", "--wild", "6", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["wild_now"] == "6,Q"
    assert document["exact"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "--game", "baseball", "--cards", "Ah Ad", "--wild", "bogus"],
         "'bogus' is not a wild card"),
        (["equity", "--game", "follow-the-queen", "--cards", "Ah Ad 7c", "--wild", "Jh"],
         "names the rank wild now"),
        (["advise", "--game", "high-chicago", "--cards", "As 2d 3c"],
         "not played with declarations"),
        (["equity", "--game", "high-chicago", "--cards", "As 2d 3c", "--set",
          "no_spade=rides"], "no_spade=rides is not simulated"),
    ],
)  # fmt: skip
def test_home_game_refusals_are_sentences(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("game", "cards", "opponents", "samples", "seed", "option"),
    [
        ("omaha-hilo", "Ah 2h 3d Kc", 1, 70000, 4, "--threads"),  # batch kernels on threads
        ("follow-the-queen", "Ah Ad 7c", 2, 4500, 3, "--workers"),  # a home game on processes
    ],
)
def test_equity_on_one_thread_or_worker_or_several_prints_the_same_figures(
    game: str, cards: str, opponents: int, samples: int, seed: int, option: str
) -> None:
    base = ("equity", "--game", game, "--cards", cards, "--opponents", str(opponents),
            "--samples", str(samples), "--seed", str(seed), "--json")  # fmt: skip
    one, two = run(*base, option, "1"), run(*base, option, "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert json.loads(one.stdout)["samples"] == samples
