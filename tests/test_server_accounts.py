"""Accounts: sign-up, sign-in, the session cookie, CSRF, rate limits, seats tied to accounts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("argon2", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import create, join, second_browser
from tricktable.server.accounts import COOKIE, CSRF_HEADER

PASSWORD = "correct horse"
TWO_HUMANS = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def app(app_factory: Callable[..., Any]) -> Any:
    return app_factory(list_seconds=0.0)


@pytest.fixture
def client(app: Any) -> Any:
    with TestClient(app) as test_client:
        yield test_client


def sign_up(client: Any, name: str = "Ana", password: str = PASSWORD) -> str:
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    csrf: str = response.json()["csrf"]
    return csrf


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["code"] == code, body
    return body


def test_sign_up_sets_an_httponly_lax_cookie_and_never_echoes_the_password(client: Any) -> None:
    response = client.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
    assert response.status_code == 201
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower() and "Secure" not in cookie
    assert PASSWORD not in response.text and "argon2" not in response.text
    session = client.get("/api/session").json()
    assert session == {"name": "Ana", "csrf": response.json()["csrf"], "language": "en"}
    assert client.cookies.get(COOKIE) not in response.text


def test_the_cookie_is_secure_behind_https(client: Any) -> None:
    response = client.post(
        "/api/accounts",
        json={"name": "Ana", "password": PASSWORD},
        headers={"X-Forwarded-Proto": "https"},
    )
    assert "Secure" in response.headers["set-cookie"]


def test_bad_sign_ups_are_refused_and_create_nothing(client: Any) -> None:
    sign_up(client)
    client.cookies.clear()
    taken = client.post("/api/accounts", json={"name": "ANA", "password": "another one"})
    refused(taken, 409, "name_taken")
    assert "set-cookie" not in taken.headers
    # the account keeps its own password; the refused one opens nothing
    assert (
        client.post("/api/session", json={"name": "ana", "password": "another one"}).status_code
        == 401
    )
    refused(
        client.post("/api/accounts", json={"name": "Bo", "password": ""}), 400, "password_too_short"
    )
    short = client.post("/api/accounts", json={"name": "Bo", "password": "seven77"})
    body = refused(short, 400, "password_too_short")
    assert "seven77" not in short.text and "8" in body["detail"]
    wrong_type = client.post("/api/accounts", json={"name": "Bo", "password": 12345678})
    assert "12345678" not in refused(wrong_type, 400, "bad_request")["detail"]
    refused(client.post("/api/accounts", json={"name": " ", "password": PASSWORD}), 400, "bad_name")
    assert (
        client.post("/api/session", json={"name": "Bo", "password": "seven77"}).status_code == 401
    )
    assert client.get("/api/session").json()["name"] is None
    assert client.post("/api/session", json={"name": "Ana", "password": PASSWORD}).is_success


def test_sign_in_out_and_a_wrong_password(client: Any) -> None:
    sign_up(client)
    client.cookies.clear()
    wrong = client.post("/api/session", json={"name": "Ana", "password": "not the one"})
    refused(wrong, 401, "wrong_password")
    assert "not the one" not in wrong.text and "set-cookie" not in wrong.headers
    unknown = client.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    assert refused(unknown, 401, "wrong_password")["detail"] == wrong.json()["detail"]
    ok = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert ok.status_code == 200 and ok.json()["name"] == "Ana"
    csrf = ok.json()["csrf"]
    refused(client.delete("/api/session"), 403, "csrf_missing")
    assert client.get("/api/session").json()["name"] == "Ana"
    out = client.delete("/api/session", headers={CSRF_HEADER: csrf})
    assert out.status_code == 200 and client.get("/api/session").json()["name"] is None


def test_cookie_requests_need_the_csrf_token_and_change_nothing_without_it(client: Any) -> None:
    csrf = sign_up(client)
    guest = second_browser(client)
    table_id = create(guest, seats=TWO_HUMANS)
    missing = client.post(f"/api/tables/{table_id}/join", json={"name": "Ana"})
    refused(missing, 403, "csrf_missing")
    forged = client.post(
        f"/api/tables/{table_id}/join", json={"name": "Ana"}, headers={CSRF_HEADER: "0" * 32}
    )
    refused(forged, 403, "csrf_mismatch")
    assert all(s["name"] is None for s in guest.get(f"/api/tables/{table_id}").json()["seats"])
    ok = client.post(
        f"/api/tables/{table_id}/join", json={"name": "x"}, headers={CSRF_HEADER: csrf}
    )
    assert ok.status_code == 200
    assert guest.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Ana"


def test_a_guest_cannot_sit_down_under_an_account_name(client: Any) -> None:
    sign_up(client)
    guest = second_browser(client)
    table_id = create(guest, seats=TWO_HUMANS)
    refused(guest.post(f"/api/tables/{table_id}/join", json={"name": "aNa"}), 409, "name_reserved")
    assert join(guest, table_id, "Bo") and join(guest, table_id, "Cy")


def test_failed_sign_ins_are_rate_limited(client: Any) -> None:
    sign_up(client)
    client.cookies.clear()
    for _ in range(5):
        refused(
            client.post("/api/session", json={"name": "Ana", "password": "wrong pass"}),
            401,
            "wrong_password",
        )
    limited = client.post("/api/session", json={"name": "Ana", "password": PASSWORD})
    refused(limited, 429, "rate_limited")
    assert int(limited.headers["Retry-After"]) >= 1
    assert client.get("/api/session").json()["name"] is None


def test_a_signed_in_players_seats_follow_the_account_to_another_browser(client: Any) -> None:
    csrf = sign_up(client)
    response = client.post(
        "/api/tables",
        json={"game": "hasenpfeffer", "options": {"target_score": 2}, "seats": TWO_HUMANS},
        headers={CSRF_HEADER: csrf},
    )
    table_id = response.json()["table_id"]
    first = client.post(
        f"/api/tables/{table_id}/join", json={"name": "Ana"}, headers={CSRF_HEADER: csrf}
    )
    assert first.json()["seat"] == 0
    other = second_browser(client)
    refused(other.post(f"/api/tables/{table_id}/resume", json={}), 401, "not_signed_in")
    signed = other.post("/api/session", json={"name": "Ana", "password": PASSWORD}).json()
    mine = other.post("/api/my-tables", json={"tokens": []}, headers={CSRF_HEADER: signed["csrf"]})
    assert [(t["table_id"], t["your_seat"]) for t in mine.json()["tables"]] == [(table_id, 0)]
    resumed = other.post(
        f"/api/tables/{table_id}/resume", json={}, headers={CSRF_HEADER: signed["csrf"]}
    )
    assert resumed.status_code == 200 and resumed.json()["seat"] == 0
    with other.websocket_connect(f"/ws/tables/{table_id}?token={resumed.json()['token']}") as ws:
        assert ws.receive_json()["seat"] == 0
    stranger = second_browser(client)
    bo = stranger.post("/api/accounts", json={"name": "Bo", "password": PASSWORD}).json()
    refused(
        stranger.post(f"/api/tables/{table_id}/resume", json={}, headers={CSRF_HEADER: bo["csrf"]}),
        403,
        "no_seat",
    )


def test_an_account_keeps_the_language_of_the_page_it_was_made_on(client: Any) -> None:
    made = client.post("/api/accounts?lang=de", json={"name": "Ana", "password": PASSWORD})
    assert made.json()["language"] == "de"
    assert client.get("/api/session").json()["language"] == "de"
    other = second_browser(client)
    signed = other.post("/api/session", json={"name": "ana", "password": PASSWORD}).json()
    assert signed["language"] == "de"  # another browser is told, and the page follows it


def test_the_language_switch_is_stored_with_the_account_and_read_in(client: Any) -> None:
    csrf = sign_up(client)
    chosen = client.put(
        "/api/session/language", json={"language": "fr"}, headers={CSRF_HEADER: csrf}
    )
    assert chosen.status_code == 200 and chosen.json() == {"language": "fr"}
    assert client.get("/api/session").json()["language"] == "fr"
    # a request that names no language is answered in the account's, over Accept-Language
    body = refused(
        client.put(
            "/api/session/language",
            json={"language": "tlh"},
            headers={CSRF_HEADER: csrf, "Accept-Language": "de"},
        ),
        400,
        "unknown_language",
    )
    assert body["detail"] == "aucun texte pour la langue 'tlh' ; choisissez parmi en, de, fr, ms"
    assert client.get("/api/session").json()["language"] == "fr"  # the refusal changed nothing


def test_choosing_a_language_needs_an_account_its_csrf_token_and_a_string(client: Any) -> None:
    refused(client.put("/api/session/language", json={"language": "de"}), 401, "not_signed_in")
    csrf = sign_up(client)
    refused(client.put("/api/session/language", json={"language": "de"}), 403, "csrf_missing")
    for bad in ({"language": 3}, {"lang": "de"}, ["de"]):
        refused(
            client.put("/api/session/language", json=bad, headers={CSRF_HEADER: csrf}),
            400,
            "bad_request",
        )
    assert client.get("/api/session").json()["language"] == "en"
    guest = second_browser(client)
    assert guest.get("/api/session").json() == {"name": None, "csrf": None, "language": None}
