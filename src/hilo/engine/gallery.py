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

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from hilo.cards import Card, Rank, Suit
from hilo.engine.declare import Direction, Outcome
from hilo.engine.rulings import Fallback, Method, Side
from hilo.engine.settlement import read_request, result_to_document
from hilo.engine.showdown import ShowdownResult
from hilo.errors import ConfigError
from hilo.hands import scorer
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

_POKER_LOW_SPLITS = ("hi-lo", "hi-lo-declare", "hi-lo-cards-speak")
"""The splits of high against a poker low: the games whose showdowns the gallery shows."""

_SEVENS = ("7 5 4 3 2", "7 6 4 3 2", "7 6 5 3 2", "7 6 5 4 2")
"""Lows best first that no ranking counts a straight, a flush or an ace in."""
_SIXES = ("6 4 3 2 A", "6 5 3 2 A", "6 5 4 2 A", "6 5 4 3 A")
"""Lows best first for a qualifier under seven, where an ace must count low."""

Players = tuple[tuple[str, str | None, str], ...]
"""Each player: name, declaration and cards, as ranks where ``L0`` to ``L3`` stand for the
lows of the rules (best first) and ``T0`` for the top rank of the best low."""

Pots = tuple[tuple[int, tuple[str, ...]], ...]
"""Each pot: its chips and the names of the players in it (none: everybody)."""

_WHOLE: Pots = ((120, ()),)


@dataclass(frozen=True, slots=True)
class Situation:
    """One showdown of the gallery: its name, its setting in words, and how it is dealt.

    ``when`` says whether the situation comes up under the rules at all; ``also`` names
    switches that decide it besides those the ruling shows (a lock's betting).
    """

    name: str
    title: str
    players: Players
    pots: Pots = _WHOLE
    when: Callable[[HouseRules], bool] = lambda rules: True
    also: tuple[str, ...] = ()


_ODD_CHIP: Players = (
    ("Ann", "high", "K K Q 9 8"),
    ("Bob", "low", "L0"),
    ("Cat", "low", "L0"),
    ("Dan", "high", "K K Q 9 8"),
)
_SIDE_POTS: Players = (("Ann", "both", "L0 K K"), ("Bob", "both", "L1 Q Q"), ("Cat", "low", "L1"))
_SIDE: Pots = ((90, ("Ann", "Bob", "Cat")), (40, ("Bob", "Cat")))
_SCOOP: Players = (("Ann", "both", "L0 K K"), ("Bob", "high", "Q Q J 9 8"), ("Cat", "low", "L1"))

SITUATIONS: tuple[Situation, ...] = (
    Situation("scoop", "Ann declares both ways with the best high and the best low", _SCOOP),
    Situation(
        "swing-ties",
        "Ann declares both ways, has the best high and ties Cat for low",
        (("Ann", "both", "L0 T0 T0"), ("Bob", "high", "K K Q J 9"), ("Cat", "low", "L0")),
    ),
    Situation(
        "swing-beaten",
        "Ann declares both ways with the only low, and Bob beats her high",
        (("Ann", "both", "L0 K K"), ("Bob", "high", "9 9 9 Q J"), ("Cat", "high", "Q Q T 8 8")),
    ),
    Situation(
        "all-swing",
        "Everybody declares both ways: Ann has the best high, Bob the best low",
        (("Ann", "both", "L2 K K"), ("Bob", "both", "L0 Q Q"), ("Cat", "both", "L1 J J")),
    ),
    Situation(
        "nobody-eligible",
        "Ann and Bob declare both ways and each loses a side; Cat's high is beaten by Ann's",
        (("Ann", "both", "L1 K K"), ("Bob", "both", "L0 J J"), ("Cat", "high", "Q Q T 9 8")),
    ),
    Situation(
        "beaten-by-failed-swing",
        "Ann declares both ways and loses high to Bob; her low beats Cat's, the only other low",
        (("Ann", "both", "L0 J J"), ("Bob", "high", "K K Q 9 8"), ("Cat", "low", "L1")),
    ),
    Situation(
        "odd-chip",
        "A pot of 63: Ann and Dan tie for high, Bob and Cat tie for low",
        _ODD_CHIP,
        ((63, ()),),
    ),
    Situation(
        "side-pots",
        "Ann is all in for the main pot; Bob declares both ways and ties Cat's low",
        _SIDE_POTS,
        _SIDE,
    ),
    Situation(
        "lock",
        "Ann is the only player declaring low: a lock on that half",
        (("Ann", "low", "L1"), ("Bob", "high", "K K Q 9 8"), ("Cat", "high", "Q Q J 9 8")),
        when=lambda rules: rules.bet_after_declare,
        also=("lock_rule",),
    ),
)
"""The situations shown when players declare, in the order shown."""

