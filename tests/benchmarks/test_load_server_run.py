"""The load check still runs end to end against a real `hilo serve` (tiny, no timing asserted)."""

from __future__ import annotations

import re
import subprocess
import sys


def test_the_load_check_plays_and_reports() -> None:
    # A process of its own: the browser tests keep an event loop running in this one.
    load = ["--tables", "2", "--players", "3", "--seconds", "4", "--think", "0.2"]
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.load_server", *load],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "2 tables x 3 clients" in out
    actions = re.search(r"^actions (\d+) \(\d+ a second\)", out, re.MULTILINE)
    assert actions is not None
    assert int(actions.group(1)) > 0
    assert re.search(r"^latency from action to update: p50 [\d.]+ ms", out, re.MULTILINE)
    assert re.search(r"^event loop: longest block [\d.]+ ms", out, re.MULTILINE)
    assert "errors 0" in out
