"""A turn's budget for a kind of work: the first piece always goes on, the rest wait a turn."""

from __future__ import annotations

import asyncio

from hilo.web.loop_turns import TurnBudget
from tests.web.loop import run


def test_the_first_piece_of_a_turn_goes_on_and_the_next_once_the_time_is_spent_wait() -> None:
    now = [100.0]

    async def asked() -> list[bool]:
        budget = TurnBudget(0.001, timer=lambda: now[0])
        first = budget.spent()
        now[0] += 0.0005
        second = budget.spent()  # within the time
        now[0] += 0.001
        third = budget.spent()
        await asyncio.sleep(0)  # a new turn
        fourth = budget.spent()
        return [first, second, third, fourth]

    assert run(asked) == [False, False, True, False]


def test_work_waiting_for_its_turn_is_all_done_one_piece_a_turn_with_no_time_to_spare() -> None:
    async def done() -> list[tuple[int, int]]:
        budget = TurnBudget(-1.0)  # spent as soon as a turn has done one piece
        turn = 0
        pieces: list[tuple[int, int]] = []

        async def counting() -> None:
            nonlocal turn
            while len(pieces) < 5:
                turn += 1
                await asyncio.sleep(0)

        async def piece(number: int) -> None:
            while budget.spent():
                await asyncio.sleep(0)
            pieces.append((number, turn))

        counter = asyncio.ensure_future(counting())
        await asyncio.gather(*(piece(number) for number in range(5)))
        await counter
        return pieces

    pieces = run(done)
    assert sorted(number for number, _ in pieces) == list(range(5))
    turns = [turn for _, turn in pieces]
    assert len(set(turns)) == 5, turns  # never two pieces in one turn
