"""Clubs: create, list, invite by link, join, roles, removal, the club's lobby and leaderboard;
every refusal a JSON code that changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import second_browser
from tricktable.server.accounts import CSRF_HEADER

PASSWORD = "correct horse battery"


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Iterator[Any]:
    with TestClient(app_factory(list_seconds=0.0)) as test_client:
        yield test_client


def _browser(client: Any, name: str) -> tuple[Any, dict[str, str]]:
    """A browser signed up as ``name``, and the header its changes carry."""
    other = second_browser(client)
    response = other.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return other, {CSRF_HEADER: response.json()["csrf"]}


def _refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.json()


def _code(invite_url: str) -> str:
    return parse_qs(urlparse(invite_url).query)["invite"][0]


def _club(client: Any, headers: dict[str, str], name: str, public: bool) -> dict[str, Any]:
    response = client.post("/api/clubs", json={"name": name, "public": public}, headers=headers)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_an_admin_creates_a_club_and_members_join_by_the_invite_link(client: Any) -> None:
    ana, ana_h = _browser(client, "Ana")
    ben, ben_h = _browser(client, "Ben")
    club = _club(ana, ana_h, "Thursday Rams", public=False)
    club_id = club["club_id"]
    # a private club is hidden from a non-member, and joining needs the link's code
    _refused(ben.get(f"/api/clubs/{club_id}"), 404, "not_found")
    assert ben.get("/api/clubs").json()["clubs"] == []
    _refused(ben.post(f"/api/clubs/{club_id}/join", json={}, headers=ben_h), 403, "bad_invite")
    code = _code(club["invite_url"])
    joined = ben.post(f"/api/clubs/{club_id}/join", json={"code": code}, headers=ben_h)
    assert joined.json()["role"] == "member"
    again = ben.post(f"/api/clubs/{club_id}/join", json={"code": code}, headers=ben_h)
    _refused(again, 409, "already_member")
    page = ben.get(f"/api/clubs/{club_id}").json()
    assert page["members"] == [{"name": "Ana", "role": "admin"}, {"name": "Ben", "role": "member"}]
    assert page["your_role"] == "member" and "invite_url" not in page
    assert [c["name"] for c in ben.get("/api/clubs").json()["clubs"]] == ["Thursday Rams"]


def test_a_new_invite_link_retires_the_old_one(client: Any) -> None:
    ana, ana_h = _browser(client, "Ana")
    cat, cat_h = _browser(client, "Cat")
    club = _club(ana, ana_h, "Pepper", public=False)
    club_id, old = club["club_id"], _code(club["invite_url"])
    fresh = ana.post(f"/api/clubs/{club_id}/invite", headers=ana_h).json()["invite_url"]
    stale = cat.post(f"/api/clubs/{club_id}/join", json={"code": old}, headers=cat_h)
    _refused(stale, 403, "bad_invite")
    ok = cat.post(f"/api/clubs/{club_id}/join", json={"code": _code(fresh)}, headers=cat_h)
    assert ok.status_code == 200
    _refused(cat.post(f"/api/clubs/{club_id}/invite", headers=cat_h), 403, "not_admin")


def test_admin_actions_by_a_member_are_refused_and_change_nothing(client: Any) -> None:
    ana, ana_h = _browser(client, "Ana")
    ben, ben_h = _browser(client, "Ben")
    cat, cat_h = _browser(client, "Cat")
    club_id = _club(ana, ana_h, "Open Club", public=True)["club_id"]
    for browser, headers in ((ben, ben_h), (cat, cat_h)):
        joined = browser.post(f"/api/clubs/{club_id}/join", json={}, headers=headers)
        assert joined.status_code == 200
    before = ana.get(f"/api/clubs/{club_id}").json()["members"]
    _refused(ben.delete(f"/api/clubs/{club_id}/members/Cat", headers=ben_h), 403, "not_admin")
    made = ben.post(f"/api/clubs/{club_id}/admins", json={"name": "Ben"}, headers=ben_h)
    _refused(made, 403, "not_admin")
    _refused(ana.delete(f"/api/clubs/{club_id}/members/Ana", headers=ana_h), 409, "last_admin")
    _refused(ana.delete(f"/api/clubs/{club_id}/members/Nobody", headers=ana_h), 404, "not_found")
    assert ana.get(f"/api/clubs/{club_id}").json()["members"] == before
    # an admin removes a member; a member may leave; a second admin lets the first leave
    removed = ana.delete(f"/api/clubs/{club_id}/members/Cat", headers=ana_h).json()["members"]
    assert [m["name"] for m in removed] == ["Ana", "Ben"]
    _refused(ana.delete(f"/api/clubs/{club_id}/members/Cat", headers=ana_h), 404, "not_member")
    ana.post(f"/api/clubs/{club_id}/admins", json={"name": "Ben"}, headers=ana_h)
    left = ana.delete(f"/api/clubs/{club_id}/members/Ana", headers=ana_h).json()["members"]
    assert left == [{"name": "Ben", "role": "admin"}]


def test_bad_club_requests_are_refused(client: Any) -> None:
    ana, ana_h = _browser(client, "Ana")
    _refused(client.post("/api/clubs", json={"name": "No Account"}), 401, "not_signed_in")
    _club(ana, ana_h, "Same Name", public=True)
    twice = ana.post("/api/clubs", json={"name": "same name"}, headers=ana_h)
    _refused(twice, 409, "club_name_taken")
    _refused(ana.post("/api/clubs", json={"name": "   "}, headers=ana_h), 400, "bad_name")
    assert ana.post("/api/clubs", json={"name": "x" * 61}, headers=ana_h).status_code == 422
    assert [c["name"] for c in ana.get("/api/clubs").json()["clubs"]] == ["Same Name"]


def test_the_clubs_lobby_has_its_tables_and_its_leaderboard_its_members(client: Any) -> None:
    ana, ana_h = _browser(client, "Ana")
    ben, ben_h = _browser(client, "Ben")
    club_id = _club(ana, ana_h, "Lobby Club", public=False)["club_id"]
    spec = {"game": "hasenpfeffer", "options": {"target_score": 2}}
    refused = ben.post(f"/api/clubs/{club_id}/tables", json=spec, headers=ben_h)
    _refused(refused, 404, "not_found")  # not a member of a private club: it is not there
    made = ana.post(f"/api/clubs/{club_id}/tables", json=spec, headers=ana_h)
    assert made.status_code == 201, made.text
    table_id = made.json()["table_id"]
    tables = ana.get(f"/api/clubs/{club_id}").json()["tables"]
    assert tables == [{"table_id": table_id, "game": "hasenpfeffer", "status": "playing"}]
    assert made.json()["table"]["private"] is True  # a private club's table is unlisted
    board = ana.get(f"/api/clubs/{club_id}/leaderboard", params={"game": "hasenpfeffer"})
    assert board.json()["players"] == []  # nobody has a rated game yet
    _rate(client, {"Ana": 30.0, "Ben": 40.0})  # Ben is better, but not a member
    board = ana.get(f"/api/clubs/{club_id}/leaderboard", params={"game": "hasenpfeffer"})
    assert [p["name"] for p in board.json()["players"]] == ["Ana"]
    _refused(ana.get(f"/api/clubs/{club_id}/leaderboard", params={"game": "chess"}), 400,
             "bad_game")  # fmt: skip


def _rate(client: Any, skills: dict[str, float]) -> None:
    """Give players a stored rating in Single Hasenpfeffer, as settled games would."""
    import sqlalchemy as sa

    from tricktable.server.people import accounts, ratings

    database = client.app.state.hub.database

    def work(conn: sa.Connection) -> None:
        for name, mu in skills.items():
            account_id = conn.execute(
                sa.select(accounts.c.id).where(accounts.c.name == name)
            ).scalar()
            row = {"account_id": account_id, "game": "hasenpfeffer", "mu": mu, "sigma": 2.0}
            conn.execute(ratings.insert(), {**row, "games": 3})

    client.portal.call(database.run, work)
