"""The table's state as watchers read it: the ledger is worked out again whenever it can
have changed, and is the same as worked out afresh."""

from __future__ import annotations

import random

from hilo.engine.actions import Action
from hilo.engine.table import Table
from hilo.web.homes import table_config
from hilo.web.protocol import CreateTableRequest
from hilo.web.table_state import ledger_state
from tests.web.test_leaks import TABLE


def afresh(table: Table) -> dict[str, object]:
    ledger = table.night_ledger()
    return {
        "rows": [row.to_dict() for row in ledger.rows],
        "entries": [entry.to_dict() for entry in ledger.entries],
        "balance": ledger.balance,
        "settle_up": ledger.settle_up_lines(),
    }


def test_the_ledger_follows_buy_ins_hands_adjustments_and_departures() -> None:
    table = Table(table_config(CreateTableRequest.model_validate(TABLE)))
    table.sit(0, "Ann", 100)
    table.sit(1, "Bob", 100)
    first = ledger_state(table)
    assert ledger_state(table) is first  # nothing changed: not worked out again
    table.rebuy(1, 50)
    rebought = ledger_state(table)
    assert rebought == afresh(table) != first
    table.start_hand(rng=random.Random(4))
    while table.hand is not None and not table.hand.is_complete:
        table.apply(Action.timeout(table.to_act()[0]))  # the clock plays the hand out
    played = ledger_state(table)
    assert played == afresh(table) != rebought  # the stacks the hand left
    table.adjust(0, -5, "paid for the pizza")
    assert ledger_state(table) == afresh(table)
    table.leave(1)
    assert ledger_state(table) == afresh(table)
