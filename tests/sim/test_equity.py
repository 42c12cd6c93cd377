"""Cards-speak equity: hand-worked cases, a brute-force walk with the pure-Python
evaluators, enumeration against sampling, and agreement with poker-equity."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations, product

import numpy as np
import pytest

from hilo.cards import FULL_DECK, Card, parse_cards
from hilo.engine.state import Hand
from hilo.engine.table import Table, TableConfig
from hilo.errors import ConfigError, HandError, HiloError, NotationError
from hilo.hands import Ranking, Selection, score_hand
from hilo.rules import VARIANTS, HouseRules, Stakes
from hilo.sim import Equity, HandRange, Measure, Scenario, equity
from hilo.sim.equity import cards_speak_low
from hilo.sim.tally import EQUITY_STATISTICS


def walk(scenario: Scenario, low: Ranking | None, qualifier: int | None) -> dict[str, float]:
    """The equity figures by walking every deal with the pure-Python evaluators."""
    variant = scenario.variant
    hole, selection = variant.hole_cards, variant.selection
    unseen = scenario.unseen
    ranged = [scenario.range_of(number) for number in range(scenario.opponents)]
    board_missing = scenario.board_size - len(scenario.board)
    totals = dict.fromkeys(EQUITY_STATISTICS, 0.0)
    weight_total = 0.0

    def score(cards: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[int, int]:
        if selection in (Selection.OMAHA, Selection.CRISS_CROSS):
            high = score_hand(cards, board, selection=selection)
            low_value = (
                score_hand(cards, board, ranking=low, selection=selection, qualifier=qualifier)
                if low is not None
                else 0
            )
            return high, low_value
        everything = cards + board
        high = score_hand(everything)
        low_value = score_hand(everything, ranking=low, qualifier=qualifier) if low else 0
        return high, low_value

    choices = [
        list(zip(item.combos, item.weights, strict=True)) if item is not None else [(None, 1.0)]
        for item in ranged
    ]
    for fixed in product(*choices):
        taken = {card for combo, _ in fixed if combo is not None for card in combo}
        if len(taken) != sum(len(combo) for combo, _ in fixed if combo is not None):
            continue
        if taken & set(scenario.cards + scenario.board + scenario.dead):
            continue
        weight = float(np.prod([weight for _, weight in fixed]))
        if weight == 0:
            continue
        deck = [card for card in unseen if card not in taken]
        for board_more in combinations(deck, board_missing):
            after_board = [card for card in deck if card not in board_more]
            board = scenario.board + board_more
            for mine_more in combinations(after_board, hole - len(scenario.cards)):
                rest = [card for card in after_board if card not in mine_more]
                yield_hands = _opponents(scenario, fixed, rest, hole)
                for others in yield_hands:
                    scores = [score(scenario.cards + mine_more, board)]
                    scores += [score(cards, board) for cards in others]
                    figures = _figures(scores)
                    for name in EQUITY_STATISTICS:
                        totals[name] += weight * figures[name]
                    weight_total += weight
    return {name: value / weight_total for name, value in totals.items()}


def _opponents(
    scenario: Scenario,
    fixed: tuple[tuple[tuple[Card, ...] | None, float], ...],
    deck: list[Card],
    hole: int,
) -> list[list[tuple[Card, ...]]]:
    """Every way to complete the opponents' hands from ``deck``."""
    ways: list[list[tuple[Card, ...]]] = [[]]
    for number in range(scenario.opponents):
        combo = fixed[number][0]
        grown = []
        for hands in ways:
            if combo is not None:
                grown.append([*hands, combo])
                continue
            used = {card for hand in hands for card in hand}
            left = [card for card in deck if card not in used]
            shown = scenario.up_of(number)
            for more in combinations(left, hole - len(shown)):
                grown.append([*hands, shown + more])
        ways = grown
    return ways


def _figures(scores: list[tuple[int, int]]) -> dict[str, float]:
    highs = [high for high, _ in scores]
    lows = [low for _, low in scores]
    top_high, top_low = max(highs), max(lows)
    high_tied = highs.count(top_high)
    high_part = 1 / high_tied if highs[0] == top_high else 0.0
    low_tied = lows.count(top_low)
    low_part = 1 / low_tied if top_low > 0 and lows[0] == top_low else 0.0
    share = (high_part + low_part) / 2 if top_low > 0 else high_part
    return {
        "win_high": float(high_part == 1),
        "tie_high": float(0 < high_part < 1),
        "high_half": high_part,
        "win_low": float(low_part == 1),
        "tie_low": float(0 < low_part < 1),
        "low_half": low_part,
        "scoop": float(share == 1),
        "share": share,
    }


def figures_of(result: Equity) -> dict[str, float]:
    return {name: getattr(result, name).value for name in EQUITY_STATISTICS}


