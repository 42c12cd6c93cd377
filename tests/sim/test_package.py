"""hilo.sim is an optional extra: a clear message without numpy, and a core without it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import hilo

SOURCE = Path(hilo.__file__).parent


def test_without_numpy_the_import_says_what_to_install() -> None:
    code = "import sys\nsys.modules['numpy'] = None\nimport hilo.sim\n"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode != 0
    last_line = result.stderr.strip().splitlines()[-1]
    assert last_line == (
        "ImportError: hilo.sim needs numpy and numba, and numpy is not installed: "
        "pip install 'hilo[sim]'"
    )


def test_only_hilo_sim_imports_numpy_or_numba() -> None:
    offenders = []
    for path in sorted(SOURCE.rglob("*.py")):
        if path.relative_to(SOURCE).parts[0] == "sim":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path.relative_to(SOURCE)}: {name}"
                for name in names
                if name.split(".")[0] in ("numpy", "numba")
            ]
    assert offenders == []
