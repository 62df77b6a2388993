"""Friends: asking by name, accepting, declining, removing, who is online; the caps, the rate
limit and refusals that change nothing and never echo large input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("argon2", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import create, join, second_browser
from tricktable.server import friends
from tricktable.server.accounts import CSRF_HEADER

PASSWORD = "correct horse"


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory()) as test_client:
        yield test_client


def signed_up(browser: Any, name: str) -> Any:
    """``browser`` signed up as ``name``, sending its CSRF token with every request."""
    response = browser.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    browser.headers[CSRF_HEADER] = response.json()["csrf"]
    return browser


def listing(browser: Any) -> dict[str, Any]:
    response = browser.get("/api/friends")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def names(entries: list[dict[str, Any]]) -> list[str]:
    return [e["name"] for e in entries]


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text


@pytest.fixture
def ana_ben(client: Any) -> tuple[Any, Any]:
    return signed_up(client, "Ana"), signed_up(second_browser(client), "Ben")


def test_a_request_waits_for_an_answer_and_accepting_makes_both_friends(ana_ben: Any) -> None:
    ana, ben = ana_ben
    assert ana.post("/api/friends", json={"name": "ben"}).json()["status"] == "asked"
    assert names(listing(ana)["you_asked"]) == ["Ben"] and listing(ana)["friends"] == []
    assert names(listing(ben)["asked_you"]) == ["Ana"]
    assert ben.post("/api/friends/Ana/accept").json()["status"] == "friends"
    assert names(listing(ana)["friends"]) == ["Ben"]
    assert names(listing(ben)["friends"]) == ["Ana"]
    assert listing(ben)["asked_you"] == []


def test_asking_back_accepts_and_declining_forgets_the_request(client: Any, ana_ben: Any) -> None:
    ana, ben = ana_ben
    cleo = signed_up(second_browser(client), "Cleo")
    ana.post("/api/friends", json={"name": "Ben"})
    assert ben.post("/api/friends", json={"name": "Ana"}).json()["status"] == "friends"
    cleo.post("/api/friends", json={"name": "Ana"})
    assert ana.post("/api/friends/Cleo/decline").json()["status"] == "declined"
    assert listing(ana)["asked_you"] == [] and listing(cleo)["you_asked"] == []
    assert names(listing(ana)["friends"]) == ["Ben"]


def test_removing_ends_the_friendship_for_both(ana_ben: Any) -> None:
    ana, ben = ana_ben
    ana.post("/api/friends", json={"name": "Ben"})
    ben.post("/api/friends/Ana/accept")
    assert ben.delete("/api/friends/ana").json()["status"] == "removed"
    assert listing(ana)["friends"] == [] and listing(ben)["friends"] == []
    refused(ben.delete("/api/friends/Ana"), 404, "not_friends")


def test_a_friend_is_online_while_a_page_of_theirs_asks(ana_ben: Any) -> None:
    ana, ben = ana_ben
    ana.post("/api/friends", json={"name": "Ben"})
    ben.post("/api/friends/Ana/accept")  # Ben has not asked for his lists yet
    assert listing(ana)["friends"] == [{"name": "Ben", "online": False}]
    listing(ben)
    assert listing(ana)["friends"] == [{"name": "Ben", "online": True}]


def test_a_friend_connected_at_a_table_is_online(ana_ben: Any) -> None:
    ana, ben = ana_ben
    ana.post("/api/friends", json={"name": "Ben"})
    ben.post("/api/friends/Ana/accept")
    table = create(ben, [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}])
    token = join(ben, table, "Ben", 0)
    with ben.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        ws.receive_json()  # connected: the table has taken the connection up
        assert listing(ana)["friends"] == [{"name": "Ben", "online": True}]


def test_refusals_change_nothing(client: Any, ana_ben: Any) -> None:
    ana, _ben = ana_ben
    refused(ana.post("/api/friends", json={"name": "Nobody"}), 404, "no_player")
    refused(ana.post("/api/friends", json={"name": "ANA"}), 400, "yourself")
    ana.post("/api/friends", json={"name": "Ben"})
    refused(ana.post("/api/friends", json={"name": "Ben"}), 409, "already_asked")
    refused(ana.post("/api/friends/Ben/accept"), 404, "no_request")  # one's own request
    refused(ana.post("/api/friends", json={"name": "Ben", "extra": 1}), 422, "bad_request")
    assert listing(ana) == {"friends": [], "asked_you": [], "you_asked": [{"name": "Ben"}],
                            "most": friends.MAX_FRIENDS}  # fmt: skip
    guest = second_browser(client)
    refused(guest.post("/api/friends", json={"name": "Ben"}), 401, "not_signed_in")
    refused(guest.get("/api/friends"), 401, "not_signed_in")


def test_a_change_needs_the_csrf_token(client: Any, ana_ben: Any) -> None:
    ana, _ = ana_ben
    del ana.headers[CSRF_HEADER]
    refused(ana.post("/api/friends", json={"name": "Ben"}), 403, "csrf_missing")


def test_large_input_is_never_echoed(ana_ben: Any) -> None:
    ana, _ = ana_ben
    huge = "x" * 5000
    response = ana.post(f"/api/friends/{huge}/accept")
    refused(response, 404, "no_player")
    assert huge[:41] not in response.text and len(response.text) < 400
    response = ana.post("/api/friends", json={"name": huge})
    assert response.status_code == 422 and huge[:41] not in response.text


def test_requests_waiting_on_one_account_are_capped(
    client: Any, ana_ben: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana, ben = ana_ben
    monkeypatch.setattr(friends, "MAX_WAITING", 1)
    cleo = signed_up(second_browser(client), "Cleo")
    ana.post("/api/friends", json={"name": "Cleo"})
    refused(ben.post("/api/friends", json={"name": "Cleo"}), 429, "their_requests_full")
    refused(ana.post("/api/friends", json={"name": "Ben"}), 429, "too_many_requests")
    assert names(listing(cleo)["asked_you"]) == ["Ana"] and listing(ben)["you_asked"] == []


def test_friends_are_capped(client: Any, ana_ben: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    ana, _ben = ana_ben
    monkeypatch.setattr(friends, "MAX_FRIENDS", 1)
    signed_up(second_browser(client), "Cleo")
    ana.post("/api/friends", json={"name": "Ben"})
    refused(ana.post("/api/friends", json={"name": "Cleo"}), 429, "too_many_friends")
    assert listing(ana)["you_asked"] == [{"name": "Ben"}]


def test_one_client_asking_too_fast_is_rate_limited(app_factory: Callable[..., Any]) -> None:
    app = app_factory(rates={"friend": (2, 60.0), "join": (30, 60.0)})
    with TestClient(app) as client:
        ana = signed_up(client, "Ana")
        for name in ("Ben", "Cleo"):
            signed_up(second_browser(client), name)
        ana.post("/api/friends", json={"name": "Ben"})
        ana.post("/api/friends", json={"name": "Cleo"})
        refused(ana.delete("/api/friends/Ben"), 429, "rate_limited")
        assert names(listing(ana)["you_asked"]) == ["Ben", "Cleo"]
