"""The referee's explanation: a `ShowdownResult` told in sentences a player reads.

The words are built only when asked for, so settling stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hilo.engine.declare import Direction, Outcome
from hilo.engine.grammar import possessive, says, verb
from hilo.engine.rulings import Fallback, FallbackRuling, Method, PotRuling, SwingCheck
from hilo.hands import HandValue
from hilo.hands.sides import HandSide, PointsSide, SideRule, SideValue, SpadeSide
from hilo.hands.wild import WildValue

if TYPE_CHECKING:
    from hilo.engine.showdown import ShowdownResult
    from hilo.rules.house_rules import HouseRules

__all__ = ["explain"]


def _names(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _nobody(rule: SideRule) -> str:
    """The start of the sentence for a side nobody has anything on."""
    match rule:
        case HandSide():
            return "No qualifying low"
        case SpadeSide():
            return "No spade in the hole"
        case PointsSide(target=target):
            return f"Every total is over {target}"
    raise AssertionError(f"no words for {rule!r}")  # pragma: no cover


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
        self._values: dict[tuple[int, Direction], HandValue | SideValue | WildValue] = {}

    def name(self, seat: int) -> str:
        return self.by_seat[seat].display_name

    def rule(self, side: Direction) -> SideRule:
        rule = self.result.sides.high if side is Direction.HIGH else self.result.sides.low
        assert rule is not None, "a side the split does not have is never told"
        return rule

    def side(self, side: Direction) -> str:
        """What players call the side: high, low, spade, 27, 7."""
        return self.rule(side).name

    def has(self, side: Direction) -> bool:
        sides = self.result.sides
        return (sides.high if side is Direction.HIGH else sides.low) is not None

    def value(self, seat: int, side: Direction) -> HandValue | SideValue | WildValue:
        key = (seat, side)
        rule = self.rule(side)
        if key not in self._values and self.result.wild is not None and isinstance(rule, HandSide):
            self._values[key] = self.result.wild.value(seat, rule.ranking, rule.qualifier)
        if key not in self._values:
            hand = self.by_seat[seat]
            self._values[key] = rule.value(
                hand.cards, hand.up, self.result.board, self.result.selection
            )
        return self._values[key]

    def words(self, seat: int, side: Direction) -> str:
        return self.value(seat, side).words

    def shown(self, seat: int, side: Direction) -> str:
        """The hand's value on a side with its cards, or what it lacks there."""
        value = self.value(seat, side)
        return str(value) if value.is_qualified else self.rule(side).nothing

    def hand_line(self, seat: int) -> str:
        hand = self.by_seat[seat]
        who = hand.display_name
        if hand.declaration is None:
            parts = [
                self.shown(seat, side) for side in (Direction.HIGH, Direction.LOW) if self.has(side)
            ]
            return f"{says(who, 'shows')} {' and '.join(parts)}."
        if hand.declaration is Direction.BOTH:
            high, low = self.value(seat, Direction.HIGH), self.value(seat, Direction.LOW)
            return f"{who} declared both ways: {high} and {low}."
        way = hand.declaration
        return f"{who} declared {self.side(way)}: {self.value(seat, way)}."

    def side_phrase(self, check: SwingCheck, side: Direction) -> str:
        outcome = check.high if side is Direction.HIGH else check.low
        rival = check.high_rival if side is Direction.HIGH else check.low_rival
        name = self.side(side)
        if outcome is Outcome.WIN:
            return f"best {name}"
        if rival is None or not self.value(check.seat, side).is_qualified:
            return self.rule(side).nothing
        if outcome is Outcome.TIE:
            return f"tied for {name} with {self.name(rival)}"
        theirs = self.words(rival, side).lower()
        mine = self.words(check.seat, side).lower()
        return f"beaten for {name} by {self.name(rival)} ({theirs} against {mine})"

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
                    f"{says(name, 'shares')} the side tied "
                    f"({label}: a swing may tie a side and share it)"
                )
        elif check.sides:
            (kept,) = check.sides
            verdict = (
                f"{says(name, 'keeps')} only the {kept.value} side "
                f"({label}: a swing that ties one side keeps only the side it won outright)"
            )
        elif ties == "lose":
            verdict = (
                f"{says(name, 'wins')} nothing ({label}: a swing must win both sides outright)"
            )
        elif Outcome.LOSE in (check.high, check.low):
            verdict = (
                f"{says(name, 'wins')} nothing "
                f"({label}: a swing beaten on either side wins nothing)"
            )
        else:
            verdict = (
                f"{says(name, 'wins')} nothing "
                f"({label}: a swing must win at least one side outright)"
            )
        return f"{name} declared both ways: {high}{joiner}{low} — {verdict}."

    def winners_line(self, winners: tuple[int, ...], side: Direction, how: str) -> str:
        names = _names([self.name(seat) for seat in winners])
        words = self.value(winners[0], side)
        if not self.has(Direction.HIGH):  # lowball: one side, the whole pot
            if len(winners) > 1:
                return f"{words.words} wins the pot: {names} tie."
            return f"{words.words} wins the pot: {names} ({_cards_of(words)})."
        rule = self.rule(side)
        if not isinstance(rule, HandSide):  # spade and point halves: named by their side
            if len(winners) > 1:  # equally near a target from either side: each total
                each = [f"{self.name(seat)} with {self.words(seat, side)}" for seat in winners]
                return f"{rule.name.capitalize()} half: {_names(each)} tie."
            return f"{rule.name.capitalize()} half: {names} with {words}."
        if len(winners) > 1:
            return f"{names} tie for {how} {rule.name} with {words.words}."
        return f"{says(names, 'has')} the {how} {rule.name}: {words}."

    def side_lines(self, pot: PotRuling, side: Direction) -> list[str]:
        winners = pot.high_winners if side is Direction.HIGH else pot.low_winners
        blocker = pot.high_blocker if side is Direction.HIGH else pot.low_blocker
        name = self.side(side)
        if winners:
            return [
                self.winners_line(
                    winners, side, "best" if pot.method is Method.CARDS_SPEAK else "winning"
                )
            ]
        if pot.low_rides and side is Direction.LOW:
            return [
                f"{_nobody(self.rule(side))}: the {name} half rides to the next hand "
                f"(no_{name}=rides)."
            ]
        other = Direction.LOW if side is Direction.HIGH else Direction.HIGH
        if pot.method is Method.CARDS_SPEAK:
            return [f"{_nobody(self.rule(side))}: the {self.side(other)} hand takes the whole pot."]
        if pot.method is not Method.DECLARED and pot.fallback is None:
            return []
        contenders = [
            seat
            for seat in pot.seats
            if (self.by_seat[seat].declaration or Direction.BOTH) in (side, Direction.BOTH)
        ]
        if not contenders:
            return [f"Nobody declared {name}."]
        if blocker is not None:
            label = _label(self.rules, "second_best")
            return [
                f"No one wins {name}: {possessive(self.name(blocker))} failed swing had the "
                f"best {name} ({self.words(blocker, side).lower()}), and a hand beaten by a "
                f"failed swing wins nothing ({label}: second-best hands do not win)."
            ]
        return [f"No one is eligible to win {name}."]

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
            case FallbackRuling(rule=Fallback.KEEP_WON_SIDE, then_rides=then_rides):
                line = (
                    f"{start}: each swing counts for the side where its hand is best "
                    "(no_winner=keep-won-side)."
                )
                if then_rides:
                    line += " Still nobody can win, so the pot rides to the next hand."
                return line
            case FallbackRuling(rule=Fallback.RIDES):
                return f"{start}: the pot rides to the next hand ({fallback})."
        raise AssertionError(f"no words for {fallback!r}")  # pragma: no cover

    def award_line(self, pot: PotRuling) -> str:
        if pot.carried and pot.awards:  # one half won, the other rides
            parts = [
                f"{self.name(award.seat)} {award.amount} ({award.reason})" for award in pot.awards
            ]
            return f"Awards: {', '.join(parts)}; {pot.carried} rides to the next hand."
        if pot.carried:
            return f"{pot.carried} rides to the next hand."
        if not pot.awards:
            return "Nothing to award."
        winners = {award.seat for award in pot.awards}
        if len(winners) == 1:
            (seat,) = winners
            both = " (both halves)" if len(pot.awards) == 2 else ""
            return f"{says(self.name(seat), 'takes')} the whole pot{both}: {pot.amount}."
        parts = [f"{self.name(award.seat)} {award.amount} ({award.reason})" for award in pot.awards]
        return "Awards: " + ", ".join(parts) + "."

    def pot_lines(self, pot: PotRuling) -> list[str]:
        names = _names([self.name(seat) for seat in pot.seats])
        if pot.method is Method.UNCONTESTED:
            only = self.name(pot.seats[0])
            return [
                f"{pot.name} ({pot.amount}): {says(only, 'is')} the only player in it "
                f"and {verb(only, 'takes')} it."
            ]
        lines = [f"{pot.name} ({pot.amount}) between {names}."]
        lines += [self.swing_line(check) for check in pot.swings]
        if pot.fallback is not None:
            if (
                pot.method is not Method.DECLARED
            ):  # the declared attempt found nobody on either side
                lines += self.failed_sides(pot)
            lines.append(self.fallback_line(pot.fallback))
        if pot.method in (Method.DECLARED, Method.CARDS_SPEAK):
            for side in (Direction.HIGH, Direction.LOW):
                if self.has(side):
                    lines += self.side_lines(pot, side)
        lines.append(self.award_line(pot))
        return lines

    def failed_sides(self, pot: PotRuling) -> list[str]:
        """Sides where a failed swing's best hand stopped a one-way hand from winning."""
        lines = []
        for side, blocker in ((Direction.HIGH, pot.high_blocker), (Direction.LOW, pot.low_blocker)):
            one_way = [seat for seat in pot.seats if self.by_seat[seat].declaration is side]
            if blocker is not None and one_way:
                lines.append(
                    f"{possessive(self.name(blocker))} failed swing had the best "
                    f"{self.side(side)}, "
                    f"so {_names([self.name(seat) for seat in one_way])} cannot win it."
                )
        return lines


def _cards_of(value: HandValue | SideValue | WildValue) -> str:
    return " ".join(str(card) for card in value.cards)


_last_told: list[tuple[ShowdownResult, tuple[str, ...]]] = []
"""The last result told and its words: every seat's view of a finished hand asks for the
same ruling, so it is told once (kept by identity, so nothing else can match it)."""


def explain(result: ShowdownResult) -> list[str]:
    """The whole ruling in sentences: the rules, the hands, then each pot."""
    for told, words in _last_told[:1]:
        if told is result:
            return list(words)
    lines = _tell(result)
    _last_told[:] = [(result, tuple(lines))]
    return lines


def _tell(result: ShowdownResult) -> list[str]:
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
