"""Write ``revision-0003.db``: a database as hilo writes it at store revision 0003, before
home games, for the test that it still opens and upgrades.

Run once with the code of that revision (``python -m tests.web.saved.make_revision_0003_database``);
the database and ``revision-0003.json`` (what its table and tokens held) are committed.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from hilo.engine.table import TableConfig
from hilo.rules import HouseRules, Stakes
from hilo.web.store import Store
from tests.engine.test_journal import random_move

HERE = Path(__file__).parent
DATABASE = HERE / "revision-0003.db"
FACTS = HERE / "revision-0003.json"


def main() -> None:
    """Write the database and its facts."""
    DATABASE.unlink(missing_ok=True)
    store = Store(f"sqlite:///{DATABASE}")
    config = TableConfig(
        games=("seven-card-stud-hilo-declare",),
        rules=HouseRules.preset("strict"),
        stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10),
        seats=4,
    )
    table_id, table = store.new_table(config)
    tokens = {role: store.add_token(table_id, role) for role in ("host", "invite", "spectator")}
    for seat, name in enumerate(("Ann", "Bob", "Cat")):
        table.sit(seat, name, 200)
        number = table.table.players[seat].number  # type: ignore[union-attr]
        tokens[name] = store.add_token(table_id, "seat", seat, player=number)
    table.rebuy(1, 100)
    table.set_status("playing")
    rng = random.Random(13)
    while table.table.hands_played < 2:
        random_move(table, rng)
    facts = {
        "table": table_id,
        "tokens": tokens,
        "stacks": [player.stack for player in table.table.players if player is not None],
        "bought_in": [player.bought_in for player in table.table.players if player is not None],
        "journal": len(store.journal(table_id)),
    }
    store.close()
    FACTS.write_text(json.dumps(facts, indent=2) + "\n")


if __name__ == "__main__":
    main()
