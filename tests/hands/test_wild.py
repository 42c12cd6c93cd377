"""Hand values with wild cards: HOME-GAMES.md's cases, and a seeded sample against brute force."""

from __future__ import annotations

import random

import pytest

from hilo.cards import FULL_DECK, JOKER, Card, parse_cards
from hilo.errors import HandError
from hilo.hands import Category, Ranking, Selection, high_score, low_score, score_hand
from hilo.hands.wild import made_high_score, wild_evaluate, wild_score
from hilo.hands.wildspec import WildSpec
from tests.hands.wild_authority import best_high, best_low, high_key, pairs_of

DEUCES = WildSpec.parse("2")
LOWS = (Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN, Ranking.ACE_TO_SIX)


def value(text: str, spec: WildSpec = DEUCES, **options: object) -> str:
    return str(wild_evaluate(parse_cards(text), wild=spec, **options))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "spec", "expected"),
    [
        ("9s 9d 3c 9h Qd", "3,Q", "Five of a kind, nines (9s 9h 9d 3c=9 Qd=9)"),
        ("As Ks 2c 7s 4s", "2", "Flush, two aces (As 2c=As Ks 7s 4s)"),
        ("As 2d 2c 7s 4s", "2", "Flush, three aces (As 2d=As 2c=As 7s 4s)"),
        ("Ah Kh Qh Jh Jk", "joker=wild", "Royal flush (Ah Kh Qh Jh Jk=Th)"),
        ("Kh Kd 5c 5s Jk", "joker=bug", "Two pair, kings and fives (Kh Kd 5s 5c Jk=A)"),
        ("Ah Ad Kc 5s Jk", "joker=bug", "Three of a kind, aces (Ah Ad Jk=A Kc 5s)"),
        ("9c Th Jd Qs Jk", "joker=bug", "Straight, king high (Jk=K Qs Jd Th 9c)"),
        ("2h 7h 9h Kh Jk", "joker=bug", "Flush, ace high (Jk=Ah Kh 9h 7h 2h)"),
        ("Kh Kd Kc Ks Jk", "joker=bug", "Four of a kind, kings (Ks Kh Kd Kc Jk=A)"),
        ("4c 4d Jh Js 7s", "Jh,Js", "Four of a kind, fours (4d 4c Js=4 Jh=4 7s)"),
        ("Kh Kc Ks 5d 6d", "Kh", "Three of a kind, kings (Ks Kc Kh=K 6d 5d)"),
        ("Ac Kd Qh Js 2s", "2", "Straight, ace high (Ac Kd Qh Js 2s=T)"),
        ("2c 2d 2h 2s 7c", "2", "Five of a kind, sevens (7c 2c=7 2s=7 2d=7 2h=7)"),
    ],
)
def test_home_games_cases_high(cards: str, spec: str, expected: str) -> None:
    assert value(cards, WildSpec.parse(spec)) == expected


def test_five_of_a_kind_beats_a_royal_flush_and_wild_duplicates_no_forbids_it() -> None:
    five = wild_score(parse_cards("Ac Ad Ah As 2c"), wild=DEUCES)
    royal = high_score(parse_cards("As Ks Qs Js Ts"))
    assert five > royal
    assert five >> 28 == Category.FIVE_OF_A_KIND
    four = wild_evaluate(parse_cards("Ac Ad Ah As 2c"), wild=DEUCES, duplicates=False)
    assert str(four) == "Four of a kind, aces (As Ah Ad Ac 2c=K)"
    flush = wild_evaluate(parse_cards("As Ks 2c 7s 4s"), wild=DEUCES, duplicates=False)
    assert str(flush) == "Flush, ace high (As Ks 2c=Qs 7s 4s)"


def test_a_double_ace_flush_beats_every_flush_of_different_ranks_and_loses_to_a_full_house() -> (
    None
):
    double = wild_score(parse_cards("As Ks 2c 7s 4s"), wild=DEUCES)
    assert double > high_score(parse_cards("As Ks Qs Js 9s"))
    assert double < high_score(parse_cards("2c 2d 2h 3s 3c"))
    triple = wild_score(parse_cards("As 2d 2c 7s 4s"), wild=DEUCES)
    assert triple > double


