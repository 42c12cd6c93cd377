"""Players that only ever see a view: a random bot, a calling station and a solid bot,
and bot matches at a table."""

from __future__ import annotations

from hilo.bots.advice import ADVICE_SAMPLES, DeclareAdvisor, SimulatedAdvisor
from hilo.bots.base import Bot, bot_name
from hilo.bots.estimate import Estimate, Estimator, MonteCarloEstimator
from hilo.bots.factory import BOT_KINDS, BOT_SETTINGS, make_bot
from hilo.bots.simple import CallingBot, RandomBot
from hilo.bots.solid import SolidBot

__all__ = [
    "ADVICE_SAMPLES",
    "BOT_KINDS",
    "BOT_SETTINGS",
    "Bot",
    "CallingBot",
    "DeclareAdvisor",
    "Estimate",
    "Estimator",
    "MonteCarloEstimator",
    "RandomBot",
    "SimulatedAdvisor",
    "SolidBot",
    "bot_name",
    "make_bot",
]
