"""Main and side pots from what each seat put in.

>>> build_pots({0: 50, 1: 100, 2: 100}, folded=set())
[Pot(amount=150, seats=(0, 1, 2)), Pot(amount=100, seats=(1, 2))]
>>> build_pots({0: 30, 1: 100, 2: 100}, folded={2}, carried_in=7)
[Pot(amount=97, seats=(0, 1)), Pot(amount=140, seats=(1,))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hilo.engine.showdown import Pot

__all__ = ["build_pots", "split_abandoned"]


def build_pots(contributed: Mapping[int, int], folded: set[int], carried_in: int = 0) -> list[Pot]:
    """Layer the chips into pots, each open to the seats still in that put in enough.

    Each all-in amount of a seat still in starts a new layer. Folded seats' chips stay in
    the layers they reached; chips above every live seat's amount go to the last pot.
    ``carried_in`` (a pot that rode from the last hand) joins the main pot.
    """
    if not folded and len(set(contributed.values())) <= 1:  # everybody in for the same
        return [Pot(sum(contributed.values()) + carried_in, tuple(sorted(contributed)))]
    live = {seat: amount for seat, amount in contributed.items() if seat not in folded}
    levels = sorted({amount for amount in live.values() if amount > 0})
    if not levels:
        levels = [0]
    pots: list[Pot] = []
    floor = 0
    for position, level in enumerate(levels):
        top = level if position < len(levels) - 1 else max([level, *contributed.values()])
        amount = sum(max(0, min(put, top) - floor) for put in contributed.values())
        seats = tuple(sorted(seat for seat, put in live.items() if put >= level))
        if pots and pots[-1].seats == seats:
            pots[-1] = Pot(pots[-1].amount + amount, seats)
        else:
            pots.append(Pot(amount, seats))
        floor = top
    if carried_in:
        pots[0] = Pot(pots[0].amount + carried_in, pots[0].seats)
    return pots


def split_abandoned(
    contributed: Sequence[int], live: Sequence[int], fold_order: Sequence[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """Take out the chips above every live seat's stake.

    They were called by players who then all folded (at a declare that timed out), so each
    layer goes to the last of its players to fold: the pot was theirs alone by then.
    Returns those awards and the contributions that are left.

    >>> split_abandoned([30, 80, 80], live=[0], fold_order=[1, 2])
    ([(2, 100)], [30, 30, 30])
    """
    top = max(contributed[seat] for seat in live)
    awards = []
    floor = top
    for level in sorted({put for put in contributed if put > top}):
        amount = sum(max(0, min(put, level) - floor) for put in contributed)
        players = [seat for seat, put in enumerate(contributed) if put >= level]
        awards.append((max(players, key=fold_order.index), amount))
        floor = level
    return awards, [min(put, top) for put in contributed]
