"""Write ``revision-0004.db``: a database as hilo writes it at store revision 0004 (home games),
before journal writes were fenced by an owner epoch, for the test that it still opens and
upgrades.

Run once with the code of that revision (``python -m tests.web.saved.make_revision_0004_database``);
the database and ``revision-0004.json`` (what its tables, tokens and home game held) are
committed.
"""

from __future__ import annotations

import json
import random
from datetime import date
from pathlib import Path

from hilo.engine.table import TableConfig
from hilo.rules import HouseRules, Stakes
from hilo.web.homes import HomeBook, final_nets
from hilo.web.store import Store
from tests.engine.test_journal import random_move

HERE = Path(__file__).parent
DATABASE = HERE / "revision-0004.db"
FACTS = HERE / "revision-0004.json"


def main() -> None:
    """Write the database and its facts."""
    DATABASE.unlink(missing_ok=True)
    store = Store(f"sqlite:///{DATABASE}")
    config = TableConfig(
        games=("holdem-hilo",),
        rules=HouseRules.preset("cards-speak"),
        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        seats=4,
    )
    book = HomeBook(store)
    home_id, home_host = book.create("Thursday game", {"games": ["holdem-hilo"]}, ["Ann", "Bob"])
    tables: dict[str, dict[str, object]] = {}
    for night, ended in ((date(2026, 11, 26), True), (date(2026, 12, 3), False)):
        table_id, table = store.new_table(config)
        tokens = {role: store.add_token(table_id, role) for role in ("host", "invite", "spectator")}
        for seat, name in enumerate(("Ann", "Bob")):
            table.sit(seat, name, 100)
            number = table.table.players[seat].number  # type: ignore[union-attr]
            tokens[name] = store.add_token(table_id, "seat", seat, player=number)
        table.set_status("playing")
        rng = random.Random(night.toordinal())
        while table.table.hands_played < 3 or not table.table.hand.is_complete:  # type: ignore[union-attr]
            random_move(table, rng)
        book.add_night(home_id, table_id, night)
        if ended:
            table.set_status("ended")
            nets = final_nets(table.table)
            assert nets is not None, "the table has ended between hands"
            book.add_up(table_id, nets)
        tables[table_id] = {
            "tokens": tokens,
            "stacks": [player.stack for player in table.table.players if player is not None],
            "status": table.table.status,
            "journal": len(store.journal(table_id)),
        }
    facts = {
        "home": home_id,
        "home_host": home_host,
        "tables": tables,
        "nights": [
            {"table": n.table_id, "date": n.played_on.isoformat(), "nets": n.nets}
            for n in book.nights(home_id)
        ],
    }
    store.close()
    FACTS.write_text(json.dumps(facts, indent=2) + "\n")


if __name__ == "__main__":
    main()
