"""``hilo play`` driven through a pseudo-terminal, as a person plays it.

Each test reads what is legal from the screen and answers it: check or call (or bring
it in), declare high. The terminal is 80 columns; most tests set ``NO_COLOR``.
"""

from __future__ import annotations

import os
import re
import subprocess

import pexpect  # type: ignore[import-untyped]
import pytest

from tests.cli.test_hand_command import hilo_command

STUD = "seven-card-stud-hilo-declare"
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
YOUR_MOVE = "Your move: "
DECLARE = "Declare: "
NEXT_HAND = re.escape("Next hand? [Y/n] ")
LEDGER_ROW = re.compile(r"^\s*(You|Bot \d)\s+(\d+)\s+(\d+)\s+([+-]\d+)\s*$", re.MULTILINE)
TOTALS = re.compile(r"Chips: (\d+) bought in = (\d+) in stacks(?: \+ (\d+) riding)?")


def spawn(*args: str, color: bool = False) -> pexpect.spawn:
    """``hilo play ARGS`` on an 80-column pseudo-terminal."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
    }
    env.update(COLUMNS="80", LINES="40", TERM="xterm-256color")
    if not color:
        env["NO_COLOR"] = "1"
    command = hilo_command()
    return pexpect.spawn(
        command[0],
        [*command[1:], "play", *args],
        env=env,
        encoding="utf-8",
        dimensions=(40, 80),
        timeout=20,
    )


def plain(text: str) -> str:
    """What the screen says, without colour and style codes or carriage returns."""
    return ANSI.sub("", text).replace("\r", "")


def play_hand(child: pexpect.spawn) -> tuple[str, str]:
    """Answer every decision of one hand; the screen up to the next question (or the end).

    Returns the plain text and the raw text (with any colour codes).
    """
    raw: list[str] = []
    while True:
        index = child.expect([YOUR_MOVE, DECLARE, NEXT_HAND, pexpect.EOF])
        raw.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if index == 0:
            screen = plain(raw[-1])
            line = [text for text in screen.splitlines() if text.startswith("Your turn:")][-1]
            if "[c]" in line:
                child.sendline("c")
            elif "[b]ring in" in line:
                child.sendline("b")
            else:
                pytest.fail(f"no check, call or bring-in in: {line}")
        elif index == 1:
            assert "Declare in secret: [h]igh  [l]ow  [b]oth" in plain(raw[-1])
            child.sendline("h")
        else:
            text = "".join(raw)
            return plain(text), text


def assert_ledger_adds_up(text: str, players: int) -> None:
    ledger = text[text.rindex("Ledger") :]
    rows = LEDGER_ROW.findall(ledger)
    assert len(rows) == players
    for _, bought, stack, net in rows:
        assert int(stack) - int(bought) == int(net)
    totals = TOTALS.search(ledger)
    assert totals is not None
    bought_in, stacks, riding = (int(group or 0) for group in totals.groups())
    assert bought_in == sum(int(row[1]) for row in rows)
    assert stacks == sum(int(row[2]) for row in rows)
    assert bought_in == stacks + riding


def test_a_full_hand_of_stud_declare_against_three_bots() -> None:
    child = spawn(
        "--game", STUD, "--rules", "strict", "--bots", "3", "--seed", "7", "--bot-kind", "calling"
    )  # fmt: skip
    text, _ = play_hand(child)
    assert "Seven-card stud high-low, declare" in text
    assert "Your turn: " in text
    assert "Bots are choosing..." in text
    reveal = re.search(r"^Declarations: (.*)$", text, re.MULTILINE)
    assert reveal is not None
    declared = dict(part.rsplit(" ", 1) for part in reveal.group(1).split(", "))
    assert declared["You"] == "high"
    assert sorted(declared) == ["Bot 1", "Bot 2", "Bot 3", "You"]
    assert set(declared.values()) <= {"high", "low", "both"}
    referee = text[text.index("The referee:") :]
    assert referee.splitlines()[1].strip() == "Rules: strict."
    assert "Main pot" in referee
    assert_ledger_adds_up(text, 4)
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    ending = plain(child.before)
    assert "Thanks for playing after 1 hand. Goodbye!" in ending
    assert "Traceback" not in text + ending


def test_colour_on_still_plays_a_hand() -> None:
    child = spawn("--bots", "3", "--seed", "11", "--bot-samples", "20", "--hands", "1", color=True)
    text, raw = play_hand(child)
    child.close()
    assert child.exitstatus == 0
    assert re.search(r"\x1b\[(31|32|94)m", raw)  # hearts, clubs or diamonds in colour
    assert "Rules: strict." in text or "everyone else folded." in text
    assert_ledger_adds_up(text, 4)
    assert "Thanks for playing after 1 hand. Goodbye!" in text


def test_an_unknown_key_and_an_amount_out_of_range_are_asked_again() -> None:
    child = spawn("--bots", "3", "--seed", "7", "--bot-kind", "calling")
    child.expect(YOUR_MOVE)
    child.sendline("zz")
    child.expect(r"'zz' is not one of your choices: type f, c or r, then Enter")
    child.expect(YOUR_MOVE)
    child.sendline("r 999")
    child.expect(r"You can complete only to 10, not 999\.")
    child.expect(YOUR_MOVE)
    child.sendline("c")
    child.expect(r"You call 3")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_raise_out_of_the_no_limit_range_is_asked_again() -> None:
    child = spawn(
        "--game", "holdem-hilo-declare", "--stakes", "no-limit", "--bots", "2", "--seed", "2",
        "--bot-kind", "calling", "--buy-in", "500",
    )  # fmt: skip
    child.expect(YOUR_MOVE)
    options = plain(child.before).splitlines()[-1]
    assert "[r]aise to 20-500" in options
    child.sendline("r 5")
    child.expect(r"Raise to at least 20 and at most 500, not 5\.")
    child.expect(YOUR_MOVE)
    child.sendline("r 600")
    child.expect(r"Raise to at least 20 and at most 500, not 600\.")
    child.expect(YOUR_MOVE)
    child.sendline("r 40")
    child.expect(r"You raise to 40")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_says_goodbye_with_the_ledger() -> None:
    child = spawn("--bots", "3", "--seed", "7", "--bot-kind", "calling")
    child.expect(YOUR_MOVE)
    child.sendintr()
    child.expect(pexpect.EOF, timeout=90)  # a loaded machine may take long to start the goodbye
    text = plain(child.before)
    child.close()
    assert child.exitstatus == 130
    print("TEXT", text)
    assert "Traceback" not in text
    assert_ledger_adds_up(text, 4)
    assert text.rstrip().splitlines()[-1] == (
        "Interrupted after 0 hands; hand 1 was called off, its bets returned. Goodbye!"
    )


def test_end_of_input_stops_cleanly() -> None:
    child = spawn("--bots", "1", "--seed", "3", "--bot-kind", "calling")
    child.expect(YOUR_MOVE)
    child.sendeof()
    child.expect(pexpect.EOF)
    text = plain(child.before)
    child.close()
    assert child.exitstatus == 0
    assert "Stopped after 0 hands" in text
    assert_ledger_adds_up(text, 2)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--bots", "12"], "--bots takes a whole number from 1 to 6, not '12'"),
        (["--bots", "none"], "--bots takes a whole number from 1 to 6, not 'none'"),
        (["--game", "canasta"], "unknown game 'canasta': the games are five-card-draw"),
        (["--rules", "cards-speak"], "is a declare game, but the house rules are cards speak"),
        (["--rules", "lax"], "unknown house rules preset 'lax'"),
        (
            [
                "--game",
                "holdem-hilo-declare",
                "--set",
                "declare=in-turn",
                "--set",
                "declare_order=high-showing",
            ],
            "the house's declare_order=high-showing needs up cards to compare, and "
            "holdem-hilo-declare (Texas hold'em high-low, declare) deals none",
        ),
        (
            ["--game", "seven-card-stud-hilo", "--rules", "cards-speak", "--set", "low=ace-to-six"],
            "the house's low=ace-to-six cannot apply",
        ),
        (["--set", "swing_ties=sometimes"], "swing_ties must be one of"),
        (["--stakes", "huge"], "--stakes takes a structure"),
        (["--buy-in", "0"], "--buy-in takes a whole number of at least 1, not '0'"),
        (["--bot-kind", "shark"], "unknown bot 'shark': the bots are random, calling, solid"),
        (["--name", "Bot 2"], "--name 'Bot 2' is a bot's name"),
        (["--pace", "-1"], "--pace takes seconds from 0 to 60"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(arguments: list[str], message: str) -> None:
    result = subprocess.run(
        [*hilo_command(), "play", *arguments],
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("hilo: error: ")
    assert message in lines[0]


_SUITS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})
_CHOICE = re.compile(r"\[([pduo])\] (?:CARDS to \w+(?: \w+)? \((\d+)|your (\d+) cards)")


def _my_cards(screen: str) -> list[str]:
    """The viewer's cards in the last table drawn: its own row, letters for suits."""
    row = [line for line in screen.splitlines() if line.lstrip("D▶ ").startswith("You ")][-1]
    return re.findall(r"[2-9TJQKA][cdhs]", row.translate(_SUITS))


