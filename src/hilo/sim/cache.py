"""Where numba keeps hilo.sim's compiled kernels (every kernel is ``cache=True``).

numba writes beside the sources (``hilo/sim/__pycache__``) or, when it cannot, in the
user's cache directory; when neither can be written (a read-only install, a locked-down
home), importing a cached kernel would fail. `ensure_cache_directory` checks first and
then, quietly, gives numba a new temporary directory instead: the kernels still work,
compiled once per process rather than once per install.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numba
from numba.misc import appdirs

__all__ = ["cache_candidates", "ensure_cache_directory", "is_writable"]

_config: Any = numba.config  # its settings are made at run time, out of mypy's sight


def is_writable(directory: Path) -> bool:
    """Whether ``directory`` exists (or can be made) and a file can be written in it."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=directory).close()
    except OSError:
        return False
    return True


def cache_candidates() -> list[Path]:
    """The directories numba would cache hilo.sim's kernels in, in its order."""
    candidates = [Path(_config.CACHE_DIR)] if _config.CACHE_DIR else []
    candidates.append(Path(__file__).parent / "__pycache__")
    where: Any = appdirs.AppDirs  # numba's own choice of a user-wide place
    candidates.append(Path(where(appname="numba", appauthor=False).user_cache_dir))
    return candidates


def ensure_cache_directory(candidates: Sequence[Path] | None = None) -> Path:
    """The directory numba will cache kernels in: the first writable one of
    ``candidates`` (by default `cache_candidates`), else a new temporary directory,
    which numba is told to use."""
    for directory in cache_candidates() if candidates is None else candidates:
        if is_writable(directory):
            return directory
    fallback = tempfile.mkdtemp(prefix="hilo-numba-")
    _config.CACHE_DIR = fallback
    return Path(fallback)
