"""``hilo games``: every game in a table for people and in JSON for programs."""

from __future__ import annotations

import json
import os
import subprocess

from hilo.rules import VARIANTS
from tests.cli.test_hand_command import hilo_command


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [*hilo_command(), "games", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_json_lists_every_game_in_the_documented_shape() -> None:
    result = run("--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["format"] == "hilo-games/1"
    assert [game["name"] for game in document["games"]] == list(VARIANTS)
    for game in document["games"]:
        assert set(game) == {"name", "title", "family", "split", "max_players", "switches"}
        assert game["title"] == VARIANTS[game["name"]].title
    by_name = {game["name"]: game for game in document["games"]}
    stud = by_name["seven-card-stud-hilo"]
    assert stud["family"] == "stud"
    assert stud["split"] == "high-low, cards speak, eight or better"
    assert "stud_opener" in stud["switches"]
    assert "low" not in stud["switches"]
    assert "swing_ties" not in stud["switches"]
    draw = by_name["five-card-draw-hilo-declare"]
    assert (draw["family"], draw["split"]) == ("draw", "high-low, declared")
    assert {"max_draw", "swing_ties", "low"} <= set(draw["switches"])
    assert "stud_opener" not in draw["switches"]
    assert by_name["omaha"]["family"] == "Omaha"
    assert by_name["holdem"] == {
        "name": "holdem",
        "title": "Texas hold'em",
        "family": "hold'em",
        "split": "high only",
        "max_players": 10,
        "switches": ["odd_chip_order"],
    }


def test_the_table_for_people_names_every_game() -> None:
    result = subprocess.run(
        [*hilo_command(), "games"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
    )
    assert result.returncode == 0, result.stderr
    for name, variant in VARIANTS.items():
        assert name in result.stdout
        assert variant.title.split(",")[0] in result.stdout
    assert "high-low, cards speak, eight or better" in result.stdout


def test_games_takes_no_arguments() -> None:
    result = run("holdem")
    assert result.returncode == 2
    assert "unexpected extra argument" in result.stderr.lower()