def test_a_hand_of_pass_the_trash_passes_discards_and_rolls_by_short_keys() -> None:
    child = spawn(
        "--game", "pass-the-trash-hilo", "--bots", "2", "--seed", "5", "--bot-kind", "calling",
        "--hands", "1",
    )  # fmt: skip
    screens: list[str] = []
    chosen: list[str] = []
    refused = False
    while True:
        index = child.expect([YOUR_MOVE, NEXT_HAND, pexpect.EOF])
        screen = plain(child.before)
        screens.append(screen)
        if index != 0:
            break
        line = [text for text in screen.splitlines() if text.startswith(("Your turn:", "Choose"))]
        if not line[-1].startswith("Choose in secret:"):
            child.sendline("c")
            continue
        found = _CHOICE.search(line[-1])
        assert found is not None, line[-1]
        key, count = found.group(1), int(found.group(2) or found.group(3))
        cards = _my_cards(screen)
        if key == "p" and not refused:  # one card short: refused in words, asked again
            refused = True
            child.sendline(f"p {' '.join(cards[: count - 1])}")
            child.expect(YOUR_MOVE)
            assert "Pass exactly 3 cards, not 2." in plain(child.before)
            screens.append(plain(child.before))
        chosen.append(key)
        child.sendline(f"{key} {' '.join(cards[:count])}")
    text = "".join(screens)
    child.close()
    assert chosen[:2] == ["p", "d"]
    assert "u" in chosen
    assert "Choose in secret: [p] CARDS to pass (3 cards)" in text
    assert "Choose in secret: [d] CARDS to throw away (2 cards)" in text
    assert "Bot 2 passes 3 to you: " in text
    assert "Traceback" not in text
