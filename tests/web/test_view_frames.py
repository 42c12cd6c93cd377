"""The views of one change built together are each watcher's own view, as one by one."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hilo.engine.table import SPECTATOR, Table
from hilo.web.homes import table_config
from hilo.web.protocol import CreateTableRequest, view_message
from hilo.web.view_frames import EventData, views_data
from tests.engine.playouts import random_action


@pytest.mark.parametrize(
    "game", ["seven-card-stud-hilo-declare", "follow-the-queen-hilo-declare", "baseball"]
)
def test_views_built_together_match_each_watchers_own_over_several_hands(game: str) -> None:
    """Three people in table seats 1, 3 and 5 (so the hand numbers them otherwise) and a
    spectator: at every change of three hands, the views built together, with each log
    written on from the last change's, are the views built for each watcher alone."""
    request = {
        "games": [game],
        "rules": {"preset": "strict"},
        "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
        "seats": 6,
        "provably_fair": False,
    }
    table = Table(table_config(CreateTableRequest.model_validate(request)))
    for seat, name in zip((1, 3, 5), ("Ann", "Bob", "Cy"), strict=True):
        table.sit(seat, name, 500)
    people = [SPECTATOR, *(table.person_in(seat) for seat in (1, 3, 5))]
    events = EventData()
    rng = random.Random(game)
    compared = 0
    assert views_data(table, [None, 0], events) == {None: None, 0: None}  # before any hand
    for _ in range(3):
        table.start_hand(rng=random.Random(rng.randrange(2**32)))
        hand = table.hand
        assert hand is not None
        while True:
            seen = [table.seen_seat(person) for person in people]
            together = views_data(table, seen, events)
            for person, sees in zip(people, seen, strict=True):
                alone = view_message(
                    0, table.view_for(person), None, role="seat", decision=None, table={}
                )
                assert together[sees] == alone["view"]
                compared += 1
            if hand.is_complete:
                break
            action = random_action(hand, rng)
            table.apply(replace(action, seat=table.hand_seats[action.seat]))
    assert compared > 40  # three hands, four watchers, several changes each
