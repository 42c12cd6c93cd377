"""Tables kept on disk: read back as built, built again when unreadable or unwritable."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from hilo.sim.stored_tables import sources_digest, stored


def _counting(calls: list[int]) -> dict[str, np.ndarray]:
    calls.append(1)
    return {"values": np.arange(5, dtype=np.int64) * 3}


def test_a_table_is_built_once_and_read_back(tmp_path: Path) -> None:
    calls: list[int] = []
    first = stored("sample", lambda: _counting(calls), tmp_path)
    second = stored("sample", lambda: _counting(calls), tmp_path)
    assert calls == [1]
    assert second["values"].tolist() == first["values"].tolist() == [0, 3, 6, 9, 12]
    assert [path.name for path in tmp_path.iterdir()] == [f"sample-{sources_digest()}.npz"]


def test_an_unreadable_file_is_built_again_and_replaced(tmp_path: Path) -> None:
    (tmp_path / f"sample-{sources_digest()}.npz").write_bytes(b"not a table")
    calls: list[int] = []
    assert stored("sample", lambda: _counting(calls), tmp_path)["values"][1] == 3
    assert stored("sample", lambda: _counting(calls), tmp_path)["values"][4] == 12
    assert calls == [1]


def test_nowhere_to_write_still_gives_the_table(tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a directory"
    blocked.write_text("")
    calls: list[int] = []
    assert stored("sample", lambda: _counting(calls), blocked)["values"][2] == 6
    assert stored("sample", lambda: _counting(calls), blocked)["values"][2] == 6
    assert calls == [1, 1]


def test_the_stored_batch_tables_are_the_ones_built_from_the_evaluators() -> None:
    from hilo.hands.ranking import Ranking  # noqa: PLC0415
    from hilo.sim import tables  # noqa: PLC0415

    built = tables._build_high()
    assert np.array_equal(tables.high_tables().by_slot, built["by_slot"])
    assert np.array_equal(tables.high_tables().by_flush, built["by_flush"])
    low = tables._build_low(Ranking.DEUCE_TO_SEVEN)
    assert np.array_equal(tables.low_tables(Ranking.DEUCE_TO_SEVEN).by_slot, low["by_slot"])
    assert tables.rank_hash().multiplier == int(tables._build_rank_hash()["multiplier"])
