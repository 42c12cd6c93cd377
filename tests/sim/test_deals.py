"""Random deals and the conversions between cards and index arrays."""

from __future__ import annotations

import numpy as np
import pytest

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.errors import HandError, NotationError
from hilo.sim import random_deals, to_cards, to_indices


def test_to_indices_and_back() -> None:
    hands = [parse_cards("As Kd 7c 2h"), parse_cards("Td 9d 8d 7d")]
    rows = to_indices(hands)
    assert rows.dtype == np.uint8
    assert rows.tolist() == [[card.index for card in hand] for hand in hands]
    assert to_cards(rows) == hands
    assert to_indices(["As Kd 7c 2h", "td 9d 8d 7d"]).tolist() == rows.tolist()
    assert to_indices([]).shape == (0, 0)


def test_to_indices_refuses_ragged_rows_and_bad_cards() -> None:
    with pytest.raises(HandError, match="hand 1 has 3 cards but hand 0 has 2"):
        to_indices(["As Kd", "2c 3c 4c"])
    with pytest.raises(NotationError, match="'Xx' is not a card"):
        to_indices(["As Xx"])
    with pytest.raises(HandError, match="hand 0 holds 'As', which is not a Card"):
        to_indices([["As"]])  # type: ignore[list-item]


def test_to_cards_refuses_what_is_not_a_card() -> None:
    with pytest.raises(HandError, match="run from 0 to 51"):
        to_cards([[0, 52]])
    with pytest.raises(HandError, match="2-D integer array"):
        to_cards([0, 1])


def test_deals_are_distinct_cards_from_the_live_deck() -> None:
    dead = parse_cards("As Ks Qs")
    rows = random_deals(np.random.default_rng(5), 20_000, 9, dead=[*dead, 0])
    assert rows.shape == (20_000, 9)
    assert rows.dtype == np.uint8
    assert (np.sort(rows, axis=1)[:, 1:] != np.sort(rows, axis=1)[:, :-1]).all()
    assert not np.isin(rows, [card.index for card in dead] + [0]).any()
    # Every live card turns up about equally often in every position.
    counts = np.stack([np.bincount(rows[:, column], minlength=52) for column in range(9)])
    live = counts[:, [index for index in range(52) if counts[:, index].any()]]
    assert live.shape[1] == 48
    assert live.min() > 0.8 * 20_000 / 48
    assert live.max() < 1.2 * 20_000 / 48


def test_the_same_seed_deals_the_same_rows() -> None:
    first = random_deals(np.random.default_rng(42), 100, 7)
    again = random_deals(np.random.default_rng(42), 100, 7)
    other = random_deals(np.random.default_rng(43), 100, 7)
    assert np.array_equal(first, again)
    assert not np.array_equal(first, other)


def test_a_whole_deck_and_nothing() -> None:
    everything = random_deals(np.random.default_rng(1), 3, 52)
    assert (np.sort(everything, axis=1) == np.arange(52)).all()
    assert random_deals(np.random.default_rng(1), 0, 7).shape == (0, 7)
    assert random_deals(np.random.default_rng(1), 4, 0).shape == (4, 0)


def test_bad_deals_are_refused() -> None:
    rng = np.random.default_rng(0)
    with pytest.raises(HandError, match="cannot deal 6 cards a hand from a deck of 5 live cards"):
        random_deals(rng, 1, 6, dead=FULL_DECK[5:])
    with pytest.raises(HandError, match="dead cards must be cards"):
        random_deals(rng, 1, 6, dead=[52])
    with pytest.raises(HandError, match="cannot deal -1 hands"):
        random_deals(rng, -1, 6)
    with pytest.raises(TypeError, match=r"numpy\.random\.Generator"):
        random_deals(np.random.RandomState(0), 1, 6)  # type: ignore[arg-type]
    assert Card("2c").index == 0
