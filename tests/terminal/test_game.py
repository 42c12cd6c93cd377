"""The session loop with scripted replies: hands, reprompts, rebuys, stopping cleanly."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from hilo.engine.actions import ActionKind
from hilo.rules import HouseRules, Stakes
from hilo.rules.defaults import default_buy_in, default_stakes
from hilo.terminal.game import INTERRUPTED, PlaySettings, TerminalGame, stakes_words
from tests.terminal.tables import STUD

Answer = Callable[[str, TerminalGame], str]


def cautious(prompt: str, game: TerminalGame) -> str:
    """Check or call, bring it in when it is ours, declare high, and stop after the hand."""
    if prompt.startswith("Your move"):
        kinds = {option.kind for option in game.table.legal_actions(0)}
        return "c" if kinds & {ActionKind.CHECK, ActionKind.CALL} else "b"
    if prompt.startswith("Declare"):
        return "h"
    return "n"


class Session:
    """A game on a console that writes to a string, answering prompts with ``answer``."""

    def __init__(self, answer: Answer = cautious, **changes: Any) -> None:
        base = PlaySettings(
            games=(STUD,),
            rules=HouseRules(),
            stakes=default_stakes(STUD),
            bots=3,
            bot_kinds=("calling",),
            seed=7,
        )
        self.settings = replace(base, **changes)
        self.output = io.StringIO()
        self.prompts: list[str] = []
        self.sleeps: list[float] = []
        self.answer = answer
        self.game = TerminalGame(
            self.settings,
            Console(file=self.output, width=80, highlight=False),
            ask=self.ask,
            sleep=self.sleeps.append,
        )

    def ask(self, prompt: Text) -> str:
        self.prompts.append(prompt.plain)
        return self.answer(prompt.plain, self.game)

    def run(self) -> tuple[int, str]:
        status = self.game.run()
        return status, self.output.getvalue()


def ledger_adds_up(text: str) -> bool:
    """The last ledger's rows against its line of totals."""
    match = list(
        re.finditer(r"Chips: (\d+) bought in = (\d+) in stacks(?: \+ (\d+) riding)?", text)
    )
    assert match, text
    last = match[-1]
    bought, stacks, riding = (int(group or 0) for group in last.groups())
    return bought == stacks + riding


def test_a_hand_from_the_deal_to_the_referee_and_the_ledger() -> None:
    status, text = Session().run()
    assert status == 0
    assert "Hand 1: Seven-card stud high-low, declare" in text
    assert "Your turn:" in text
    assert "Declare in secret: [h]igh  [l]ow  [b]oth" in text
    assert "Bots are choosing..." in text
    assert re.search(r"Declarations: .*You high", text)
    assert "The referee:\n  Rules: strict." in text
    assert ledger_adds_up(text)
    assert text.rstrip().endswith("Thanks for playing after 1 hand. Goodbye!")


def test_next_hand_is_asked_after_each_hand() -> None:
    def twice(prompt: str, game: TerminalGame) -> str:
        if prompt.startswith("Next hand"):
            return "y" if game.hand_number < 2 else "no"
        return cautious(prompt, game)

    session = Session(twice)
    status, text = session.run()
    assert status == 0
    assert session.prompts.count("Next hand? [Y/n] ") == 2
    assert "Hand 2:" in text
    assert "after 2 hands" in text


def test_a_number_of_hands_plays_without_asking() -> None:
    session = Session(hands=2)
    status, text = session.run()
    assert status == 0
    assert "Next hand? [Y/n] " not in session.prompts
    assert "Thanks for playing after 2 hands." in text


def test_the_same_seed_plays_the_same_hands() -> None:
    assert Session(hands=2).run() == Session(hands=2).run()
    assert Session(hands=1).run() != Session(hands=1, seed=8).run()


def test_a_reply_that_is_not_a_choice_is_asked_again() -> None:
    replies = iter(["zz", "?", "r 999"])

    def muddled(prompt: str, game: TerminalGame) -> str:
        if prompt.startswith("Your move"):
            return next(replies, None) or cautious(prompt, game)
        return cautious(prompt, game)

    status, text = Session(muddled).run()
    assert status == 0
    assert "'zz' is not one of your choices: type f, c or r, then Enter (? for help)." in text
    assert "Keys: type the key shown in brackets, then Enter." in text
    assert "You can complete only to 10, not 999." in text
    assert "The referee:" in text


def test_folding_lets_the_bots_play_the_hand_out() -> None:
    def folder(prompt: str, game: TerminalGame) -> str:
        kinds = {option.kind for option in game.table.legal_actions(0)}
        if prompt.startswith("Your move") and ActionKind.FOLD in kinds:
            return "f"
        return cautious(prompt, game)

    status, text = Session(folder).run()
    assert status == 0
    assert "You fold" in text
    assert "Declare in secret" not in text
    assert re.search(r"Declarations: Bot", text)
    assert ledger_adds_up(text)


@pytest.mark.parametrize(
    ("stop", "status", "how"),
    [(EOFError, 0, "Stopped"), (KeyboardInterrupt, INTERRUPTED, "Interrupted")],
)
def test_stopping_mid_hand_shows_the_ledger_and_says_goodbye(
    stop: type[BaseException], status: int, how: str
) -> None:
    def stopper(prompt: str, game: TerminalGame) -> str:
        raise stop

    result, text = Session(stopper).run()
    assert result == status
    assert "Chips: 8000 bought in = 8000 in stacks" in text
    assert text.rstrip().splitlines()[-1] == (
        f"{how} after 0 hands; hand 1 was called off, its bets returned. Goodbye!"
    )


