"""What a player knows before the showdown: the `Scenario` an equity or advice run starts from.

A scenario names the game, the player's own cards, the board so far, the cards the
player can see of each opponent (stud up cards), dead cards (folded up cards,
discards), how many opponents are still in, and optionally, in hold'em and Omaha, a
`HandRange` for some opponents. Everything not seen is dealt at random: the player's
cards still to come, the rest of the board and every opponent's unseen cards.

>>> scenario = Scenario.from_text(
...     "seven-card-stud-hilo-declare", "As 2d 3c 4h 5s Kd Qc", up=["Kh 9s 9d 2c"]
... )
>>> scenario.opponents, len(scenario.unseen), scenario.cards_to_deal
(1, 41, 3)
>>> Scenario.from_text("holdem-hilo", "Ah Kd", board="2c 3d", up=["Qs"])
Traceback (most recent call last):
...
hilo.errors.HandError: opponents show no cards in holdem-hilo; give a range of hands instead
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import KW_ONLY, InitVar, dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING

from hilo.cards import FULL_DECK, JOKER_DECK, Card, Rank, Suit, format_cards, parse_cards
from hilo.engine.declare import Direction
from hilo.engine.events import Dealt, Drew, Face
from hilo.errors import ConfigError, HandError, NotationError
from hilo.hands.ranking import Selection
from hilo.hands.wildspec import WildSpec, follow_the_queen
from hilo.rules.variants import VARIANTS, Variant

if TYPE_CHECKING:
    from hilo.engine.views import TableView

__all__ = ["HandRange", "Scenario", "public_declarations"]


@dataclass(frozen=True, slots=True)
class HandRange:
    """The hands an opponent may hold, each with a weight (how often it is held).

    Written as hands separated by commas, each with an optional ``:weight``
    (default 1). Two-card hands may also be written as hold'em classes: ``QQ`` (six
    combinations), ``AKs`` (four), ``AKo`` (twelve), ``AK`` (sixteen).

    >>> weighted = HandRange.parse("AhKh, QsQd:0.5")
    >>> weighted.combos, weighted.weights
    (((Card('Ah'), Card('Kh')), (Card('Qs'), Card('Qd'))), (1.0, 0.5))
    >>> len(HandRange.parse("QQ, AKs").combos), str(HandRange.parse("AhKh:2"))
    (10, 'Ah Kh:2')
    """

    combos: tuple[tuple[Card, ...], ...]
    """The hands, each a tuple of hole cards."""
    weights: tuple[float, ...]
    """One weight a hand; only their ratios matter."""

    def __post_init__(self) -> None:
        if len(self.combos) != len(self.weights):
            raise ConfigError("a range needs exactly one weight per hand")
        if not self.combos:
            raise ConfigError("a range needs at least one hand")
        sizes = {len(combo) for combo in self.combos}
        if len(sizes) != 1:
            raise ConfigError("every hand of a range must hold the same number of cards")
        for combo in self.combos:
            if len(set(combo)) != len(combo):
                raise HandError(f"the range hand {format_cards(combo)} holds a card twice")
        for weight in self.weights:
            if not weight >= 0 or weight == float("inf"):
                raise ConfigError(f"range weights must be finite and not negative, not {weight}")
        if sum(self.weights) <= 0:
            raise ConfigError("a range needs at least one hand with a positive weight")

    @property
    def size(self) -> int:
        """Cards in each hand of the range."""
        return len(self.combos[0])

    def __str__(self) -> str:
        return ", ".join(
            format_cards(combo) + ("" if weight == 1 else f":{weight:g}")
            for combo, weight in zip(self.combos, self.weights, strict=True)
        )

    @classmethod
    def parse(cls, text: str) -> HandRange:
        """Read a range such as ``"AhKh, QsQd:0.5"`` or ``"QQ, AKs"``; `NotationError` if bad."""
        combos: list[tuple[Card, ...]] = []
        weights: list[float] = []
        for item in text.split(","):
            entry = item.strip()
            if not entry:
                continue
            hand, _, raw_weight = entry.partition(":")
            weight = _weight(raw_weight, entry) if raw_weight else 1.0
            for combo in _hands(hand.strip()):
                combos.append(combo)
                weights.append(weight)
        if not combos:
            raise NotationError(f"'{text}' names no hands: write hands such as 'AhKh, QsQd' or QQ")
        return cls(tuple(combos), tuple(weights))


def _weight(text: str, entry: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise NotationError(f"'{entry}': the weight after ':' must be a number") from None


def _hands(text: str) -> list[tuple[Card, ...]]:
    """The hands one range entry names: specific cards, or a hold'em class like AKs."""
    compact = text.replace(" ", "")
    if 2 <= len(compact) <= 3 and all(symbol.upper() in "23456789TJQKA" for symbol in compact[:2]):
        first, second = Rank.from_symbol(compact[0]), Rank.from_symbol(compact[1])
        kind = compact[2:].lower()
        if kind not in ("", "s", "o") or (first == second and kind):
            raise NotationError(f"'{text}' is not a hand class: write QQ, AKs, AKo or AK")
        pairs = combinations(range(4), 2) if first == second else _suit_pairs(kind)
        return [(Card(first, Suit(one)), Card(second, Suit(two))) for one, two in pairs]
    return [parse_cards(text)]


