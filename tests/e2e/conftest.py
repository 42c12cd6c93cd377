"""The browser tests: Debian's Chromium driven by Playwright, against a real hilo server.

Playwright never downloads a browser here: it launches the system's Chromium. Without it
the tests are skipped, except on CI (``CI=true``), where a missing browser is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from hilo.web.runner import ServerSettings
from hilo.web.store import Store
from tests.web.server import running

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (apt-get install chromium)."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"
"""Where the screenshots go (kept out of git)."""

SETTINGS = ServerSettings(bot_delay=0.0, next_hand_delay=3600.0, bot_deadline=60.0)
"""Bots act at once, and no hand is dealt before the test asks. The clock answers for a bot
only after a minute, not ten seconds: a calling bot the clock answers for folds, and on a
busy machine the hand a test plays would end early."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole run."""
    if not CHROMIUM.exists():
        reason = f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI must run the browser tests", pytrace=False)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(autouse=True)
def close_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a test opened, so no renderer outlives its test."""
    yield
    if "browser" not in request.fixturenames:
        return
    launched: Browser = request.getfixturevalue("browser")
    for context in list(launched.contexts):
        context.close()


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    """A hilo server of the test's own, on loopback."""
    with running(Store(f"sqlite:///{tmp_path / 'hilo.db'}"), SETTINGS) as url:
        yield url


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder for screenshots, created if needed."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
