"""The package's promises: version, typing marker, and a rules core with no dependencies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import hilo


def test_version_is_exposed() -> None:
    assert hilo.__version__.count(".") == 2


def test_package_is_typed() -> None:
    assert (Path(hilo.__file__).parent / "py.typed").exists()


def test_rules_core_imports_only_the_standard_library() -> None:
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import hilo, hilo.cards, hilo.hands, hilo.rules, hilo.engine\n"
        "loaded = {name.split('.')[0] for name in set(sys.modules) - before}\n"
        "outside = sorted(name for name in loaded\n"
        "                 if name != 'hilo' and name not in sys.stdlib_module_names\n"
        "                 and not name.startswith('_'))\n"
        "print(','.join(outside))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
