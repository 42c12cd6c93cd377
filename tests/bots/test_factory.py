"""Making bots by kind, with settings."""

from __future__ import annotations

import random

import pytest

from hilo.bots import (
    BOT_KINDS,
    CallingBot,
    MonteCarloEstimator,
    RandomBot,
    SimulatedAdvisor,
    SolidBot,
    make_bot,
)
from hilo.errors import ConfigError
from hilo.rules import HouseRules


def test_every_kind_is_made() -> None:
    made = [make_bot(kind, random.Random(1)) for kind in BOT_KINDS]
    assert [type(bot) for bot in made] == [RandomBot, CallingBot, SolidBot]
    assert [getattr(bot, "kind", None) for bot in made] == list(BOT_KINDS)


def test_kinds_are_read_in_any_case() -> None:
    assert isinstance(make_bot(" Solid ", random.Random(1)), SolidBot)


def test_settings_reach_the_bot_and_other_kinds_ignore_them() -> None:
    rules = HouseRules.preset("liberal")
    solid = make_bot("solid", random.Random(1), rules=rules, samples=77)
    assert isinstance(solid, SolidBot)
    assert solid.rules == rules
    assert isinstance(solid.estimator, MonteCarloEstimator)
    assert solid.estimator.samples == 77
    calling = make_bot("calling", random.Random(1), rules=rules, samples=77)
    assert isinstance(calling, CallingBot)
    assert calling.rules == rules


def test_an_unknown_kind_names_the_kinds() -> None:
    with pytest.raises(
        ConfigError, match=r"unknown bot 'shark': the bots are random, calling, solid"
    ):
        make_bot("shark", random.Random(1))


def test_an_unknown_setting_is_refused() -> None:
    with pytest.raises(ConfigError, match="unknown bot setting 'speed'"):
        make_bot("solid", random.Random(1), speed=3)


@pytest.mark.parametrize("samples", [0, -5, True, 2.5])
def test_samples_must_be_a_positive_whole_number(samples: object) -> None:
    with pytest.raises(ConfigError, match="samples must be a whole number"):
        make_bot("solid", random.Random(1), samples=samples)


def test_the_advice_samples_setting_reaches_the_solid_bot() -> None:
    bot = make_bot("solid", random.Random(1), advice_samples=500)
    assert isinstance(bot, SolidBot)
    assert isinstance(bot.advisor, SimulatedAdvisor)
    assert bot.advisor.samples == 500
    assert bot.advisor.rng is bot.rng  # the advice is seeded from the bot's own choices
    off = make_bot("solid", random.Random(1), advice_samples=None)
    assert isinstance(off, SolidBot)
    assert off.advisor is None


@pytest.mark.parametrize("samples", [1, 0, True, 2.5])
def test_advice_samples_must_be_a_whole_number_of_two_or_more(samples: object) -> None:
    with pytest.raises(ConfigError, match="advice_samples must be a whole number"):
        make_bot("solid", random.Random(1), advice_samples=samples)
