"""What the hub tells anybody with a link about a table: its summary, notes included."""

from __future__ import annotations

from hilo.engine.journal import config_from_dict, config_to_dict
from hilo.engine.table import Table, TableConfig
from hilo.rules import HouseRules, Stakes
from hilo.web.hub import table_summary

STAKES = Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4)


def test_a_table_summary_has_no_notes_for_rules_every_game_plays() -> None:
    table = Table(TableConfig(games=("holdem-hilo",), stakes=STAKES, seats=4))
    assert table_summary("t", table)["rule_notes"] == []


def test_a_table_set_up_before_overridden_rules_were_refused_says_how_it_plays() -> None:
    stored = config_to_dict(TableConfig(games=("holdem-hilo",), stakes=STAKES, seats=4))
    stored["rules"] = HouseRules.preset("cards-speak", low_qualifier=7).to_dict()
    summary = table_summary("t", Table(config_from_dict(stored)))
    assert summary["rules_name"] == "cards-speak with low_qualifier=7"
    assert summary["rule_notes"] == [
        "This table was set up before hilo refused these rules: holdem-hilo (Texas hold'em "
        "high-low, eight or better) plays its own ace-to-five low with an 8 qualifier, so the "
        "house's low_qualifier=7 cannot apply: choose none or 8, or a declare game."
    ]
