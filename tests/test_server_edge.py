"""The edge: every rate limit and cap refuses with its code (and is logged once), bodies are
limited, refusals never echo large input, WebSockets check their Origin, pages carry a CSP."""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import GAME, SHORT, create, join, next_of
from tricktable.server.edge import Bucket, Rate

BOTS = [{"kind": "bot"}] * 4
TIGHT = {"create": (3, 60.0), "join": (3, 60.0), "hint": (2, 60.0), "message": (5, 60.0)}


def refusals(caplog: pytest.LogCaptureFixture, code: str) -> list[logging.LogRecord]:
    return [
        r
        for r in caplog.records
        if r.name == "tricktable.server.refusals" and getattr(r, "code", None) == code
    ]


def test_a_token_bucket_refills_evenly() -> None:
    now = [0.0]
    bucket = Bucket(Rate(2, 10.0), clock=lambda: now[0])
    assert bucket.take("a") == 0 and bucket.take("a") == 0
    assert bucket.take("a") == pytest.approx(5.0)
    assert bucket.take("b") == 0, "each key has its own bucket"
    now[0] = 5.0
    assert bucket.take("a") == 0


def test_creating_tables_too_fast_is_refused_with_429_and_logged_once(
    app_factory: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with TestClient(app_factory(rates=TIGHT)) as client:
        for _ in range(3):
            create(client)
        refused = client.post("/api/tables", json={"game": GAME, "options": SHORT})
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) >= 1
        assert len(refusals(caplog, "rate_limited")) == 1
        other = TestClient(client.app, client=("203.0.113.9", 1))
        other.portal = client.portal
        assert other.post("/api/tables", json={"game": GAME}).status_code == 201, "per client"
        assert client.get("/api/games").status_code == 200, "the server keeps serving"


def test_joining_too_fast_is_refused(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory(rates=TIGHT)) as client:
        table_id = create(client, seats=[{"kind": "human"}] * 4)
        codes = [
            client.post(f"/api/tables/{table_id}/join", json={"name": f"P{n}"}).status_code
            for n in range(4)
        ]
        assert codes == [200, 200, 200, 429]


def test_hints_too_fast_are_refused(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory(rates=TIGHT)) as client:
        table_id = create(client, seats=[{"kind": "human"}, *BOTS[1:]])
        token = join(client, table_id, "Ana")
        answers = [
            client.post(f"/api/tables/{table_id}/hint", json={"token": token}).json()
            for _ in range(3)
        ]
        assert answers[-1]["code"] == "rate_limited"
        assert all("code" not in a or a["code"] != "rate_limited" for a in answers[:2])


def test_websocket_messages_too_fast_are_refused_and_the_connection_stays(
    app_factory: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with TestClient(app_factory(rates=TIGHT)) as client:
        table_id = create(client)
        token = join(client, table_id, "Ana")
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            next_of(ws, "state")
            for _ in range(5):
                ws.send_json({"type": "resync"})
                assert next_of(ws, "state")["seq"] >= 0
            ws.send_json({"type": "resync"})
            error = next_of(ws, "error")
            assert error["code"] == "rate_limited"
        assert len(refusals(caplog, "rate_limited")) == 1


def test_live_tables_per_client_are_capped(app_factory: Callable[..., Any]) -> None:
    with TestClient(app_factory(live_tables_per_client=2)) as client:
        create(client)
        create(client)
        refused = client.post("/api/tables", json={"game": GAME, "options": SHORT})
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables"


def test_a_flood_of_bot_only_tables_is_capped(
    app_factory: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    app = app_factory(bot_tables_per_client=2, bot_tables=3, bot_delay=3600.0)
    with TestClient(app) as client:
        body = {"game": GAME, "options": SHORT, "seats": BOTS}
        assert [client.post("/api/tables", json=body).status_code for _ in range(3)] == [
            201,
            201,
            429,
        ]
        assert client.post("/api/tables", json=body).json()["code"] == "too_many_bot_tables"
        flooders = []
        for n in range(3):
            other = TestClient(client.app, client=(f"198.51.100.{n}", 1))
            other.portal = client.portal
            flooders.append(other.post("/api/tables", json=body).status_code)
        assert flooders == [201, 429, 429], "three tables of bots on the whole server"
        assert create(client), "a table with a person at it is still welcome"
        assert len(refusals(caplog, "too_many_bot_tables")) == 4


def test_a_body_over_the_limit_is_refused_before_it_is_read(
    app_factory: Callable[..., Any],
) -> None:
    with TestClient(app_factory(max_body=1000)) as client:
        response = client.post(
            "/api/rules",
            content=b'{"game": "' + b"x" * 5000 + b'"}',
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 413 and response.json()["code"] == "too_large"
        assert client.post("/api/rules", json={"game": GAME}).status_code == 200


def test_refusals_never_echo_large_input(app_factory: Callable[..., Any]) -> None:
    huge = "ring" * 2000
    with TestClient(app_factory()) as client:
        invalid = client.post("/api/tables", json={"game": huge})
        assert invalid.status_code == 422 and huge[:100] not in invalid.text
        assert len(invalid.text) < 2000
        unknown = client.post("/api/rules", json={"game": GAME, "options": {huge[:3000]: 1}})
        assert unknown.status_code == 400 and len(unknown.json()["detail"]) <= 200


def test_a_websocket_from_another_site_is_refused(
    app_factory: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with TestClient(app_factory()) as client:
        table_id = create(client)
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url, headers={"origin": "https://evil.example"}) as ws:
            assert ws.receive_json()["code"] == "bad_origin"
        assert len(refusals(caplog, "bad_origin")) == 1
        with client.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["type"] == "hello", "the site's own page may"
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["type"] == "hello", "a program sends no Origin"


def test_pages_carry_a_content_security_policy_that_allows_their_own_script(
    app_factory: Callable[..., Any],
) -> None:
    from tricktable.server.app import web_folder

    with TestClient(app_factory()) as client:
        for path in ("/", "/t/abc", "/static/table.css", "/api/games"):
            policy = client.get(path).headers["content-security-policy"]
            assert "default-src 'self'" in policy and "'unsafe-inline'" not in policy
        page = (web_folder() / "table.html").read_text()
        inline = re.search(r"<script type=\"importmap\">(.*?)</script>", page, re.S)
        assert inline is not None
        digest = base64.b64encode(hashlib.sha256(inline.group(1).encode()).digest()).decode()
        assert f"'sha256-{digest}'" in client.get("/t/abc").headers["content-security-policy"]
        assert client.get("/").headers["x-frame-options"] == "DENY"


def test_table_seeds_come_from_the_systems_secure_source(db_url: str) -> None:
    import secrets

    from tricktable.server import create_app

    with TestClient(create_app(db_url)) as client:
        assert isinstance(client.app.state.hub.rng, secrets.SystemRandom)


def test_rate_limits_hold_across_server_processes(
    pg_url: str, broker_url: str, channel: str
) -> None:
    from scale_support import settings_for
    from tricktable.server import create_app

    def server() -> TestClient:
        settings = settings_for(channel, rates=TIGHT)
        return TestClient(create_app(pg_url, broker_url=broker_url, settings=settings))

    with server() as first, server() as second:
        for n in range(3):  # the client's three tables a minute, spread over both processes
            create((first, second)[n % 2])
        for client in (first, second):
            refused = client.post("/api/tables", json={"game": GAME, "options": SHORT})
            assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        other = TestClient(second.app, client=("203.0.113.9", 1))
        other.portal = second.portal
        assert other.post("/api/tables", json={"game": GAME}).status_code == 201, "per client"