def test_a_hand_worked_range_split_three_to_one() -> None:
    # Aces against kings (a set, three times in four) or a busted draw (once in four).
    scenario = Scenario.from_text(
        "holdem", "Ah Ad", board="2c 7d 9h Jc Ks", ranges=["Kd Kh:3, 3c 4c:1"]
    )
    result = equity(scenario)
    assert result.is_exact
    assert result.samples == 2
    assert result.share == Measure(0.25)
    assert result.win_high == Measure(0.25)
    assert result.win_low == Measure(0.0)
    assert result.scoop == Measure(0.25)


def test_a_made_wheel_on_seventh_street_scoops_unless_beaten_high() -> None:
    scenario = Scenario.from_text(
        "seven-card-stud-hilo", "As 2d 3c 4h 5s Kd Qc", up=["Kh 9s 9d 2c"]
    )
    result = equity(scenario)
    assert result.is_exact
    assert result.samples == 10660  # three unseen cards of the opponent: C(41, 3)
    assert result.win_low == Measure(1.0)  # the opponent cannot make a wheel
    assert result.win_high.value == pytest.approx(result.scoop.value)
    assert result.share.value == pytest.approx(0.5 + result.high_half.value / 2)


@pytest.mark.parametrize(
    ("game", "cards", "board", "up", "dead", "ranges"),
    [
        ("holdem-hilo", "Ah 2h", "3c 4d Kh 9s 8c", [], "", []),
        (
            "seven-card-stud-hilo",
            "As 3d 5c 7h 9s Kd",
            "",
            ["Qh Jh 4s 4d"],
            "2c 2d 2h 2s 3c 3h 3s 5d 5h 5s 6c 6d 6h 6s 7c 7d 7s 8c 8d 8h 8s",
            [],
        ),
        ("omaha-hilo", "Ah 2h Kd Kc", "3c 4d 8s Ks 9h", [], "", ["Ac 2c 5d 6d, Qs Js Ts 9s:2"]),
        ("criss-cross-hilo", "Ah 2h Kd Kc", "3c 4d 8s Ks", [], "", ["Ac 2c 5d 6d, Qs Js Ts 9s:2"]),
        ("holdem", "Ah Kh", "2h 7h 9c Jd", [], "", ["QQ, 88:0.5"]),
    ],
)
def test_exact_figures_equal_a_brute_force_walk(
    game: str, cards: str, board: str, up: list[str], dead: str, ranges: list[str]
) -> None:
    scenario = Scenario.from_text(game, cards, board=board, up=up, dead=dead, ranges=ranges)
    result = equity(scenario)
    assert result.is_exact
    low, qualifier = cards_speak_low(scenario.variant)
    expected = walk(scenario, low, qualifier)
    assert figures_of(result) == pytest.approx(expected, abs=1e-12)
    assert all(getattr(result, name).error == 0 for name in EQUITY_STATISTICS)


@pytest.mark.parametrize(
    ("game", "cards", "board", "up", "ranges", "opponents"),
    [
        ("seven-card-stud-hilo", "As 2d 3c 9h Kd Qc", "", ["Kh 9s 9d 2c"], [], 1),
        ("holdem-hilo", "Ah 2h", "3c 4d Kh", [], [], 1),
        ("omaha-hilo", "Ah 2h 3d Kc", "4c 8s Kd 9h", [], ["Qs Qd Js Td, 5c 6c 7d 7h:2"], 1),
        ("seven-card-stud-hilo-declare", "As 2d 3c 4h 6s Jd 8s", "", ["Kh 9s 9d 2c", "Qc 8h 5d 7c"],
         [], 2),
        ("holdem", "Ah Kh", "2h 7h 9c Jd", [], ["QQ, AKs, 78s:0.3", None], 2),
    ],
)  # fmt: skip
def test_sampling_agrees_with_enumeration(
    game: str, cards: str, board: str, up: list[str], ranges: list[str | None], opponents: int
) -> None:
    dead = "Tc Td Th Ts Jc Jh Js Qd Qh Qs 6c 6d 6h 3h 3s 4c 4d 5c 5h 2h" if opponents == 2 else ""
    scenario = Scenario.from_text(
        game, cards, board=board, up=up, ranges=ranges, opponents=opponents,
        dead=dead if game.startswith("seven") else "",
    )  # fmt: skip
    exact = equity(scenario, exact=True)
    sampled = equity(scenario, exact=False, samples=60_000, seed=11)
    assert exact.is_exact
    assert not sampled.is_exact
    assert sampled.samples == 60_000
    for name in EQUITY_STATISTICS:
        ours, walked = getattr(sampled, name), getattr(exact, name)
        if ours.error == 0:  # the same in every sampled deal: rarely otherwise, if ever
            assert abs(ours.value - walked.value) < 2e-4, name
        else:
            assert abs(ours.value - walked.value) <= 4 * ours.error, name


