"""deploy/compose.yaml, the documented way to run hilo serve as several processes: it parses,
every hilo service's command is one ``hilo serve`` accepts, and the services, the proxy and the
database agree on names, ports and credentials. (Docker is not run here.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
import yaml
from sqlalchemy.engine import make_url

from hilo.cli.main import app
from hilo.web.lease import postgresql_address

DEPLOY = Path(__file__).parents[2] / "deploy"
COMPOSE: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
HILO = sorted(name for name in SERVICES if name.startswith("hilo"))


def serve_options(command: list[str]) -> dict[str, Any]:
    """The options ``hilo serve`` reads from ``command``, parsed and checked as the command line
    does (a misspelt option, a bad value or a stray argument is a `click.UsageError`)."""
    assert command[:2] == ["hilo", "serve"]
    serve = typer.main.get_command(app).commands["serve"]  # type: ignore[attr-defined]
    with serve.make_context("serve", list(command[2:])) as context:
        return dict(context.params)


def test_the_file_names_postgresql_two_hilo_services_and_a_proxy() -> None:
    assert set(SERVICES) == {"db", "hilo-1", "hilo-2", "proxy"}
    assert HILO == ["hilo-1", "hilo-2"]
    assert SERVICES["db"]["image"].startswith("postgres:")
    assert set(SERVICES["proxy"]["depends_on"]) == set(HILO)
    assert (DEPLOY / SERVICES["hilo-1"]["build"]["dockerfile"].removeprefix("deploy/")).is_file()


@pytest.mark.parametrize("service", HILO)
def test_each_hilo_service_runs_a_command_hilo_serve_accepts(service: str) -> None:
    options = serve_options(SERVICES[service]["command"])
    assert options["workers"] >= 1  # the scaled form: leases, the relay
    assert options["host"] == "0.0.0.0"  # reachable from the proxy
    assert options["relay_host"] == service  # the name the others reach it at
    database = SERVICES["db"]["environment"]
    url = make_url(postgresql_address(options["database_url"]))  # PostgreSQL, not SQLite
    assert (url.host, url.username, url.password, url.database) == (
        "db",
        database["POSTGRES_USER"],
        database["POSTGRES_PASSWORD"],
        database["POSTGRES_DB"],
    )
    assert SERVICES[service]["depends_on"]["db"]["condition"] == "service_healthy"


def test_a_command_hilo_serve_would_refuse_is_caught() -> None:
    usage_error = typer.BadParameter.__mro__[1]  # what the command line says in a line
    with pytest.raises(usage_error, match="--wokers"):
        serve_options(["hilo", "serve", "--wokers", "2"])
    with pytest.raises(typer.BadParameter):
        serve_options(["hilo", "serve", "--workers", "65"])


def test_the_proxy_sends_to_every_hilo_service_on_its_port_and_passes_websockets() -> None:
    config = (DEPLOY / "nginx.conf").read_text()
    upstream = re.findall(r"^\s*server (\S+):(\d+);", config, flags=re.MULTILINE)
    assert [name for name, _ in upstream] == HILO
    for name, port in upstream:
        assert serve_options(SERVICES[name]["command"])["port"] == int(port)
    assert "proxy_set_header Upgrade $http_upgrade;" in config
    mounted = SERVICES["proxy"]["volumes"][0].split(":")
    assert (DEPLOY / mounted[0]).resolve() == (DEPLOY / "nginx.conf").resolve()
    assert SERVICES["proxy"]["ports"] == ["8000:80"]
