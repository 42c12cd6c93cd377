"""The host's commands about a table itself: start, pause, resume and end it, seat and
remove bots, adjust a stack, add chips on, mute a player, let spectators chat."""

from __future__ import annotations

from collections.abc import Callable

from hilo.engine.journal import JournaledTable
from hilo.engine.table import Table
from hilo.errors import IllegalActionError
from hilo.web.protocol import HostCommand, HostRequest

__all__ = ["table_command"]


def table_command(
    table: Table, journaled: JournaledTable, request: HostRequest, *, can_deal: Callable[[], bool]
) -> bool | None:
    """Carry out a host command about the table itself (the server answers those about seat
    requests and links: approve, deny, new-link); for start and resume, whether to deal at
    once, else None. A command the table cannot take is refused in a sentence."""
    match request.command:
        case HostCommand.START | HostCommand.RESUME:
            if table.status == "ended":
                raise IllegalActionError("This session has ended.")
            hand = table.hand
            between_hands = hand is None or hand.is_complete
            start = request.command is HostCommand.START
            if start and between_hands and not can_deal():
                raise IllegalActionError(
                    "Two players with chips, one of them a person, are needed to deal."
                )
            if table.status != "playing":
                journaled.set_status("playing")
            return start and between_hands
        case HostCommand.PAUSE:
            if table.status != "playing":
                raise IllegalActionError("Only a table that is dealing can be paused.")
            journaled.set_status("paused")
        case HostCommand.END:
            if table.status != "ended":
                journaled.set_status("ended")
        case HostCommand.ADD_BOT:
            _add_bot(table, journaled, _seat_for(request), request.bot, request.buy_in)
        case HostCommand.REMOVE:
            journaled.remove(_seat_for(request))
        case HostCommand.ADJUST:
            if request.chips is None or request.reason is None:
                raise IllegalActionError("Say by how many chips (up or down), and why.")
            journaled.adjust(_seat_for(request), request.chips, request.reason)
        case HostCommand.ADD_ON:
            if request.chips is None or request.chips < 1:
                raise IllegalActionError("Say how many chips the add-on is (at least one).")
            journaled.add_on(_seat_for(request), request.chips)
        case HostCommand.MUTE | HostCommand.UNMUTE:
            journaled.mute(_seat_for(request), muted=request.command is HostCommand.MUTE)
        case HostCommand.SPECTATOR_CHAT:
            if request.allowed is None:
                raise IllegalActionError("Say whether spectators may chat: allowed true or false.")
            journaled.allow_spectator_chat(request.allowed)
        case HostCommand.APPROVE | HostCommand.DENY | HostCommand.NEW_LINK:
            raise IllegalActionError(f"{request.command} is about seats, not the table.")
    return None


def _add_bot(
    table: Table, journaled: JournaledTable, seat: int, kind: str | None, buy_in: int | None
) -> None:
    from hilo.bots import BOT_KINDS  # noqa: PLC0415

    kind = kind or "solid"
    if kind not in BOT_KINDS:
        raise IllegalActionError(f"The bots are {', '.join(BOT_KINDS)}, not {kind!r}.")
    chips = buy_in or table.config.default_buy_in
    names = {player.name for player in table.players if player is not None}
    number = 1
    while f"{kind.title()} bot {number}" in names:
        number += 1
    journaled.sit(seat, f"{kind.title()} bot {number}", chips, bot=kind)


def _seat_for(request: HostRequest) -> int:
    """The seat a host command names, or a sentence asking for one."""
    if request.seat is None:
        raise IllegalActionError(f"Say which seat for {request.command}.")
    return request.seat
