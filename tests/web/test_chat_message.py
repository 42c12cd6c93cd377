"""The chat message as a client writes it, read on its own and as a protocol message."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from hilo.web import protocol
from hilo.web.chat_message import EMOTES, MAX_CHAT_LENGTH, ChatMessage


def test_the_protocol_reads_chat_as_the_chat_message_module_defines_it() -> None:
    message = protocol.read_client_message('{"type": "chat", "emote": "wow"}')
    assert isinstance(message, ChatMessage)
    assert (protocol.ChatMessage, protocol.EMOTES, protocol.MAX_CHAT_LENGTH) == (
        ChatMessage,
        EMOTES,
        MAX_CHAT_LENGTH,
    )


def test_a_chat_message_alone_refuses_text_and_emote_together_in_a_sentence() -> None:
    with pytest.raises(ValidationError, match="either text or an emote"):
        ChatMessage.model_validate({"type": "chat", "text": "hi", "emote": "wow"})
    assert ChatMessage.model_validate({"type": "chat", "text": " hi "}).text == "hi"
