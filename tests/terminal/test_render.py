"""Drawing a seat's view: cards in four colours, seats, pots, the result and the ledger."""

from __future__ import annotations

from dataclasses import replace

from hilo.cards import Suit, parse_cards
from hilo.engine.actions import Action, ActionKind
from hilo.engine.setup import HandSetup
from hilo.engine.state import Hand, Phase
from hilo.engine.table import SPECTATOR
from hilo.rules import VARIANTS, HouseRules, Stakes
from hilo.terminal.cards import SUIT_STYLES, card_text, cards_text, color_cards
from hilo.terminal.render import (
    ledger_table,
    own_hand_line,
    pot_line,
    result_view,
    seat_table,
    table_view,
)
from tests.engine.scripted import deck
from tests.terminal.tables import plain, play_until, seated_table


def test_four_colours_one_a_suit_and_the_suit_always_written() -> None:
    assert len(set(SUIT_STYLES.values())) == 4
    assert SUIT_STYLES[Suit.HEARTS] == "red"
    assert SUIT_STYLES[Suit.SPADES] == ""  # the terminal's own colour
    hearts = card_text(parse_cards("Kh")[0])
    assert hearts.plain == "K♥"
    assert hearts.style == "red"
    assert card_text(parse_cards("Td")[0], glyphs=False).plain == "Td"
    colored = plain(cards_text(parse_cards("Ah Ac Ad As")), color=True)
    assert "\x1b[31mA♥" in colored
    assert "\x1b[32mA♣" in colored
    assert "\x1b[" not in plain(cards_text(parse_cards("Ah Ac")))


def test_color_cards_keeps_the_words_and_colours_the_cards() -> None:
    line = "Bot 2 has the winning high: Flush, ace high (Ah Jh 8h 7h 2h)."
    text = color_cards(line)
    assert text.plain == line
    assert {span.style for span in text.spans} == {"red"}
    assert len(text.spans) == 5


def test_seats_show_own_down_cards_in_brackets_and_others_as_question_marks() -> None:
    table = seated_table()
    view = table.view_for(table.person_in(0))
    assert view is not None
    me = view.me
    assert me is not None
    text = plain(seat_table(view, glyphs=False))
    lines = text.splitlines()
    mine = next(line for line in lines if " You " in line)
    down = " ".join(str(card) for card in me.down_cards)
    assert f"[{down}] {me.up_cards[0]}" in mine
    assert mine.startswith("D")  # the button
    for seat in view.seats[1:]:
        row = next(line for line in lines if f" {seat.name} " in line)
        assert f"?? ?? {seat.up_cards[0]}" in row
        assert str(seat.stack) in row
    hand = table.hand
    assert hand is not None
    for other in range(1, 4):  # nobody else's face-down cards leak into the picture
        for card, face_up in hand.cards[other]:
            if not face_up:
                assert str(card) not in text


def test_the_table_fits_eighty_columns_with_nine_players() -> None:
    table = seated_table("holdem-hilo-declare", players=10)
    play_until(table, None)
    view = table.view_for(table.person_in(0))
    assert view is not None
    for renderable in (
        table_view(view, 12, rules=HouseRules()),
        result_view(view),
        ledger_table(table.ledger()),
    ):
        for line in plain(renderable).splitlines():
            assert len(line) <= 80, line


def test_the_table_view_has_the_header_pots_and_whose_turn() -> None:
    table = seated_table()
    view = table.view_for(table.person_in(0))
    assert view is not None
    text = plain(table_view(view, 3, rules=HouseRules()))
    assert "Hand 3: Seven-card stud high-low, declare (third street)" in text
    assert f"Pot {sum(view.pots)}" in text
    assert "to act" in text
    assert "Your hand" not in text  # three cards make no five-card hand yet


def test_pot_line_names_side_pots_bets_and_a_pot_that_rode_in() -> None:
    table = seated_table()
    view = table.view_for(table.person_in(0))
    assert view is not None
    split = replace(view, pots=(40, 20), carried_in=16)
    line = pot_line(split).plain
    assert line.startswith("Main pot 40; side pot 1 20")
    assert "16 of it rode in from the last hand" in line


def test_own_hand_tells_the_best_high_and_low_so_far() -> None:
    table = seated_table()
    play_until(table, Phase.DECLARING)
    view = table.view_for(table.person_in(0))
    assert view is not None
    line = own_hand_line(view, HouseRules())
    assert line is not None
    high, low = line.plain.splitlines()
    assert high.startswith("Your hand: ")
    assert low.startswith("Your low:  ")


