"""Invariants of settling up over random ledgers."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from hilo.ledger import Entry, EntryKind, Ledger, settle_up

names = st.lists(
    st.text(alphabet="ABCDEFGHIJ", min_size=1, max_size=3), min_size=1, max_size=10, unique=True
)


@st.composite
def ledgers(draw: st.DrawFn) -> Ledger:
    """A night: buy-ins, rebuys, add-ons and adjustments that cancel, and chips moved
    between players by the hands (so the cash-outs add up to what was paid in)."""
    players = draw(names)
    entries = [Entry(EntryKind.BUY_IN, name, draw(st.integers(1, 10_000))) for name in players]
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from([EntryKind.REBUY, EntryKind.ADD_ON]))
        entries.append(Entry(kind, draw(st.sampled_from(players)), draw(st.integers(1, 5000))))
    stacks = dict.fromkeys(players, 0)
    for entry in entries:
        stacks[entry.player] += entry.chips
    for _ in range(draw(st.integers(0, 20))):  # hands: chips move from one player to another
        loser, winner = draw(st.sampled_from(players)), draw(st.sampled_from(players))
        moved = draw(st.integers(0, stacks[loser]))
        stacks[loser] -= moved
        stacks[winner] += moved
    if len(players) > 1 and draw(st.booleans()):  # a correction that moves chips back
        taken, given_to = players[0], players[1]
        moved = draw(st.integers(0, stacks[taken]))
        entries.append(Entry(EntryKind.ADJUSTMENT, taken, -moved, "miscount"))
        entries.append(Entry(EntryKind.ADJUSTMENT, given_to, moved, "miscount"))
        stacks[taken] -= moved
        stacks[given_to] += moved
    return Ledger.build(draw(st.permutations(entries)), stacks)


@given(ledgers())
def test_transfers_bring_every_net_to_zero(ledger: Ledger) -> None:
    left = ledger.nets()
    for transfer in ledger.transfers():
        left[transfer.payer] += transfer.chips
        left[transfer.payee] -= transfer.chips
    assert set(left.values()) <= {0}


@given(ledgers())
def test_at_most_one_transfer_fewer_than_the_players(ledger: Ledger) -> None:
    transfers = ledger.transfers()
    assert len(transfers) <= max(0, len(ledger.rows) - 1)
    moving = [row for row in ledger.rows if row.net]
    assert len(transfers) <= max(0, len(moving) - 1)


@given(ledgers())
def test_every_transfer_is_positive_and_goes_from_a_loser_to_a_winner(ledger: Ledger) -> None:
    nets = ledger.nets()
    for transfer in ledger.transfers():
        assert transfer.chips > 0
        assert nets[transfer.payer] < 0 < nets[transfer.payee]


@given(ledgers(), st.randoms(use_true_random=False))
def test_the_same_nets_in_any_order_give_the_same_transfers(
    ledger: Ledger, rng: random.Random
) -> None:
    nets = list(ledger.nets().items())
    shuffled = nets[:]
    rng.shuffle(shuffled)
    assert settle_up(dict(shuffled)) == settle_up(dict(nets)) == ledger.transfers()
