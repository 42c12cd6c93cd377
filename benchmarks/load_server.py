"""Load check of `hilo serve`: many tables of bot clients over WebSockets on loopback.

Starts ``hilo serve`` on a fresh SQLite file, opens ``--tables`` tables of ``--players``
clients each, seats and connects them all, and then lets every client play (a simple legal
action whenever its view asks it) for ``--seconds``, thinking ``--think`` seconds (on
average) before each action as a person or the server's own bots would. Latency is the
time from sending an action to receiving the view that shows it. Prints the actions a
second over the playing time, p50, p99 and the maximum latency, the CPU time the server and
the load generator each used per action (the figure a busy machine disturbs least), hands
and errors. The server runs under `benchmarks.loop_probe`, so the check also prints what its
event loop went through while the tables played: the longest the loop was late waking a task
that sleeps 5 ms at a time (a call holding it, or the loop simply busy: at saturation every
callback waiting its turn counts, and on a shared machine the time the process was not
scheduled too), how often it was late by over 20 and 50 ms, the time the loop's thread spent
inside the store per action (the database, and SQLAlchemy around it), and the collector's
full passes.

    python -m benchmarks.load_server --tables 50 --players 6 --seconds 120 --think 0.5
    python -m benchmarks.load_server --tables 50 --players 6 --seconds 30 --think 0

Profile (py-spy record on the server, 15 to 20 s of play, ``--think 0``). Two rounds ago
every watcher of a change was built its own message: the table's state with its ledger
rebuilt (13% of the server's time), its own view (18%), its own ``json.dumps`` (12%) and its
own compression; each journal entry was a transaction of its own (6%). Last round a change
built the table's state once, each seated person's view once and the spectators' once, and
serialised each once with orjson: building the views in the engine took 29% (renumbering
seats and copying dataclasses 20%, ``build_view`` 9%), turning them into plain data 19%,
writing to the sockets 15%, the table's state 6%, orjson 5%, the one commit per turn of the
event loop 7%. Frames go out uncompressed unless ``hilo serve --compress``: per-connection
deflate took a third of the server's time.

Now (30 tables x 6 clients) the views of a change are built together
(``hilo.engine.views.hand_views``): the seats as others see them once for everybody, seats
numbered as at the table as they are built, the seats others see turned into plain data once,
each event of the hand once and each watcher's log written on from the last change's
(``hilo.web.view_frames``); the ledger is worked out again only when it changed. Run back
to back on a busy machine (load average 10 to 13 on its 2 cores), the server's CPU time per
action was 2.65 ms, against 3.65 ms for last round's code and 8.02 ms for the code of two
rounds ago (``--tables 30 --seconds 25 --think 0``); the load generator's went from 2.7 ms
to 1.6 ms once its clients read frames as bytes with orjson. What is left: building the
views 16% (the engine 10%, plain data 6%), writing to the sockets 10%, the journal's commit
5 to 13% (SQLAlchemy's statements more than SQLite), the table's state 9% (its clock, the
dealer's choice, the showing), orjson 5%, reading the action with pydantic 3%. At
``--think 0.5`` the loop's time goes the same way; the collector is set aside for what
starting made (``gc.freeze``) and runs less often, so no full collection of the bots'
kernels pauses the loop.

This round the database is off the event loop: the journal's commit runs in a thread of its
own while the loop serves every table (``hilo.web.journal_batch``; a change is still shown
only once committed), and what a token opens is read once and kept in memory
(``hilo.web.token_cache``). Back to back with the code before, on a machine whose load
average was 7 to 11 from other work (``--tables 150 --seconds 20 --think 0.5``, two rounds
each): the time the loop's thread spent in the store went from 1.22 and 0.82 ms an action to
none (the journal's commits are no longer there, and a token is read once); the server's
CPU time per action 2.34 and 2.14 ms against 2.70 and 2.29 ms; 122 and 116 actions a second
against 84 and 147, p99 1,051 and 1,303 ms against 1,320 and 1,129 ms (the machine's noise:
the server had far less than a core); 0 errors. At ``--tables 50 --seconds 15 --think 0``:
store time on the loop 1.14 and 0.68 ms an action before, none now; CPU time per action 1.81
and 2.09 ms against 2.12 and 1.64 ms. Profile (py-spy, 20 s of ``--tables 150 --think 0.5``,
load average 12): the loop's thread was busy in 84% of the samples, building and sending each
change's views (the broadcast 27%: the views 14%, writing to the sockets 8%, the frames 6.5%)
and carrying out the actions; the journal's thread spent 3% committing (SQLAlchemy's
statements more than SQLite), and handing it a batch took the loop 4%. With
``HILO_LOOP_DEBUG=30`` (asyncio's debug mode, naming each step that held the loop 30 ms or
more; slow itself) what held it longest was accepting a burst of new connections (up to
0.2 s, in the event loop's own accept), one change and its views (up to 65 ms on a machine
this busy) and dealing a hand (up to 80 ms); no commit and no token look-up. The collector
made no full pass while the tables played.

This round (``--tables 150 --seconds 30 --think 0.5``, a quiet machine): the long blocks were
not single steps but turns of the event loop. One commit answers for every table whose
changes it holds, and all their frames were then built in one turn: as the tables start
(146 tables dealt at once, up to 0.2 s) and whenever a commit held a dozen or more tables.
A turn now spends at most 10 ms showing changes; the tables left wait for the next turns,
each shown once committed (``hilo.web.loop_turns``), and the loop reads the connections in
between. The rest of the blocks over 20 ms, every 2.5 to 3 s, were the server's collector
(generation 1, 20 to 57 ms, longer as the hands grow). Timing the actions showed the worst
latencies where the load generator itself paused for its collector (generation 2 up to
0.19 s, generation 1 about 65 ms every 2 s): it now settles its memory as the server does
(``hilo.cli.serve.settle_memory``) once the tables are seated. Three runs each, back to back,
with this load check: p99 43.1, 48.5 and 44.0 ms (p50 6.0 to 8.4 ms, max 308, 113 and 298
ms; server CPU 2.34 to 2.51 ms an action, generator 1.82 to 1.99 ms; longest block 64.5,
94.9 and 78.6 ms, 18, 18 and 14 over 20 ms, 1, 2 and 1 over 50 ms) against the code before
(its server, this load check) 65.5, 99.8 and 79.3 ms (p50 11.0 to 14.9 ms, max 108 to 166
ms; 2.38 to 2.55 ms and 1.95 to 2.06 ms; longest block 240, 152 and 332 ms, 26, 52 and 44
over 20 ms, 4, 7 and 4 over 50 ms); about 300 actions a second and 0 errors in every run.
With the load check before (its collector unsettled): 67.7, 63.6 and 424 ms against 71.1,
86.2 and 63.1 ms before; the 424 ms run's loop was never blocked over 67 ms.

With ``--servers N`` the server runs as ``hilo serve --workers N`` on a throwaway PostgreSQL
database (started for the run, as the tests start theirs), and the same load is run first
against one process and then against N, in the same run, each on a fresh database. Every
connection goes to whichever process the kernel hands it to, as behind a load balancer
without affinity, so with N processes about (N-1)/N of the clients are relayed to their
table's owner. Prints both runs and the ratio of their throughputs.

    python -m benchmarks.load_server --servers 2 --tables 20 --players 6 --seconds 10 --think 0

Profile (py-spy, 15 s over each of two processes, 6 tables x 6 clients, ``--think 0``, on a
machine whose load average was 15 on 2 cores): the owner of most tables spent 54% of its
samples waiting on PostgreSQL inside the event loop (the journal append 32%, token lookups
for every request 21%), 7% in JSON encoding and little else of note; the other process,
relaying about half the clients, spent 24% waiting on PostgreSQL, 11% compressing frames
(permessage-deflate to the browsers) and 6% in the relay's frame loop, and 1 to 2% in the
lease housekeeping (the lock connection's checks and the sweep for tables nobody owns). So
two processes gain what the single process loses to waiting on the database, not to relaying.
Since store revision 0005 each journal commit of a process with leases also reads its tables'
owner epochs ``FOR SHARE`` (one more statement in the same transaction; not profiled apart).
Back to back with the code before it, ``--servers 2 --tables 10 --seconds 10 --think 0`` on
a machine whose load average was 10 to 19: two processes 1.31x one (59 against 45 actions a
second) against 1.34x before (42 against 31); the machine's own noise (the same command gave
21 to 59 a second within minutes) hides any cost of the fence.

This round, with the journal's commits in their own thread and tokens read once (py-spy, 15 s
over each of two processes, 6 tables x 6 clients, ``--think 0``, load average 7): the event
loop's thread was inside the database driver in 1.4% and 3.4% of the two processes' samples
(the sweep's list of tables and the lock connection's checks) against 54% and 24% before;
the journal's thread waited on PostgreSQL in about 30% of them, off the loop; the views of
each change took 35% and 14% (the owner of more tables, the more). Back to back with the
code before, ``--servers 2 --tables 20 --seconds 10 --think 0`` (two rounds each, load average
8 to 11): 1.01x and 1.78x (133 and 68 actions a second for one process, 135 and 120 for
two) against 1.40x and 0.89x before (71 and 96, 99 and 86); 0 errors. The ratio swings with
the machine's load from one run to the next on two shared cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

from benchmarks.loop_probe import window
from hilo.cli.serve import settle_memory

TABLE = {
    "games": ["seven-card-stud-hilo-declare"],
    "rules": {"preset": "strict"},
    "stakes": {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
    "seats": 7,
}
BUY_IN = 500
CONNECT_SECONDS = 60.0
"""How long a client waits for the server to open its WebSocket (a busy server is slow)."""


@dataclass
class Tally:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    frames: int = 0


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action, mostly passive, sometimes a bet or raise, rarely a fold."""
    legal = {option["kind"]: option for option in view["legal"]}
    if "muck" in legal:  # won uncalled: the hand is over, nothing to show
        return {"kind": "muck"}
    if "declare" in legal:
        return {"kind": "declare", "direction": rng.choice(["high", "low", "both"])}
    if "bring-in" in legal:
        return {"kind": "bring-in"}
    roll = rng.random()
    for kind in ("bet", "raise", "complete"):
        if kind in legal and roll < 0.15:
            return {"kind": kind, "amount": legal[kind]["min"]}
    if "fold" in legal and "call" in legal and roll > 0.95:
        return {"kind": "fold"}
    for kind in ("check", "call", "keep-down"):
        if kind in legal:
            return {"kind": kind}
    return {"kind": next(iter(legal))}


