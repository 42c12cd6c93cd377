"""Settling up: transfers that bring every net to zero, few of them, the same every time."""

from __future__ import annotations

import pytest

from hilo.ledger import Transfer, settle_up
from hilo.ledger.settle_up import UnbalancedError


def test_an_exact_pair_settles_in_one_transfer_before_the_biggest_debts() -> None:
    nets = {"Ann": -300, "Bob": 200, "Cy": -200, "Di": 300}
    assert settle_up(nets) == (Transfer("Ann", "Di", 300), Transfer("Cy", "Bob", 200))


def test_the_biggest_loser_pays_the_biggest_winner_first() -> None:
    nets = {"Ann": -70, "Bob": 100, "Cy": -50, "Di": 20}
    assert [str(transfer) for transfer in settle_up(nets)] == [
        "Ann pays Bob 70",
        "Cy pays Bob 30",
        "Cy pays Di 20",
    ]


def test_players_who_broke_even_pay_and_receive_nothing() -> None:
    assert settle_up({"Ann": 0, "Bob": 0}) == ()
    assert settle_up({}) == ()


def test_nets_that_do_not_add_up_to_zero_are_refused_with_a_sentence() -> None:
    with pytest.raises(UnbalancedError, match=r"add up to \+40 chips, not zero") as raised:
        settle_up({"Ann": 100, "Bob": -60})
    assert raised.value.balance == 40


def test_transfers_are_written_with_thousands_separated() -> None:
    assert str(Transfer("Ann", "Bob", 12500)) == "Ann pays Bob 12,500"
    assert Transfer("Ann", "Bob", 5).to_dict() == {"payer": "Ann", "payee": "Bob", "chips": 5}