@pytest.mark.parametrize(
    ("cards", "ranking", "expected"),
    [
        ("Ac 2d 3h 4s 2c", Ranking.ACE_TO_FIVE, "Five-four low (2c=5 4s 3h 2d=2 Ac)"),
        ("As 3d 4h 5s Jk", Ranking.ACE_TO_FIVE, "Five-four low (5s 4h 3d Jk=2 As)"),
        ("3c 4d 5h 6s 2c", Ranking.DEUCE_TO_SEVEN, "Eight-six low (2c=8 6s 5h 4d 3c)"),
        ("3c 4d 5h 6s 2c", Ranking.ACE_TO_SIX, "Six-five low (6s 5h 4d 3c 2c=A)"),
        ("3s 4s 5s 7s 2c", Ranking.DEUCE_TO_SEVEN, "Seven-five low (7s 5s 4s 3s 2c=2)"),
    ],
)
def test_home_games_cases_low(cards: str, ranking: Ranking, expected: str) -> None:
    spec = WildSpec.parse("2,joker=wild")
    assert value(cards, spec, ranking=ranking) == expected


def test_the_bug_in_low_is_the_lowest_rank_the_hand_lacks() -> None:
    bug = WildSpec.parse("joker=bug")
    assert value("As 2d 4h 9s Jk", bug, ranking=Ranking.ACE_TO_FIVE) == (
        "Nine-four low (9s 4h Jk=3 2d As)"
    )
    # deuce-to-seven: the lowest rank missing is the deuce, whatever it makes
    assert value("3c 4d 5h 6s Jk", bug, ranking=Ranking.DEUCE_TO_SEVEN) == (
        "Straight, six high (as a low) (6s 5h 4d 3c Jk=2)"
    )


def test_a_qualifier_applies_to_the_hand_as_made() -> None:
    cards = parse_cards("Ac 3d 9h Ks 2c")
    assert not wild_evaluate(
        cards, wild=DEUCES, ranking=Ranking.ACE_TO_FIVE, qualifier=8
    ).is_qualified
    made = wild_evaluate(
        parse_cards("Ac 3d 8h Ks 2c 2d"), wild=DEUCES, ranking=Ranking.ACE_TO_FIVE, qualifier=8
    )
    assert str(made) == "Eight-four low (8h 2d=4 3d 2c=2 Ac)"


def test_natural_beats_wild_breaks_a_tie_by_fewer_wild_cards_and_equal_counts_still_tie() -> None:
    def score(text: str) -> int:
        return wild_score(parse_cards(text), wild=DEUCES, natural_beats_wild=True)

    natural = score("Ac Kd Qh Js Tc")
    one_wild = score("Ac Kd Qh Js 2c")
    two_wild = score("Ac Kd Qh 2s 2c")
    assert natural > one_wild > two_wild
    assert score("Ad Kc Qs Jh 2d") == one_wild
    assert score("Kc Qd Jh Ts 9c") < one_wild  # a better hand still wins first
    assert score("9c 9d 9h 9s 8c") > natural
    plain = wild_score(parse_cards("Ac Kd Qh Js 2c"), wild=DEUCES)
    assert plain == wild_score(parse_cards("Ac Kd Qh Js Tc"), wild=DEUCES)
    low = wild_score(
        parse_cards("5c 4d 3h 2s Ac"),
        wild=DEUCES,
        ranking=Ranking.ACE_TO_FIVE,
        natural_beats_wild=True,
    )
    assert low > 0


def test_seven_cards_and_boards_choose_the_best_five_with_the_wild_cards() -> None:
    stud = wild_evaluate(parse_cards("Kc Kd 3h 9s 2d 7c 8c"), wild=WildSpec.parse("3,9"))
    assert str(stud) == "Four of a kind, kings (Kd Kc 3h=K 9s=K 8c)"
    hole, board = parse_cards("As Ks"), parse_cards("Qs Js 2d 7c 7d")
    assert str(wild_evaluate(hole, board, wild=DEUCES, selection=Selection.HOLDEM)) == (
        "Royal flush (As Ks Qs Js 2d=Ts)"
    )
    # Omaha: two of the hole cards, three of the board; the board's deuce is wild for everyone
    hole, board = parse_cards("As Ks 7h 7c"), parse_cards("Qs 2d 5c 5h 9d")
    omaha = wild_evaluate(hole, board, wild=DEUCES, selection=Selection.OMAHA)
    assert str(omaha) == "Full house, sevens full of fives (7h 7c 2d=7 5h 5c)"


