"""The installed ``hilo`` command, run as a user runs it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hilo


def hilo_command() -> list[str]:
    script = Path(sys.executable).parent / "hilo"
    found = str(script) if script.exists() else shutil.which("hilo")
    assert found, "the hilo console script is not installed"
    return [found]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*hilo_command(), *args], capture_output=True, text=True, check=False)


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"hilo {hilo.__version__}"


def test_help_lists_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "hand" in result.stdout


def test_hand_prints_high_and_low() -> None:
    result = run("hand", "As 2d 3c 4h 5s Kd Kh", "--qualifier", "8")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "High: Straight, five high (5s 4h 3c 2d As)",
        "Low:  Five-four low (5s 4h 3c 2d As)",
    ]


def test_hand_omaha() -> None:
    result = run(
        "hand", "As 2s Kd Kh", "--board", "3s 4s 9c Kc 8d", "--game", "omaha", "--qualifier", "8"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "High: Three of a kind, kings (Kh Kd Kc 9c 8d)",
        "Low:  Eight-four low (8d 4s 3s 2s As)",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["hand", "As 2d 3c 4h 1x"],
            "'1x' is not a card: rank must be one of 2-9, T/10, J, Q, K, A",
        ),
        (["hand", "As 2d 3c 4h 4h"], "'4h' appears twice"),
        (["hand", "As 2d 3c 4h"], "a hand needs at least five cards; got 4"),
        (["hand", "As 2d 3c 4h 5c", "--low", "razz"], "'razz' is not a hand ranking"),
        (["hand", "As 2d 3c 4h 5c", "--low", "high"], "--low must name a low ranking"),
        (["hand", "As 2d 3c 4h 5c", "--game", "stud"], "'stud' is not a way to choose five"),
        (["hand", "As 2d 3c 4h 5c", "--game", "omaha"], "at least three board cards"),
        (["hand", "As 2d 3c 4h 5c", "--qualifier", "3"], "--qualifier must be between 5 and 14"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("hilo: error: ")
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_usage_errors_exit_2_without_traceback() -> None:
    result = run("hand")
    assert result.returncode == 2
    assert "Missing argument" in result.stderr
    assert "Traceback" not in result.stderr
