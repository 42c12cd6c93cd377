"""The browser pages as the real server serves them: pages, static files, unknown links."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from hilo.web.pages import STATIC
from hilo.web.store import Store
from tests.web import loopback
from tests.web.server import running

TABLE = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"structure": "fixed-limit", "ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    "seats": 4,
    "buy_in": {"min": 50, "max": 400},
}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("pages") / "hilo.db"
    with running(Store(f"sqlite:///{database}")) as url:
        yield url


@pytest.fixture(scope="module")
def links(base: str) -> dict[str, Any]:
    """A table with one seated player: every kind of link."""
    created: dict[str, Any] = loopback.post(f"{base}/api/tables", json=TABLE).json()
    joined = loopback.post(
        f"{base}/api/join",
        json={"invite": created["invite"], "name": "Ann", "seat": 0, "buy_in": 100},
    ).json()
    return {**created["links"], "play": joined["link"]}


@pytest.mark.parametrize(
    ("page", "script"),
    [
        ("create", "create.js"),
        ("host", "table.js"),
        ("invite", "join.js"),
        ("play", "table.js"),
        ("spectator", "table.js"),
        ("referee", "referee.js"),
    ],
)
def test_every_page_is_html_with_its_script(
    base: str, links: dict[str, Any], page: str, script: str
) -> None:
    path = {"create": "/", "referee": "/referee"}.get(page) or links[page]
    response = loopback.get(base + path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert f'<script type="module" src="/static/{script}">' in response.text
    assert '<meta name="viewport"' in response.text


def test_the_create_and_table_pages_link_to_the_referee(base: str, links: dict[str, Any]) -> None:
    for path in ("/", links["play"], links["host"], links["spectator"]):
        assert 'href="/referee"' in loopback.get(base + path).text, path
    assert "/referee?table=${encodeURIComponent(token)}" in (STATIC / "table.js").read_text()


def test_static_files_are_served_with_their_types(base: str) -> None:
    types = {".js": "javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg"}
    files = sorted(path for path in STATIC.iterdir() if path.is_file())
    assert {path.suffix for path in files} == set(types)
    for path in files:
        response = loopback.get(f"{base}/static/{path.name}")
        assert response.status_code == 200, path.name
        assert types[path.suffix] in response.headers["content-type"], path.name
        assert response.content == path.read_bytes()


def test_every_module_import_and_page_asset_resolves(base: str) -> None:
    wanted: set[str] = set()
    for path in STATIC.glob("*.js"):
        wanted.update(re.findall(r'from "\./([\w-]+\.js)"', path.read_text()))
    for path in STATIC.glob("*.html"):
        wanted.update(re.findall(r'"/static/([\w.-]+)"', path.read_text()))
    assert {"api.js", "cards.js", "render.js", "style.css", "table.js"} <= wanted
    for name in sorted(wanted):
        assert loopback.get(f"{base}/static/{name}").status_code == 200, name


def test_nothing_is_loaded_from_another_site() -> None:
    for path in STATIC.iterdir():
        text = path.read_text()
        assert not re.search(r"(src|href)=\"(https?:)?//", text), path.name
        assert "@import" not in text, path.name
        assert not re.search(r"url\(\s*['\"]?(https?:)?//", text), path.name


def test_modules_stay_small() -> None:
    for path in STATIC.glob("*.js"):
        assert len(path.read_text().splitlines()) <= 600, path.name


@pytest.mark.parametrize("page", ["host", "join", "play", "watch"])
def test_an_unknown_token_gets_a_friendly_page(base: str, page: str) -> None:
    response = loopback.get(f"{base}/{page}/no-such-token")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "This link does not lead to a table" in response.text
    assert 'href="/"' in response.text
    assert "Traceback" not in response.text


def test_a_link_opened_on_the_wrong_page_goes_to_its_own(base: str, links: dict[str, Any]) -> None:
    spectator_token = links["spectator"].rsplit("/", 1)[1]
    response = loopback.get(f"{base}/play/{spectator_token}")
    assert response.status_code == 307
    assert response.headers["location"] == links["spectator"]
    seat_token = links["play"].rsplit("/", 1)[1]
    response = loopback.get(f"{base}/watch/{seat_token}", follow_redirects=True)
    assert response.status_code == 200
    assert response.url.path == links["play"]


def test_a_missing_static_file_is_not_found(base: str) -> None:
    assert loopback.get(f"{base}/static/nothing.js").status_code == 404


def test_the_pages_mark_what_the_tests_and_screen_readers_use() -> None:
    table_page = (STATIC / "table.html").read_text()
    for testid in ("result", "actions", "log", "connection"):
        assert f'data-testid="{testid}"' in table_page
    scripts = "\n".join(path.read_text() for path in STATIC.glob("*.js"))
    for hook in ("action-${kind}", "declare-${choice.direction}", "seat-${number}"):
        assert hook in scripts
    assert '"aria-label": label' in (STATIC / "cards.js").read_text()


def test_the_four_colour_deck() -> None:
    style = (STATIC / "style.css").read_text()
    colours = {
        suit: re.search(rf"--{suit}: (#[0-9a-f]{{6}})", style)
        for suit in ("spade", "heart", "diamond", "club")
    }
    found = {suit: match.group(1) for suit, match in colours.items() if match}
    assert len(set(found.values())) == 4
