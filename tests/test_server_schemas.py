"""The HTTP API's schemas (server/schemas.py): as tight as its validation, so that a request the
OpenAPI schema allows is one the API takes, and every refusal it answers with is documented.

schemathesis generates requests from the app's own OpenAPI schema for every operation (a small
budget each) and checks each response: no server error, a documented status code and body, no
schema-valid request refused (400/422). Tables, clubs and events named by random ids are not
found (404), which is documented and says nothing against the data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("schemathesis", reason='needs the dev extra: pip install "tricktable[dev]"')

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings

import tricktable as tt
from tricktable.server.schemas import REFUSALS

EXAMPLES = 6
"""Generated requests per operation: enough to meet each schema's variants, quick in CI."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    from tricktable.server import create_app
    from tricktable.server.config import Settings

    db = tmp_path_factory.mktemp("schemas") / "api.db"
    app = create_app(f"sqlite:///{db}", settings=Settings(bot_delay=0.0, bot_processes=0))
    with TestClient(app) as client:  # the app's lifespan runs while schemathesis calls it
        yield app, client


def _operations(app: Any) -> list[Any]:
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    return [result.ok() for result in schema.get_all_operations()]


def _failures_of(operation: Any) -> list[str]:
    found: list[str] = []

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(operation.as_strategy())
    def call(case: Any) -> None:
        try:
            case.call_and_validate()
        except BaseException as problem:  # a group of schemathesis failures, or one
            for one in getattr(problem, "exceptions", [problem]):
                found.append(f"{operation.label}: {type(one).__name__}: {one}"[:400])

    call()
    return found


def test_schemathesis_finds_no_mismatch_and_no_server_error(served: tuple[Any, Any]) -> None:
    app, _ = served
    operations = _operations(app)
    assert len(operations) >= 40  # every route of the API is in the schema
    failures = [failure for operation in operations for failure in _failures_of(operation)]
    assert not failures, "\n".join(failures[:10])


def test_every_route_documents_the_refusals(served: tuple[Any, Any]) -> None:
    _, client = served
    paths = client.get("/openapi.json").json()["paths"]
    for path, methods in paths.items():
        for method, operation in methods.items():
            documented = set(operation["responses"])
            assert {str(code) for code in REFUSALS} <= documented, f"{method} {path}"


def test_each_preset_the_schema_names_is_taken_by_the_rules_check(
    served: tuple[Any, Any],
) -> None:
    _, client = served
    schema = client.get("/openapi.json").json()["components"]["schemas"]["RulesQuery"]
    variants = schema["anyOf"]
    assert len(variants) == sum(len(game.presets) for game in tt.REGISTRY.values())
    for variant in variants:
        body = {key: value["const"] for key, value in variant["properties"].items()}
        answer = client.post("/api/rules", json=body)
        assert answer.status_code == 200, (body, answer.text)


def test_the_table_schema_seats_as_many_as_each_preset_seats(served: tuple[Any, Any]) -> None:
    _, client = served
    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateTable"]
    six = [v for v in schema["anyOf"] if v["properties"]["options"]["const"] == {"players": 6}]
    assert six and all(v["properties"]["seats"]["anyOf"][1]["maxItems"] == 6 for v in six)


def test_an_unknown_game_is_still_refused_in_the_apis_words(
    app_factory: Callable[..., Any],
) -> None:
    with TestClient(app_factory()) as client:
        answer = client.get("/api/leaderboard", params={"game": "chess"})
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_game"