@dataclass(frozen=True)
class Load:
    """The size of the check."""

    tables: int
    players: int
    seconds: float
    think: float


async def connected(url: str, token: str, seat: int, tally: Tally) -> ClientConnection | None:
    """A client's WebSocket, or None (counted as an error) if the server did not open it."""
    address = f"{url.replace('http', 'ws', 1)}/ws?token={token}"
    try:
        return await connect(address, open_timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:  # a server too busy to answer is an error, counted
        tally.errors.append(f"seat {seat} could not connect: {error}")
        return None


async def player(
    connection: ClientConnection, url: str, token: str, seat: int, tally: Tally, stop: float,
    seed: int, http: httpx.AsyncClient, think: float,
) -> None:  # fmt: skip
    """One client: act when asked, time the answer, rebuy when broke."""
    rng = random.Random(seed)
    sent_at: float | None = None  # while an action waits for the view that shows it
    events_before = 0
    hand_before = 0
    async with connection:
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(connection.recv(decode=False), timeout=1.0)
            except TimeoutError:
                continue
            message = orjson.loads(text)  # quicker than json: the generator shares the cores
            if message["type"] == "error":
                tally.errors.append(message["message"])
                sent_at = None
                continue
            if message["type"] != "view":
                continue
            tally.frames += 1
            view = message["view"]
            hand = message["table"]["hands_played"]
            if sent_at is not None:
                events = [] if view is None else view["events"][events_before:]
                if hand != hand_before or any(event.get("seat") == seat for event in events):
                    tally.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                else:
                    continue  # a view of somebody else's change, sent before ours
            me = message["table"]["seats"][seat]
            if (
                me is not None
                and me["stack"] == 0
                and (view is None or view["phase"] == "complete")
            ):
                await http.post(
                    f"{url}/api/seat", json={"token": token, "command": "rebuy", "chips": BUY_IN}
                )
            if view is None or not view["legal"]:  # asked: to act, or to show or muck
                continue
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            await connection.send(json.dumps({"type": "act", "action": choose(view, rng)}))
            sent_at = time.monotonic()
            events_before, hand_before = len(view["events"]), hand
            tally.actions += 1


async def table(
    url: str, load: Load, tally: Tally, number: int, ready: asyncio.Future[None],
    go: asyncio.Future[float],
) -> int:  # fmt: skip
    """Open a table, seat and connect its clients, say it is ready; once every table is, start
    it and play until the time ``go`` gives; the hands it played."""
    # the server drops a connection idle for 5 s: one left from seating is not used again
    limits = httpx.Limits(keepalive_expiry=1.0)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        created = (await http.post(f"{url}/api/tables", json=TABLE)).json()
        tokens = []
        for seat in range(load.players):
            http.cookies.clear()  # each client is a browser of its own (one seat per browser)
            joined = await http.post(
                f"{url}/api/join",
                json={"invite": created["invite"], "name": f"P{seat}", "seat": seat,
                      "buy_in": BUY_IN},
            )  # fmt: skip
            if joined.status_code != 200:
                raise RuntimeError(f"joining seat {seat} failed: {joined.text}")
            tokens.append(joined.json()["token"])
        connections = [
            await connected(url, token, seat, tally) for seat, token in enumerate(tokens)
        ]
        ready.set_result(None)
        stop = await go
        clients = [
            player(connection, url, token, seat, tally, stop, number * 100 + seat, http,
                   load.think)
            for seat, (token, connection) in enumerate(zip(tokens, connections, strict=True))
            if connection is not None
        ]  # fmt: skip
        await http.post(f"{url}/api/host", json={"host": created["host"], "command": "start"})
        await asyncio.gather(*clients)
        view = (await http.get(f"{url}/api/view", params={"token": created["spectator"]})).json()
        played: int = view["table"]["hands_played"]
        return played


@dataclass
class Measured:
    """What one run measured: the clients' tally, hands played, and the CPU seconds the
    server and the load generator used while the tables played."""

    tally: Tally
    hands: int
    server_cpu: float
    client_cpu: float
    playing: tuple[float, float] = (0.0, 0.0)
    """When the tables started and stopped playing (``time.monotonic``)."""


async def run_load(url: str, load: Load, server: int) -> Measured:
    """Open and seat every table, then play them all at once for ``load.seconds``."""
    tally = Tally()
    loop = asyncio.get_running_loop()
    readies = [loop.create_future() for _ in range(load.tables)]
    go: asyncio.Future[float] = loop.create_future()
    tables = [
        asyncio.ensure_future(table(url, load, tally, number, ready, go))
        for number, ready in enumerate(readies)
    ]
    waiting: set[asyncio.Future[Any]] = {*readies, *tables}
    while not all(ready.done() for ready in readies):
        done, waiting = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        for task in done & set(tables):
            task.result()  # a table that failed before playing stops the check, saying why
    print(f"{load.tables} tables seated and connected; playing", flush=True)
    settle_memory()  # as the server does: the generator's own collector must not pause it
    server_before, client_before = cpu_seconds(server), time.process_time()
    started = time.monotonic()
    go.set_result(started + load.seconds)
    hands = await asyncio.gather(*tables)
    return Measured(
        tally,
        sum(hands),
        cpu_seconds(server) - server_before,
        time.process_time() - client_before,
        (started, started + load.seconds),
    )


def start_server(database: Path, port: int, probe: Path) -> subprocess.Popen[bytes]:
    """``hilo serve`` on loopback, dealing the next hand at once, its event loop probed
    (`benchmarks.loop_probe`, writing to ``probe`` as it stops)."""
    command = [
        sys.executable, "-m", "benchmarks.loop_probe", "--port", str(port),
        "--database-url", f"sqlite:///{database}", "--next-hand-delay", "0.2",
    ]  # fmt: skip
    server = subprocess.Popen(command, env={**os.environ, "HILO_LOOP_PROBE": str(probe)})
    deadline = time.monotonic() + 180  # the first start compiles the bots' kernels
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1)
            return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("hilo serve did not start")


