"""The tree of errors hilo raises; adapters turn them into messages for people."""

from __future__ import annotations

__all__ = ["ConfigError", "HandError", "HiloError", "IllegalActionError", "NotationError"]


class HiloError(Exception):
    """Root of every error hilo raises on purpose."""


class NotationError(HiloError, ValueError):
    """Text that should name cards, hands or values could not be read."""


class IllegalActionError(HiloError, ValueError):
    """A player tried an action the rules do not allow right now."""


class ConfigError(HiloError, ValueError):
    """House rules, a variant or another setting is unknown or contradictory."""


class HandError(HiloError, ValueError):
    """Cards that cannot make a hand of the game: too few, or no board where one is needed."""