def test_the_same_seed_deals_the_same_cards() -> None:
    scenario = Scenario.from_text("seven-card-stud-hilo", "As 2d 3c", up=["Kh", "7s"])
    first = equity(scenario, samples=30_000, seed=5)
    again = equity(scenario, samples=30_000, seed=5)
    other = equity(scenario, samples=30_000, seed=6)
    assert first == again
    assert first.seed == 5
    assert first.share != other.share
    assert first.share.agrees_with(other.share)


def test_a_high_only_game_has_no_low_half() -> None:
    result = equity(Scenario.from_text("omaha", "Ah Ad Kc Kd"), samples=20_000, seed=1)
    assert result.win_low == Measure(0.0)
    assert result.low_half == Measure(0.0)
    assert result.share == result.high_half
    assert cards_speak_low(VARIANTS["omaha"]) == (None, None)


def test_the_house_picks_the_low_of_a_declare_game_played_for_equity() -> None:
    scenario = Scenario.from_text("seven-card-stud-hilo-declare", "9s 9d Kc Qh Jd", up=["As"])
    eight = equity(scenario, samples=20_000, seed=2)
    any_low = equity(scenario, HouseRules.preset("strict"), samples=20_000, seed=2)
    # Without a qualifier every hand has a low, so the halves are split more often.
    assert any_low.share.value < eight.share.value
    assert cards_speak_low(VARIANTS["five-card-stud-hilo"], HouseRules.preset("liberal")) == (
        Ranking.ACE_TO_FIVE,
        None,
    )


def test_progress_reports_every_deal() -> None:
    seen: list[tuple[int, int]] = []
    scenario = Scenario.from_text("holdem-hilo", "Ah 2h", board="3c 4d Kh")
    equity(scenario, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (seen[-1][1], seen[-1][1])
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"game": "canasta", "cards": "As 2d"}, ConfigError, "unknown game 'canasta'"),
        ({"game": "holdem", "cards": "As Ad", "board": "As"}, HandError, "As is given twice"),
        ({"game": "seven-card-stud-hilo", "cards": "As 2d 3c 4h 5s 6d 7c 8h"}, HandError,
         "you hold 8 cards"),
        ({"game": "seven-card-stud-hilo", "cards": "As", "board": "Kd"}, HandError, "no board"),
        ({"game": "holdem-hilo", "cards": "As"}, HandError, "needs your 2 hole cards"),
        ({"game": "holdem-hilo", "cards": "As Kd", "up": ["Qs"]}, HandError, "show no cards"),
        ({"game": "seven-card-stud-hilo", "cards": "As", "ranges": ["QQ"]}, HandError,
         "ranges are for hold'em and Omaha"),
        ({"game": "holdem", "cards": "Qs Qd", "ranges": ["QQ"], "dead": "Qh"}, HandError,
         "no hand left"),
        ({"game": "holdem", "cards": "Qs Qd", "opponents": 10}, ConfigError, "1 to 9"),
        ({"game": "holdem", "cards": "Qs Qd", "up": [], "ranges": ["AK", "QQ"], "opponents": 1},
         ConfigError, "ranges lists 2 opponents"),
        ({"game": "omaha", "cards": "As Kd Qh Jc", "ranges": ["AK"]}, HandError, "2-card hands"),
        ({"game": "holdem", "cards": "As Kd", "ranges": ["AKx"]}, NotationError, "hand class"),
    ],
)  # fmt: skip
def test_a_bad_scenario_says_what_is_wrong(
    arguments: dict[str, object], error: type[HiloError], words: str
) -> None:
    with pytest.raises(error, match=words):
        Scenario.from_text(**arguments)  # type: ignore[arg-type]


def test_a_scenario_from_a_seat_view_at_the_table() -> None:
    hand = Hand.deal(
        VARIANTS["seven-card-stud-hilo-declare"],
        HouseRules(),
        Stakes(small_bet=10, big_bet=20, bring_in=3),
        [200, 200, 200],
        rng=random.Random(4),
    )
    view = hand.view_for(1)
    scenario = Scenario.from_view(view)
    me = view.seats[1]
    assert scenario.game == "seven-card-stud-hilo-declare"
    assert set(scenario.cards) == set(me.up_cards + me.down_cards)
    assert len(scenario.cards) == 3
    assert scenario.opponents == 2
    assert [len(shown) for shown in scenario.up] == [1, 1]
    assert scenario.up == (view.seats[2].up_cards, view.seats[0].up_cards)
    assert equity(scenario, samples=5000, seed=1).samples == 5000