def test_per_player_wild_cards_apply_to_the_players_own_cards_only() -> None:
    spec = WildSpec(low_hole=True)
    down = parse_cards("4c Ah 9d")
    mine = spec.resolve(down=down)
    hole = parse_cards("4c Ah 9d 4h Kd Ks 7c")
    assert str(wild_evaluate(hole, wild=WildSpec(), hole_wild=mine)) == (
        "Four of a kind, kings (Ks Kd 4h=K 4c=K Ah)"
    )
    ace_low = spec.resolve(down=down, ace_low=True)
    assert str(wild_evaluate(hole, wild=WildSpec(), hole_wild=ace_low)) == (
        "Full house, kings full of fours (Ks Kd Ah=K 4h 4c)"
    )
    board = parse_cards("4d Qc Qd Jh 3s")
    shared = wild_evaluate(
        parse_cards("4c 5h"), board, wild=WildSpec(), hole_wild=mine, selection=Selection.HOLDEM
    )
    # the board's four is no wild card: with it, four queens
    assert str(shared) == "Three of a kind, queens (Qd Qc 4c=Q Jh 5h)"


def test_hands_without_wild_cards_score_exactly_as_before() -> None:
    rng = random.Random(12)
    for _ in range(300):
        cards = tuple(rng.sample([c for c in FULL_DECK if c.rank != 2], 7))
        assert wild_score(cards, wild=DEUCES) == high_score(cards)
        for ranking in LOWS:
            assert wild_score(cards, wild=DEUCES, ranking=ranking, qualifier=8) == low_score(
                cards, ranking, 8
            )
        hole, board = (
            cards[:4],
            (*cards[4:], rng.choice([c for c in FULL_DECK if c.rank != 2 and c not in cards])),
        )
        assert wild_score(hole, board, wild=DEUCES, selection=Selection.OMAHA) == score_hand(
            hole, board, selection=Selection.OMAHA
        )


def test_made_high_score_is_high_score_on_five_different_cards() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        cards = rng.sample(FULL_DECK, 5)
        assert made_high_score(tuple(pairs_of(cards))) == high_score(cards)


def test_bad_input_is_a_sentence() -> None:
    with pytest.raises(HandError, match="no joker"):
        wild_score(parse_cards("As Ks Qs Js Jk"), wild=DEUCES)
    with pytest.raises(HandError, match="valued on five cards"):
        wild_score(parse_cards("As 2s"), wild=DEUCES)
    with pytest.raises(HandError, match="the joker has no value of its own"):
        high_score((JOKER, *parse_cards("As Ks Qs Js")))


def _sample(rng: random.Random, wilds: int) -> list[Card]:
    naturals = rng.sample([card for card in FULL_DECK if card.rank != 2], 5 - wilds)
    deuces = rng.sample([card for card in FULL_DECK if card.rank == 2], min(wilds, 4))
    return naturals + deuces + ([JOKER] if wilds == 5 else [])


@pytest.mark.parametrize("wilds", [1, 2, 3])
@pytest.mark.parametrize("duplicates", [True, False])
def test_high_against_brute_force_on_a_seeded_sample(wilds: int, duplicates: bool) -> None:
    rng = random.Random(wilds * 10 + duplicates)
    spec = WildSpec.parse("2")
    for _ in range({1: 150, 2: 25, 3: 3}[wilds]):
        cards = _sample(rng, wilds)
        made = wild_evaluate(cards, wild=spec, duplicates=duplicates)
        naturals = pairs_of([card for card in cards if card.rank != 2])
        expected = best_high(naturals, wilds, duplicates=duplicates)
        values = [value for _, value in made.stands_for]
        assert high_key([*naturals, *pairs_of(values)]) == expected, cards
        if not duplicates:
            assert len(set(naturals) | set(pairs_of(values))) == 5


