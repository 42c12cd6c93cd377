"""``hilo settle``: the referee at the command line, for people and for programs."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from hilo.cards import Card, parse_cards
from hilo.engine.settlement import GAMES, read_request, result_to_document
from hilo.errors import HiloError

QUICK_HELP = """Settle a showdown and explain the ruling.

Quick form: players in seat order starting left of the button, each NAME:DECLARE:CARDS, or NAME:CARDS for cards speak. For example: hilo settle --rules strict --pot 120 A:high:"Kc Qd Jh Ts 9c" B:low:"8d 5c 3h 2s Ad"

Any game: --game NAME (stud, draw, holdem, omaha, or any game hilo games lists). Face-down and face-up cards: DOWN/UP, such as A:high:"As 2d 9c/Kd Kh 7s 7d". Extra wild cards: --wild 3,9 or --wild Jh,Js or --wild joker=bug (the joker is written Jk).

Baseball's face-up three whose match a player declined stays a plain three: --plain 3h (or 3h,3c), each a player's face-up card.

Side pots: --pot 90:A,B,C --pot 30:B,C. Change a rule: --set no_winner=split.

JSON form: hilo settle --json [FILE] reads the document from FILE or standard input and prints one JSON object with awards, carried chips, pots and the explanation.
"""  # noqa: E501


def _setting(text: str) -> tuple[str, Any]:
    key, separator, raw = text.partition("=")
    if not separator or not key.strip():
        raise HiloError(f"--set takes KEY=VALUE, such as no_winner=split; got '{text}'")
    value: Any = raw.strip()
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        value = True
    elif lowered in ("false", "no", "off"):
        value = False
    elif lowered in ("none", "null"):
        value = None
    elif value.isdigit():
        value = int(value)
    return key.strip().replace("-", "_"), value


def _player(spec: str) -> dict[str, Any]:
    parts = spec.split(":")
    if len(parts) == 2:
        name, cards = parts
        return {"name": name, **_hand(cards)}
    if len(parts) == 3:
        name, declare, cards = parts
        return {"name": name, "declare": declare or None, **_hand(cards)}
    raise HiloError(
        f"'{spec}' is not a player: write NAME:DECLARE:CARDS (or NAME:CARDS for cards speak)"
    )


def _hand(cards: str) -> dict[str, str]:
    """``CARDS``, or ``DOWN/UP``: the face-down cards, a slash, the face-up ones."""
    if "/" not in cards:
        return {"cards": cards}
    down, _, up = cards.partition("/")
    if "/" in up:
        raise HiloError(f"'{cards}' has two slashes: write DOWN/UP, such as 'As 2d/Kd Kh'")
    return {"down": down, "up": up}


def _wild(text: str) -> list[str]:
    """``--wild 3,9``: the items, one each, as the document's ``wild`` lists them."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise HiloError("--wild takes wild cards such as 3,9 or Jh,Js or joker=wild")
    return items


def _plain(text: str, entries: list[dict[str, Any]]) -> None:
    """``--plain 3h,3c``: each card goes in the ``plain`` of the player who holds it face up."""
    try:
        cards = parse_cards(text.replace(",", " "))
    except HiloError as error:
        raise HiloError(f"--plain: {error}") from None
    if not cards:
        raise HiloError("--plain takes face-up cards left plain, such as 3h or 3h,3c")
    for card in cards:
        holder = next((entry for entry in entries if card in _up_cards(entry)), None)
        if holder is None:
            raise HiloError(
                f"--plain: {card} is no player's face-up card; write that player's cards as "
                'DOWN/UP, such as A:"As 2d 9c/3h Kd 7s 7d"'
            )
        holder["plain"] = " ".join([*holder.get("plain", "").split(), str(card)])


def _up_cards(entry: dict[str, Any]) -> tuple[Card, ...]:
    """A quick-form player's face-up cards (none if they are not written, or not cards)."""
    try:
        return parse_cards(entry.get("up", ""))
    except HiloError:
        return ()  # the reader names the bad card, with its field


