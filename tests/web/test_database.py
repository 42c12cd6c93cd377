"""Opening the store's database: URLs shown without passwords, drivers named, bad URLs refused."""

from __future__ import annotations

import pytest

import hilo.web.database
import hilo.web.store
from hilo.errors import ConfigError
from hilo.web.database import driver_url, open_engine, shown_url


def test_postgresql_urls_name_psycopg_3_unless_a_driver_is_given() -> None:
    assert driver_url("postgresql://ann@db/hilo") == "postgresql+psycopg://ann@db/hilo"
    assert driver_url("postgres://ann@db/hilo") == "postgresql+psycopg://ann@db/hilo"
    assert driver_url("postgresql+asyncpg://ann@db/hilo") == "postgresql+asyncpg://ann@db/hilo"
    assert driver_url("sqlite:///postgresql://") == "sqlite:///postgresql://"


def test_a_password_is_never_shown() -> None:
    assert shown_url("postgresql://ann:pa:ss@db/hilo") == "postgresql://ann:***@db/hilo"
    assert shown_url("postgresql://ann:p@ss@db/hilo") == "postgresql://ann:***@db/hilo"
    assert shown_url("postgresql://ann@db/hilo?host=a@b") == "postgresql://ann@db/hilo?host=a@b"


def test_a_url_that_is_not_one_is_refused_before_anything_is_opened() -> None:
    with pytest.raises(ConfigError, match=r"'hilo\.db' is not a database URL"):
        open_engine("hilo.db")


def test_the_store_still_offers_the_names_it_always_has() -> None:
    for name in ("driver_url", "shown_url", "open_engine"):
        assert getattr(hilo.web.store, name) is getattr(hilo.web.database, name)
    assert set(hilo.web.store.__all__) >= {"driver_url", "open_engine", "shown_url", "metadata"}