def _suit_pairs(kind: str) -> list[tuple[int, int]]:
    suited = [(suit, suit) for suit in range(4)]
    offsuit = [(one, two) for one in range(4) for two in range(4) if one != two]
    return suited if kind == "s" else offsuit if kind == "o" else suited + offsuit


@dataclass(frozen=True, slots=True)
class Scenario:
    """The player's knowledge before the showdown, in one game of `hilo.rules.VARIANTS`.

    ``up`` holds the cards the player sees of each opponent, in order (stud up cards;
    any opponent cards shown); ``ranges`` holds one `HandRange` or None per opponent,
    in the same order (hold'em and Omaha only). Opponents beyond both lists show
    nothing and hold random cards. Checked when made: `HandError` or `ConfigError`
    with a sentence saying what is wrong.

    >>> Scenario("omaha-hilo", parse_cards("Ah 2h 3d Kc"), opponents=2).unseen[0]
    Card('2c')
    """

    game: str
    cards: tuple[Card, ...]
    """The player's own cards: hole cards, and in stud the up cards too."""
    board: tuple[Card, ...] = ()
    up: tuple[tuple[Card, ...], ...] = ()
    dead: tuple[Card, ...] = ()
    """Cards out of play that the player has seen: folded hands' up cards, discards."""
    opponents: int = 1
    ranges: tuple[HandRange | None, ...] = ()
    variant: Variant = field(init=False, repr=False, compare=False)
    _: KW_ONLY
    wild: WildSpec = field(default_factory=WildSpec)
    """Wild cards beyond the game's own (like ``hilo settle --wild 3,9``)."""
    queen_ranks: frozenset[Rank] | None = None
    """Follow the queen: the ranks wild now (None: queens alone, nothing has followed one)."""
    after_queen: bool = False
    """Follow the queen: the last face-up card dealt was a queen (the next one names a rank)."""
    face_up: tuple[Card, ...] | None = None
    """Which of the player's own cards are face up (None: ``cards`` are in the order dealt,
    and the game's streets say which are face up)."""
    rules_of_game: InitVar[Variant | None] = None
    """The rules of the game called ``game`` when it is not a shipped one (a table's own)."""

    def __post_init__(self, rules_of_game: Variant | None) -> None:
        variant = rules_of_game if rules_of_game is not None else VARIANTS.get(self.game)
        if variant is None:
            raise ConfigError(f"unknown game '{self.game}': the games are {', '.join(VARIANTS)}")
        if variant.name != self.game:
            raise ConfigError(f"the game is '{self.game}' but its rules are '{variant.name}'s")
        object.__setattr__(self, "variant", variant)
        for name in ("cards", "board", "dead"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        object.__setattr__(self, "up", tuple(tuple(cards) for cards in self.up))
        object.__setattr__(self, "ranges", tuple(self.ranges))
        self._check_wild(variant)
        if self.face_up is not None:
            object.__setattr__(self, "face_up", tuple(self.face_up))
            strays = [str(card) for card in self.face_up if card not in self.cards]
            if strays:
                raise HandError(f"face-up {' '.join(strays)} must be among your cards")
        self._check_counts(variant)
        self._check_cards(variant)

    def _check_wild(self, variant: Variant) -> None:
        if not isinstance(self.wild, WildSpec):
            raise ConfigError(f"wild must be a WildSpec, not {self.wild!r}")
        extra = self.wild
        if extra.follow_the_queen or extra.low_hole or extra.center:
            raise ConfigError(
                f"'{extra}': follow the queen, the low hole card and the centre are a game's own "
                "wild rules; the extra wild cards are ranks, cards or the joker"
            )
        if self.queen_ranks is not None or self.after_queen:
            if not variant.wild.follow_the_queen:
                raise ConfigError(
                    f"{self.game} is not follow the queen: it has no wild rank that follows one"
                )
            ranks = self.queen_ranks or frozenset()
            if not all(isinstance(rank, Rank) for rank in ranks) or len(ranks - {Rank.QUEEN}) > 1:
                raise ConfigError(
                    "follow the queen makes queens wild and at most one rank more, not "
                    f"{', '.join(sorted(str(rank) for rank in ranks))}"
                )
            if not isinstance(self.after_queen, bool):
                raise ConfigError(f"after_queen must be true or false, not {self.after_queen!r}")
            object.__setattr__(self, "queen_ranks", frozenset(ranks) | {Rank.QUEEN})

    @property
    def is_points_game(self) -> bool:
        """True for 7/27, where players take cards until they stand: no fixed card count."""
        return self.variant.split == "seven-twenty-seven"

    def _check_counts(self, variant: Variant) -> None:
        game, hole = self.game, variant.hole_cards
        if self.is_points_game:
            hole = 2 + 10 * variant.hole_cards  # the most a hand can take is never reached
        board_size = sum(street.board for street in variant.streets)
        if isinstance(self.opponents, bool) or not isinstance(self.opponents, int):
            raise ConfigError(f"opponents must be a whole number, not {self.opponents!r}")
        if not 1 <= self.opponents <= variant.max_players - 1:
            raise ConfigError(
                f"{game} seats {variant.max_players} players: opponents must be 1 to "
                f"{variant.max_players - 1}, not {self.opponents}"
            )
        for name, listed in (("up", self.up), ("ranges", self.ranges)):
            if len(listed) > self.opponents:
                raise ConfigError(
                    f"{name} lists {len(listed)} opponents but there are {self.opponents}"
                )
        if board_size == 0 and self.board:
            raise HandError(f"{game} has no board; give every card as a player's card")
        if len(self.board) > board_size:
            raise HandError(f"the board holds {len(self.board)} cards; {game} deals {board_size}")
        if variant.selection is Selection.ANY_FIVE:
            if len(self.cards) > hole:
                raise HandError(f"you hold {len(self.cards)} cards; {game} deals {hole} a player")
            for number, cards in enumerate(self.up, 1):
                if len(cards) > hole:
                    raise HandError(
                        f"opponent {number} shows {len(cards)} cards; {game} deals {hole} a player"
                    )
            if any(item is not None for item in self.ranges):
                raise HandError(
                    f"ranges are for hold'em and Omaha; in {game} give the up cards you see"
                )
            return
        if len(self.cards) != hole:
            raise HandError(f"{game} needs your {hole} hole cards; you gave {len(self.cards)}")
        if any(self.up):
            raise HandError(f"opponents show no cards in {game}; give a range of hands instead")
        for number, hands in enumerate(self.ranges, 1):
            if hands is not None and hands.size != hole:
                raise HandError(
                    f"opponent {number}'s range holds {hands.size}-card hands; "
                    f"{game} deals {hole} hole cards"
                )

    def _check_cards(self, variant: Variant) -> None:
        seen: set[Card] = set()
        named = [("your cards", self.cards), ("the board", self.board)]
        named += [(f"opponent {number}'s cards", cards) for number, cards in enumerate(self.up, 1)]
        named.append(("the dead cards", self.dead))
        for where, cards in named:
            for card in cards:
                if not isinstance(card, Card):
                    raise HandError(f"{where} hold {card!r}, which is not a Card")
                if card in seen:
                    raise HandError(
                        f"{card} is given twice (again in {where}); a card is dealt once"
                    )
                seen.add(card)
        for number, hands in enumerate(self.ranges, 1):
            if hands is not None and not any(
                seen.isdisjoint(combo)
                for combo, weight in zip(hands.combos, hands.weights, strict=True)
                if weight > 0
            ):
                raise HandError(
                    f"opponent {number}'s range has no hand left once the cards in sight "
                    "are taken out"
                )
        needed = self.cards_to_deal
        if needed > len(self.unseen):
            raise HandError(
                f"the hand needs {needed} more cards but only {len(self.unseen)} are unseen"
            )

    @property
    def players(self) -> int:
        """Players still in: the player and the opponents."""
        return 1 + self.opponents

    @property
    def board_size(self) -> int:
        """Board cards the game deals in all."""
        return sum(street.board for street in self.variant.streets)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards not in sight anywhere, in deck order: what deals are made from."""
        seen = {*self.cards, *self.board, *self.dead}
        for cards in self.up:
            seen.update(cards)
        deck = JOKER_DECK if self.has_joker else FULL_DECK
        return tuple(card for card in deck if card not in seen)

    @property
    def has_joker(self) -> bool:
        """True when the deck holds the joker (the game's wild cards or the extra ones)."""
        return self.variant.wild.joker is not None or self.wild.joker is not None

    @property
    def cards_to_deal(self) -> int:
        """Cards one completed deal takes from the unseen ones (ranged hands included)."""
        hole = self.variant.hole_cards
        needed = self.board_size - len(self.board) + max(0, hole - len(self.cards))
        for number in range(self.opponents):
            needed += max(0, hole - (len(self.up[number]) if number < len(self.up) else 0))
        return needed

    def range_of(self, opponent: int) -> HandRange | None:
        """The range given for opponent ``opponent`` (counted from 0), or None."""
        return self.ranges[opponent] if opponent < len(self.ranges) else None

    def up_of(self, opponent: int) -> tuple[Card, ...]:
        """The cards seen of opponent ``opponent`` (counted from 0)."""
        return self.up[opponent] if opponent < len(self.up) else ()

    def describe(self) -> str:
        """One line: the game, the cards and what is seen, for titles and logs."""
        parts = [f"{self.game}: {format_cards(self.cards)}"]
        if self.board:
            parts.append(f"board {format_cards(self.board)}")
        for number in range(self.opponents):
            shown = self.up_of(number)
            hands = self.range_of(number)
            if shown:
                parts.append(f"opponent {number + 1} shows {format_cards(shown)}")
            elif hands is not None and len(hands.combos) == 1:
                parts.append(f"opponent {number + 1} holds {format_cards(hands.combos[0])}")
            elif hands is not None:
                parts.append(f"opponent {number + 1} holds one of {len(hands.combos)} hands")
        if self.dead:
            parts.append(f"dead {format_cards(self.dead)}")
        if not self.wild.is_empty:
            parts.append(f"also wild {self.wild}")
        if self.queen_ranks is not None:
            parts.append("wild now " + ",".join(rank.symbol for rank in sorted(self.queen_ranks)))
        if self.after_queen:
            parts.append("a queen was the last up card")
        noun = "opponent" if self.opponents == 1 else "opponents"
        parts.append(f"{self.opponents} {noun}")
        return ", ".join(parts)

    @classmethod
    def from_text(
        cls,
        game: str,
        cards: str,
        *,
        board: str = "",
        up: Sequence[str] = (),
        dead: str = "",
        opponents: int | None = None,
        ranges: Sequence[str | None] = (),
        wild: str = "",
    ) -> Scenario:
        """A scenario from card notation; ``opponents`` defaults to one per ``up`` or
        ``ranges`` entry, at least one.

        ``wild`` lists extra wild cards (``"3,9"``, ``"joker=wild"``); in follow the queen
        it names the rank wild now (``"7"``; ``"Q"``: a queen was the last up card, so the
        next up card names the rank; empty: queens alone, nothing followed one yet).
        """
        count = opponents if opponents is not None else max(1, len(up), len(ranges))
        spec = WildSpec.parse(wild)
        queens: frozenset[Rank] | None = None
        after_queen = False
        variant = VARIANTS.get(game)
        if variant is not None and variant.wild.follow_the_queen and not spec.is_empty:
            if spec.cards or spec.joker is not None:
                raise ConfigError(
                    f"in {game}, --wild names the rank wild now, such as 7 (or Q when a queen "
                    f"was the last up card), not '{spec}'"
                )
            after_queen = spec.ranks == {Rank.QUEEN}
            queens = spec.ranks | {Rank.QUEEN}
            spec = WildSpec()
        return cls(
            game,
            parse_cards(cards),
            parse_cards(board),
            tuple(parse_cards(text) for text in up),
            parse_cards(dead),
            count,
            tuple(None if text is None else HandRange.parse(text) for text in ranges),
            wild=spec,
            queen_ranks=queens,
            after_queen=after_queen,
        )

    @classmethod
    def from_view(cls, view: TableView, *, dead: Iterable[Card] = ()) -> Scenario:
        """What a seat's `hilo.engine.views.TableView` shows: its cards, the board, each
        live opponent's visible cards (in seat order from the seat's left); folded
        hands' visible cards and the seat's discards (plus ``dead``) are dead."""
        if view.viewer is None:
            raise ConfigError("a spectator's view has no cards to simulate for")
        me = view.seat(view.viewer)
        out = set(dead)
        face_up: list[Card] = []
        for event in view.events:
            match event:
                case Drew(seat=seat, discards=thrown) if seat == view.viewer and thrown:
                    out.update(thrown)
                case Dealt(face=Face.UP, cards=cards):
                    face_up.extend(cards)
        up: list[tuple[Card, ...]] = []
        for other in view.others():
            shown = other.up_cards + other.down_cards
            if other.is_folded:
                out.update(shown)
            else:
                up.append(shown)
        queens, after_queen = _queen_state(view.variant, face_up)
        return cls(
            view.variant.name,
            me.up_cards + me.down_cards,
            view.board,
            tuple(up),
            tuple(sorted(out - set(view.board))),
            max(1, len(up)),
            queen_ranks=queens,
            after_queen=after_queen,
            face_up=me.up_cards,
            rules_of_game=view.variant,
        )


def _queen_state(variant: Variant, face_up: Sequence[Card]) -> tuple[frozenset[Rank] | None, bool]:
    """Follow the queen's wild ranks now and whether a queen was the last up card."""
    if not variant.wild.follow_the_queen:
        return None, False
    last = face_up[-1] if face_up else None
    return follow_the_queen(face_up), (
        last is not None and not last.is_joker and last.rank is Rank.QUEEN
    )


def public_declarations(view: TableView) -> tuple[Direction | None, ...]:
    """Each live opponent's declaration where the view shows it (an in-turn declare),
    else None: one entry an opponent, in the order of `Scenario.from_view`."""
    if view.viewer is None:
        raise ConfigError("a spectator's view has no opponents")
    return tuple(other.declaration for other in view.others() if not other.is_folded)
