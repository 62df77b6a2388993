"""Every Python example in the README and in docs/ runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
OPTIONAL_EXTRAS = {"torch", "sb3_contrib", "ray", "matplotlib"}
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def examples() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for number, match in enumerate(BLOCK.finditer(page.read_text(encoding="utf-8"))):
            found.append((f"{page.name}#{number}", match.group(1)))
    return found


@pytest.mark.parametrize(("where", "code"), examples(), ids=[w for w, _ in examples()])
def test_documented_example_runs(where: str, code: str) -> None:
    namespace: dict[str, object] = {"__name__": "docs_example"}
    try:
        exec(compile(code, where, "exec"), namespace)
    except ModuleNotFoundError as exc:
        if exc.name not in OPTIONAL_EXTRAS:
            raise
        pytest.skip(f"{where} needs {exc.name}, from an optional extra that is not installed")
    assert namespace, where


def test_every_page_has_an_example_or_is_a_tool_page() -> None:
    assert examples(), "the docs lost all their examples"


def _blocks(page: str, language: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, re.DOTALL)


def test_the_deploy_page_compose_file_runs_servers_workers_and_their_services() -> None:
    yaml = pytest.importorskip("yaml")
    (compose,) = [yaml.safe_load(block) for block in _blocks("deploy.md", "yaml")]
    services = compose["services"]
    servers = [s for name, s in services.items() if name.startswith("server")]
    workers = [s for name, s in services.items() if name.startswith("worker")]
    assert {"postgres", "redis", "proxy"} <= set(services)
    database = services["server1"]["environment"]["TRICKTABLE_DB"]
    assert len(servers) >= 2 and len(workers) >= 1
    for process in servers + workers:
        assert process["command"][0] == "tricktable"
        assert process["environment"]["TRICKTABLE_DB"].startswith("postgresql+psycopg://")
        assert process["environment"]["TRICKTABLE_BROKER"] in (database, "redis://redis:6379/0")
    assert all(s["command"][1] == "serve" for s in servers)
    assert all(w["command"][1] == "worker" for w in workers)
    for name in {*process["depends_on"]} - {"proxy"}:
        assert name in services


def test_the_deploy_page_systemd_units_start_the_commands_that_exist() -> None:
    import configparser

    units = _blocks("deploy.md", "ini")
    assert len(units) == 2
    for unit, command in zip(units, ("serve", "worker"), strict=True):
        parser = configparser.ConfigParser(strict=False, interpolation=None)
        parser.optionxform = str  # type: ignore[assignment,method-assign]
        parser.read_string(unit)
        assert {"Unit", "Service", "Install"} <= set(parser.sections())
        start = parser["Service"]["ExecStart"].split()
        assert start[0].endswith("/tricktable") and start[1] == command
        assert parser["Service"]["KillSignal"] == "SIGTERM"
    (proxy,) = _blocks("deploy.md", "nginx")
    assert "proxy_set_header Upgrade $http_upgrade;" in proxy and "location /ws/" in proxy