_CARDS_SPEAK: tuple[Situation, ...] = (
    Situation("scoop", "Ann has the best high and the best low", _SCOOP),
    Situation(
        "no-qualifying-low",
        "Nobody has a qualifying low",
        (("Ann", None, "K K Q J 9"), ("Bob", None, "Q Q J T 8"), ("Cat", None, "A A T 9 8")),
        when=lambda rules: rules.low_qualifier is not None,
        also=("low_qualifier",),
    ),
    Situation(
        "odd-chip",
        "A pot of 63: Ann and Dan tie for high, Bob and Cat tie for low",
        _ODD_CHIP,
        ((63, ()),),
    ),
    Situation(
        "side-pots", "Ann is all in for the main pot; Bob and Cat tie for low", _SIDE_POTS, _SIDE
    ),
)
"""The situations shown when the cards speak."""


def _lows(rules: HouseRules) -> Sequence[str] | None:
    """Four lows, best first, each better than the next under ``rules`` (None when the
    qualifier leaves fewer: five or better, where only the wheel is a low)."""
    score = scorer(rules.low, rules.low_qualifier)
    for lows in (_SEVENS, _SIXES):
        scores = [score(_plain(ranks)) for ranks in lows]
        if scores[-1] > 0 and all(a > b for a, b in itertools.pairwise(scores)):
            return lows
    return None


def _plain(ranks: str) -> tuple[Card, ...]:
    """Cards of ``ranks`` in two suits, so none makes a flush."""
    suits = (Suit.CLUBS, Suit.DIAMONDS)
    return tuple(
        Card(Rank.from_symbol(rank), suits[index % 2]) for index, rank in enumerate(ranks.split())
    )


def _ranks(template: str, lows: Sequence[str]) -> str:
    """A player's ranks with the lows put in for ``L0`` to ``L3`` and ``T0``."""
    words = []
    for token in template.split():
        if token.startswith("L"):
            words.append(lows[int(token[1:])])
        elif token == "T0":
            words.append(lows[0].split()[0])
        else:
            words.append(token)
    return " ".join(words)


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


def _document(
    situation: Situation, rules: HouseRules, lows: Sequence[str], declaring: bool
) -> dict[str, Any]:
    players = tuple(
        (name, declaration, _ranks(template, lows))
        for name, declaration, template in situation.players
    )
    pots = situation.pots
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
        document["pots"] = [{"amount": amount, "players": list(names)} for amount, names in pots]
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


def gallery(rules: HouseRules, games: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every situation that comes up under ``rules``, settled by the referee.

    The showdowns are high against a poker low, so named ``games`` must include such a game
    (none: an empty gallery); when none of them declares, the cards-speak situations are
    settled under the rules the first one's showdowns are. Under a qualifier that leaves
    too few lows to rank (five or better: only the wheel) the gallery is empty too.
    """
    for game in games:
        if game not in VARIANTS:
            raise ConfigError(f"unknown game '{game}': hilo games lists the games")
    split = [VARIANTS[game] for game in games if VARIANTS[game].split in _POKER_LOW_SPLITS]
    if games and not split:
        return []
    declaring = not rules.is_cards_speak and (
        not games or any(SWITCH_APPLIES["declare"](variant) for variant in split)
    )
    if not declaring and split:
        rules = split[0].showdown_rules(rules)
    lows = _lows(rules)
    if lows is None:
        return []
    situations = SITUATIONS if declaring else _CARDS_SPEAK
    return [
        _item(situation, rules, lows, declaring)
        for situation in situations
        if situation.when(rules)
    ]


def _item(
    situation: Situation, rules: HouseRules, lows: Sequence[str], declaring: bool
) -> dict[str, Any]:
    document = _document(situation, rules, lows, declaring)
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