def test_result_shows_the_hands_the_winners_and_the_referee() -> None:
    table = seated_table()
    play_until(table, None)
    view = table.view_for(table.person_in(0))
    assert view is not None
    text = plain(result_view(view, glyphs=False))
    assert "Showdown" in text
    assert "The referee:" in text
    assert "  Rules: strict." in text
    for line in view.result:
        assert line.split(":")[0] in text
    winners = [line for line in text.splitlines() if line.startswith(" * ")]
    assert winners
    hand = table.hand
    assert hand is not None
    for seat in range(4):  # every hand shown down, in notation
        shown = " ".join(str(card) for card in hand.own_cards(seat))
        assert shown in text


def test_everyone_folding_is_told_without_a_referee() -> None:
    table = seated_table()
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        seat = table.to_act()[0]
        kinds = {option.kind for option in table.legal_actions(seat)}
        if ActionKind.BRING_IN in kinds:
            table.apply(Action.bring_in(seat))
        else:
            table.apply(Action.fold(seat))
    view = table.view_for(table.person_in(0))
    assert view is not None
    text = plain(result_view(view))
    assert "You win " in text  # seat 0, called You, is the last one in
    assert "everyone else folded." in text
    assert "The referee:" not in text


def test_a_winner_named_you_reads_you_win() -> None:
    table = seated_table()  # seat 0 is called You
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        seat = table.to_act()[0]
        kinds = {option.kind for option in table.legal_actions(seat)}
        if ActionKind.BRING_IN in kinds:
            table.apply(Action.bring_in(seat))
        elif seat == 0:
            table.apply(Action.call(seat) if ActionKind.CALL in kinds else Action.check(seat))
        else:
            table.apply(Action.fold(seat))
    view = table.view_for(table.person_in(1))
    assert view is not None
    text = plain(result_view(view))
    assert "You win " in text
    assert "everyone else folded." in text
    assert "You wins" not in text


def test_ledger_adds_up_with_what_rides() -> None:
    text = plain(ledger_table([("You", 500, 520, 20), ("Bot 1", 1000, 964, -36)], carried=16))
    assert "Chips: 1500 bought in = 1484 in stacks + 16 riding" in text
    assert "+20" in text
    assert "-36" in text


def test_own_hand_names_the_games_sides_chicagos_spade_and_razzs_low() -> None:
    chicago = Hand(
        HandSetup(
            VARIANTS["high-chicago"],
            HouseRules.preset("cards-speak"),
            Stakes(small_bet=2, big_bet=4, ante=1, bring_in=1),
            [50, 50],
            deck_order=deck("As Kd 2h  Qc Jc Ts 9s 9c 8s 8c"),
        )
    )
    while len(chicago.own_cards(1)) < 5:  # five cards each: a hand to show
        seat = chicago.to_act[0]
        kinds = {option.kind for option in chicago.legal_actions(seat)}
        passive = (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL)
        chicago.apply(Action(seat, next(kind for kind in passive if kind in kinds)))
    assert chicago.own_cards(1) == parse_cards("As Kd 2h 9s 8s")
    line = own_hand_line(chicago.view_for(1), HouseRules.preset("cards-speak"))
    assert line is not None
    assert line.plain.splitlines()[1] == "Your spade: Ace of spades in the hole (As)"


def test_the_table_says_what_is_wild_now() -> None:
    table = seated_table("low-hole-wild-hilo-declare")
    view = table.view_for(table.person_in(0))
    assert view is not None
    (lowest,) = view.own_wild
    shown = plain(table_view(view, 1, glyphs=False))
    assert f"Wild: {lowest.plural} for you alone" in shown
    spectator = table.view_for(SPECTATOR)
    assert spectator is not None
    watched = plain(table_view(spectator, 1, glyphs=False))
    assert "Wild: each player's lowest face-down card, for that player" in watched


def test_own_hand_counts_the_wild_cards() -> None:
    table = seated_table("five-card-draw-deuces-wild-hilo-declare", seed=8)
    view = table.view_for(table.person_in(0))
    assert view is not None
    line = own_hand_line(view, HouseRules())
    assert line is not None
    assert line.plain.splitlines() == [
        "Your hand: Straight, ten high (2s=T 9h 8s 7c 6s)",
        "Your low:  Nine-eight low (9h 8s 7c 6s 2s=A)",
    ]
