"""A throwaway PostgreSQL server for the tests: a cluster of its own in a temporary folder.

The server listens on a free loopback port with its socket in its own folder, so test
processes running side by side each start their own without meeting. PostgreSQL refuses to
run as root, so under root its commands run as the ``postgres`` user (or ``nobody``).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

__all__ = ["PROGRAMS", "PostgresCluster", "find_binaries", "free_port"]

PROGRAMS = ("initdb", "pg_ctl", "postgres")
"""The server programs a cluster needs, all from one folder."""


def find_binaries() -> Path | None:
    """The folder holding PostgreSQL's server programs: on PATH first, then Debian's folders."""
    candidates: list[Path] = []
    for program in PROGRAMS:
        found = shutil.which(program)
        if found is not None:
            candidates += [Path(found).parent, Path(found).resolve().parent]
    installed = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version, reverse=True)
    for folder in candidates + installed:
        if all((folder / program).is_file() for program in PROGRAMS):
            return folder
    return None


def _version(folder: Path) -> tuple[int, ...]:
    """The version in a Debian folder name like /usr/lib/postgresql/15/bin, to sort by."""
    return tuple(int(part) for part in folder.parent.name.split(".") if part.isdigit())


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresCluster:
    """A PostgreSQL server started in a temporary folder of its own and removed by `stop`."""

    user = "hilo"
    """The superuser the cluster is made with; local connections need no password."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="hilo-postgres-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.port = 0
        self._names = itertools.count(1)
        self._as: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL will not run as root
            runner = shutil.which("runuser")
            if runner is None:
                raise RuntimeError("running as root, PostgreSQL needs runuser to drop root")
            owner = "postgres" if _has_user("postgres") else "nobody"
            account = pwd.getpwnam(owner)
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self._as = [runner, "-u", owner, "--"]

    def _run(self, program: str, *arguments: str) -> subprocess.CompletedProcess[str]:
        """Run one of the server programs (as the unprivileged user when we are root)."""
        environment = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        return subprocess.run(
            [*self._as, str(self.binaries / program), *arguments],
            cwd=self.folder,
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def start(self) -> None:
        """Make the cluster and start its server on a free port."""
        made = self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "--no-sync",
            "--encoding=UTF8",
            "--locale=C",
        )
        if made.returncode != 0:
            raise RuntimeError(f"initdb failed: {made.stderr.strip()}")
        failure = ""
        for _ in range(5):  # another process may take the port between choosing and binding
            self.port = free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -c port={self.port}"
                f" -c unix_socket_directories={self.folder}"
                " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            )
            started = self._run(
                "pg_ctl",
                "-D",
                str(self.data),
                "-l",
                str(self.log),
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
            )
            if started.returncode == 0:
                return
            failure = self.log.read_text() if self.log.exists() else started.stderr
        raise RuntimeError(f"the PostgreSQL server did not start: {failure.strip()}")

    def new_database(self) -> str:
        """A new empty database; its URL, in the bare ``postgresql://`` form."""
        name = f"hilo_{next(self._names)}"
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=self.user, dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}"'.encode())
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """Stop the server at once and remove the folder with everything in it."""
        if self.port:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def _has_user(name: str) -> bool:
    """Whether the system has an account called ``name``."""
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
