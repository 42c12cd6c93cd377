"""The gallery of hard showdowns: a fixed list of situations, each settled by the referee
under the house rules shown, so the rulings are always true for those rules.

Each item is a complete ``hilo settle --json`` document (rules included) with the
referee's ``awards``, ``carried`` and ``explanation`` added, and three keys of its own:
``situation`` (a fixed name), ``title`` (the setting in words) and ``decided_by`` (the
switches that decided the ruling, each with the sheet's sentence for it), worked out from
the referee's facts, never from its words.

>>> from hilo.rules.house_rules import HouseRules
>>> items = gallery(HouseRules.preset("strict"))
>>> [item["situation"] for item in items][:3]
['scoop', 'swing-ties', 'swing-beaten']
>>> tie = items[1]
>>> tie["awards"], [rule["switch"] for rule in tie["decided_by"]]
({'Cat': 120}, ['swing_ties', 'second_best'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from hilo.cards import Card, Rank, Suit
from hilo.engine.declare import Direction, Outcome
from hilo.engine.rulings import Fallback, Method, Side
from hilo.engine.settlement import read_request, result_to_document
from hilo.engine.showdown import ShowdownResult
from hilo.hands.ranking import Ranking
from hilo.rules.catalogue import SWITCH_APPLIES
from hilo.rules.house_rules import HouseRules
from hilo.rules.sheet import rules_sheet, sentence
from hilo.rules.variants import VARIANTS

__all__ = [
    "ADDED_KEYS",
    "SITUATIONS",
    "Situation",
    "deciding_switches",
    "gallery",
    "settlement_part",
    "sheet_document",
]

ADDED_KEYS = ("situation", "title", "decided_by", "awards", "carried", "explanation")
"""The keys a gallery item adds to its settlement document; without them it is exactly
what ``hilo settle --json`` reads."""

_SEVENS = ("7 5 4 3 2", "7 6 4 3 2", "7 6 5 3 2", "7 6 5 4 2")
"""Lows best first that no ranking counts a straight, a flush or an ace in."""
_SIXES = ("6 4 3 2 A", "6 5 3 2 A", "6 5 4 2 A", "6 5 4 3 A")
"""Lows best first for a qualifier under seven, where an ace must count low."""

Players = list[tuple[str, str | None, str]]
"""Each player: name, declaration (None: cards speak) and the ranks of the cards."""


@dataclass(frozen=True, slots=True)
class Situation:
    """One showdown of the gallery: its name, its setting in words, and how it is dealt.

    ``deal`` gets the lows of the rules (best first) and whether players declare, and gives
    the players and the pots (``[(amount, [names])]``, empty names: everybody).
    ``when`` says whether the situation comes up under the rules at all; ``also`` names
    switches that decide it besides those the ruling shows (a lock's betting).
    """

    name: str
    title: str
    deal: Callable[[Sequence[str], bool], tuple[Players, list[tuple[int, list[str]]]]]
    when: Callable[[HouseRules], bool] = lambda rules: True
    also: tuple[str, ...] = ()


def _scoop(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "both", f"{lows[0]} K K"),
        ("Bob", "high", "Q Q J 9 8"),
        ("Cat", "low", lows[1]),
    ], [(120, [])]


def _swing_ties(
    lows: Sequence[str], declaring: bool
) -> tuple[Players, list[tuple[int, list[str]]]]:
    top = lows[0].split()[0]
    return [
        ("Ann", "both", f"{lows[0]} {top} {top}"),
        ("Bob", "high", "K K Q J 9"),
        ("Cat", "low", lows[0]),
    ], [(120, [])]


def _swing_beaten(
    lows: Sequence[str], declaring: bool
) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "both", f"{lows[0]} K K"),
        ("Bob", "high", "9 9 9 Q J"),
        ("Cat", "high", "Q Q T 8 8"),
    ], [(120, [])]


def _all_swing(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "both", f"{lows[2]} K K"),
        ("Bob", "both", f"{lows[0]} Q Q"),
        ("Cat", "both", f"{lows[1]} J J"),
    ], [(120, [])]


def _nobody(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "both", f"{lows[1]} K K"),
        ("Bob", "both", f"{lows[0]} J J"),
        ("Cat", "high", "Q Q T 9 8"),
    ], [(120, [])]


def _blocked(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "both", f"{lows[0]} J J"),
        ("Bob", "high", "K K Q 9 8"),
        ("Cat", "low", lows[1]),
    ], [(120, [])]


def _odd_chip(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "high", "K K Q 9 8"),
        ("Bob", "low", lows[0]),
        ("Cat", "low", lows[0]),
        ("Dan", "high", "K K Q 9 8"),
    ], [(63, [])]


def _side_pots(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "both", f"{lows[0]} K K"),
        ("Bob", "both", f"{lows[1]} Q Q"),
        ("Cat", "low", lows[1]),
    ], [(90, ["Ann", "Bob", "Cat"]), (40, ["Bob", "Cat"])]


def _lock(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", "low", lows[1]),
        ("Bob", "high", "K K Q 9 8"),
        ("Cat", "high", "Q Q J 9 8"),
    ], [(120, [])]


def _no_low(lows: Sequence[str], declaring: bool) -> tuple[Players, list[tuple[int, list[str]]]]:
    return [
        ("Ann", None, "K K Q J 9"),
        ("Bob", None, "Q Q J T 8"),
        ("Cat", None, "A A T 9 8"),
    ], [(120, [])]


SITUATIONS: tuple[Situation, ...] = (
    Situation(
        "scoop",
        "Ann declares both ways with the best high and the best low",
        _scoop,
    ),
    Situation(
        "swing-ties",
        "Ann declares both ways, has the best high and ties Cat for low",
        _swing_ties,
    ),
    Situation(
        "swing-beaten",
        "Ann declares both ways with the only low, and Bob beats her high",
        _swing_beaten,
    ),
    Situation(
        "all-swing",
        "Everybody declares both ways: Ann has the best high, Bob the best low",
        _all_swing,
    ),
    Situation(
        "nobody-eligible",
        "Ann and Bob declare both ways and each loses a side; Cat's high is beaten by Ann's",
        _nobody,
    ),
    Situation(
        "beaten-by-failed-swing",
        "Ann declares both ways and loses high to Bob; her low beats Cat's, the only other low",
        _blocked,
    ),
    Situation(
        "odd-chip",
        "A pot of 63: Ann and Dan tie for high, Bob and Cat tie for low",
        _odd_chip,
    ),
    Situation(
        "side-pots",
        "Ann is all in for the main pot; Bob declares both ways and ties Cat's low",
        _side_pots,
    ),
    Situation(
        "lock",
        "Ann is the only player declaring low: a lock on that half",
        _lock,
        when=lambda rules: rules.bet_after_declare,
        also=("lock_rule",),
    ),
)
"""The situations shown when players declare, in the order shown."""

_CARDS_SPEAK: tuple[Situation, ...] = (
    Situation("scoop", "Ann has the best high and the best low", _scoop),
    Situation(
        "no-qualifying-low",
        "Nobody has a qualifying low",
        _no_low,
        when=lambda rules: rules.low_qualifier is not None,
        also=("low_qualifier",),
    ),
    Situation(
        "odd-chip", "A pot of 63: Ann and Dan tie for high, Bob and Cat tie for low", _odd_chip
    ),
    Situation("side-pots", "Ann is all in for the main pot; Bob and Cat tie for low", _side_pots),
)
"""The situations shown when the cards speak."""


def _lows(rules: HouseRules) -> Sequence[str]:
    qualifier = rules.low_qualifier
    if qualifier is not None and qualifier < 7 and rules.low is not Ranking.DEUCE_TO_SEVEN:
        return _SIXES
    return _SEVENS


def _cards(players: Players) -> list[str]:
    """Suits for every player's ranks: no card twice, and each hand's suits as mixed as they
    can be (so no hand holds a flush)."""
    used: set[Card] = set()
    hands = []
    suits = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    for index, (_, _, ranks) in enumerate(players):
        count = dict.fromkeys(suits, 0)
        cards = []
        for token in ranks.split():
            rank = Rank.from_symbol(token)
            free = [suit for suit in suits if Card(rank, suit) not in used]
            suit = min(free, key=lambda item: (count[item], (suits.index(item) - index) % 4))
            card = Card(rank, suit)
            used.add(card)
            count[suit] += 1
            cards.append(card)
        hands.append(" ".join(str(card) for card in cards))
    return hands


def _document(situation: Situation, rules: HouseRules, declaring: bool) -> dict[str, Any]:
    players, pots = situation.deal(_lows(rules), declaring)
    entries = []
    for (name, declaration, _), cards in zip(players, _cards(players), strict=True):
        entry: dict[str, Any] = {"name": name}
        if declaring:
            entry["declare"] = declaration
        entry["cards"] = cards
        entries.append(entry)
    document: dict[str, Any] = {"game": "stud", "rules": rules.to_dict(), "players": entries}
    if len(pots) == 1 and not pots[0][1]:
        document["pot"] = pots[0][0]
    else:
        document["pots"] = [{"amount": amount, "players": names} for amount, names in pots]
    return document


def deciding_switches(result: ShowdownResult) -> tuple[str, ...]:
    """The switches that decided a ruling, in field order, from the referee's facts: a swing
    that did not win both sides outright, a hand that a failed swing beat (or the next best
    hand that won because of it), a pot nobody could win, odd chips, the cards speaking."""
    rules = result.rules
    declared = {hand.seat: hand.declaration for hand in result.hands}
    found: set[str] = set()
    if rules.is_cards_speak:
        found.add("declare")
    for pot in result.pots:
        for check in pot.swings:
            if (check.high, check.low) != (Outcome.WIN, Outcome.WIN):
                found.add("swing_ties")
            for side, outcome, winners in (
                (Direction.HIGH, check.high, pot.high_winners),
                (Direction.LOW, check.low, pot.low_winners),
            ):
                lost = side not in check.sides and outcome is Outcome.WIN
                if pot.fallback is None and lost and winners:
                    found.add("second_best")  # the next best hand won the side
        blocked = (pot.high_blocker, pot.low_blocker) != (None, None)
        if pot.fallback is None and pot.method is Method.DECLARED and blocked:
            found.add("second_best")  # a hand a failed swing beat won nothing
        if pot.fallback is not None:
            everybody_swung = all(declared[seat] is Direction.BOTH for seat in pot.seats)
            if pot.fallback.rule is Fallback.ALL_SWING_CARDS_SPEAK or everybody_swung:
                found.add("all_swing_fallback")
            if pot.fallback.rule is not Fallback.ALL_SWING_CARDS_SPEAK:
                found.add("no_winner")
        sides = {award.side for award in pot.awards}
        if pot.amount % 2 and {Side.HIGH, Side.LOW} <= sides:
            found.add("odd_chip")
        for kind in sides:
            shares = {award.amount for award in pot.awards if award.side is kind}
            if len(shares) > 1:
                found.add("odd_chip_order")
        if pot.method is Method.CARDS_SPEAK and not pot.low_winners and rules.low_qualifier:
            found.add("low_qualifier")
    order = [item.name for item in fields(HouseRules)]
    return tuple(name for name in order if name in found)


def _declares(games: Sequence[str], rules: HouseRules) -> bool:
    """Whether players declare in any of ``games`` (in any game when none is named)."""
    if rules.is_cards_speak:
        return False
    return not games or any(SWITCH_APPLIES["declare"](VARIANTS[game]) for game in games)


def gallery(rules: HouseRules, games: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every situation that comes up under ``rules`` (in ``games``: none when no game is
    high-low; the cards-speak situations, under the rules the first high-low game settles
    with, when none declares), settled by the referee."""
    known = [VARIANTS[game] for game in games if game in VARIANTS]
    split = [variant for variant in known if variant.is_hi_lo]
    if games and not split:
        return []
    declaring = _declares([variant.name for variant in split], rules)
    if not declaring and split and not rules.is_cards_speak:
        rules = split[0].showdown_rules(rules)
    situations = SITUATIONS if declaring else _CARDS_SPEAK
    return [_item(situation, rules, declaring) for situation in situations if situation.when(rules)]


def _item(situation: Situation, rules: HouseRules, declaring: bool) -> dict[str, Any]:
    document = _document(situation, rules, declaring)
    result = read_request(document).settle()
    answer = result_to_document(result)
    switches = [*deciding_switches(result), *situation.also]
    return {
        "situation": situation.name,
        "title": situation.title,
        **document,
        "decided_by": [
            {"switch": name, "sentence": sentence(result.rules, name)}
            for name in dict.fromkeys(switches)
        ],
        **{key: answer[key] for key in ("awards", "carried", "explanation")},
    }


def settlement_part(item: Mapping[str, Any]) -> dict[str, Any]:
    """A gallery item without the keys it adds: the document ``hilo settle --json`` reads."""
    return {key: value for key, value in item.items() if key not in ADDED_KEYS}


def sheet_document(rules: HouseRules, games: Sequence[str] = ()) -> dict[str, Any]:
    """The sheet and its gallery as plain JSON data (what ``hilo rules --json`` prints and
    ``GET /api/rules`` answers): ``rules``, ``name``, ``games`` with their ``titles``,
    ``paragraph`` (the preset's, or null), ``sentences`` and ``gallery``."""
    sheet = rules_sheet(rules, games)
    return {
        "rules": rules.to_dict(),
        "name": sheet.name,
        "games": list(sheet.games),
        "titles": {game: VARIANTS[game].title for game in sheet.games},
        "paragraph": sheet.paragraph,
        "sentences": list(sheet.sentences),
        "gallery": gallery(rules, games),
    }
