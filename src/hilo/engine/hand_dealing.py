"""A street dealt to a hand: each live seat's cards face down and up, any card in the middle,
and under follow the queen the wild ranks as the face-up cards change them.

`Hand` calls these as it moves from phase to phase; they change the hand's own state as
its methods would.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from hilo.cards import Card
from hilo.engine.events import Board, Face, WildChanged, make_dealt, make_street
from hilo.engine.wild_deal import queen_ranks, short_street

if TYPE_CHECKING:
    from hilo.engine.state import Hand

__all__ = ["deal_street", "follow_queen"]

_DOWN, _UP = Face.DOWN, Face.UP


def deal_street(hand: Hand, index: int) -> None:
    """Deal street ``index`` to the seats still in (and to the middle), logging each deal."""
    facts = hand.facts
    streets = facts.streets
    street = streets[index]
    log = hand.events.append
    log(make_street(street.name, index))
    live = hand.live()
    dealer = hand.dealer
    down_count, up_count = street.down, street.up
    per_seat = down_count + up_count
    community = 0  # stud's one card in the middle when the deck cannot go round
    if facts.is_stud and per_seat * len(live) > len(dealer.deck):
        per_seat, short = short_street(per_seat=per_seat, live=len(live), left=len(dealer.deck))
        community = 1 if short else 0
    dealt = dealer.take(per_seat * len(live)) if per_seat else ()
    following = hand.wild_ranks is not None
    cards, face_up = hand.cards, hand.face_up
    # On the last street a seat that turned its hole card up gets all its cards face up.
    turned: Collection[int] = hand.turned_up if index == len(streets) - 1 else ()
    down_most = down_count if down_count < per_seat else per_seat
    start = 0
    for seat in live:
        end = start + per_seat
        down = per_seat if seat in turned else down_most
        held = cards[seat]
        if down:
            hidden = dealt[start : start + down]
            for card in hidden:
                held.append((card, False))
            log(make_dealt(seat, _DOWN, hidden, 0))
        if per_seat > down:
            shown = dealt[start + down : end]
            for card in shown:
                held.append((card, True))
            log(make_dealt(seat, _UP, shown, 0))
            if following:
                follow_queen(hand, shown, more_to_come=True)
            else:
                face_up.extend(shown)
        start = end
    if street.board or community:
        board = dealer.take(street.board or community)
        hand.board.extend(board)
        log(Board(board))
        follow_queen(hand, board, more_to_come=True)
    if following:
        later = streets[index + 1 :]
        follow_queen(hand, (), more_to_come=any(next.up or next.board for next in later))


def follow_queen(hand: Hand, cards: Sequence[Card], *, more_to_come: bool) -> None:
    """Face-up ``cards`` were dealt: under follow the queen, log any change of wild ranks."""
    hand.face_up.extend(cards)
    if hand.wild_ranks is None:
        return
    now = queen_ranks(hand.face_up, hand.rules.queen_last, more_to_come=more_to_come)
    if now != hand.wild_ranks:
        hand.wild_ranks = now
        hand.events.append(WildChanged(tuple(sorted(now))))