def cpu_seconds(pid: int) -> float:
    """CPU seconds a process has used so far (user and system, from /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime and stime


def start_workers(url: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    """``hilo serve --workers N`` on loopback and the PostgreSQL database ``url``."""
    command = [
        sys.executable, "-m", "hilo", "serve", "--port", str(port), "--workers", str(workers),
        "--database-url", url, "--next-hand-delay", "0.2",
    ]  # fmt: skip
    server = subprocess.Popen(command)
    deadline = time.monotonic() + 180  # the first start compiles the bots' kernels
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1)
            time.sleep(2.0 if workers > 1 else 0.0)  # the other processes start beside it
            return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("hilo serve did not start")


def report(load: Load, tally: Tally, hands: int, elapsed: float, label: str = "") -> float:
    """Print one run; its throughput in actions a second."""
    latencies = sorted(tally.latencies)
    if not latencies:
        raise SystemExit("no action was answered")
    cut = statistics.quantiles(latencies, n=100, method="inclusive")
    print(
        f"{label}{load.tables} tables x {load.players} clients for {elapsed:.0f} s, "
        f"thinking {load.think} s on average"
    )
    print(
        f"actions {tally.actions} ({tally.actions / elapsed:.0f} a second), "
        f"views received {tally.frames}, hands {hands}"
    )
    print(
        f"latency from action to update: p50 {cut[49] * 1000:.1f} ms, "
        f"p99 {cut[98] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    print(f"errors {len(tally.errors)}" + (f": {tally.errors[:3]}" if tally.errors else ""))
    return tally.actions / elapsed


def scale(load: Load, servers: int) -> int:
    """The load against one process and then ``servers`` processes on one PostgreSQL."""
    from tests.web.postgres import PostgresCluster, find_binaries

    binaries = find_binaries()
    if binaries is None:
        raise SystemExit("--servers needs PostgreSQL's server programs (initdb, pg_ctl)")
    cluster = PostgresCluster(binaries)
    cluster.start()
    rates = {}
    try:
        for count in sorted({1, servers}):
            port = free_port()
            server = start_workers(cluster.new_database(), port, count)
            try:
                measured = asyncio.run(run_load(f"http://127.0.0.1:{port}", load, server.pid))
            finally:
                server.terminate()
                server.wait(timeout=30)
            rates[count] = report(
                load, measured.tally, measured.hands, load.seconds, f"{count} process(es): "
            )
    finally:
        cluster.stop()
    if servers > 1:
        print(f"throughput with {servers} processes: {rates[servers] / rates[1]:.2f}x one process")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the load check and print what it measured."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument(
        "--servers", type=int, default=0, help="also run N processes on one PostgreSQL"
    )
    options = parser.parse_args(argv)
    load = Load(options.tables, options.players, options.seconds, options.think)
    if options.servers:
        return scale(load, options.servers)
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        probe = Path(folder) / "probe.json"
        server = start_server(Path(folder) / "load.db", port, probe)
        try:
            measured = asyncio.run(run_load(f"http://127.0.0.1:{port}", load, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=30)
        loop = window(probe, *measured.playing) if probe.exists() else None
    tally, elapsed = measured.tally, load.seconds
    latencies = sorted(tally.latencies)
    if not latencies:
        raise SystemExit("no action was answered")
    cut = statistics.quantiles(latencies, n=100, method="inclusive")
    print(
        f"{load.tables} tables x {load.players} clients for {elapsed:.0f} s, "
        f"thinking {load.think} s on average"
    )
    print(
        f"actions {tally.actions} ({tally.actions / elapsed:.0f} a second), "
        f"views received {tally.frames}, hands {measured.hands}"
    )
    print(
        f"latency from action to update: p50 {cut[49] * 1000:.1f} ms, "
        f"p99 {cut[98] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    per_action = 1000 / max(1, tally.actions)
    print(
        f"CPU per action: server {measured.server_cpu * per_action:.2f} ms, "
        f"load generator {measured.client_cpu * per_action:.2f} ms"
    )
    if loop is not None:
        print(
            f"event loop: longest block {loop['longest_block'] * 1000:.1f} ms, blocks over"
            f" 20 ms {loop['blocks_over_20ms']:.0f}, over 50 ms {loop['blocks_over_50ms']:.0f};"
            f" in the store on the loop {loop['store_seconds'] * per_action:.3f} ms"
            f" an action ({loop['store_calls']:.0f} calls); full collections"
            f" {loop['full_collections']:.0f}, longest {loop['longest_collection'] * 1000:.1f} ms"
        )
    print(f"errors {len(tally.errors)}" + (f": {tally.errors[:3]}" if tally.errors else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
