"""The referee's explanation: a `ShowdownResult` told in sentences a player reads.

The words are built only when asked for, so settling stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hilo.engine.declare import Direction, Outcome
from hilo.engine.rulings import Fallback, FallbackRuling, Method, PotRuling, SwingCheck
from hilo.hands import HandValue, Ranking, evaluate
from hilo.hands.wild import WildValue

if TYPE_CHECKING:
    from hilo.engine.showdown import ShowdownResult
    from hilo.rules.house_rules import HouseRules

__all__ = ["explain"]


def _names(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _label(rules: HouseRules, switch: str) -> str:
    """Cite a rule by its preset's name when the rules are a plain preset, else by the switch."""
    name = rules.name
    if " with " not in name:
        return name
    value = getattr(rules, switch)
    shown = str(value).lower() if isinstance(value, bool) else value
    return f"{switch}={shown}"


class _ResultNarrator:
    """Builds sentences about one showdown result, evaluating each hand's words once."""

    def __init__(self, result: ShowdownResult) -> None:
        self.result = result
        self.rules = result.rules
        self.by_seat = {hand.seat: hand for hand in result.hands}
        self._values: dict[tuple[int, Direction], HandValue | WildValue] = {}

    def name(self, seat: int) -> str:
        return self.by_seat[seat].display_name

    def value(self, seat: int, side: Direction) -> HandValue | WildValue:
        key = (seat, side)
        if key not in self._values and self.result.wild is not None:
            low = side is Direction.LOW
            self._values[key] = self.result.wild.value(
                seat,
                self.rules.low if low else Ranking.HIGH,
                self.rules.low_qualifier if low else None,
            )
        if key not in self._values:
            low = side is Direction.LOW
            self._values[key] = evaluate(
                self.by_seat[seat].cards,
                self.result.board,
                ranking=self.rules.low if low else Ranking.HIGH,
                selection=self.result.selection,
                qualifier=self.rules.low_qualifier if low else None,
            )
        return self._values[key]

    def words(self, seat: int, side: Direction) -> str:
        return self.value(seat, side).words

    def hand_line(self, seat: int) -> str:
        hand = self.by_seat[seat]
        high, low = self.value(seat, Direction.HIGH), self.value(seat, Direction.LOW)
        if hand.declaration is None and self.result.high_only:
            return f"{hand.display_name} shows {high}."
        if hand.declaration is None:
            low_text = str(low) if low.is_qualified else "no qualifying low"
            return f"{hand.display_name} shows {high} and {low_text}."
        if hand.declaration is Direction.HIGH:
            return f"{hand.display_name} declared high: {high}."
        if hand.declaration is Direction.LOW:
            return f"{hand.display_name} declared low: {low}."
        return f"{hand.display_name} declared both ways: {high} and {low}."

    def side_phrase(self, check: SwingCheck, side: Direction) -> str:
        outcome = check.high if side is Direction.HIGH else check.low
        rival = check.high_rival if side is Direction.HIGH else check.low_rival
        if outcome is Outcome.WIN:
            return f"best {side.value}"
        if rival is None or (
            side is Direction.LOW and not self.value(check.seat, side).is_qualified
        ):
            return "no qualifying low"
        if outcome is Outcome.TIE:
            return f"tied for {side.value} with {self.name(rival)}"
        theirs = self.words(rival, side).lower()
        mine = self.words(check.seat, side).lower()
        return f"beaten for {side.value} by {self.name(rival)} ({theirs} against {mine})"

    def swing_line(self, check: SwingCheck) -> str:
        name = self.name(check.seat)
        high = self.side_phrase(check, Direction.HIGH)
        low = self.side_phrase(check, Direction.LOW)
        wins = [check.high, check.low].count(Outcome.WIN)
        joiner = ", but " if wins == 1 and Outcome.LOSE in (check.high, check.low) else " and "
        label = _label(self.rules, "swing_ties")
        ties = self.rules.swing_ties
        if check.sides == {Direction.HIGH, Direction.LOW}:
            if wins == 2:
                verdict = "the swing stands"
            else:
                verdict = (
                    f"{name} shares the side tied ({label}: a swing may tie a side and share it)"
                )
        elif check.sides:
            (kept,) = check.sides
            verdict = (
                f"{name} keeps only the {kept.value} side "
                f"({label}: a swing that ties one side keeps only the side it won outright)"
            )
        elif ties == "lose":
            verdict = f"{name} wins nothing ({label}: a swing must win both sides outright)"
        elif Outcome.LOSE in (check.high, check.low):
            verdict = f"{name} wins nothing ({label}: a swing beaten on either side wins nothing)"
        else:
            verdict = f"{name} wins nothing ({label}: a swing must win at least one side outright)"
        return f"{name} declared both ways: {high}{joiner}{low} — {verdict}."

    def winners_line(self, winners: tuple[int, ...], side: Direction, how: str) -> str:
        names = _names([self.name(seat) for seat in winners])
        words = self.value(winners[0], side)
        if len(winners) > 1:
            return f"{names} tie for {how} {side.value} with {words.words}."
        return f"{names} has the {how} {side.value}: {words}."

    def side_lines(self, pot: PotRuling, side: Direction) -> list[str]:
        winners = pot.high_winners if side is Direction.HIGH else pot.low_winners
        blocker = pot.high_blocker if side is Direction.HIGH else pot.low_blocker
        if pot.method is Method.CARDS_SPEAK:
            if winners:
                return [self.winners_line(winners, side, "best")]
            return ["No qualifying low: the high hand takes the whole pot."]
        if winners:
            return [self.winners_line(winners, side, "winning")]
        if pot.method is not Method.DECLARED and pot.fallback is None:
            return []
        contenders = [
            seat
            for seat in pot.seats
            if (self.by_seat[seat].declaration or Direction.BOTH) in (side, Direction.BOTH)
        ]
        if not contenders:
            return [f"Nobody declared {side.value}."]
        if blocker is not None:
            label = _label(self.rules, "second_best")
            return [
                f"No one wins {side.value}: {self.name(blocker)}'s failed swing had the best "
                f"{side.value} ({self.words(blocker, side).lower()}), and a hand beaten by a "
                f"failed swing wins nothing ({label}: second-best hands do not win)."
            ]
        return [f"No one is eligible to win {side.value}."]

    def fallback_line(self, fallback: FallbackRuling) -> str:
        start = "Nobody can win either side under the declarations"
        match fallback:
            case FallbackRuling(rule=Fallback.ALL_SWING_CARDS_SPEAK):
                return f"{start}, and everybody swung: the cards speak ({fallback})."
            case FallbackRuling(rule=Fallback.CARDS_SPEAK):
                return f"{start}: the pot is settled as if nobody had declared ({fallback})."
            case FallbackRuling(rule=Fallback.SPLIT):
                return f"{start}: the pot is split among everybody still in ({fallback})."
            case FallbackRuling(rule=Fallback.SECOND_BEST, then_rides=then_rides):
                line = f"{start}: second-best hands may win instead (no_winner=second-best)."
                if then_rides:
                    line += " Still nobody can win, so the pot rides to the next hand."
                return line
            case FallbackRuling(rule=Fallback.RIDES):
                return f"{start}: the pot rides to the next hand ({fallback})."
        raise AssertionError(f"no words for {fallback!r}")  # pragma: no cover

    def award_line(self, pot: PotRuling) -> str:
        if pot.carried:
            return f"{pot.carried} rides to the next hand."
        if not pot.awards:
            return "Nothing to award."
        winners = {award.seat for award in pot.awards}
        if len(winners) == 1:
            (seat,) = winners
            both = " (both halves)" if len(pot.awards) == 2 else ""
            return f"{self.name(seat)} takes the whole pot{both}: {pot.amount}."
        parts = [f"{self.name(award.seat)} {award.amount} ({award.reason})" for award in pot.awards]
        return "Awards: " + ", ".join(parts) + "."

    def pot_lines(self, pot: PotRuling) -> list[str]:
        names = _names([self.name(seat) for seat in pot.seats])
        if pot.method is Method.UNCONTESTED:
            only = self.name(pot.seats[0])
            return [f"{pot.name} ({pot.amount}): {only} is the only player in it and takes it."]
        lines = [f"{pot.name} ({pot.amount}) between {names}."]
        lines += [self.swing_line(check) for check in pot.swings]
        if pot.fallback is not None:
            if (
                pot.method is not Method.DECLARED
            ):  # the declared attempt found nobody on either side
                lines += self.failed_sides(pot)
            lines.append(self.fallback_line(pot.fallback))
        if pot.method in (Method.DECLARED, Method.CARDS_SPEAK):
            lines += self.side_lines(pot, Direction.HIGH)
            if not self.result.high_only:
                lines += self.side_lines(pot, Direction.LOW)
        lines.append(self.award_line(pot))
        return lines

    def failed_sides(self, pot: PotRuling) -> list[str]:
        """Sides where a failed swing's best hand stopped a one-way hand from winning."""
        lines = []
        for side, blocker in ((Direction.HIGH, pot.high_blocker), (Direction.LOW, pot.low_blocker)):
            one_way = [seat for seat in pot.seats if self.by_seat[seat].declaration is side]
            if blocker is not None and one_way:
                lines.append(
                    f"{self.name(blocker)}'s failed swing had the best {side.value}, "
                    f"so {_names([self.name(seat) for seat in one_way])} cannot win it."
                )
        return lines


def explain(result: ShowdownResult) -> list[str]:
    """The whole ruling in sentences: the rules, the hands, then each pot."""
    teller = _ResultNarrator(result)
    lines = [f"Rules: {result.rules.name}."]
    if result.wild is not None:
        lines.append(f"Wild: {result.wild.words}.")
    shown = []
    for pot in result.pots:
        if pot.method is not Method.UNCONTESTED:
            shown += [seat for seat in pot.seats if seat not in shown]
    order = {seat: position for position, seat in enumerate(result.seat_order)}
    lines += [teller.hand_line(seat) for seat in sorted(shown, key=order.__getitem__)]
    for pot in result.pots:
        lines += teller.pot_lines(pot)
    if len(result.pots) > 1:
        totals = ", ".join(
            f"{teller.name(seat)} {amount}" for seat, amount in result.amounts().items()
        )
        lines.append(f"In all: {totals or 'nobody wins anything'}.")
    return lines
