"""Duplicate events: an admin creates one, players register, the server seats them (bots fill
the empty places), every table of a round deals the same boards, rounds are scored by
matchpoints and paired by Swiss; every refusal a JSON code that changes nothing."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
import sqlalchemy as sa

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import second_browser
from tricktable.server.accounts import CSRF_HEADER

PASSWORD = "correct horse battery"
EVENT = {"name": "Friday duplicate", "game": "euchre", "options": {"target_score": 5},
         "rounds": 2, "boards": 2}  # fmt: skip


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Iterator[Any]:
    # absent players are played for at once, so the event runs through on its own
    app = app_factory(list_seconds=0.0, grace_seconds=0.0, event_seconds=0.05)
    with TestClient(app) as test_client:
        yield test_client


def _browser(client: Any, name: str) -> tuple[Any, dict[str, str]]:
    other = second_browser(client)
    response = other.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return other, {CSRF_HEADER: response.json()["csrf"]}


def _refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.json()


def _club_event(client: Any, **changes: Any) -> tuple[Any, dict[str, str], str, str]:
    """Ana's public club and an event of it: (Ana, her headers, club id, event id)."""
    ana, ana_h = _browser(client, "Ana")
    made = ana.post("/api/clubs", json={"name": "Euchre Nights"}, headers=ana_h)
    club_id = made.json()["club_id"]
    response = ana.post(f"/api/clubs/{club_id}/events", json={**EVENT, **changes}, headers=ana_h)
    assert response.status_code == 201, response.text
    assert response.json()["status"] == "registering"
    return ana, ana_h, club_id, response.json()["event_id"]


