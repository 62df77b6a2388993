"""Game records (record.py): JSON, replay, files and the readable hand text."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import tricktable as tt
from support import random_playout


def played(seed: int = 3, actions: int = 60) -> tt.Game:
    game = tt.new_game("hasenpfeffer", seed=seed, target_score=4, going_alone="maker")
    random_playout(game, random.Random(seed), max_actions=actions)
    return game


def test_record_is_json_ready_and_replays_to_an_equal_game() -> None:
    game = played()
    record = game.record()
    assert json.loads(json.dumps(record)) == record
    assert record["format"] == "tricktable-record"
    assert record["rules"] == "hasenpfeffer(target_score=4,going_alone=maker)"
    assert record["scores"] == list(game.scores)
    rebuilt = tt.replay(json.loads(json.dumps(record)))
    assert rebuilt == game
    assert rebuilt.view(0).to_dict() == game.view(0).to_dict()
    assert rebuilt.record() == record


def test_replay_upto_rebuilds_a_prefix() -> None:
    game = tt.new_game("hasenpfeffer", seed=8)
    actions = [game.apply(a) for a in ("pass", "bid 2", "pass", "pass")]
    assert len(actions) == 4
    record = game.record()
    early = tt.replay(record, upto=2)
    twin = tt.new_game("hasenpfeffer", seed=8, dealer=game.first_dealer)
    twin.apply("pass")
    twin.apply("bid 2")
    assert early == twin


def test_every_deal_is_stored_explicitly() -> None:
    game = tt.new_game("hasenpfeffer", seed=5)
    rng = random.Random(5)
    while game.hand_number < 3:
        game.apply(rng.choice(game.legal_actions()))
    record = game.record()
    assert len(record["deals"]) >= 2
    assert [d["deal_number"] for d in record["deals"]] == list(range(len(record["deals"])))
    # A record replays even with another seed, since every deal is written out.
    record["seed"] = record["seed"] + 1
    assert tt.replay(record).scores == game.scores


def test_bad_records_raise_record_error() -> None:
    record = played().record()
    with pytest.raises(tt.RecordError, match="format"):
        tt.replay({**record, "format": "pgn"})
    broken = copy.deepcopy(record)
    del broken["seed"]
    with pytest.raises(tt.RecordError, match="seed"):
        tt.replay(broken)
    wrong_seat = copy.deepcopy(record)
    wrong_seat["deals"][0]["actions"][0]["seat"] += 1
    with pytest.raises(tt.RecordError, match="is to move"):
        tt.replay(wrong_seat)
    illegal = copy.deepcopy(record)
    illegal["deals"][0]["actions"][0]["action"] = "play JK"
    with pytest.raises(tt.RecordError, match="does not replay"):
        tt.replay(illegal)


def test_save_and_load(tmp_path: Path) -> None:
    game = played()
    path = tt.save_record(game, tmp_path / "games" / "one.json")
    assert tt.replay(tt.load_record(path)) == game
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(tt.RecordError, match=r"bad\.json"):
        tt.load_record(tmp_path / "bad.json")
    (tmp_path / "list.json").write_text("[1]", encoding="utf-8")
    with pytest.raises(tt.RecordError, match="record object"):
        tt.load_record(tmp_path / "list.json")
    with pytest.raises(tt.RecordError):
        tt.load_record(tmp_path / "missing.json")


def test_hand_text() -> None:
    game = tt.new_game("hasenpfeffer", seed=2, dealer=0,
                       deal="JK JH AH KH QH 10H / AS KS QS JS 10S 9S / AD KD QD JD 10D 9D / "
                            "AC KC QC JC 10C 9H | 9C")  # fmt: skip
    for text in ("pass", "pass", "pass", "bid 6", "trump H", "discard 9C"):
        game.apply(text)
    random_playout(game, random.Random(1), max_actions=24)
    text = tt.hand_text(game, 0)
    assert '[Game "hasenpfeffer"]' in text
    assert '[Deal "JK AH KH QH JH 10H / AS KS QS JS 10S 9S' in text
    assert "Calls: 1: pass; 2: pass; 3: pass; 0: bid 6; 0: trump H; 0: discard 9C" in text
    assert text.count("Trick ") == 6
    assert '[Result "seat 0 bid 6, took 6: made, +6 / +0"]' in text
    with pytest.raises(tt.RecordError, match="no deal 9"):
        tt.hand_text(game, 9)


def test_hand_text_of_a_lone_hand_has_three_card_tricks() -> None:
    game = tt.new_game("hasenpfeffer", seed=2, dealer=0, going_alone="maker", target_score=50,
                       deal="JK JH AH KH QH 10H / AS KS QS JS 10S 9S / AD KD QD JD 10D 9D / "
                            "AC KC QC JC 10C 9H | 9C")  # fmt: skip
    for text in ("pass", "pass", "pass", "bid 6", "trump H", "discard 9C", "alone"):
        game.apply(text)
    random_playout(game, random.Random(1), max_actions=18)
    assert game.hand_number == 2
    text = tt.hand_text(game, 0)
    tricks = [line for line in text.splitlines() if line.startswith("Trick ")]
    assert len(tricks) == 6
    assert all(line.count(":") == 4 for line in tricks)  # "Trick n:" and three plays
    assert "2:" not in " ".join(line.split(": ", 1)[1] for line in tricks)  # partner is out
    assert '[Result "seat 0 alone bid 6, took 6: made, +12 / +0"]' in text


def _session_record(seed: int = 4, limit: int = 2) -> tuple[tt.Game, dict[str, Any]]:
    game = tt.Game(tt.rules("euchre"), seed=seed, dealer=0, deal_limit=limit)
    random_playout(game, random.Random(seed))
    return game, json.loads(json.dumps(game.record()))


def test_a_sessions_record_keeps_its_deal_limit_and_replays_to_its_end() -> None:
    game, record = _session_record()
    assert record["deal_limit"] == 2 and record["is_over"] and len(record["deals"]) == 2
    again = tt.replay(record)
    assert again == game and again.is_over and again.deal_limit == 2
    assert again.winners == game.winners == tuple(record["winners"])
    older = {k: v for k, v in record.items() if k != "deal_limit"}
    assert not tt.replay(older).is_over  # without it, the game goes on (to its target)
    assert "deal_limit" not in played().record()  # a game to its end: the record as before


@pytest.mark.parametrize("limit", [0, "2", True, 1.5])
def test_a_record_with_a_bad_deal_limit_is_refused(limit: object) -> None:
    _, record = _session_record()
    with pytest.raises(tt.RecordError, match="deal_limit"):
        tt.replay({**record, "deal_limit": limit})
