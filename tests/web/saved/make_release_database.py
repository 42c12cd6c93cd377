"""Write ``release-0.1.db``: a database as hilo 0.1 leaves it, for the tests that it still loads.

Run once with the release's code (``python -m tests.web.saved.make_release_database``); the
database and ``release-0.1.json`` (what each table and token held when it was written) are
committed, and later versions of hilo must open, upgrade and play on from them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hilo.engine.journal import JournaledTable
from hilo.engine.table import TableConfig
from hilo.rules import HouseRules, Stakes
from hilo.web.store import Store
from tests.engine.test_journal import random_move

HERE = Path(__file__).parent
DATABASE = HERE / "release-0.1.db"
FACTS = HERE / "release-0.1.json"


def _play(table: JournaledTable, rng: random.Random, hands: int) -> None:
    """Play ``hands`` whole hands at random."""
    target = table.table.hands_played + hands
    while table.table.hands_played < target:
        random_move(table, rng)


def _facts(store: Store, table_id: str, table: JournaledTable) -> dict[str, Any]:
    inner = table.table
    hand = inner.hand
    return {
        "status": inner.status,
        "hands_played": inner.hands_played,
        "players": [
            None if player is None else [player.name, player.stack, player.bot]
            for player in inner.players
        ],
        "departed": [player.name for player in inner.departed],
        "hand_events": 0 if hand is None else len(hand.events),
        "hand_complete": None if hand is None else hand.is_complete,
        "history_seats": [list(seats) for seats in inner.history_seats],
        "chips": inner.chips(),
        "journal": len(store.journal(table_id)),
    }


def main() -> None:
    """Write the database and its facts."""
    DATABASE.unlink(missing_ok=True)
    store = Store(f"sqlite:///{DATABASE}")
    rng = random.Random(2026)
    tokens: dict[str, dict[str, Any]] = {}
    tables: dict[str, dict[str, Any]] = {}

    def token(table_id: str, role: str, seat: int | None = None, name: str | None = None) -> None:
        tokens[store.add_token(table_id, role, seat)] = {
            "table": table_id,
            "role": role,
            "seat": seat,
            "name": name,
        }

    def new_occupant(table_id: str, seat: int) -> None:
        # As the release's server does: the old seat links stop working.
        store.revoke_seat(table_id, seat)
        for key in [key for key, held in tokens.items() if held["table"] == table_id]:
            if tokens[key]["role"] == "seat" and tokens[key]["seat"] == seat:
                del tokens[key]

    # 1. Stud hi-lo declare: hands played, a player leaves and somebody new takes the seat,
    # a hand in play.
    stud = TableConfig(
        games=("seven-card-stud-hilo-declare",),
        rules=HouseRules.preset("strict"),
        stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10),
        seats=5,
    )
    stud_id, table = store.new_table(stud)
    for role in ("host", "invite", "spectator"):
        token(stud_id, role)
    for seat, name in enumerate(("Ann", "Bob", "Cat")):
        table.sit(seat, name, 200)
        token(stud_id, "seat", seat, name)
    table.set_status("playing")
    _play(table, rng, 3)
    table.leave(1)
    table.sit(1, "Dan", 150)
    new_occupant(stud_id, 1)
    token(stud_id, "seat", 1, "Dan")
    _play(table, rng, 2)
    hand = table.start_hand(rng=random.Random(rng.randrange(2**32)))
    while len(hand.events) < 14 and not hand.is_complete:
        random_move(table, rng)
    tables[stud_id] = _facts(store, stud_id, table)

    # 2. Hold'em hi-lo with a bot, provably fair, paused between hands.
    holdem = TableConfig(
        games=("holdem-hilo-declare",),
        rules=HouseRules.preset("liberal"),
        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        seats=4,
        provably_fair=True,
        action_clock=20.0,
        time_bank=45.0,
        min_buy_in=50,
        max_buy_in=300,
    )
    holdem_id, table = store.new_table(holdem)
    for role in ("host", "invite", "spectator"):
        token(holdem_id, role)
    table.sit(0, "Eve", 300)
    token(holdem_id, "seat", 0, "Eve")
    table.sit(2, "Solid bot 1", 300, bot="solid")
    table.set_status("playing")
    _play(table, rng, 2)
    table.set_time_bank(0, 12.5)
    table.set_status("paused")
    tables[holdem_id] = _facts(store, holdem_id, table)

    # 3. Dealer's choice, a player sitting out, a rebuy, a removal, then ended.
    mixed = TableConfig(
        games=("five-card-draw-hilo-declare", "omaha-hilo", "seven-card-stud-hilo"),
        rules=HouseRules.from_dict({"preset": "strict", "no_winner": "split"}),
        stakes=Stakes(ante=1, small_blind=1, big_blind=2, bring_in=1, small_bet=2, big_bet=4),
        seats=6,
    )
    mixed_id, table = store.new_table(mixed)
    for role in ("host", "invite", "spectator"):
        token(mixed_id, role)
    for seat, name in ((0, "Fay"), (2, "Gus"), (4, "Hal")):
        table.sit(seat, name, 100)
        token(mixed_id, "seat", seat, name)
    table.set_status("playing")
    _play(table, rng, 3)
    table.sit_out(4)
    table.rebuy(0, 20)
    _play(table, rng, 1)
    table.remove(2)
    table.set_status("ended")
    tables[mixed_id] = _facts(store, mixed_id, table)

    store.close()
    FACTS.write_text(json.dumps({"tables": tables, "tokens": tokens}, indent=1) + "\n")


if __name__ == "__main__":
    main()
