"""hilo serve --workers: several processes need PostgreSQL (the processes themselves are
tested with the server, in tests/web/test_scale.py)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_hand_command import run


def test_sqlite_keeps_one_process_and_says_so(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'h.db'}"
    result = run("serve", "--port", "0", "--workers", "2", "--database-url", url)
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr == (
        f"hilo: error: several server processes need a PostgreSQL database, not {url}"
        " (SQLite keeps one process: leave out --workers)\n"
    )
    assert not (tmp_path / "h.db").exists()  # refused before anything was made