def test_a_scenario_from_a_view_at_a_table_of_its_own_game() -> None:
    house = replace(VARIANTS["seven-card-stud-hilo"], name="house-stud", title="House stud")
    config = TableConfig(
        games=("house-stud",),
        rules=HouseRules.preset("cards-speak"),
        stakes=Stakes(small_bet=10, big_bet=20, bring_in=3),
        extra_variants=(house,),
    )
    table = Table(config, rng=random.Random(4))
    for seat, name in ((0, "Ann"), (3, "Bob"), (5, "Cy")):
        table.sit(seat, name, 200)
    table.start_hand()
    view = table.view_for(table.person_in(3))
    assert view is not None
    scenario = Scenario.from_view(view)
    assert (scenario.game, scenario.variant) == ("house-stud", house)
    assert scenario.up == (view.seat(5).up_cards, view.seat(0).up_cards)  # from Bob's left
    shipped = replace(scenario, game="seven-card-stud-hilo")
    assert shipped.variant is VARIANTS["seven-card-stud-hilo"]
    assert equity(scenario, samples=2000, seed=3) == equity(shipped, samples=2000, seed=3)
    with pytest.raises(ConfigError, match="unknown game 'house-stud'"):
        Scenario("house-stud", scenario.cards)


def test_bad_run_settings_are_refused() -> None:
    scenario = Scenario.from_text("seven-card-stud-hilo", "As 2d 3c")
    with pytest.raises(ConfigError, match="samples"):
        equity(scenario, samples=1)
    with pytest.raises(ConfigError, match="seed"):
        equity(scenario, samples=100, seed=-3)
    with pytest.raises(HiloError, match="sample them instead"):
        equity(scenario, exact=True)


def test_ranges_read_hold_em_classes_and_weights() -> None:
    assert len(HandRange.parse("AK").combos) == 16
    assert len(HandRange.parse("AKo").combos) == 12
    assert HandRange.parse("22:0.25").weights == (0.25,) * 6
    assert HandRange.parse("As Kd Qh Jc").combos == (parse_cards("As Kd Qh Jc"),)
    with pytest.raises(ConfigError, match="not negative"):
        HandRange.parse("AhKh:-1")
    with pytest.raises(NotationError, match="weight"):
        HandRange.parse("AhKh:lots")


def _poker_equity_seat(result: dict[str, object]) -> dict[str, Measure]:
    seat = result["players"][0]  # type: ignore[index]
    samples = float(result["samples"])  # type: ignore[arg-type]

    def indicator(count: float) -> Measure:
        mean = count / samples
        return Measure(mean, (mean * (1 - mean) / (samples - 1)) ** 0.5)

    counts = {name: result[f"{name}_count"][0] for name in ("high_win", "low_win", "scoop")}  # type: ignore[index]
    return {
        "share": Measure(seat["equity"], seat["std_error"]),
        "win_high": indicator(counts["high_win"]),
        "win_low": indicator(counts["low_win"]),
        "scoop": indicator(counts["scoop"]),
    }


def _random_spot(
    rng: np.random.Generator, game: str, flop: bool
) -> tuple[Scenario, str, list[str], str]:
    """A random heads-up spot: both hands known (stud: third street; Omaha: preflop or
    on a flop), as a hilo scenario and as poker-equity's arguments."""
    cards = [str(FULL_DECK[index]) for index in rng.permutation(52)[:11].tolist()]
    if game == "stud":
        mine, theirs = cards[:3], cards[3:6]
        scenario = Scenario.from_text("seven-card-stud-hilo", " ".join(mine), up=[" ".join(theirs)])
        return scenario, "stud_hi_lo", ["".join(mine), "".join(theirs)], ""
    mine, theirs, board = cards[:4], cards[4:8], " ".join(cards[8:11] if flop else [])
    scenario = Scenario.from_text(
        "omaha-hilo", " ".join(mine), board=board, ranges=[" ".join(theirs)]
    )
    return scenario, "omaha_hi_lo", ["".join(mine), "".join(theirs)], board


@pytest.mark.parametrize("game", ["stud", "omaha"])
def test_agrees_with_poker_equity_on_random_spots(game: str) -> None:
    poker_equity = pytest.importorskip("poker_equity")
    rng = np.random.default_rng(2026 if game == "stud" else 7)
    for spot in range(3):
        scenario, key, hands, board = _random_spot(rng, game, flop=spot == 2)
        ours = equity(scenario, samples=200_000, seed=spot)
        theirs = _poker_equity_seat(
            poker_equity.chunk_from_text(key, hands, board, "", 200_000, seed=spot, threads=1)
        )
        for name, measure in theirs.items():
            assert getattr(ours, name).agrees_with(measure, sigmas=4), (spot, name)
