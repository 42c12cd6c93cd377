"""``hilo rules``: the sheet in the terminal, its JSON, and bad input in one sentence."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from hilo.engine.gallery import settlement_part, sheet_document
from hilo.rules.house_rules import HouseRules
from tests.cli.test_hand_command import hilo_command


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*hilo_command(), *args], capture_output=True, text=True, check=False, input=stdin
    )


def test_json_is_the_sheet_and_each_item_settles_again_with_hilo_settle() -> None:
    result = run("rules", "--preset", "strict", "--set", "no_winner=split", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document == sheet_document(HouseRules.preset("strict", no_winner="split"))
    assert {"rules", "sentences", "gallery"} <= set(document)
    item = next(item for item in document["gallery"] if item["situation"] == "nobody-eligible")
    settled = run("settle", "--json", stdin=json.dumps(settlement_part(item)))
    assert settled.returncode == 0, settled.stderr
    answer = json.loads(settled.stdout)
    assert answer["awards"] == item["awards"] == {"Ann": 40, "Bob": 40, "Cat": 40}
    assert answer["explanation"] == item["explanation"]


def test_text_prints_the_sentences_and_the_rulings() -> None:
    result = run("rules", "--preset", "liberal", "--game", "seven-card-stud-hilo-declare")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "House rules: liberal" in out
    assert "may tie on either side and shares what they tie" in out
    assert "Baseball" not in out  # a rule of games not named is left out
    assert "Ann declares both ways, has the best high and ties Cat for low" in out
    assert "Ann shares the side tied (liberal: a swing may tie a side and share it)." in out
    assert "Decided by: A player who declares both ways may tie" in out


def test_the_readme_example_is_the_real_output() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    example = readme.split("### The house-rules sheet", 1)[1].split("```", 2)[1]
    lines = [line for line in example.splitlines() if line.strip()]
    result = run("rules", "--preset", "strict", "--set", "no_winner=split")
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines()
    assert lines[0] == printed[0]
    for line in lines[1:]:
        assert line in printed


def test_bad_input_is_one_sentence_and_exit_2() -> None:
    for args, words in (
        (("--preset", "lenient"), "unknown house rules preset 'lenient'"),
        (("--set", "swing_ties=sometimes"), "swing_ties must be one of"),
        (("--set", "swing_ties"), "--set takes KEY=VALUE"),
        (("--game", "tiddlywinks"), "unknown game 'tiddlywinks'"),
    ):
        result = run("rules", *args)
        assert result.returncode == 2, args
        assert words in result.stderr
        assert "Traceback" not in result.stderr