def test_q_quits_between_decisions() -> None:
    status, text = Session(lambda prompt, game: "q").run()
    assert status == 0
    assert "Stopped after 0 hands" in text


def test_busted_bots_buy_in_again_and_a_busted_player_is_asked() -> None:
    offers: list[str] = []

    def short_stacked(prompt: str, game: TerminalGame) -> str:
        if prompt.startswith("You are out of chips"):
            offers.append(prompt)
            return "y" if len(offers) == 1 else "n"
        if prompt.startswith("Next hand"):
            return "y" if game.hand_number < 40 else "n"
        return cautious(prompt, game)

    session = Session(short_stacked, buy_in=5, seed=1)
    status, text = session.run()
    assert status == 0
    assert offers[0] == "You are out of chips. Buy in again for 5? [Y/n] "
    assert "You buy in again for 5." in text
    assert re.search(r"Bot \d is out of chips and buys in again for 5\.", text)
    assert ledger_adds_up(text)
    if len(offers) == 2:
        assert "Out of chips after" in text


def test_pace_waits_after_each_bot_action_only() -> None:
    session = Session(pace=0.25)
    session.run()
    assert session.sleeps
    assert set(session.sleeps) == {0.25}
    quick = Session()
    quick.run()
    assert quick.sleeps == []


def test_dealers_choice_rotates_the_games() -> None:
    games = (STUD, "holdem-hilo-declare")
    mixed = Stakes(small_blind=5, big_blind=10, bring_in=3, small_bet=10, big_bet=20)
    status, text = Session(games=games, stakes=mixed, hands=2).run()
    assert status == 0
    assert "Dealer's choice: Seven-card stud high-low, declare, Texas hold'em" in text
    assert "Hand 1: Seven-card stud high-low, declare" in text
    assert "Hand 2: Texas hold'em high-low, declare" in text
    assert "Board: " in text


def test_stakes_in_words() -> None:
    assert stakes_words(default_stakes(STUD)) == "fixed limit 10/20, ante 1, bring-in 3"
    assert stakes_words(default_stakes("holdem")) == "fixed limit 10/20, blinds 5/10"


def test_without_a_buy_in_everybody_buys_in_for_the_house_default() -> None:
    session = Session(hands=1)
    assert session.settings.buy_in is None
    assert session.settings.chips == default_buy_in(default_stakes(STUD)) == 2000
    session.game.run()
    assert "2000 chips each." in session.output.getvalue()
    bought = [player.bought_in for player in session.game.table.players if player is not None]
    assert bought == [2000] * 4


def test_a_chosen_buy_in_is_everybody_s() -> None:
    session = Session(hands=1, buy_in=300)
    assert session.settings.chips == 300


def test_anaconda_asks_for_the_cards_to_pass_discard_and_arrange() -> None:
    def chooser(prompt: str, game: TerminalGame) -> str:
        if prompt.startswith("Your move"):
            (option, *_) = game.table.legal_actions(0)
            view = game.table.view_for(game.table.person_in(0))
            assert view is not None
            assert view.me is not None
            held = [str(card) for card in view.me.up_cards + view.me.down_cards]
            keys = {ActionKind.PASS: "p", ActionKind.DISCARD: "d", ActionKind.ARRANGE: "o"}
            if option.kind in keys:
                return f"{keys[option.kind]} {' '.join(held[: option.minimum])}"
            return cautious(prompt, game)
        return cautious(prompt, game)

    game = "anaconda-hilo-declare"
    status, text = Session(
        chooser, games=(game,), stakes=Stakes(ante=1, small_bet=10, big_bet=20)
    ).run()
    assert status == 0
    assert "Choose in secret: [p] CARDS to pass (3 cards)" in text
    assert "You pass 3 to " in text
    assert "Choose in secret: [o] your 5 cards in the order they turn up" in text
    assert ledger_adds_up(text)


def test_a_player_nobody_calls_is_asked_to_show_or_muck() -> None:
    asked: list[str] = []

    def pushy(prompt: str, game: TerminalGame) -> str:
        """Raise (or call) every time; show the first hand won uncalled, muck the others."""
        if prompt.startswith("Show your cards"):
            asked.append(prompt)
            return "s" if len(asked) == 1 else ""
        if prompt.startswith("Your move"):
            kinds = {option.kind for option in game.table.legal_actions(0)}
            for kind, key in (
                (ActionKind.RAISE, "r"),
                (ActionKind.BET, "b"),
                (ActionKind.CALL, "c"),
            ):
                if kind in kinds:
                    return key
            return "c" if ActionKind.CHECK in kinds else "b"
        return cautious(prompt, game)

    session = Session(pushy, bots=1, bot_kinds=("random",), hands=12, seed=3)
    status, text = session.run()
    assert status == 0
    assert len(asked) >= 2, text
    assert "Everybody else folded: the pot is yours. [s]how  [m]uck (or Enter)" in text
    first, second = text.split("the pot is yours", 2)[1:3]
    assert "Showdown" in first.split("Ledger")[0]  # the shown cards, in the result
    assert "You muck" in second.split("Ledger")[0]
    assert "Showdown" not in second.split("Ledger")[0]
    histories = session.game.table.histories
    ends = [type(hand.events[-1]).__name__ for hand in histories if hand.uncalled == 0]
    assert ends[:2] == ["Shown", "Mucked"]
