"""The chat message a client sends: text of a set length without controls, or an emote.

Read as one of the WebSocket protocol's client messages (`hilo.web.protocol`); the table's
chat room (`hilo.web.chat`) decides who may say it and how often.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, model_validator
from pydantic_core import PydanticCustomError

from hilo.web.edges import SENTENCE

__all__ = ["EMOTES", "MAX_CHAT_LENGTH", "ChatMessage"]

MAX_CHAT_LENGTH = 200
"""The most characters a chat message may have, once spaces at its ends are trimmed."""

EMOTES = ("nice-hand", "good-game", "thanks", "wow", "ouch", "laugh")
"""The emotes a chat may send (the browser shows each as a picture and a word)."""

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters a chat line may not hold: controls and those that reorder the text around them."""


def _chat_text(value: Any) -> Any:
    """Chat text trimmed, and refused in a sentence if empty, too long or holding controls."""
    if not isinstance(value, str):
        raise PydanticCustomError(SENTENCE, "A chat message's text must be a string.")
    text = value.strip()
    if not text:
        raise PydanticCustomError(SENTENCE, "A chat message needs some text.")
    if len(text) > MAX_CHAT_LENGTH:
        raise PydanticCustomError(
            SENTENCE,
            f"A chat message has at most {MAX_CHAT_LENGTH} characters, not {len(text)}.",
        )
    if _CONTROL.search(text):
        raise PydanticCustomError(
            SENTENCE, "A chat message may not hold control or direction characters."
        )
    return text


def _emote(value: Any) -> Any:
    """An emote's name, or a sentence naming every emote."""
    if isinstance(value, str) and value in EMOTES:
        return value
    raise PydanticCustomError(SENTENCE, f"The emotes are {', '.join(EMOTES)}.")


class ChatMessage(BaseModel):
    """``{"type": "chat", "text": "..."}`` or ``{"type": "chat", "emote": "wow"}``: say
    something to the table (text of 1 to `MAX_CHAT_LENGTH` characters once trimmed, or one
    of `EMOTES`).

    >>> ChatMessage.model_validate({"type": "chat", "text": "  <b>nice</b> "}).text
    '<b>nice</b>'
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    type: Literal["chat"]
    text: Annotated[str, BeforeValidator(_chat_text)] | None = None
    emote: Annotated[str, BeforeValidator(_emote)] | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> ChatMessage:
        if (self.text is None) == (self.emote is None):
            raise PydanticCustomError(SENTENCE, "A chat message has either text or an emote.")
        return self
