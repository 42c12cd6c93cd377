"""One betting round: whose turn it is, what each player may do, and what an action costs.

Amounts of bets and raises are the player's total for the round ("raise to"). A raise
smaller than a full raise (an all-in for less) does not reopen the betting for players
who had already acted: they may only call or fold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from hilo.engine.actions import ActionKind
from hilo.engine.declare import Direction, lock_limit
from hilo.engine.names import seat_label
from hilo.errors import IllegalActionError
from hilo.frozen import quick_init
from hilo.rules.stakes import Stakes

__all__ = ["ActionOption", "BettingRound", "Restriction", "sized_right"]

Restriction = Literal["call-only", "no-raise"]


@quick_init
@dataclass(frozen=True, slots=True)
class ActionOption:
    """One thing a player may do now; for bets and raises, the least and most "to" amount.

    >>> ActionOption(ActionKind.RAISE, 40, 60)
    ActionOption(kind=<ActionKind.RAISE: 'raise'>, minimum=40, maximum=60)
    """

    kind: ActionKind
    minimum: int = 0
    maximum: int = 0


def sized_right(option: ActionOption, amount: int) -> bool:
    """Whether a bet, raise or completion "to" ``amount`` is within ``option``'s limits.

    A completion without an amount (0) completes to the least.

    >>> sized_right(ActionOption(ActionKind.COMPLETE, 10, 10), 0)
    True
    """
    if option.kind is ActionKind.COMPLETE and not amount:
        return True
    if option.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
        return option.minimum <= amount <= option.maximum
    return True


_FOLD = ActionOption(ActionKind.FOLD)
_CHECK = ActionOption(ActionKind.CHECK)
_CALL_KIND, _CHECK_KIND = ActionKind.CALL, ActionKind.CHECK


class BettingRound:
    """The state of one betting round among the seats still in the hand.

    The round keeps its own count of the chips each seat has behind and of who folds in
    it; `apply` returns the chips an action put in, for the hand to take from its stacks.
    """

    def __init__(
        self,
        order: list[int],
        stacks: Sequence[int],
        stakes: Stakes,
        *,
        big_bet: bool,
        pot_before: int,
        posted: dict[int, int] | None = None,
        bring_in: int | None = None,
        declarations: Mapping[int, Direction] | None = None,
        lock_rule: str = "free",
    ) -> None:
        self.order = order
        self.stacks = list(stacks)
        """Chips each seat has behind, by seat number (blinds posted already taken)."""
        self.folded: set[int] = set()
        """Seats that folded in this round."""
        self.stakes = stakes
        self.pot_before = pot_before
        # The round after the declare: the declarations, for the lock rule.
        self.declarations = declarations
        self.lock_rule = lock_rule
        self.bets: dict[int, int] = dict.fromkeys(order, 0)
        self.current = 0
        if posted:  # a big blind all in for less still makes the full big blind to call
            self.bets.update(posted)
            self.current = max(*self.bets.values(), stakes.big_blind)
        if stakes.structure == "fixed-limit":
            self.unit = stakes.big_bet if big_bet else stakes.small_bet
        else:
            self.unit = stakes.min_bet if stakes.structure == "spread-limit" else stakes.minimum_bet
        self.full_raise = max(self.unit, self.current)
        # A posted big blind counts as the round's bet towards a limit game's cap.
        self.raises = 1 if self.current and bring_in is None else 0
        self.acted: set[int] = set()
        self.may_raise: dict[int, bool] = dict.fromkeys(order, True)
        # The bet each seat last acted at, and who has acted since the last full raise: a
        # seat that acted may raise again once the bet has gone up a full raise since.
        self.acted_at: dict[int, int] = {}
        self.since_full_raise: set[int] = set()
        self.bring_in_seat = bring_in
        self.opened_by_bring_in = bring_in is not None
        self.position = 0
        self.last_aggressor: int | None = None
        self._live = list(order)
        funded = 0
        for seat in order:
            if stacks[seat]:
                funded += 1
        self._funded = funded
        """How many of the live seats have chips behind (are not all in)."""
        # Whose turn it is and what they may do only change when somebody acts: both are
        # worked out once after each action (``_turn`` is None when the round is over).
        self._turn = self._find_turn()
        self._options: dict[int, list[ActionOption]] = {}  # shared: callers must not change

    def restriction(self, seat: int) -> tuple[Restriction, str] | None:
        """The lock rule's limit on ``seat`` in the round after the declare, if any."""
        if self.declarations is None:
            return None
        return lock_limit(seat, self.declarations, self._live, self.lock_rule)

    # -- whose turn -------------------------------------------------------------------

    def live(self) -> list[int]:
        """Seats still in the hand, in acting order (do not change the list)."""
        return self._live

    def _find_turn(self) -> int | None:
        live = self._live
        if len(live) <= 1:
            return None
        stacks, bets, current = self.stacks, self.bets, self.current
        folded, acted, bring_in = self.folded, self.acted, self.bring_in_seat
        order, position = self.order, self.position
        count = len(order)
        for step in range(count):
            index = position + step
            if index >= count:
                index -= count
            seat = order[index]
            if seat in folded or stacks[seat] == 0:
                continue
            if seat != bring_in and bets[seat] >= current:
                if seat in acted:
                    continue
                if self._funded <= 1:  # this seat alone has chips
                    continue  # everybody else is all in: nobody is left to bet against
            self.position = index
            return seat
        return None

    def to_act(self) -> int | None:
        """The seat to act, or None when the round is over."""
        return self._turn

    # -- what a seat may do -----------------------------------------------------------

    def _cap_reached(self) -> bool:
        cap = self.stakes.raise_cap
        if not self.stakes.is_limit or cap is None:
            return False
        if self.stakes.lift_cap_heads_up and len(self.live()) == 2:
            return False
        return self.raises >= cap

    def _raise_limits(self, seat: int) -> tuple[int, int]:
        """Least and most a raise (or bet) may go to, before the all-in limit."""
        all_in = self.bets[seat] + self.stacks[seat]
        structure = self.stakes.structure
        if self.current == 0:
            least = self.unit
        else:
            least = self.current + (self.unit if structure == "fixed-limit" else self.full_raise)
        if structure == "fixed-limit":
            most = least
        elif structure == "spread-limit":
            most = self.current + self.stakes.max_bet
            least = min(least, most)
        elif structure == "pot-limit":
            most = max(least, self._pot_size(seat))
        else:
            most = all_in
        return min(least, all_in), min(most, all_in)

    def _pot_size(self, seat: int) -> int:
        """Pot limit: the most ``seat`` may make it, the pot after its call on top of the call."""
        to_call = self.current - self.bets[seat]
        return self.current + self.pot_before + sum(self.bets.values()) + to_call

    def options(self, seat: int) -> list[ActionOption]:
        """Everything ``seat`` may do now (nothing when it is not its turn)."""
        if self._turn != seat:
            return []
        known = self._options.get(seat)
        if known is None:
            known = self._options[seat] = self._work_out_options(seat)
        return known

    def _work_out_options(self, seat: int) -> list[ActionOption]:
        stack = self.stacks[seat]
        to_call = self.current - self.bets[seat]
        if seat == self.bring_in_seat:
            bring = min(self.stakes.bring_in, stack)
            return [ActionOption(ActionKind.BRING_IN, bring, bring), self._completion(seat)]
        options = [_FOLD]
        if to_call <= 0:
            options.append(_CHECK)
        else:
            paid = min(to_call, stack)
            options.append(ActionOption(ActionKind.CALL, paid, paid))
        limit = self.restriction(seat)
        if stack <= max(to_call, 0) or self._cap_reached():
            return options
        if all(self.stacks[other] == 0 for other in self._live if other != seat):
            return options  # everybody else is all in: there is nobody to bet against
        if self.current == 0:
            if limit is None or limit[0] == "no-raise":
                least, most = self._raise_limits(seat)
                options.append(ActionOption(ActionKind.BET, least, most))
            return options
        if not self.may_raise[seat] or limit is not None:
            return options
        if (
            self.raises == 0
            and self.current < self._full_bet()
            and (self.opened_by_bring_in or self.stakes.structure == "fixed-limit")
        ):
            # Stud: after a bring-in the next move up is completing it. Fixed limit: an
            # all-in bet for less than a full bet is completed. Other structures raise it.
            options.append(self._completion(seat))
            return options
        least, most = self._raise_limits(seat)
        options.append(ActionOption(ActionKind.RAISE, least, most))
        return options

    def _full_bet(self) -> int:
        """What completing goes to: the stud completion after a bring-in, else this street's
        full bet (a fixed-limit all-in bet for less is completed to it)."""
        return self.stakes.completion() if self.opened_by_bring_in else self.unit

    def _completion(self, seat: int) -> ActionOption:
        """Completing to a full bet. After a stud bring-in in spread, pot or no limit, the
        completion is the round's opening bet: any size the structure allows."""
        all_in = self.bets[seat] + self.stacks[seat]
        least = most = min(self._full_bet(), all_in)
        structure = self.stakes.structure
        if self.opened_by_bring_in and structure != "fixed-limit":
            if structure == "spread-limit":
                most = self.stakes.max_bet
            else:
                most = self._pot_size(seat) if structure == "pot-limit" else all_in
            most = max(least, min(most, all_in))
        return ActionOption(ActionKind.COMPLETE, least, most)

    def why_not(self, seat: int, kind: ActionKind, amount: int) -> str:
        """The sentence a player reads when ``kind`` (for ``amount``) is not allowed."""
        actor = self.to_act()
        if actor != seat:
            who = "nobody" if actor is None else seat_label(actor)
            return f"It is not your turn: {who} is to act."
        options = {option.kind: option for option in self.options(seat)}
        to_call = self.current - self.bets[seat]
        if kind in options:
            option = options[kind]
            if option.minimum == option.maximum:
                return f"You can {kind.value} only to {option.minimum}."
            least, most = option.minimum, option.maximum
            return f"{kind.value.capitalize()} to at least {least} and at most {most}."
        if seat == self.bring_in_seat:
            return "You have the lowest card: bring it in or complete."
        if kind is ActionKind.CHECK:
            return f"You cannot check: it is {to_call} to call."
        if kind is ActionKind.CALL:
            return "You cannot call: there is no bet to call; check instead."
        if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
            limit = self.restriction(seat)
            if limit is not None and not (kind is ActionKind.BET and limit[0] == "no-raise"):
                return f"You cannot {kind.value}: {limit[1]}."
            if kind is ActionKind.BET and self.current:
                return f"You cannot bet: there is already a bet of {self.current}; raise instead."
            if kind is ActionKind.RAISE and not self.current:
                return "You cannot raise: nobody has bet; bet instead."
            if self._cap_reached():
                return f"You cannot {kind.value}: the betting is capped at {self.raises} bets."
            if all(self.stacks[other] == 0 for other in self._live if other != seat):
                return f"You cannot {kind.value}: everybody else is all in."
            if not self.may_raise[seat]:
                return (
                    f"You cannot {kind.value}: the all-in raise was less than a full raise, "
                    "so you may only call or fold."
                )
            if self.stacks[seat] <= to_call:
                return f"You cannot {kind.value}: you do not have the chips to raise."
            if kind is ActionKind.COMPLETE:
                return "You cannot complete: the bet is already complete."
            if kind is ActionKind.RAISE and ActionKind.COMPLETE in options:
                return "You cannot raise yet: the bring-in must be completed first."
        return f"You cannot {kind.value} now."

    # -- doing it ---------------------------------------------------------------------

    def _put(self, seat: int, total: int) -> int:
        paid = total - self.bets[seat]
        left = self.stacks[seat] - paid
        self.stacks[seat] = left
        self.bets[seat] = total
        if paid and not left:
            self._funded -= 1
        return paid

    def act(self, seat: int, kind: ActionKind, amount: int) -> int:
        """Check and carry out an action (`IllegalActionError` saying why not, as `allowed`);
        return the chips it put in. A check or a call by the seat to act is carried out at
        once; anything else goes through `allowed` and `apply`."""
        if seat == self._turn and seat != self.bring_in_seat:
            bets = self.bets
            bet = bets[seat]
            to_call = self.current - bet
            if kind is _CALL_KIND and to_call > 0:
                stack = self.stacks[seat]
                paid = to_call if to_call < stack else stack
                self.acted.add(seat)
                bets[seat] = bet + paid
                self.stacks[seat] = stack - paid
                if paid == stack:
                    self._funded -= 1
            elif kind is _CHECK_KIND and to_call <= 0:
                paid = 0
                self.acted.add(seat)
            else:
                return self.apply(seat, kind, amount, self.allowed(seat, kind, amount))
            self._has_acted(seat)
            return paid
        return self.apply(seat, kind, amount, self.allowed(seat, kind, amount))

    def allowed(self, seat: int, kind: ActionKind, amount: int) -> ActionOption:
        """The option that allows this action, or `IllegalActionError` saying why not."""
        if seat == self._turn and seat != self.bring_in_seat:
            # Folding, checking and calling need no sizing: answer without the full list.
            to_call = self.current - self.bets[seat]
            if kind is ActionKind.FOLD:
                return _FOLD
            if kind is ActionKind.CHECK and to_call <= 0:
                return _CHECK
            if kind is ActionKind.CALL and to_call > 0:
                paid = min(to_call, self.stacks[seat])
                return ActionOption(ActionKind.CALL, paid, paid)
        for option in self.options(seat):
            if option.kind is kind and sized_right(option, amount):
                return option
        raise IllegalActionError(self.why_not(seat, kind, amount))

    def apply(
        self, seat: int, kind: ActionKind, amount: int, option: ActionOption | None = None
    ) -> int:
        """Carry out an action (``option``: what `allowed` returned for it, if known).

        Returns the chips it put in.
        """
        if option is None:
            option = self.allowed(seat, kind, amount)
        # Only the seat to act may act, and finding it left the position there.
        paid = self._carry_out(seat, kind, amount, option)
        self._has_acted(seat)
        return paid

    def _has_acted(self, seat: int) -> None:
        """``seat``'s action is carried out: note the bet it acted at, find the next turn."""
        self.acted_at[seat] = self.current
        self.since_full_raise.add(seat)
        if self._options:
            self._options = {}
        self._turn = self._find_turn()

    def _carry_out(self, seat: int, kind: ActionKind, amount: int, option: ActionOption) -> int:
        if kind is ActionKind.FOLD:
            self.folded.add(seat)
            self._live.remove(seat)
            self.acted.add(seat)
            if self.stacks[seat]:
                self._funded -= 1
            return 0
        if kind is ActionKind.CHECK:
            self.acted.add(seat)
            return 0
        if kind is ActionKind.CALL:
            self.acted.add(seat)
            return self._put(seat, self.bets[seat] + option.minimum)
        if kind is ActionKind.BRING_IN:
            self.bring_in_seat = None
            self.acted.add(seat)
            paid = self._put(seat, self.bets[seat] + option.minimum)
            self.current = max(self.current, self.bets[seat])
            return paid
        total = (amount or option.minimum) if kind is ActionKind.COMPLETE else amount
        completes = kind is ActionKind.COMPLETE and total >= self._full_bet()
        if kind is ActionKind.COMPLETE:
            self.bring_in_seat = None
            if completes:
                self.full_raise = max(self._full_bet(), total)
        paid = self._put(seat, total)
        increment = total - self.current
        full = completes or (
            kind is not ActionKind.COMPLETE
            and (increment >= self.full_raise or (self.current == 0 and total >= self.unit))
        )
        if full:
            if self.stakes.structure != "fixed-limit":
                self.full_raise = max(self.full_raise, increment)
            self.raises += 1
            self.may_raise = dict.fromkeys(self.order, True)
            self.since_full_raise = set()
        else:
            # An all-in for less than a full raise: who already acted may only call, unless
            # the bet has now gone up by a full raise since they acted (short all-ins add up).
            for other in self.since_full_raise:
                self.may_raise[other] = total - self.acted_at[other] >= self.full_raise
        self.acted = {seat}
        self.current = total
        self.last_aggressor = seat
        return paid

    def uncalled(self) -> tuple[int, int] | None:
        """The seat whose bet nobody matched, and the excess to return to it."""
        if len(self.bets) < 2:
            return None
        seat, top, second = -1, -1, -1
        for other, bet in self.bets.items():  # the first of the largest bets, and the next
            if bet > top:
                seat, top, second = other, bet, top
            elif bet > second:
                second = bet
        if top <= second:
            return None
        return seat, top - second
