"""A request's validation problems in the reader's language (tricktable.server.problems)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient
from pydantic import BaseModel, Field, ValidationError

from tricktable.i18n import translator
from tricktable.server.problems import SENTENCES, field_of, said


class Event(BaseModel):
    rounds: int = Field(ge=1, le=9)
    name: str = Field(max_length=4)
    kind: str = Field(pattern="^[a-z]+$")


def problems(body: dict[str, Any]) -> list[Any]:
    with pytest.raises(ValidationError) as caught:
        Event.model_validate(body)
    return caught.value.errors(include_input=False)


def test_each_problem_is_a_sentence_naming_the_field() -> None:
    english = translator("en")
    found = [said(p, english) for p in problems({"rounds": 0, "name": "Spring"})]
    assert found == [
        "rounds should be at least 1",
        "name has at most 4 characters",
        "kind is missing",
    ]


def test_the_sentence_is_in_the_readers_language() -> None:
    found = [said(p, translator("de")) for p in problems({"rounds": "x", "name": 3, "kind": "a"})]
    assert found == ["rounds muss eine ganze Zahl sein", "name muss ein Text sein"]
    french = said(problems({"rounds": 12, "name": "a", "kind": "a"})[0], translator("fr"))
    assert french == "rounds doit valoir au plus 9"


def test_a_kind_without_a_sentence_says_the_field_is_not_valid() -> None:
    (pattern,) = problems({"rounds": 1, "name": "a", "kind": "A!"})
    assert pattern["type"] not in SENTENCES
    assert said(pattern, translator("ms")) == "kind tidak sah"


def test_a_fields_name_is_the_apis_path_to_it() -> None:
    assert field_of(("body", "seats", 2, "kind")) == "seats[2].kind"
    assert field_of(("query", "lang")) == "lang"
    assert field_of(("body",)) == "request"


def test_a_refused_request_reads_its_problems_in_the_pages_language(
    app_factory: Callable[..., Any],
) -> None:
    bots = [{"kind": "bot", "level": "godlike"}] * 4
    with TestClient(app_factory()) as client:
        refused = client.post("/api/tables?lang=fr", json={"game": "hasenpfeffer", "seats": bots})
        not_json = client.post(
            "/api/tables?lang=de", content=b"{no", headers={"content-type": "application/json"}
        )
    assert refused.status_code == 422 and refused.json()["code"] == "bad_request"
    problem = refused.json()["detail"][0]
    assert (
        problem["msg"].startswith("seats[0].level doit être l'un de ")
        and "godlike" not in problem["msg"]
    )
    assert not_json.json()["detail"][0]["msg"] == "der Inhalt ist kein JSON"
