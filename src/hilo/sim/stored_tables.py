"""The batch evaluators' tables kept on disk, so that a new process reads them instead of
building them again from the pure-Python evaluators (a few seconds).

A stored table is named by a digest of the sources it is built from (`hilo.cards`, every
module of `hilo.hands`, and `hilo.sim.tables`, `hilo.sim.kernels` and `hilo.sim.omaha`) and
numpy's version: a change to any of them names new files, so a table on disk is always the
one the current evaluators would build. Files sit in numba's cache directory
(`hilo.sim.cache.ensure_cache_directory`), are written whole under a temporary name and
then renamed, and a file that cannot be read is built again; when nothing can be written
the table is simply built each time.

>>> import numpy as np, tempfile
>>> from pathlib import Path
>>> where = Path(tempfile.mkdtemp())
>>> built = stored("squares", lambda: {"values": np.arange(4) ** 2}, where)
>>> again = stored("squares", lambda: {"values": np.zeros(4, np.int64)}, where)
>>> again["values"].tolist()   # read back, not built again
[0, 1, 4, 9]
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

import hilo.cards
import hilo.hands
from hilo.sim.cache import ensure_cache_directory

__all__ = ["sources_digest", "stored"]

Arrays = dict[str, NDArray[np.generic]]

_savez: Any = np.savez  # its stubs read ``**arrays`` as its keyword switches


@cache
def sources_digest() -> str:
    """A short digest of every source a table depends on, and numpy's version."""
    here = Path(__file__).parent
    files = [Path(hilo.cards.__file__), here / "tables.py", here / "kernels.py", here / "omaha.py"]
    files += sorted(Path(hilo.hands.__file__).parent.glob("*.py"))
    digest = hashlib.sha256(np.__version__.encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@cache
def _directory() -> Path:
    return ensure_cache_directory() / "hilo-tables"


def stored(name: str, build: Callable[[], Arrays], directory: Path | None = None) -> Arrays:
    """The arrays ``build`` makes, read from disk when stored before, else built and stored."""
    where = directory if directory is not None else _directory()
    path = where / f"{name}-{sources_digest()}.npz"
    try:
        with np.load(path, allow_pickle=False) as data:
            return {key: data[key] for key in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        pass  # not stored yet, or unreadable: build it
    arrays = build()
    try:
        where.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, suffix=".npz")
        with os.fdopen(handle, "wb") as file:
            _savez(file, **arrays)
        os.replace(temporary, path)
    except OSError:
        pass  # nowhere to write: the table is built again next time
    return arrays
