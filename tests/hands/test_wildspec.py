"""`WildSpec`'s notation, follow the queen and the low hole card."""

from __future__ import annotations

import pytest

from hilo.cards import JOKER, Card, Rank, parse_cards
from hilo.errors import NotationError
from hilo.hands.wildspec import WildSpec, follow_the_queen, lowest_hole_rank


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("2", "2"),
        ("9,3", "3,9"),
        ("10, t", "T"),
        ("jh,JS", "Jh,Js"),
        ("Kh", "Kh"),
        ("joker=bug", "joker=bug"),
        ("JOKER=Wild, 2", "2,joker=wild"),
        ("follow-the-queen", "follow-the-queen"),
        ("follow_the_queen, low-hole", "follow-the-queen,low-hole"),
        ("", "none"),
        ("none", "none"),
    ],
)
def test_the_text_form_round_trips(text: str, written: str) -> None:
    spec = WildSpec.parse(text)
    assert str(spec) == written
    assert WildSpec.parse(str(spec)) == spec
    assert eval(repr(spec), {"WildSpec": WildSpec}) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3,9,bogus", "'bogus' is not a wild card: write wild cards as ranks"),
        ("1", "'1' is not a wild card"),
        ("Jx", "'Jx' is not a wild card"),
        ("joker=maybe", "the joker is joker=wild or joker=bug"),
        ("Jk", "write the joker as joker=wild or joker=bug"),
        ("2,,3", "'' is not a wild card"),
    ],
)
def test_bad_text_is_a_sentence(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        WildSpec.parse(text)


def test_a_spec_says_what_is_wild() -> None:
    spec = WildSpec.parse("3,9,Kh,joker=wild")
    assert [spec.is_wild(card) for card in parse_cards("3c 9d Kh Ks Jk 4c")] == [
        True, True, True, False, True, False,
    ]  # fmt: skip
    assert not WildSpec().is_wild(JOKER)
    assert WildSpec().is_empty
    assert not spec.is_empty
    both = WildSpec.parse("2").plus(WildSpec.parse("Jh,joker=bug"))
    assert str(both) == "2,Jh,joker=bug"
    with pytest.raises(NotationError, match="joker=wild"):
        WildSpec(cards=frozenset({JOKER}))


@pytest.mark.parametrize(
    ("up", "queen_last", "wild"),
    [
        ("5c 7d 8s", "only-queens", "Q"),
        ("Qc 7d 8s", "only-queens", "7Q"),
        ("Qc 7d Qh 8s 9c", "only-queens", "8Q"),  # a later queen replaces the rank
        ("Qc 7d Qh Qs 4c", "only-queens", "4Q"),  # a queen after a queen: the next card counts
        ("Qc 7d 9c Qh", "only-queens", "Q"),  # the last face-up card is a queen
        ("Qc 7d 9c Qh", "none-wild", ""),
        ("", "none-wild", "Q"),
        ("Qc Jk 5d", "only-queens", "Q"),  # a joker after a queen makes no rank wild
    ],
)
def test_follow_the_queen_last_card_rule(up: str, queen_last: str, wild: str) -> None:
    ranks = follow_the_queen(parse_cards(up), queen_last)  # type: ignore[arg-type]
    assert "".join(rank.symbol for rank in sorted(ranks)) == wild


def test_face_down_queens_change_nothing_because_only_up_cards_are_given() -> None:
    spec = WildSpec(follow_the_queen=True)
    assert spec.resolve().ranks == {Rank.QUEEN}
    resolved = spec.resolve(queen_ranks=follow_the_queen(parse_cards("Qc 7d")))
    assert resolved.ranks == {Rank.QUEEN, Rank.SEVEN}
    assert not resolved.follow_the_queen
    assert spec.resolve(queen_ranks=frozenset()).ranks == frozenset()


def test_the_lowest_hole_card_is_wild_for_its_player() -> None:
    assert lowest_hole_rank(parse_cards("Ah 9c 4d")) is Rank.FOUR
    assert lowest_hole_rank(parse_cards("Ah 9c 4d"), ace_low=True) is Rank.ACE
    assert lowest_hole_rank(()) is None
    assert lowest_hole_rank([JOKER, Card("Kd")]) is Rank.KING
    spec = WildSpec.parse("2,low-hole")
    mine = spec.resolve(down=parse_cards("9c 5d Kh"))
    assert mine.ranks == {Rank.TWO, Rank.FIVE}
    assert not mine.low_hole


def test_the_centre_card_of_a_criss_cross_board_is_wild_once_dealt() -> None:
    spec = WildSpec.parse("centre")
    assert str(spec) == "center"
    assert WildSpec.parse(str(spec)) == spec
    assert spec.resolve(board=parse_cards("2c 3d 4h 5s")).ranks == frozenset()
    assert spec.resolve(board=parse_cards("2c 3d 4h 5s 9c")).ranks == {Rank.NINE}
