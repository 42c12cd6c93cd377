"""A showdown written as plain data (the JSON of ``hilo settle --json``), and its answer.

Every problem in the input raises a `HiloError` whose message starts with the field at
fault, such as ``players[1].cards: '1x' is not a card: ...``.

>>> answer = settle_document({
...     "rules": "strict", "pot": 120, "game": "stud",
...     "players": [{"name": "A", "declare": "high", "cards": "Kc Qd Jh Ts 9c"},
...                 {"name": "B", "declare": "low", "cards": "8d 5c 3h 2s Ad"}]})
>>> answer["awards"], answer["carried"]
({'A': 60, 'B': 60}, 0)

``game`` may also be the name of any shipped game, whose split then settles the pots
(Chicago's spade in the hole needs each player's ``down`` and ``up`` cards):

>>> settle_document({
...     "pot": 100, "game": "high-chicago",
...     "players": [{"name": "A", "down": "Kh Qh 9h", "up": "5h 2h 3d 4c"},
...                 {"name": "B", "down": "As 8c 7s", "up": "8d Tc Jd 6c"}]})["awards"]
{'A': 50, 'B': 50}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hilo.cards import Card, parse_cards
from hilo.engine.declare import Direction
from hilo.engine.grammar import says
from hilo.engine.showdown import Pot, ShowdownHand, ShowdownResult, settle
from hilo.errors import ConfigError, HiloError
from hilo.hands import Selection
from hilo.hands.sides import Sides
from hilo.hands.wildspec import WildSpec
from hilo.rules.house_rules import HouseRules
from hilo.rules.variants import VARIANTS, Variant

__all__ = [
    "GAMES",
    "SettleRequest",
    "read_request",
    "read_wild",
    "result_to_document",
    "settle_document",
]

GAMES: dict[str, Selection] = {
    "stud": Selection.ANY_FIVE,
    "draw": Selection.ANY_FIVE,
    "holdem": Selection.HOLDEM,
    "omaha": Selection.OMAHA,
}
"""Game names accepted in a settlement, and how each chooses its five cards (any shipped
game's name is accepted too)."""

_TOP_FIELDS = ("rules", "pot", "pots", "board", "game", "players", "wild")
_PLAYER_FIELDS = ("name", "declare", "cards", "down", "up", "folded", "plain")
_POT_FIELDS = ("amount", "players")
_HOLE_CARDS = {"holdem": (2, 2), "omaha": (4, 6), "stud": (5, 7), "draw": (5, 7)}


def _fail(field: str, message: str) -> ConfigError:
    return ConfigError(f"{field}: {message}")


def _check_fields(data: Any, field: str, allowed: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _fail(field, "must be an object")
    for key in data:
        if key not in allowed:
            raise _fail(field, f"unknown field '{key}': the fields are {', '.join(allowed)}")
    return data


def _chips(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(field, f"must be a whole number of chips (0 or more), not {value!r}")
    return value


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise _fail(field, f'must be a string of cards such as "As Kd 7c", not {value!r}')
    try:
        return parse_cards(value)
    except HiloError as error:
        raise _fail(field, str(error)) from None


@dataclass(frozen=True, slots=True)
class SettleRequest:
    """Everything `settle` needs, read from a document."""

    pots: tuple[Pot, ...]
    hands: tuple[ShowdownHand, ...]
    rules: HouseRules
    board: tuple[Card, ...]
    selection: Selection
    sides: Sides | None = None
    """The game's sides when ``game`` named a shipped game (None: high and the house's low)."""
    wild: WildSpec | None = None
    """What is wild: the game's own wild cards (follow the queen: queens alone) and the
    document's extra ones (None: every card is itself)."""

    def settle(self) -> ShowdownResult:
        """Run the referee on this request."""
        return settle(
            self.pots,
            self.hands,
            rules=self.rules,
            board=self.board,
            selection=self.selection,
            sides=self.sides,
            wild=self.wild,
        )


def _hole_cards(game: str) -> tuple[int, int]:
    """The fewest and most cards a player still in shows down in ``game``."""
    if game in _HOLE_CARDS:
        return _HOLE_CARDS[game]
    variant = VARIANTS[game]
    if any(street.board for street in variant.streets) or variant.kept_cards < variant.hole_cards:
        return variant.kept_cards, variant.kept_cards
    return min(5, variant.hole_cards), variant.hole_cards


def _read_cards(entry: Mapping[str, Any], field: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A player's cards and the face-up ones among them: ``cards``, or ``down`` and ``up``."""
    if "cards" in entry and ("down" in entry or "up" in entry):
        raise _fail(field, "give cards, or down and up, not both")
    if "cards" in entry or not ("down" in entry or "up" in entry):
        return _cards(entry.get("cards", ""), f"{field}.cards"), ()
    down = _cards(entry.get("down", ""), f"{field}.down")
    up = _cards(entry.get("up", ""), f"{field}.up")
    return down + up, up


def read_wild(value: Any, field: str) -> WildSpec:
    """Read a list of extra wild cards, one `WildSpec` item each: a rank (``"2"``), a card
    (``"Jh"``), ``"joker=wild"`` or ``"joker=bug"``; refuse anything else, and anything
    listed twice.

    >>> str(read_wild(["9", "3", "Jh", "joker=bug"], "wild"))
    '3,9,Jh,joker=bug'
    """
    if not isinstance(value, list) or not value:
        raise _fail(field, 'must be a non-empty list of wild cards such as ["2", "Jh"]')
    spec = WildSpec()
    for index, token in enumerate(value):
        where = f"{field}[{index}]"
        if not isinstance(token, str) or not token.strip() or "," in token:
            raise _fail(
                where,
                f'must be one rank such as "2", card such as "Jh" or "joker=wild", not {token!r}',
            )
        try:
            item = WildSpec.parse(token)
        except HiloError as error:
            raise _fail(where, str(error)) from None
        if item.is_empty:
            raise _fail(where, "'none' adds no wild card: leave it out")
        if item.follow_the_queen or item.low_hole or item.center:
            raise _fail(
                where,
                f"{token.strip()!r} is a game's rule, not a card: list the ranks that ended "
                'up wild, such as "Q" and "7"',
            )
        twice = (item.ranks & spec.ranks) or (item.cards & spec.cards)
        if twice or (item.joker is not None and spec.joker is not None):
            raise _fail(field, f"lists {item} twice")
        covered = [card for card in item.cards | spec.cards if card.rank in item.ranks | spec.ranks]
        if covered:
            raise _fail(field, f"{covered[0]} is wild already: every {covered[0].rank.word} is")
        spec = spec.plus(item)
    return spec


def _read_plain(entry: Mapping[str, Any], field: str, up: tuple[Card, ...]) -> tuple[Card, ...]:
    """A player's ``plain`` cards: face-up cards of a wild rank that are not wild (Baseball's
    face-up threes whose match the player declined), each one of their ``up`` cards."""
    if "plain" not in entry:
        return ()
    plain = _cards(entry["plain"], f"{field}.plain")
    for card in plain:
        if card not in up:
            raise _fail(
                f"{field}.plain",
                f"{card} is not one of the player's face-up cards: a three left unmatched "
                "was dealt face up, so give the cards as down and up",
            )
    return plain


def _read_player(
    index: int, data: Any, game: str
) -> tuple[str, tuple[Card, ...], Any, bool, tuple[Card, ...], tuple[Card, ...]]:
    field = f"players[{index}]"
    entry = _check_fields(data, field, _PLAYER_FIELDS)
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(f"{field}.name", "every player needs a name")
    folded = entry.get("folded", False)
    if not isinstance(folded, bool):
        raise _fail(f"{field}.folded", f"must be true or false, not {folded!r}")
    cards, up = _read_cards(entry, field)
    plain = _read_plain(entry, field, up)
    fewest, most = _hole_cards(game)
    if not folded and not fewest <= len(cards) <= most:
        wanted = str(fewest) if fewest == most else f"{fewest} to {most}"
        raise _fail(
            f"{field}.cards", f"{says(name, 'has')} {len(cards)} cards; {game} needs {wanted}"
        )
    declare = entry.get("declare")
    if declare is not None:
        if not isinstance(declare, str):
            raise _fail(f"{field}.declare", f"must be high, low, both or null, not {declare!r}")
        try:
            declare = Direction.parse(declare)
        except HiloError as error:
            raise _fail(f"{field}.declare", str(error)) from None
    return name.strip(), cards, declare, folded, up, plain


def _read_rules(value: Any, anybody_declared: bool) -> HouseRules:
    if value is None:
        return HouseRules.preset("strict" if anybody_declared else "cards-speak")
    try:
        return HouseRules.from_dict(value)
    except HiloError as error:
        raise _fail("rules", str(error)) from None


def _read_pots(data: Mapping[str, Any], names: dict[str, int]) -> tuple[Pot, ...]:
    if "pot" in data and "pots" in data:
        raise _fail("pots", "give either pot or pots, not both")
    everybody = tuple(names.values())
    if "pots" not in data:
        if "pot" not in data:
            raise _fail("pot", "the pot is missing: give pot (a number) or pots (a list)")
        return (Pot(_chips(data["pot"], "pot"), everybody),)
    listed = data["pots"]
    if not isinstance(listed, list) or not listed:
        raise _fail("pots", 'must be a non-empty list of {"amount": ..., "players": [...]}')
    pots = []
    for index, entry in enumerate(listed):
        field = f"pots[{index}]"
        pot = _check_fields(entry, field, _POT_FIELDS)
        amount = _chips(pot.get("amount"), f"{field}.amount")
        members = pot.get("players", list(names))
        if not isinstance(members, list) or not members:
            raise _fail(f"{field}.players", "must be a non-empty list of player names")
        seats = []
        for member in members:
            if member not in names:
                raise _fail(f"{field}.players", f"{member!r} is not one of the players")
            seats.append(names[member])
        if len(set(seats)) != len(seats):
            raise _fail(f"{field}.players", "lists a player twice")
        pots.append(Pot(amount, tuple(seats)))
    return tuple(pots)


def read_request(data: Any) -> SettleRequest:
    """Read and check a settlement document; players are in seat order from the button."""
    document = _check_fields(data, "input", _TOP_FIELDS)
    game = document.get("game", "stud")
    if not isinstance(game, str) or (game not in GAMES and game not in VARIANTS):
        raise _fail("game", f"must be one of {', '.join(GAMES)} or a game's name, not {game!r}")
    variant = VARIANTS.get(game) if game not in GAMES else None
    selection = GAMES[game] if variant is None else variant.selection
    board = _cards(document.get("board", ""), "board")
    if selection is Selection.ANY_FIVE and board:
        raise _fail("board", f"{game} has no board; board cards are for holdem and omaha")
    if selection is not Selection.ANY_FIVE and len(board) != 5:
        raise _fail("board", f"{game} needs the five board cards at a showdown, not {len(board)}")
    players = document.get("players")
    if not isinstance(players, list) or not players:
        raise _fail("players", "must be a non-empty list of players")
    hands = []
    names: dict[str, int] = {}
    for seat, entry in enumerate(players):
        name, cards, declare, folded, up, plain = _read_player(seat, entry, game)
        if name in names:
            raise _fail(f"players[{seat}].name", f"two players are called {name!r}")
        names[name] = seat
        hands.append(ShowdownHand(seat, cards, declare, name, folded, up, plain))
    rules = _read_rules(document.get("rules"), any(hand.declaration is not None for hand in hands))
    pots = _read_pots(document, names)
    wild = read_wild(document["wild"], "wild") if "wild" in document else None
    if variant is None:
        _check_plain(hands, wild)
        return SettleRequest(pots, tuple(hands), rules, board, selection, wild=wild)
    settled, sides = _game_rules(variant, rules)
    combined = variant.wild if wild is None else variant.wild.plus(wild)
    _check_plain(hands, combined)
    left_plain = next((hand for hand in hands if hand.plain), None)
    if left_plain is not None and variant.three_match and rules.three_rule != "match-to-wild":
        raise _fail(
            f"players[{left_plain.seat}].plain",
            f"under three_rule={rules.three_rule} a player who does not match a face-up three "
            "folds; a three left plain needs three_rule=match-to-wild",
        )
    return SettleRequest(pots, tuple(hands), settled, board, selection, sides, combined)


def _check_plain(hands: Sequence[ShowdownHand], wild: WildSpec | None) -> None:
    """Refuse a plain card that would not be wild anyway: only a wild card can be left plain."""
    for hand in hands:
        for card in hand.plain:
            if wild is None or not wild.is_wild(card):
                raise _fail(
                    f"players[{hand.seat}].plain",
                    f"{card} is not wild here, so it cannot be left plain (Baseball's threes "
                    "are wild; give the game, or list them in wild)",
                )


def _game_rules(variant: Variant, rules: HouseRules) -> tuple[HouseRules, Sides]:
    """The rules a shipped game's showdown is settled under, and its sides."""
    try:
        variant.check_rules(rules)
        return variant.showdown_rules(rules), variant.sides(rules)
    except HiloError as error:
        raise _fail("rules", str(error)) from None


def result_to_document(result: ShowdownResult) -> dict[str, Any]:
    """The answer as plain JSON data: awards by name, chips carried, pots and the explanation."""
    name = {hand.seat: hand.display_name for hand in result.hands}
    return {
        "rules": result.rules.name,
        "awards": {name[seat]: amount for seat, amount in result.amounts().items() if amount},
        "carried": result.carried,
        "pots": [
            {
                "pot": pot.name,
                "amount": pot.amount,
                "players": [name[seat] for seat in pot.seats],
                "method": pot.method.value,
                "fallback": None if pot.fallback is None else str(pot.fallback),
                "carried": pot.carried,
                "awards": [
                    {
                        "player": name[award.seat],
                        "amount": award.amount,
                        "side": award.side.value,
                        "reason": award.reason,
                    }
                    for award in pot.awards
                ],
            }
            for pot in result.pots
        ],
        "explanation": result.explanation(),
    }


def settle_document(data: Any) -> dict[str, Any]:
    """Read a settlement document, settle it, and answer with plain data."""
    return result_to_document(read_request(data).settle())
