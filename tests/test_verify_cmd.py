"""``tricktable verify FILE``: exit 0 for an untouched record, 1 naming the first bad hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("typer", reason='needs the cli extra: pip install "tricktable[cli]"')

from typer.testing import CliRunner

import tricktable as tt
from tricktable.bots import make_bot
from tricktable.cli import app
from tricktable.record import save_record


def _saved(tmp_path: Path) -> Path:
    game = tt.new_game("rams", seed=8)
    bot = make_bot("heuristic", seed=8)
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_move)))
    return save_record(game, tmp_path / "game.json")


def test_verify_accepts_an_untouched_record(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert "verified" in result.output


def test_verify_names_the_first_hand_with_a_changed_action(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    record = json.loads(path.read_text())
    record["deals"][2]["actions"][-1]["action"] = "play JK"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "hand 3:" in result.output


def test_verify_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "nothing.json"
    path.write_text("not json")
    result = CliRunner().invoke(app, ["verify", str(path)])
    assert result.exit_code == 1 and "cannot read a record" in result.output
