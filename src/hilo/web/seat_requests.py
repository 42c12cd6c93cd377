"""Seat requests the host answers: who asked for which seat, and what the host said.

At a table created with ``approve_seats``, the invitation does not seat anybody: it
records a request, and the host approves or denies it. Requests live in the server's
memory only (a restart forgets them, and the player asks again). A table holds at most
`MAX_PENDING` requests at once, and the answers to its last `KEPT_ANSWERS` requests, so
a flood of requests cannot grow the server's memory.

>>> book = SeatRequests()
>>> asked = book.ask("t1", seat=2, name="Dee", buy_in=200, browser="b" * 32)
>>> [(waiting.name, waiting.seat) for waiting in book.pending("t1")]
[('Dee', 2)]
>>> book.answer(asked, Denied("The host turned down your request."))
>>> book.state(asked.token)
Denied(reason='The host turned down your request.')
>>> book.pending("t1")
[]
"""

from __future__ import annotations

import secrets
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Any

from hilo.errors import IllegalActionError

__all__ = ["KEPT_ANSWERS", "MAX_PENDING", "Answer", "Approved", "Denied", "SeatAsk", "SeatRequests"]

MAX_PENDING = 20
"""Requests a table holds at once, waiting for the host."""

KEPT_ANSWERS = 100
"""Answered requests a table remembers, so the players waiting on them learn the answer."""


@dataclass(frozen=True, slots=True)
class SeatAsk:
    """A request to sit down, waiting for the host: the seat, name and buy-in asked for.

    >>> SeatAsk("r1", "t1", 0, "Ann", 100, "b" * 32).seat
    0
    """

    token: str
    """The unguessable token the player's page asks about the request with."""
    table_id: str
    seat: int
    name: str
    buy_in: int
    browser: str
    """The browser that asked (one made up for this request when it sent no cookie)."""


@dataclass(frozen=True, slots=True)
class Approved:
    """The host let the player sit down: the seat and its seat token.

    >>> Approved(2, "s3cr3t").seat
    2
    """

    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class Denied:
    """The player was not seated, and why, in a sentence for them.

    >>> Denied("The host turned down your request.").reason
    'The host turned down your request.'
    """

    reason: str


Answer = Approved | Denied
"""What became of a request."""


class SeatRequests:
    """Every table's requests waiting for the host, and the recent answers."""

    def __init__(self, *, limit: int = MAX_PENDING, kept: int = KEPT_ANSWERS) -> None:
        self.limit = limit
        self.kept = kept
        self._pending: dict[str, OrderedDict[str, SeatAsk]] = defaultdict(OrderedDict)
        self._answers: dict[str, OrderedDict[str, Answer | SeatAsk]] = defaultdict(OrderedDict)
        """The requests answered, and those approved whose seat is being given (`seating`)."""
        self._table_of: dict[str, str] = {}

    def ask(
        self,
        table_id: str,
        *,
        seat: int,
        name: str,
        buy_in: int,
        browser: str,
        one_per_browser: bool = True,
    ) -> SeatAsk:
        """Record a request; with ``one_per_browser`` it replaces the browser's earlier one."""
        waiting = self._pending[table_id]
        if one_per_browser:
            for earlier in [ask for ask in waiting.values() if ask.browser == browser]:
                self.answer(earlier, Denied("You asked again: only your newest request waits."))
        if len(waiting) >= self.limit:
            raise IllegalActionError(
                f"The host already has {self.limit} requests to sit down at this table"
                " to answer; ask again in a little while."
            )
        asked = SeatAsk(secrets.token_urlsafe(24), table_id, seat, name, buy_in, browser)
        waiting[asked.token] = asked
        self._table_of[asked.token] = table_id
        return asked

    def pending(self, table_id: str) -> list[SeatAsk]:
        """A table's requests waiting for the host, oldest first."""
        return list(self._pending[table_id].values())

    def listing(self, table_id: str) -> list[dict[str, Any]]:
        """A table's waiting requests as the host's page shows them (never the browser)."""
        return [
            {"request": ask.token, "seat": ask.seat, "name": ask.name, "buy_in": ask.buy_in}
            for ask in self.pending(table_id)
        ]

    def waiting(self, table_id: str, token: object) -> SeatAsk:
        """The request ``token`` waiting at this table, or a sentence saying it is not."""
        found = self._pending[table_id].get(token) if isinstance(token, str) else None
        if found is None:
            raise IllegalActionError(
                "No such request is waiting at this table: it may have been answered already."
            )
        return found

    def state(self, token: str) -> SeatAsk | Answer | None:
        """A request still waiting, its answer, or None if this server does not know it."""
        table_id = self._table_of.get(token)
        if table_id is None:
            return None
        waiting = self._pending[table_id].get(token)
        return waiting if waiting is not None else self._answers[table_id].get(token)

    def seating(self, ask: SeatAsk) -> None:
        """The host approved ``ask``: it waits for the host no more (a second approval finds
        nothing to approve), while to its player it is still waiting until `answer` says
        whether the seat was given."""
        self._settle(ask, ask)

    def answer(self, ask: SeatAsk, answer: Answer) -> None:
        """The host's answer (or the server's, when the seat could not be given)."""
        self._settle(ask, answer)

    def _settle(self, ask: SeatAsk, state: Answer | SeatAsk) -> None:
        """Record what became of ``ask`` as its newest state (forgetting the oldest states
        beyond `kept`)."""
        self._pending[ask.table_id].pop(ask.token, None)
        self._table_of[ask.token] = ask.table_id
        answers = self._answers[ask.table_id]
        answers.pop(ask.token, None)
        answers[ask.token] = state
        while len(answers) > self.kept:
            forgotten, _ = answers.popitem(last=False)
            self._table_of.pop(forgotten, None)