def _pots(specs: list[str]) -> dict[str, Any]:
    if not specs:
        raise HiloError("--pot is missing: give the pot, such as --pot 120")
    if len(specs) == 1 and ":" not in specs[0]:
        return {"pot": _number(specs[0])}
    pots = []
    for spec in specs:
        amount, _, members = spec.partition(":")
        entry: dict[str, Any] = {"amount": _number(amount)}
        if members:
            entry["players"] = [member.strip() for member in members.split(",") if member.strip()]
        pots.append(entry)
    return {"pots": pots}


def _number(text: str) -> int:
    if not text.strip().isdigit():
        raise HiloError(f"--pot: '{text}' is not a whole number of chips")
    return int(text)


def _show(document: dict[str, Any], declared: dict[str, str]) -> None:
    console = Console(highlight=False, soft_wrap=True)
    for line in document["explanation"]:
        console.print(line, markup=False)
    table = Table(title="Awards", title_justify="left")
    table.add_column("Player")
    table.add_column("Declared")
    table.add_column("Wins", justify="right")
    for name, how in declared.items():
        table.add_row(name, how, str(document["awards"].get(name, 0)))
    if document["carried"]:
        table.add_row("(rides)", "", str(document["carried"]))
    console.print(table)


def settle_command(
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help="Players as NAME:DECLARE:CARDS in seat order from the button; with --json, "
            "the JSON file to read (standard input when none).",
            show_default=False,
        ),
    ] = None,
    pot: Annotated[
        list[str] | None,
        typer.Option("--pot", help="The pot, or one pot each: AMOUNT or AMOUNT:NAME,NAME."),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            help="House rules preset: strict, liberal, outright or cards-speak "
            "(default: strict when anybody declares, else cards-speak)."
        ),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option("--set", help="Change one house rule, such as --set no_winner=split."),
    ] = None,
    board: Annotated[str, typer.Option(help="Board cards, for holdem and omaha.")] = "",
    game: Annotated[
        str, typer.Option(help=f"One of {', '.join(GAMES)}, or any game's name (razz, ...).")
    ] = "stud",
    wild: Annotated[
        str | None,
        typer.Option(help="Extra wild cards, such as 3,9 or Jh,Js or joker=wild."),
    ] = None,
    plain: Annotated[
        str | None,
        typer.Option(
            help="Baseball's face-up threes whose match was declined, plain (not wild): 3h,3c."
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Read a JSON document and print a JSON answer.")
    ] = False,
) -> None:
    """Settle a showdown and explain the ruling (see: hilo settle --help)."""
    if as_json:
        if pot or rules or setting or board or game != "stud" or wild is not None or plain:
            raise HiloError("--json takes everything from the document; drop the other options")
        answer = result_to_document(read_request(_read_json(players or [])).settle())
        sys.stdout.write(json.dumps(answer, indent=2) + "\n")
        return
    if not players:
        raise HiloError('name the players, such as A:high:"Kc Qd Jh Ts 9c" (see --help)')
    entries = [_player(spec) for spec in players]
    if plain is not None:
        _plain(plain, entries)
    document: dict[str, Any] = {"players": entries, "game": game, **_pots(pot or [])}
    if board:
        document["board"] = board
    if wild is not None:
        document["wild"] = _wild(wild)
    if rules or setting:
        overrides = dict(_setting(text) for text in setting or [])
        document["rules"] = {"preset": rules or "strict", **overrides}
    request = read_request(document)
    declared = {
        hand.display_name: hand.declaration.words if hand.declaration else "cards speak"
        for hand in request.hands
    }
    _show(result_to_document(request.settle()), declared)


def _read_json(arguments: list[str]) -> Any:
    if len(arguments) > 1:
        raise HiloError("--json reads one file (or standard input); got several")
    source = arguments[0] if arguments else "-"
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise HiloError(f"cannot read {source}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = "standard input" if source == "-" else source
        raise HiloError(
            f"{where} is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