@pytest.mark.parametrize("wilds", [0, 1, 2])
def test_the_bug_against_brute_force_on_a_seeded_sample(wilds: int) -> None:
    rng = random.Random(70 + wilds)
    spec = WildSpec.parse("2,joker=bug")
    for _ in range({0: 200, 1: 20, 2: 2}[wilds]):
        naturals = rng.sample([card for card in FULL_DECK if card.rank != 2], 4 - wilds)
        cards = [*naturals, *rng.sample([c for c in FULL_DECK if c.rank == 2], wilds), JOKER]
        made = wild_evaluate(cards, wild=spec)
        values = [value for _, value in made.stands_for]
        expected = best_high(pairs_of(naturals), wilds, bug=True)
        assert high_key([*pairs_of(naturals), *pairs_of(values)]) == expected, cards
        for ranking in LOWS:
            low = wild_score(cards, wild=spec, ranking=ranking)
            assert low == best_low(pairs_of(naturals), wilds, ranking, bug=True), (cards, ranking)


@pytest.mark.parametrize("wilds", [1, 2])
@pytest.mark.parametrize("ranking", LOWS)
@pytest.mark.parametrize("qualifier", [None, 8])
def test_lows_against_brute_force_on_a_seeded_sample(
    wilds: int, ranking: Ranking, qualifier: int | None
) -> None:
    if qualifier is not None and ranking is Ranking.DEUCE_TO_SEVEN:
        qualifier = 9
    rng = random.Random(wilds * 100 + len(ranking.value) + (qualifier or 0))
    for _ in range({1: 80, 2: 6}[wilds]):
        cards = _sample(rng, wilds)
        naturals = pairs_of([card for card in cards if card.rank != 2])
        expected = best_low(naturals, wilds, ranking, qualifier)
        assert wild_score(cards, wild=DEUCES, ranking=ranking, qualifier=qualifier) == expected


def test_wild_values_order_by_score() -> None:
    five = wild_evaluate(parse_cards("9s 9d 9h 2c 2d"), wild=DEUCES)
    quads = wild_evaluate(parse_cards("9s 9d 9h 2c 4d"), wild=DEUCES)
    assert quads < five
    assert five > quads
    assert quads <= five
    assert five >= quads
    assert five == wild_evaluate(parse_cards("9c 9d 2h 2c 2s"), wild=DEUCES)
    assert len({five, quads}) == 2


def test_criss_cross_uses_the_row_or_the_column_with_the_wild_cards_too() -> None:
    hole = parse_cards("As 2s Kd Kh")
    board = parse_cards("Ks Qs 5s 6h 8c")  # row Ks Qs 8c, column 5s 6h 8c
    deuces = WildSpec.parse("2")
    value = wild_evaluate(hole, board, wild=deuces, selection=Selection.CRISS_CROSS)
    assert str(value) == "Four of a kind, kings (Ks Kh Kd 2s=K As)"  # the row's king
    # A spade flush would need the row's Ks Qs and the column's 5s: no line holds all three.
    low = wild_evaluate(
        parse_cards("As 2s Kd Kh"),
        board,
        wild=deuces,
        ranking=Ranking.ACE_TO_FIVE,
        selection=Selection.CRISS_CROSS,
    )
    assert str(low) == "Eight-six low (8c 6h 5s 2s=2 As)"
    for seed in range(40):  # with nothing wild in the groups, the plain criss-cross score
        deal = random.Random(seed).sample([card for card in FULL_DECK if card.rank != 2], 9)
        plain = score_hand(deal[:4], deal[4:], selection=Selection.CRISS_CROSS)
        assert wild_score(deal[:4], deal[4:], wild=deuces, selection=Selection.CRISS_CROSS) == plain


def test_asking_about_one_hand_again_gives_the_same_answer_and_the_same_refusal() -> None:
    hole = parse_cards("2c 9s 9d 7h")
    board = parse_cards("9h 2d Kc")
    first = wild_evaluate(hole, board, wild=DEUCES)
    assert wild_score(tuple(hole), tuple(board), wild=DEUCES) == first.score
    assert wild_evaluate(list(hole), list(board), wild=DEUCES).stands_for == first.stands_for
    assert str(first) == "Five of a kind, nines (9s 9h 9d 2c=9 2d=9)"
    for _ in range(2):  # a refusal is not remembered as an answer
        with pytest.raises(HandError, match="both in the hand and on the board"):
            wild_score(hole, (hole[0], *board), wild=DEUCES)
