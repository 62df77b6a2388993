"""``tricktable arena``: the table of results, JSON and plot files, clear errors."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("typer")

from typer.testing import CliRunner

from tricktable.arena import run_arena
from tricktable.cli import app
from tricktable.cli.arena import summary_table

runner = CliRunner()


def test_arena_prints_win_rates_and_writes_json_and_plot(tmp_path):
    out, png = tmp_path / "out.json", tmp_path / "out.png"
    args = ["arena", "rams", "-o", "players=3", "--bots", "random,heuristic", "--deals", "2",
            "--seed", "4", "--json", str(out), "--plot", str(png)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "hands won" in result.output and "heuristic" in result.output
    assert "heuristic: worst decision" in result.output
    data = json.loads(out.read_text())
    assert data["rules"] == "rams(players=3)"
    assert [s["bot"] for s in data["summary"]] == ["random", "heuristic"]
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_arena_refuses_an_unknown_bot_quoting_it():
    result = runner.invoke(app, ["arena", "rams", "--bots", "random,wizard", "--deals", "1"])
    assert result.exit_code != 0
    assert "wizard" in result.output


def test_arena_refuses_an_unknown_backend():
    result = runner.invoke(app, ["arena", "rams", "--backend", "cloud", "--deals", "1"])
    assert result.exit_code != 0
    assert "cloud" in result.output


def test_game_mode_counts_games_and_points_per_game():
    args = ["arena", "hasenpfeffer(target_score=3)", "--bots", "random,heuristic", "--deals",
            "1", "--mode", "game"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "games won" in result.output and "hands won" not in result.output
    table = summary_table(run_arena("hasenpfeffer(target_score=3)", ["random", "heuristic"], 1,
                                    mode="game"))  # fmt: skip
    assert [str(c.header) for c in table.columns][1:4] == [
        "games won", "95 % CI", "mean points / game"]  # fmt: skip
