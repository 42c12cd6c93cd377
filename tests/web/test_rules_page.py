"""``GET /api/rules`` and the ``/rules`` page: the house-rules sheet over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hilo.engine.gallery import sheet_document
from hilo.rules.house_rules import PRESETS, HouseRules
from hilo.rules.sheet import preset_paragraph, sentence
from hilo.web.pages import STATIC
from hilo.web.store import Store
from tests.web import loopback
from tests.web.server import running

TABLE: dict[str, Any] = {
    "games": ["seven-card-stud-hilo-declare", "high-chicago"],
    "rules": {"preset": "liberal", "no_spade": "rides"},
    "seats": 4,
}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("rules") / "hilo.db"
    with running(Store(f"sqlite:///{database}")) as url:
        yield url


def get(base: str, params: Any) -> httpx.Response:
    return loopback.get(f"{base}/api/rules", params=params)


def test_the_api_answers_what_hilo_rules_json_prints(base: str) -> None:
    params = [("preset", "strict"), ("set", "no_winner=split"), ("set", "second_best=true")]
    params += [("set", "low_qualifier=8"), ("game", "seven-card-stud-hilo-declare")]
    answer = get(base, params)
    assert answer.status_code == 200
    rules = HouseRules.preset("strict", no_winner="split", second_best=True, low_qualifier=8)
    assert answer.json() == sheet_document(rules, ("seven-card-stud-hilo-declare",))
    assert get(base, {}).json() == sheet_document(HouseRules())


def test_a_table_s_own_rules_and_games(base: str) -> None:
    created = loopback.post(f"{base}/api/tables", json=TABLE).json()
    answer = get(base, {"table": created["table"]}).json()
    rules = HouseRules.preset("liberal", no_spade="rides")
    assert answer == sheet_document(rules, tuple(TABLE["games"]))
    assert sentence(rules, "no_spade") in answer["sentences"]
    assert get(base, {"table": "0123456789abcdef"}).status_code == 404
    assert get(base, {"table": "<script>"}).status_code == 404


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"preset": "lenient"}, "unknown house rules preset 'lenient'"),
        ({"set": "second_best=yes"}, "second_best takes true or false, not 'yes'"),
        ({"set": "max_draw=1.5"}, "set: max_draw cannot be '1.5'"),
        ({"set": "max_draw=-1"}, "max_draw takes a whole number, not '-1'"),
        ({"set": "low_qualifier=eight"}, "low_qualifier takes a whole number or none"),
        ({"set": "swing_ties"}, "set takes SWITCH=VALUE"),
        ({"set": "colour=red"}, "unknown house rule 'colour'"),
        ({"set": "swing_ties=sometimes"}, "swing_ties must be one of"),
        ({"game": "tiddlywinks"}, "unknown game 'tiddlywinks'"),
        ({"seat": "1"}, "unknown parameter 'seat'"),
        ({"table": "0123456789abcdef", "preset": "strict"}, "table goes alone"),
        ([("preset", "strict"), ("preset", "liberal")], "preset is given twice"),
        ({"preset": "x" * 81}, "at most 80 characters"),
        ({"game": "razz\u202e"}, "game: 'razz\\u202e' is not a name of 1 to 40 letters"),
        ({"set": "swing_ties=<b>"}, "set: swing_ties cannot be '<b>'"),
        ([("game", "razz")] * 101, "more than 100 parameters"),
    ],
)
def test_bad_addresses_are_refused_in_a_sentence(base: str, params: Any, words: str) -> None:
    answer = get(base, params)
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_the_page_and_its_files(base: str) -> None:
    page = loopback.get(f"{base}/rules", params={"preset": "liberal"})
    assert page.status_code == 200
    assert 'src="/static/rules.js"' in page.text
    assert "/static/rules.css" in page.text
    assert "@media print" in (STATIC / "rules.css").read_text(encoding="utf-8")
    script = (STATIC / "rules.js").read_text(encoding="utf-8")
    assert "innerHTML" not in script  # every text from the server is set as text
    assert loopback.get(f"{base}/static/rules.js").status_code == 200
    table_page = Path(STATIC / "table.html").read_text(encoding="utf-8")
    assert 'data-testid="rules-link"' in table_page


def test_the_create_form_gets_the_sheet_s_words(base: str) -> None:
    options = loopback.get(f"{base}/api/options").json()
    assert options["paragraphs"] == {name: preset_paragraph(name) for name in PRESETS}
    switches = {switch["name"]: switch for switch in options["switches"]}
    for switch in switches.values():
        assert len(switch["words"]) == len(switch["choices"]), switch["name"]
    assert switches["swing_ties"]["words"]['"keep-won-side"'] == sentence(
        HouseRules(swing_ties="keep-won-side"), "swing_ties"
    )
    assert switches["lock_rule"]["words"]['"call-only"'] == sentence(
        HouseRules(bet_after_declare=True, lock_rule="call-only"), "lock_rule"
    )
    assert switches["low_qualifier"]["words"]["null"].startswith("Any five different cards")
