"""Invitations to a seat: a seated player invites a friend by name, the friend sees it and takes
the seat; only friends, only an empty seat, only by someone seated; caps; refusals change
nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')
pytest.importorskip("argon2", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import create, join, second_browser
from test_server_friends import refused, signed_up
from tricktable.server import invitations

TWO_PEOPLE = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory()) as test_client:
        yield test_client


@pytest.fixture
def friends(client: Any) -> tuple[Any, Any]:
    """Ana and Ben, friends, each in a browser of their own."""
    ana, ben = signed_up(client, "Ana"), signed_up(second_browser(client), "Ben")
    ana.post("/api/friends", json={"name": "Ben"})
    ben.post("/api/friends/Ana/accept")
    return ana, ben


def seated_table(ana: Any) -> tuple[str, str]:
    table = create(ana, TWO_PEOPLE)
    return table, join(ana, table, "Ana", 0)


def waiting_for(browser: Any) -> list[dict[str, Any]]:
    response = browser.get("/api/invitations")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["invitations"]
    return found


def invite(browser: Any, table: str, token: str, name: str = "Ben", seat: int = 2) -> Any:
    body = {"token": token, "seat": seat, "name": name}
    return browser.post(f"/api/tables/{table}/invitations", json=body)


def test_an_invited_friend_sees_the_invitation_and_takes_the_seat(friends: Any) -> None:
    ana, ben = friends
    table, token = seated_table(ana)
    assert invite(ana, table, token).status_code == 201
    [invitation] = waiting_for(ben)
    assert (invitation["from"], invitation["seat"], invitation["table_id"]) == ("Ana", 2, table)
    taken = ben.post(f"/api/invitations/{invitation['id']}/accept")
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 2 and taken.json()["token"]
    seats = ana.get(f"/api/tables/{table}").json()["seats"]
    assert seats[2]["name"] == "Ben" and not ana.get(f"/api/tables/{table}").json()["waiting"]
    assert waiting_for(ben) == []
    assert ben.post(f"/api/tables/{table}/resume").json()["seat"] == 2  # tied to his account


def test_only_a_friend_can_be_invited_and_only_to_an_empty_persons_seat(
    client: Any, friends: Any
) -> None:
    ana, ben = friends
    cleo = signed_up(second_browser(client), "Cleo")
    table, token = seated_table(ana)
    refused(invite(ana, table, token, "Cleo"), 404, "not_friends")
    refused(invite(ana, table, token, seat=1), 409, "seat_taken")  # a bot's
    refused(invite(ana, table, token, seat=0), 409, "seat_taken")  # Ana's own
    refused(invite(ana, table, "not-a-seat"), 403, "bad_token")
    refused(invite(ben, table, token), 404, "not_friends")  # Ben is not his own friend
    assert waiting_for(cleo) == [] and waiting_for(ben) == []


def test_only_someone_seated_and_signed_in_invites(client: Any, friends: Any) -> None:
    ana, ben = friends
    table, token = seated_table(ana)
    guest = second_browser(client)
    refused(invite(guest, table, token), 401, "not_signed_in")
    refused(invite(ben, table, "stolen?"), 403, "bad_token")
    assert waiting_for(ben) == []


def test_anothers_invitation_cannot_be_taken_or_declined(client: Any, friends: Any) -> None:
    ana, ben = friends
    cleo = signed_up(second_browser(client), "Cleo")
    table, token = seated_table(ana)
    invite(ana, table, token)
    [invitation] = waiting_for(ben)
    refused(cleo.post(f"/api/invitations/{invitation['id']}/accept"), 404, "no_invitation")
    refused(cleo.delete(f"/api/invitations/{invitation['id']}"), 404, "no_invitation")
    assert [i["id"] for i in waiting_for(ben)] == [invitation["id"]]
    assert ana.get(f"/api/tables/{table}").json()["seats"][2]["name"] is None


def test_declining_forgets_it_and_a_taken_seat_ends_it(client: Any, friends: Any) -> None:
    ana, ben = friends
    table, token = seated_table(ana)
    invite(ana, table, token)
    [invitation] = waiting_for(ben)
    assert ben.delete(f"/api/invitations/{invitation['id']}").status_code == 200
    assert waiting_for(ben) == []
    invite(ana, table, token)
    join(second_browser(client), table, "Dario", 2)
    assert waiting_for(ben) == []


def test_invitations_out_are_capped(
    client: Any, friends: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana, ben = friends
    monkeypatch.setattr(invitations, "MAX_SENT", 1)
    first, token = seated_table(ana)
    second, other_token = seated_table(ana)
    assert invite(ana, first, token).status_code == 201
    refused(invite(ana, second, other_token), 429, "too_many_invitations")
    assert [i["table_id"] for i in waiting_for(ben)] == [first]


def test_invitations_waiting_on_one_account_are_capped(
    client: Any, friends: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana, ben = friends
    monkeypatch.setattr(invitations, "MAX_RECEIVED", 1)
    first, token = seated_table(ana)
    second, other_token = seated_table(ana)
    invite(ana, first, token)
    refused(invite(ana, second, other_token), 429, "their_invitations_full")
    assert len(waiting_for(ben)) == 1


def test_large_input_is_never_echoed(friends: Any) -> None:
    ana, ben = friends
    table, token = seated_table(ana)
    huge = "y" * 5000
    response = ben.post(f"/api/invitations/{huge}/accept")
    refused(response, 404, "no_invitation")
    assert huge[:41] not in response.text
    response = invite(ana, table, token, name=huge)
    assert response.status_code == 422 and huge[:41] not in response.text
