"""The referee's invariants over random showdowns of the other splits: lowball, Chicago
(cards speak and declared, either spade, either no_spade rule) and 7/27."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hilo.cards import FULL_DECK
from hilo.engine import Direction, Pot, ShowdownHand, settle
from hilo.rules import VARIANTS, HouseRules, Variant
from tests.property.test_referee import check_totals

SEVEN_TWENTY_SEVEN = Variant.from_dict(
    "seven-twenty-seven",
    {
        "split": "seven-twenty-seven",
        "forced": "antes",
        "streets": [
            {"name": "deal", "down": 1, "up": 1, "bet": True},
            {"name": "draws", "up": 3, "bet": True, "big_bet": True},
        ],
    },
)
"""A 7/27 game without its stand-or-take rounds: enough to settle its showdowns."""

GAMES = [
    VARIANTS["razz"],
    VARIANTS["deuce-to-seven-triple-draw"],
    VARIANTS["high-chicago"],
    VARIANTS["low-chicago"],
    VARIANTS["high-chicago-declare"],
    SEVEN_TWENTY_SEVEN,
]


@st.composite
def split_showdowns(
    draw: st.DrawFn,
) -> tuple[Variant, list[Pot], list[ShowdownHand], HouseRules]:
    """A random showdown of one of the new splits, with side pots, folds and up cards."""
    variant = draw(st.sampled_from(GAMES))
    preset = draw(st.sampled_from(["strict", "liberal", "outright", "cards-speak"]))
    if variant.is_declare and preset == "cards-speak":
        preset = "strict"
    rules = HouseRules.preset(
        preset,
        no_spade=draw(st.sampled_from(["high-takes-all", "rides"])),
        ace_low_spade=draw(st.booleans()),
        bust_over_27=draw(st.booleans()),
        tie_at_distance=draw(st.sampled_from(["under-wins", "split"])),
        no_winner=draw(st.sampled_from(["rides", "cards-speak", "split", "second-best"])),
        odd_chip=draw(st.sampled_from(["high", "low"])),
        odd_chip_order=draw(st.sampled_from(["button", "suit"])),
    )
    declares = variant.declares_under(rules)
    players = draw(st.integers(min_value=2, max_value=6))
    deck = draw(st.permutations(FULL_DECK))
    size = draw(st.integers(min_value=5, max_value=7))
    folded = draw(st.lists(st.booleans(), min_size=players, max_size=players))
    if all(folded):
        folded[draw(st.integers(0, players - 1))] = False
    hands = []
    for seat in range(players):
        cards = tuple(deck[seat * 7 : seat * 7 + size])
        up = cards[2 : draw(st.integers(min_value=2, max_value=size))]
        declaration = draw(st.sampled_from(list(Direction))) if declares else None
        hands.append(ShowdownHand(seat, cards, declaration, f"P{seat}", folded[seat], up))
    live = [seat for seat in range(players) if not folded[seat]]
    pots = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        members = draw(st.sets(st.sampled_from(range(players)), min_size=1))
        if not any(seat in live for seat in members):
            members.add(draw(st.sampled_from(live)))
        pots.append(Pot(draw(st.integers(min_value=0, max_value=1_001)), tuple(sorted(members))))
    return variant, pots, hands, rules


@given(split_showdowns())
def test_chips_are_conserved_on_every_split(
    case: tuple[Variant, list[Pot], list[ShowdownHand], HouseRules],
) -> None:
    variant, pots, hands, rules = case
    result = settle(pots, hands, rules=variant.showdown_rules(rules), sides=variant.sides(rules))
    check_totals(result, pots)
    text = str(result)
    for award in result.awards:
        assert hands[award.seat].display_name in text
        assert not hands[award.seat].is_folded


@given(split_showdowns())
def test_lowball_never_pays_a_high_and_chicago_pays_only_a_spade_in_the_hole(
    case: tuple[Variant, list[Pot], list[ShowdownHand], HouseRules],
) -> None:
    variant, pots, hands, rules = case
    result = settle(pots, hands, rules=variant.showdown_rules(rules), sides=variant.sides(rules))
    for award in result.awards:
        if variant.is_lowball:
            assert award.side.value in ("low", "uncontested")
        if variant.spade is not None and award.reason.startswith("spade half"):
            hand = hands[award.seat]
            assert any(card.suit.symbol == "s" and card not in hand.up for card in hand.cards)
