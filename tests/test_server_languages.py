"""Refusals in each receiver's language: two players at one table read them in two languages,
the ``code`` stays as it is, and nothing the table shares holds a translated text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi", reason='needs the server extra: pip install "tricktable[server]"')

from fastapi.testclient import TestClient

from server_helpers import create, join, next_of, state_at_turn
from tricktable.i18n import translator
from tricktable.server.table import TableError, Term

HUMANS_0_2 = [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def client(app_factory: Callable[..., Any]) -> Any:
    with TestClient(app_factory()) as test_client:
        yield test_client


def test_two_players_of_one_table_are_refused_each_in_their_language(client: Any) -> None:
    table_id = create(client, seats=HUMANS_0_2)
    ana = join(client, table_id, "Ana", 0)
    bo = join(client, table_id, "Bo", 2)
    german = f"/ws/tables/{table_id}?token={ana}&lang=de"
    french = {"accept-language": "fr-CH, fr;q=0.9, en;q=0.5"}
    with (
        client.websocket_connect(german) as ws_ana,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bo}", headers=french) as ws_bo,
    ):
        seq = next_of(ws_ana, "state")["seq"]
        stale = {"type": "action", "action": "pass", "seq": seq + 99}
        ws_ana.send_json(stale)
        ws_bo.send_json(stale)
        to_ana, to_bo = next_of(ws_ana, "error"), next_of(ws_bo, "error")
        assert to_ana["code"] == to_bo["code"] == "stale_seq"
        assert to_ana["message"].startswith(f"seq {seq + 99} ist nicht der aktuelle Stand")
        assert to_bo["message"].startswith(f"seq {seq + 99} n'est pas l'état actuel")
        ws_ana.send_json({"type": "chat", "text": "x" * 100_000})  # too long: still German
        too_long = next_of(ws_ana, "error")
        assert too_long["code"] == "too_large"
        assert too_long["message"].startswith("eine Nachricht hat höchstens ")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "'fly away' ist jetzt kein erlaubter Zug; jetzt erlaubt: pass, bid "),
        ("en", "'fly away' is not"),
    ],
)
def test_an_illegal_move_is_refused_in_the_players_language(
    client: Any, lang: str, said: str
) -> None:
    """Another language says the move and what is legal; English keeps the engine's own
    explanation."""
    table_id = create(client, seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3)
    token = join(client, table_id, "Ana", 0)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}&lang={lang}") as ws:
        state = state_at_turn(ws, 0)
        ws.send_json({"type": "action", "action": "fly away", "seq": state["seq"]})
        error = next_of(ws, "error")
    assert error["code"] == "illegal_action"
    assert error["message"].startswith(said), error


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        ({"accept-language": "de-DE,de;q=0.9"}, "an diesem Tisch heißt schon jemand 'Ana'"),
        ({"accept-language": "ja, ms;q=0.5"}, "seseorang di meja ini sudah bernama 'Ana'"),
        ({"accept-language": "fr"}, "quelqu'un à cette table s'appelle déjà 'Ana'"),
        ({}, "someone at this table is already called 'Ana'"),
    ],
)
def test_an_http_refusal_is_in_the_accept_language(
    client: Any, headers: dict[str, str], said: str
) -> None:
    table_id = create(client, seats=HUMANS_0_2)
    join(client, table_id, "Ana", 0)
    response = client.post(
        f"/api/tables/{table_id}/join", json={"name": "Ana", "seat": 2}, headers=headers
    )
    assert response.status_code == 409
    assert response.json() == {"code": "name_taken", "detail": said}


def test_a_lang_the_client_sends_comes_before_the_accept_language(client: Any) -> None:
    response = client.get(
        "/api/tables/nosuchtable/record?lang=ms", headers={"accept-language": "de"}
    )
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "detail": "tiada meja 'nosuchtable'"}


def test_the_engines_refusal_of_rules_is_in_the_readers_language(client: Any) -> None:
    bad = {"game": "hasenpfeffer", "options": {"min_bid": 5, "max_bid": 4}}
    german = client.post("/api/rules?lang=de", json=bad)
    assert german.status_code == 400 and german.json() == {
        "code": "bad_rules",
        "detail": "min_bid=5 liegt über max_bid=4",
    }
    english = client.post("/api/rules", json=bad).json()["detail"]
    assert english == "min_bid=5 is above max_bid=4"
    nested = {"game": "rams", "options": {"players": "many"}}
    french = client.post("/api/rules?lang=fr", json=nested).json()["detail"]
    assert french == "l'option players='many' n'est pas valide : écrivez un nombre entier de 2 à 6"
    unknown = client.get("/api/leaderboard?game=skat&lang=ms").json()["detail"]
    assert unknown.startswith("tiada permainan 'skat'; permainannya ialah: ")


def test_a_refusal_keeps_english_and_its_values_and_translates_per_reader() -> None:
    refusal = TableError("not_solo", "{what} is only for tables where every other seat is a bot",
                         what=Term("undo"))  # fmt: skip
    assert refusal.message == "undo is only for tables where every other seat is a bot"
    assert refusal.detail(translator("de")) == (
        "Zurücknehmen gibt es nur an Tischen, an denen alle anderen Plätze Bots sind"
    )
    assert refusal.detail(translator("xx")).startswith("⟦⟦úñđó⟧ íš óñĺý")
    assert refusal.message == "undo is only for tables where every other seat is a bot"


def test_the_browsers_catalog_of_a_language_holds_its_words_and_plural_forms(client: Any) -> None:
    german = client.get("/api/i18n/de").json()
    assert german["language"] == "de"
    assert german["messages"]["Start a game"] == "Spiel starten"
    assert german["messages"]["{n} free seat"] == ["{n} freier Platz", "{n} freie Plätze"]
    assert "nplurals=2" in german["plural_forms"]
    french = client.get("/api/i18n/fr").json()
    assert len(french["messages"]["{n} free seat"]) == 3  # one, many, other
    assert client.get("/api/i18n/en").json()["messages"] == {}
    unknown = client.get("/api/i18n/tlh", headers={"accept-language": "de"})
    assert unknown.status_code == 404
    assert unknown.json()["code"] == "unknown_language"


def test_the_lobbys_games_and_presets_are_worded_for_the_asking_client(client: Any) -> None:
    english = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    french = {game["name"]: game for game in client.get("/api/games?lang=fr").json()["games"]}
    words = translator("fr")
    for name, game in english.items():
        assert french[name]["summary"] == words.gettext(game["summary"]) != game["summary"]
        descriptions = [option["description"] for option in french[name]["options"]]
        assert descriptions == [words.gettext(o["description"]) for o in game["options"]]
    presets = client.get("/api/presets", headers={"accept-language": "de"}).json()["presets"]
    assert "Vier Spieler" in {preset["label"] for preset in presets["bierspiel"]}


def test_a_tables_game_words_come_in_the_language_of_the_page_that_asks(client: Any) -> None:
    table_id = create(client, game="euchre", options={})
    english = client.get(f"/api/tables/{table_id}").json()["table_words"]
    german = client.get(f"/api/tables/{table_id}?lang=de").json()["table_words"]
    assert german["turnup"] == translator("de").gettext(english["turnup"]) != english["turnup"]
    assert german["maker_key"] == english["maker_key"] == "maker"  # a name, not a word
    assert [when for when, _text in german["summary"]] == [w for w, _t in english["summary"]]


@pytest.mark.parametrize("code", ["de", "fr", "ms"])
def test_every_chat_preset_is_said_in_the_readers_language(client: Any, code: str) -> None:
    from tricktable.server.config import CHAT_PRESETS

    words = client.get(f"/api/i18n/{code}").json()["messages"]
    worded = [preset for preset in CHAT_PRESETS if any(c.isalpha() for c in preset)]
    assert "Good game!" in worded
    missing = [preset for preset in worded if not words.get(preset)]
    assert missing == [], f"{code} says these chat presets in English: {missing}"