def _until(client: Any, event_id: str, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(600):
        event: dict[str, Any] = client.get(f"/api/events/{event_id}").json()
        if done(event):
            return event
        time.sleep(0.05)
    raise AssertionError(f"the event never got there: {event}")


def _players(client: Any, event_id: str, names: list[str]) -> list[tuple[Any, dict[str, str]]]:
    out = []
    for name in names:
        browser, headers = _browser(client, name)
        response = browser.post(f"/api/events/{event_id}/register", headers=headers)
        assert response.status_code == 200, response.text
        out.append((browser, headers))
    return out


def test_an_event_runs_two_rounds_of_the_same_boards_at_every_table(client: Any) -> None:
    ana, ana_h, club_id, event_id = _club_event(client)
    _players(client, event_id, ["Ben", "Cat", "Dan", "Eve", "Fay"])
    listed = client.get(f"/api/clubs/{club_id}").json()["events"]
    assert [e["event_id"] for e in listed] == [event_id]
    started = ana.post(f"/api/events/{event_id}/start", headers=ana_h)
    assert started.status_code == 200, started.text
    # five players, four seats a table: a full table and a bye's table with three bots
    first = started.json()["schedule"][0]["tables"]
    assert sorted(sum(e is None for e in t["entrants"]) for t in first) == [0, 3]
    event = _until(client, event_id, lambda e: e["status"] == "over")
    assert [r["status"] for r in event["schedule"]] == ["scored", "scored"]
    byes = [next(t for t in r["tables"] if None in t["entrants"]) for r in event["schedule"]]
    assert byes[0]["entrants"][0] != byes[1]["entrants"][0]  # nobody has a second bye
    assert [b["number"] for b in event["board_list"]] == [1, 2, 3, 4]
    standing = client.get(f"/api/events/{event_id}/standings").json()["standings"]
    assert sorted(s["names"] for s in standing) == ["Ben", "Cat", "Dan", "Eve", "Fay"]
    assert event["winners"] == [s["names"] for s in standing if s["rank"] == 1]
    for number in (1, 3):
        page = client.get(f"/api/events/{event_id}/boards/{number}").json()
        _check_board(client, page)


def _check_board(client: Any, page: dict[str, Any]) -> None:
    """Every table had the board's hands in the same places under the board's commitment,
    and its result scored against the other table's."""
    assert len(page["tables"]) == 2
    assert len({t["deal"] for t in page["tables"]}) == 1
    assert {t["dealer"] for t in page["tables"]} == {0}
    for table in page["tables"]:
        record = _record(client, table["table_id"])
        played = record["deals"][table["deal_number"]]
        assert played["commitment"] == page["commitment"]
        assert played["commitment_number"] == page["number"]
        assert played["secret"] == page["secret"]
        assert played["deal"] == table["deal"]
        assert {s["matchpoints"] for s in table["scores"]} <= {0, 1, 2}
        # an individual's place is one seat: the page names a bot's place by that seat's bot
        assert [s["seats"] for s in table["scores"]] == [[s["place"]] for s in table["scores"]]
    by_place = [[t["scores"][p]["matchpoints"] for t in page["tables"]] for p in range(4)]
    assert all(sum(points) == 2 for points in by_place)  # a win and a loss, or two ties


def _record(client: Any, table_id: str) -> dict[str, Any]:
    """The record of the table as stored (its game a session of the round's boards)."""
    database = client.app.state.hub.database
    stored = client.portal.call(database.load, table_id)
    record: dict[str, Any] = stored.game().record()
    return record


def test_registration_and_admin_refusals_change_nothing(client: Any) -> None:
    ana, ana_h, club_id, event_id = _club_event(client, max_players=2)
    (ben, ben_h), (cat, cat_h) = _players(client, event_id, ["Ben", "Cat"])
    _refused(ben.post(f"/api/events/{event_id}/register", headers=ben_h), 409,
             "already_registered")  # fmt: skip
    dan, dan_h = _browser(client, "Dan")
    _refused(dan.post(f"/api/events/{event_id}/register", headers=dan_h), 409, "event_full")
    _refused(dan.delete(f"/api/events/{event_id}/register", headers=dan_h), 404,
             "not_registered")  # fmt: skip
    _refused(ben.post(f"/api/events/{event_id}/start", headers=ben_h), 403, "not_admin")
    made = ben.post(f"/api/clubs/{club_id}/events", json=EVENT, headers=ben_h)
    _refused(made, 403, "not_admin")
    _refused(client.post(f"/api/events/{event_id}/register"), 401, "not_signed_in")
    event = ana.get(f"/api/events/{event_id}").json()
    assert event["players"] == ["Ben", "Cat"] and event["status"] == "registering"
    assert cat.delete(f"/api/events/{event_id}/register", headers=cat_h).json()["players"] == [
        "Ben"
    ]
    assert ana.post(f"/api/events/{event_id}/start", headers=ana_h).status_code == 200
    _refused(dan.post(f"/api/events/{event_id}/register", headers=dan_h), 409, "event_started")
    _refused(ben.delete(f"/api/events/{event_id}/register", headers=ben_h), 409, "event_started")
    _refused(ana.post(f"/api/events/{event_id}/start", headers=ana_h), 409, "event_started")
    assert ana.get(f"/api/events/{event_id}").json()["players"] == ["Ben"]


def test_bad_events_are_refused(client: Any) -> None:
    ana, ana_h, club_id, _ = _club_event(client)
    url = f"/api/clubs/{club_id}/events"
    bad_rules = ana.post(url, json={**EVENT, "options": {"target_score": 0}}, headers=ana_h)
    _refused(bad_rules, 400, "bad_rules")
    pairs = ana.post(url, json={**EVENT, "game": "rams", "options": {}, "kind": "pairs"},
                     headers=ana_h)  # fmt: skip
    _refused(pairs, 400, "bad_kind")
    _refused(ana.get("/api/events/nothing-here"), 404, "not_found")
    assert ana.post(url, json={**EVENT, "rounds": 0}, headers=ana_h).status_code == 422
    assert len(ana.get(f"/api/clubs/{club_id}").json()["events"]) == 1
    empty = ana.post(url, json=EVENT, headers=ana_h).json()["event_id"]
    _refused(ana.post(f"/api/events/{empty}/start", headers=ana_h), 409, "no_players")


def test_a_seat_token_holds_only_its_own_table_and_only_until_renewed(
    app_factory: Callable[..., Any],
) -> None:
    # players stay away long enough to be asked for their seats (bots and substitutes wait)
    app = app_factory(list_seconds=0.0, grace_seconds=60.0, event_seconds=0.05)
    with TestClient(app) as client:
        ana, ana_h, _, event_id = _club_event(client, game="hasenpfeffer", options={})
        [(ben, ben_h)] = _players(client, event_id, ["Ben"])
        _refused(ben.get(f"/api/events/{event_id}/seat"), 404, "no_seat")
        ana.post(f"/api/events/{event_id}/start", headers=ana_h)
        seat = ben.get(f"/api/events/{event_id}/seat").json()
        table_id = seat["table_id"]
        old = ben.post(f"/api/tables/{table_id}/resume", headers=ben_h).json()["token"]
        new = ben.post(f"/api/tables/{table_id}/resume", headers=ben_h).json()["token"]
        hint = f"/api/tables/{table_id}/hint"
        _refused(ben.post(hint, json={"token": old}), 403, "bad_token")  # reused
        _refused(ben.post(hint, json={"token": "forged" + new[6:]}), 403, "bad_token")
        answer = ben.post(hint, json={"token": new})  # a hint, or "not your turn"
        assert answer.status_code in {200, 409} and answer.json().get("code") != "bad_token"
        _refused(ana.post(f"/api/tables/{table_id}/resume", headers=ana_h), 403, "no_seat")
        _refused(ben.get(f"/api/events/{event_id}/boards/1"), 409, "board_not_scored")


def test_an_event_starts_at_its_time(client: Any) -> None:
    _, _, _, event_id = _club_event(client, starts_at="2000-01-01T00:00:00Z", rounds=1)
    _players(client, event_id, ["Ben"])
    event = _until(client, event_id, lambda e: e["status"] != "registering")
    assert event["round"] >= 1 and event["schedule"][0]["tables"]


def test_a_round_is_scored_once_whoever_asks(client: Any) -> None:
    ana, ana_h, _, event_id = _club_event(client, rounds=1)
    _players(client, event_id, ["Ben", "Cat", "Dan", "Eve", "Fay"])
    ana.post(f"/api/events/{event_id}/start", headers=ana_h)
    _until(client, event_id, lambda e: e["status"] == "over")
    hub = client.app.state.hub
    from tricktable.server import event_rounds as rounds

    def again(conn: Any) -> list[str]:
        row = conn.execute(rounds.events.select().where(rounds.events.c.id == event_id)).one()
        # the event as a process that read it before the round's end saw it
        stale = SimpleNamespace(**{**row._asdict(), "status": "playing"})
        return rounds._close_round(conn, hub, stale)

    before = client.get(f"/api/events/{event_id}/standings").json()
    assert client.portal.call(hub.database.run, again) == []
    assert client.get(f"/api/events/{event_id}/standings").json() == before


def test_a_board_thrown_in_scores_nothing_for_anyone_and_one_in_play_is_not_scored() -> None:
    import tricktable as tt
    from tricktable.server.event_rounds import _board_deltas

    game = tt.Game(tt.rules("hasenpfeffer"), seed=57, dealer=0)
    assert _board_deltas(game, 2) == []  # board 1 is being played
    for _ in range(4):  # everyone passes with the joker in the widow: a misdeal
        game.apply(next(a for a in game.view(game.to_move).legal if str(a) == "pass"))
    assert game.deal_number == 1 and not game.results
    assert _board_deltas(game, 2) == [(0, (0, 0, 0, 0))]


def test_a_pairs_event_seats_each_pair_as_partners(client: Any) -> None:
    ana, ana_h, _, event_id = _club_event(client, kind="pairs", rounds=1, boards=1)
    _players(client, event_id, ["Ben", "Cat", "Dan", "Eve", "Fay", "Gus"])
    started = ana.post(f"/api/events/{event_id}/start", headers=ana_h).json()
    tables = started["schedule"][0]["tables"]
    pairs = sorted(e for t in tables for e in t["entrants"] if e is not None)
    assert pairs == ["Ben & Cat", "Dan & Eve", "Fay & Gus"]  # in registration order
    assert sorted(t["entrants"].count(None) for t in tables) == [0, 1]  # a bye: two bots
    for table in tables:
        seats = client.get(f"/api/tables/{table['table_id']}").json()["seats"]
        for side, entrant in zip(((0, 2), (1, 3)), table["entrants"], strict=True):
            names = [seats[s]["name"] for s in side]
            assert " & ".join(names) == entrant if entrant else names == [None, None]


def test_a_countdown_games_boards_are_scored_by_the_counters_taken_off(client: Any) -> None:
    import tricktable as tt
    from tricktable.server import event_rounds as rounds

    players = tt.rules("bierspiel").flow.players
    ana, ana_h, _, event_id = _club_event(client, game="bierspiel", options={}, rounds=1,
                                          boards=1)  # fmt: skip
    _players(client, event_id, [f"P{n}" for n in range(players + 1)])
    ana.post(f"/api/events/{event_id}/start", headers=ana_h)
    event = _until(client, event_id, lambda e: e["status"] == "over")
    database = client.app.state.hub.database
    moved = 0
    for table in event["schedule"][0]["tables"]:
        game = client.portal.call(database.load, table["table_id"]).game()
        deltas = dict(rounds._board_deltas(game, 1))[0]
        moved += any(deltas)

        def scores(conn: Any, table_id: str = table["table_id"]) -> list[tuple[int, float]]:
            query = sa.select(rounds.event_scores.c.place, rounds.event_scores.c.value).where(
                rounds.event_scores.c.table_id == table_id
            )
            return sorted(conn.execute(query).all())

        stored = client.portal.call(database.read, scores)
        assert stored == [(seat, float(-deltas[seat])) for seat in range(players)]
    assert moved  # counters were taken off (a delta below zero is a gain)


def _scored_places(client: Any, event_id: str) -> dict[tuple[int, str], int]:
    """How many places each table has scored on each board."""
    from tricktable.server import event_rounds as rounds

    scores = rounds.event_scores

    def work(conn: Any) -> dict[tuple[int, str], int]:
        query = (
            sa.select(scores.c.board, scores.c.table_id, sa.func.count())
            .where(scores.c.event_id == event_id)
            .group_by(scores.c.board, scores.c.table_id)
        )
        return {(int(b), str(t)): int(n) for b, t, n in conn.execute(query)}

    found: dict[tuple[int, str], int] = client.portal.call(client.app.state.hub.database.read, work)
    return found


def test_every_tables_game_is_over_right_after_its_last_board_and_scores_them_all(
    client: Any,
) -> None:
    from tricktable.verify import verify_record

    # a target of 1 is reached on the first board: the boards are the session all the same
    ana, ana_h, _, event_id = _club_event(client, options={"target_score": 1}, boards=3)
    _players(client, event_id, ["Ben", "Cat", "Dan", "Eve", "Fay"])
    ana.post(f"/api/events/{event_id}/start", headers=ana_h)
    event = _until(client, event_id, lambda e: e["status"] == "over")
    tables: list[tuple[int, str]] = []
    for played in event["schedule"]:
        first = (played["number"] - 1) * 3 + 1
        for table in played["tables"]:
            assert table["status"] == "over"
            record = _record(client, table["table_id"])
            assert record["is_over"] and record["deal_limit"] == 3
            numbers = [d["commitment_number"] for d in record["deals"]]
            assert numbers == [first, first + 1, first + 2]  # the boards, and no other deal
            assert [d["dealer"] for d in record["deals"]] == [0, 1, 2]  # the board's, everywhere
            assert all(d["result"] is not None for d in record["deals"])
            assert verify_record(record) is None
            tables += [(first + n, table["table_id"]) for n in range(3)]
    assert _scored_places(client, event_id) == dict.fromkeys(tables, 4)


def _ready_review(client: Any, url: str) -> dict[str, Any]:
    for _ in range(600):
        response = client.get(url)
        if response.status_code == 200:
            review: dict[str, Any] = response.json()
            return review
        assert response.status_code == 202, response.text  # computing, the game being over
        time.sleep(0.05)
    raise AssertionError(f"the review of {url} was never ready")


def test_the_board_page_gives_each_tables_review_once_its_boards_are_done(client: Any) -> None:
    # Hasenpfeffer: a board is played unless the Joker is the widow card (Euchre's bots may
    # pass every board in)
    ana, ana_h, _, event_id = _club_event(client, game="hasenpfeffer", options={}, rounds=1,
                                          boards=2)  # fmt: skip
    _players(client, event_id, ["Ben", "Cat", "Dan", "Eve", "Fay"])
    ana.post(f"/api/events/{event_id}/start", headers=ana_h)
    _until(client, event_id, lambda e: e["status"] == "over")
    page = client.get(f"/api/events/{event_id}/boards/2").json()
    assert len(page["tables"]) == 2
    cards = 0
    for table in page["tables"]:
        review = _ready_review(client, table["review_url"])
        assert review["status"] == "ready"
        assert [h["deal_number"] for h in review["hands"]] == [0, 1]  # the boards, no more
        hand = review["hands"][table["deal_number"]]
        assert hand["dealer"] == table["dealer"] == 1
        plays = [p for trick in hand["tricks"] for p in trick["plays"]]
        result = hand["result"]  # None: a misdeal (the Joker was the widow card)
        assert bool(plays) == bool(result and not result["details"].get("thrown_in"))
        assert all(p["cost"] >= 0 and p["best_cards"] for p in plays)
        cards += sum(len(t["plays"]) for h in review["hands"] for t in h["tricks"])
    assert cards  # the solver reviewed the cards played on the boards


def test_two_individuals_sit_at_different_tables_and_their_boards_score_against_each_other(
    client: Any,
) -> None:
    ana, ana_h, _, event_id = _club_event(client, rounds=1, boards=1, bot_level="easy")
    _players(client, event_id, ["Ben", "Cat"])
    started = ana.post(f"/api/events/{event_id}/start", headers=ana_h).json()
    assert started["warning"] is None
    seated = started["schedule"][0]["tables"]
    assert sorted(t["entrants"][0] for t in seated) == ["Ben", "Cat"], "one each, same place"
    assert all(t["entrants"][1:] == [None, None, None] for t in seated), "bots fill the rest"
    described = client.get(f"/api/tables/{seated[0]['table_id']}").json()
    expected = {"event_id": event_id, "round": 1, "board": 1, "boards": 1,
                "name": "Friday duplicate"}  # fmt: skip
    assert described["event"] == expected
    _until(client, event_id, lambda e: e["status"] == "over")
    page = client.get(f"/api/events/{event_id}/boards/1").json()
    held = [next(s for s in t["scores"] if s["place"] == 0) for t in page["tables"]]
    assert sorted(s["names"] for s in held) == ["Ben", "Cat"]
    assert sum(s["percent"] for s in held) == 100.0, "each board compared with the other's"
    for table in page["tables"]:
        person, *bots = table["players"]
        assert person["kind"] == "human" and person["name"] in ("Ben", "Cat")
        assert [(b["kind"], b["level"]) for b in bots] == [("bot", "easy")] * 3


def test_an_event_of_one_entrant_warns_its_creator(client: Any) -> None:
    ana, ana_h, _, event_id = _club_event(client, rounds=1, boards=1)
    _players(client, event_id, ["Ben"])
    registering = ana.get(f"/api/events/{event_id}").json()
    assert registering["warning"]["code"] == "too_few_entrants"
    started = ana.post(f"/api/events/{event_id}/start", headers=ana_h).json()
    assert started["warning"]["code"] == "too_few_entrants"
    assert "(1)" in started["warning"]["message"]
    german = ana.get(f"/api/events/{event_id}?lang=de").json()["warning"]
    assert german["code"] == "too_few_entrants" and "Teilnehmer" in german["message"]


def test_an_event_takes_its_rules_and_its_bots_level(client: Any) -> None:
    options = {"target_score": 5, "stick_the_dealer": True}
    ana, ana_h, _, event_id = _club_event(client, options=options, bot_level="hard", rounds=1)
    event = ana.get(f"/api/events/{event_id}").json()
    assert event["options"] == options and event["bot_level"] == "hard"
    assert "stick_the_dealer=true" in event["rules"]
    _players(client, event_id, ["Ben"])
    started = ana.post(f"/api/events/{event_id}/start", headers=ana_h).json()
    table_id = started["schedule"][0]["tables"][0]["table_id"]
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["options"]["stick_the_dealer"] is True
    assert [s["level"] for s in table["seats"] if s["kind"] == "bot"] == ["hard"] * 3


def test_a_table_outside_events_has_no_event(client: Any) -> None:
    table_id = client.post("/api/tables", json={"game": "euchre"}).json()["table_id"]
    assert client.get(f"/api/tables/{table_id}").json()["event"] is None
