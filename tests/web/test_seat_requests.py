"""The book of seat requests: bounded while waiting, and bounded once answered."""

from __future__ import annotations

import pytest

from hilo.errors import IllegalActionError
from hilo.web.seat_requests import Approved, Denied, SeatRequests


def test_waiting_requests_are_bounded_and_answers_are_forgotten_oldest_first() -> None:
    book = SeatRequests(limit=3, kept=2)
    asked = [
        book.ask("t1", seat=seat, name=f"P{seat}", buy_in=100, browser=f"{seat}" * 32)
        for seat in range(3)
    ]
    with pytest.raises(IllegalActionError, match="already has 3 requests"):
        book.ask("t1", seat=0, name="Late", buy_in=100, browser="x" * 32)
    assert book.pending("t1") == asked
    assert book.pending("t2") == []
    book.answer(asked[0], Approved(0, "seat-token"))
    book.answer(asked[1], Denied("No."))
    book.answer(asked[2], Denied("No again."))
    assert book.state(asked[0].token) is None  # only the last two answers are kept
    assert book.state(asked[1].token) == Denied("No.")
    assert book.state(asked[2].token) == Denied("No again.")
    assert book.state("never-asked") is None
    assert len({ask.token for ask in asked}) == 3


def test_one_browser_waits_with_one_request_unless_it_may_hold_several_seats() -> None:
    book = SeatRequests()
    first = book.ask("t1", seat=0, name="Ann", buy_in=100, browser="a" * 32)
    second = book.ask("t1", seat=1, name="Ann", buy_in=100, browser="a" * 32)
    assert book.pending("t1") == [second]
    assert book.state(first.token) == Denied("You asked again: only your newest request waits.")
    third = book.ask("t1", seat=2, name="Bo", buy_in=100, browser="a" * 32, one_per_browser=False)
    assert book.pending("t1") == [second, third]
    assert book.waiting("t1", third.token) == third
    for table, token in [("t2", third.token), ("t1", first.token), ("t1", None)]:
        with pytest.raises(IllegalActionError, match="No such request is waiting"):
            book.waiting(table, token)
    assert book.listing("t1")[1] == {"request": third.token, "seat": 2, "name": "Bo", "buy_in": 100}


def test_a_request_being_seated_waits_for_the_host_no_more_and_for_its_answer_still() -> None:
    book = SeatRequests()
    asked = book.ask("t1", seat=0, name="Ann", buy_in=100, browser="a" * 32)
    book.seating(asked)
    assert book.pending("t1") == []
    assert book.listing("t1") == []
    with pytest.raises(IllegalActionError, match="No such request is waiting"):
        book.waiting("t1", asked.token)
    assert book.state(asked.token) == asked  # to its player: still waiting
    book.answer(asked, Approved(0, "seat-token"))
    assert book.state(asked.token) == Approved(0, "seat-token")


def test_a_request_being_seated_is_not_forgotten_while_others_are_answered() -> None:
    book = SeatRequests(kept=2)
    seated = book.ask("t1", seat=0, name="Ann", buy_in=100, browser="a" * 32)
    book.seating(seated)
    for seat in (1, 2, 3):  # other requests come and are answered meanwhile
        other = book.ask("t1", seat=seat, name=f"P{seat}", buy_in=100, browser=f"{seat}" * 32)
        book.answer(other, Denied("No."))
    book.answer(seated, Approved(0, "seat-token"))  # the newest answer now: kept
    assert book.state(seated.token) == Approved(0, "seat-token")
