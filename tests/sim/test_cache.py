"""numba's cache directory: the first writable place, else quietly a temporary one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numba
import pytest

import hilo.sim.cache
from hilo.sim.cache import cache_candidates, ensure_cache_directory, is_writable


def test_the_first_writable_directory_is_used(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    inside_a_file = blocked / "cache"
    assert not is_writable(inside_a_file)
    assert ensure_cache_directory([inside_a_file, tmp_path / "cache"]) == tmp_path / "cache"
    assert (tmp_path / "cache").is_dir()


def test_with_nowhere_to_write_numba_gets_a_temporary_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(numba.config, "CACHE_DIR", "")
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    chosen = ensure_cache_directory([blocked / "one", blocked / "two"])
    assert chosen.name.startswith("hilo-numba-")
    config: Any = numba.config
    assert str(chosen) == config.CACHE_DIR
    assert is_writable(chosen)
    assert cache_candidates()[0] == chosen  # numba looks there first from now on
    chosen.rmdir()


def test_the_sources_own_cache_comes_before_the_users(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(numba.config, "CACHE_DIR", "")
    beside, user = cache_candidates()
    assert beside == Path(hilo.sim.cache.__file__).parent / "__pycache__"
    assert user.name == "numba"
