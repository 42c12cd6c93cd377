"""The referee's straight path for one pot settles exactly as the general path does.

`settle_one_pot` checks, scores and settles a showdown of one pot in one function; the
general path (`quick_scoreboard` or the full check, then `settle_pot`) is the authority.
On random showdowns of one pot under random house rules, checked and unchecked, it must
give the same ruling (or leave the showdown to the general path), and the result the same
words. A hand's scores looked up by its rank key are its scores worked out afresh.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hilo.cards import FULL_DECK
from hilo.engine import pot_patterns
from hilo.engine.declare import Direction
from hilo.engine.one_pot import settle_one_pot
from hilo.engine.pot_settling import settle_pot
from hilo.engine.quick_scores import FLUSH, RANK_KEYS, hand_scores, score_cache
from hilo.engine.showdown import Pot, ShowdownHand, ShowdownResult, _full_scoreboard, settle
from hilo.errors import ConfigError
from hilo.hands import Ranking, Selection
from hilo.hands.high import high_score
from hilo.hands.low import ace_to_five_score
from hilo.hands.sides import HandSide, Sides
from hilo.rules import HouseRules
from tests.property.test_referee import showdowns

ANY_FIVE = Selection.ANY_FIVE


def _sides(rules: HouseRules) -> Sides:
    return Sides(HandSide("high"), HandSide("low", Ranking.ACE_TO_FIVE, rules.low_qualifier))


@settings(max_examples=400)
@given(showdowns(), st.booleans(), st.booleans(), st.randoms(use_true_random=False))
def test_one_pot_is_settled_as_the_general_path_settles_it(
    case: tuple[list[Pot], list[ShowdownHand], HouseRules],
    validate: bool,
    ordered: bool,
    rng: random.Random,
) -> None:
    _, hands, rules = case
    live = tuple(hand.seat for hand in hands if not hand.is_folded)
    pot = Pot(rng.choice((0, 1, 7, 300, 301, 1_001)), live)
    order = tuple(rng.sample([hand.seat for hand in hands], len(hands))) if ordered else None
    sides = _sides(rules)
    made = settle_one_pot(pot, hands, rules, (), order, sides, rules.low_qualifier, validate)
    if made is None:  # left to the general path: a hand folded under the checks, or alone
        assert (validate and len(live) < len(hands)) or len(live) < 2
        return
    ruling, seat_order = made
    expected_order = order if order is not None else tuple(hand.seat for hand in hands)
    assert seat_order == expected_order
    table, _ = _full_scoreboard(
        [pot], hands, rules, rules, (), ANY_FIVE, seat_order, sides, validate, None, None
    )
    assert ruling == settle_pot(0, pot.amount, pot.seats, table)
    result = settle([pot], hands, rules=rules, seat_order=order, sides=sides, validate=validate)
    expected = ShowdownResult(
        (settle_pot(0, pot.amount, pot.seats, table),),
        tuple(hands), rules, (), ANY_FIVE, seat_order, False, None, sides,
    )  # fmt: skip
    assert result == expected
    assert str(result) == str(expected)


@settings(max_examples=300)
@given(st.randoms(use_true_random=False), st.sampled_from([None, 8, 7]))
def test_scores_looked_up_by_rank_key_are_the_scores_worked_out(
    rng: random.Random, qualifier: int | None
) -> None:
    for _ in range(20):
        cards = rng.sample(FULL_DECK, rng.choice((5, 6, 7)))
        bits = 0
        for card in cards:
            bits |= card.bit
        key = sum(RANK_KEYS[bits >> shift & 0x1FFF] for shift in (0, 16, 32, 48))
        fresh = (high_score(cards), ace_to_five_score(cards, qualifier))
        assert hand_scores(key, bits, len(cards), qualifier) == fresh
        if key < FLUSH:  # kept: a hand of the same ranks in other suits looks it up
            assert score_cache(qualifier)[key] == fresh
        else:
            assert key not in score_cache(qualifier)


def test_the_rank_key_counts_each_rank_and_marks_a_flush() -> None:
    assert (RANK_KEYS[0b1], RANK_KEYS[0b10], RANK_KEYS[0b11]) == (1, 5, 6)
    assert RANK_KEYS[0b11111] == 1 + 5 + 25 + 125 + 625 + FLUSH
    assert max(key for key in RANK_KEYS if key < FLUSH) * 4 < FLUSH  # four suits never reach it


def _seeded_rules(rng: random.Random) -> list[HouseRules]:
    """Every preset, and as many house rules drawn at random."""
    presets = [HouseRules.preset(name) for name in ("strict", "liberal", "outright", "cards-speak")]
    drawn = [
        HouseRules(
            low_qualifier=rng.choice((None, 8)),
            declare=rng.choice(("simultaneous", "cards-speak")),
            swing_ties=rng.choice(("lose", "share", "keep-won-side")),
            second_best=rng.random() < 0.5,
            no_winner=rng.choice(("rides", "cards-speak", "split", "second-best", "keep-won-side")),
            all_swing_fallback=rng.choice(("cards-speak", "no-winner")),
            odd_chip=rng.choice(("high", "low")),
        )
        for _ in range(12)
    ]
    return presets + drawn


def test_seeded_showdowns_are_settled_as_the_general_path_settles_them() -> None:
    rng = random.Random(20_261_202)
    swings = 0
    for rules in _seeded_rules(rng):
        sides = _sides(rules)
        for _ in range(250):
            players = rng.choice((2, 3, 3, 4))
            deck = rng.sample(FULL_DECK, 7 * players + 1)
            board = tuple(deck[7 * players : 7 * players + rng.choice((0, 1))])
            hands = []
            for seat in range(players):
                declaration = None
                if not rules.is_cards_speak:  # most swing: a pot nobody wins is common
                    declaration = rng.choice((Direction.BOTH, Direction.BOTH, *Direction))
                cards = tuple(deck[seat * 7 : seat * 7 + 7 - len(board)])
                hands.append(ShowdownHand(seat, cards, declaration, f"P{seat}"))
            pot = Pot(rng.choice((0, 3, 300, 301)), tuple(range(players)))
            made = settle_one_pot(pot, hands, rules, board, None, sides, rules.low_qualifier, True)
            assert made is not None
            ruling, order = made
            table, _ = _full_scoreboard(
                [pot], hands, rules, rules, board, ANY_FIVE, order, sides, True, None, None
            )
            expected = settle_pot(0, pot.amount, pot.seats, table)
            assert ruling == expected
            swings += ruling.fallback is not None
            result = settle([pot], hands, rules=rules, board=board, sides=sides)
            general = ShowdownResult(
                (expected,), tuple(hands), rules, board, ANY_FIVE, order, False, None, sides
            )
            assert str(result) == str(general)
    assert swings > 100  # the fallbacks are well tried


def _showdowns(rng: random.Random, rules: HouseRules, count: int) -> list[list[ShowdownHand]]:
    """Showdowns of two to four players in seats of an eight-seat table."""
    dealt = []
    for _ in range(count):
        players = rng.choice((2, 3, 3, 4))
        deck = rng.sample(FULL_DECK, 7 * players)
        seats = sorted(rng.sample(range(8), players))
        dealt.append(
            [
                ShowdownHand(
                    seat,
                    tuple(deck[at * 7 : at * 7 + 7]),
                    None if rules.is_cards_speak else rng.choice(list(Direction)),
                )
                for at, seat in enumerate(seats)
            ]
        )
    return dealt


def _general(pot: Pot, hands: list[ShowdownHand], rules: HouseRules, sides: Sides) -> object:
    table, _ = _full_scoreboard(
        [pot], hands, rules, rules, (), ANY_FIVE, tuple(hand.seat for hand in hands), sides,
        True, None, None,
    )  # fmt: skip
    return settle_pot(0, pot.amount, pot.seats, table)


def test_kept_decisions_settle_other_pots_as_the_general_path_does() -> None:
    """Showdowns settled a second time, pots of other sizes, decided from what was kept."""
    pot_patterns.forget()
    rng = random.Random(7)
    for rules in _seeded_rules(rng):
        sides = _sides(rules)
        dealt = _showdowns(rng, rules, 150)
        kept = []
        for amounts in ((300, 301, 0, 7), (1, 2, 999, 1_000)):
            for number, hands in enumerate(dealt):
                pot = Pot(amounts[number % 4], tuple(hand.seat for hand in hands))
                made = settle_one_pot(pot, hands, rules, (), None, sides, rules.low_qualifier, True)
                assert made is not None
                assert made[0] == _general(pot, hands, rules, sides)
            kept.append(tuple(len(decisions) for decisions in pot_patterns.LATEST[0][2]))
        assert kept[0] == kept[1]  # the second time, every pattern was known


def test_the_kept_decisions_are_forgotten_when_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pot_patterns, "KEPT", 5)
    pot_patterns.forget()
    rules = HouseRules.preset("strict")
    sides = _sides(rules)
    for hands in _showdowns(random.Random(3), rules, 60):
        pot = Pot(301, tuple(hand.seat for hand in hands))
        made = settle_one_pot(pot, hands, rules, (), None, sides, rules.low_qualifier, True)
        assert made is not None
        assert made[0] == _general(pot, hands, rules, sides)
        assert all(len(decisions) <= 5 for decisions in pot_patterns.LATEST[0][2])


def test_a_seat_given_twice_is_refused_every_time() -> None:
    """Seats are checked when they first meet a pattern; a seat twice is never kept."""
    deck = random.Random(5).sample(FULL_DECK, 14)
    hands = [
        ShowdownHand(0, tuple(deck[:7]), Direction.HIGH),
        ShowdownHand(0, tuple(deck[7:]), Direction.LOW),
    ]
    for _ in range(2):
        with pytest.raises(ConfigError, match="seat 0 is given twice"):
            settle([Pot(10, (0, 0))], hands, rules=HouseRules.preset("strict"))


def test_a_pot_of_many_players_is_left_to_the_general_path() -> None:
    """Patterns of many players are many and large: none is kept, whoever plays."""
    pot_patterns.forget()
    rules = HouseRules.preset("cards-speak")
    deck = random.Random(9).sample(FULL_DECK, 5 + 2 * 12)
    board = tuple(deck[:5])
    hands = [ShowdownHand(seat, tuple(deck[5 + 2 * seat : 7 + 2 * seat])) for seat in range(12)]
    pot = Pot(1_200, tuple(range(12)))
    sides = _sides(rules)
    assert settle_one_pot(pot, hands, rules, board, None, sides, rules.low_qualifier, True) is None
    ten = Pot(1_200, tuple(range(10)))
    assert settle_one_pot(ten, hands[:10], rules, board, None, sides, 8, True) is not None  # kept
    result = settle([pot], hands, rules=rules, board=board, sides=sides)
    assert sum(award.amount for award in result.awards) + result.carried == 1_200
    assert all(len(decisions) <= 1 for decisions in pot_patterns.LATEST[0][2])
