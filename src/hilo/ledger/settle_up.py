"""Who pays whom at the end of the night: transfers that bring every net result to zero.

An exact pair (one player down what another is up) settles in one transfer; the rest go
from the biggest loser to the biggest winner, each transfer clearing at least one of them,
so n players with money to move need at most n - 1 transfers.

>>> [str(transfer) for transfer in settle_up({"Ann": -120, "Bob": 120})]
['Ann pays Bob 120']
>>> [str(transfer) for transfer in settle_up({"Ann": -50, "Bob": 80, "Cy": -30, "Di": 0})]
['Ann pays Bob 50', 'Cy pays Bob 30']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hilo.errors import HiloError
from hilo.grammar import says

__all__ = ["Transfer", "UnbalancedError", "settle_up"]


class UnbalancedError(HiloError, ValueError):
    """Net results that do not add up to zero, so no transfers can settle them."""

    def __init__(self, balance: int) -> None:
        over = "more" if balance > 0 else "less"
        super().__init__(
            f"The results add up to {balance:+,} chips, not zero: the table paid out {over}"
            " than was paid in (a pot still in play or riding, or stack adjustments that do"
            " not cancel out), so there is nothing exact to settle yet."
        )
        self.balance = balance


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment at the end of the night.

    >>> Transfer("Ann", "Bob", 120)
    Transfer(payer='Ann', payee='Bob', chips=120)
    >>> str(Transfer("Ann", "Bob", 120))
    'Ann pays Bob 120'
    """

    payer: str
    payee: str
    chips: int

    def __str__(self) -> str:
        return f"{says(self.payer, 'pays')} {self.payee} {self.chips:,}"

    def to_dict(self) -> dict[str, str | int]:
        """``{"payer", "payee", "chips"}``."""
        return {"payer": self.payer, "payee": self.payee, "chips": self.chips}


def settle_up(nets: Mapping[str, int]) -> tuple[Transfer, ...]:
    """Transfers from the players who are down to those who are up, settling every net.

    The same nets give the same transfers whatever their order; nets that do not add up
    to zero raise `UnbalancedError` with a sentence.
    """
    balance = sum(nets.values())
    if balance:
        raise UnbalancedError(balance)
    owing = {name: -net for name, net in nets.items() if net < 0}
    owed = {name: net for name, net in nets.items() if net > 0}
    transfers: list[Transfer] = []
    for payer in sorted(owing):
        payee = next(
            (name for name in sorted(owed) if owed[name] == owing[payer]),
            None,
        )
        if payee is not None:
            transfers.append(Transfer(payer, payee, owing.pop(payer)))
            del owed[payee]
    while owing:
        payer = min(owing, key=lambda name: (-owing[name], name))
        payee = min(owed, key=lambda name: (-owed[name], name))
        chips = min(owing[payer], owed[payee])
        transfers.append(Transfer(payer, payee, chips))
        for side, name in ((owing, payer), (owed, payee)):
            side[name] -= chips
            if not side[name]:
                del side[name]
    return tuple(transfers)
