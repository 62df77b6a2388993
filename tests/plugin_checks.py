"""What the plug-in test runs in a fresh Python that has the copied family (plugin_support) on
its path: ``python -c "import plugin_checks; plugin_checks.run(CHECK, GAME)"``. Each check
plays the renamed copy ``toy-GAME`` in one part of tricktable, raises if it fails, and prints
what it saw (the test compares those words)."""

from __future__ import annotations

import random
import tempfile
import warnings
from collections.abc import Callable
from typing import Any

import tricktable as tt
from plugin_support import renamed

CHEAP_LEVELS = ("random", "easy", "medium", "heuristic", "learned")
"""Levels that decide the same for the copy as for the shipped game (no clock involved)."""

SMALL = {"samples": 3, "time_limit": 5.0, "solve_cards": 12, "min_samples": 2}
"""A search budget small enough for a test (hard and expert with these are the same bot)."""


def run(check: str, game: str) -> None:
    said = CHECKS[check](game)
    print("\nchecked:", *said)  # the last line (PettingZoo's tests print their own)


def moves_of(name: str, level: str, decisions: int, **params: Any) -> list[str]:
    """The first ``decisions`` moves of a seeded game of ``name`` with every seat ``level``."""
    from tricktable.bots import make_bot

    played = tt.new_game(name, seed=5)
    bots = [make_bot(level, seed=seat, **params) for seat in range(played.rules.flow.players)]
    moves: list[str] = []
    while not played.is_over and len(moves) < decisions:
        seat = played.to_move
        assert seat is not None
        action = bots[seat].choose(played.view(seat))
        played.apply(action)
        moves.append(str(action))
    return moves


def seeded_as_shipped(game: str) -> None:
    """A bot's decision generator is seeded from everything its view shows, the game's name
    among it: here the copy's views say the shipped name there, so a bot that knows the copy
    as well as the shipped game decides the same in both."""
    from tricktable.view import View

    to_dict = View.to_dict

    def shipped_dict(view: View) -> dict[str, Any]:
        shown = to_dict(view)
        for key in ("game", "rules"):
            shown[key] = shown[key].replace(renamed(game), game)
        return shown

    View.to_dict = shipped_dict  # type: ignore[method-assign]


def check_bots(game: str) -> list[str]:
    """Each cheap level plays the copy as it plays the shipped game; the searching levels play
    legal moves on it."""
    seeded_as_shipped(game)
    said = []
    for level in CHEAP_LEVELS:
        copy, shipped = moves_of(renamed(game), level, 60), moves_of(game, level, 60)
        said.append(f"{level}:{'same' if copy == shipped else 'other'}")
    for level in ("hard", "expert"):
        assert len(moves_of(renamed(game), level, 6, **SMALL)) == 6, level
        said.append(f"{level}:played")
    return said


def check_cli(game: str) -> list[str]:
    from typer.testing import CliRunner

    from tricktable.cli import app

    runner = CliRunner()
    shown = runner.invoke(app, ["rules", renamed(game)])
    assert shown.exit_code == 0, shown.output
    shipped = runner.invoke(app, ["rules", game]).output
    aliases = f"Also called: {', '.join(tt.find_game(game).aliases)}"  # the copy has none
    same = shown.output.replace(renamed(game), game).split() == shipped.replace(aliases, "").split()
    assert same, (shown.output, shipped)
    args = ["arena", renamed(game), "--bots", "random,heuristic", "--deals", "2"]
    played = runner.invoke(app, args)
    assert played.exit_code == 0, played.output
    assert f"{renamed(game)}, 2 duplicate deals" in played.output, played.output
    return ["rules:same", "arena:played"]


def check_envs(game: str) -> list[str]:
    from pettingzoo.test import api_test

    from tricktable.envs import gymnasium_env, pettingzoo_env

    seeded_as_shipped(game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about every Dict observation space
        api_test(pettingzoo_env(renamed(game)), num_cycles=40)
    return ["pettingzoo:api", f"gymnasium:{same_gym_episode(game, gymnasium_env)}"]


def same_gym_episode(game: str, make: Callable[..., Any]) -> str:
    """Play one seeded hand by the masks in the copy's and the shipped game's Gymnasium env:
    the observations and rewards must be equal."""
    runs = []
    for name in (renamed(game), game):
        env, chooser, seen = make(name, opponents="heuristic"), random.Random(3), []
        observation, _ = env.reset(seed=3)
        done = False
        while not done:
            choice = chooser.choice(list(env.action_masks().nonzero()[0]))
            observation, reward, done, _, _ = env.step(choice)
            seen.append((observation.tolist(), reward))
        runs.append(seen)
    assert runs[0] == runs[1]
    return "same"


def check_batch(game: str) -> list[str]:
    from tricktable.batch import Batch, play_random

    copy, shipped = play_random(renamed(game), 200, seed=1), play_random(game, 200, seed=1)
    assert (copy == shipped).all()
    return [Batch(renamed(game), 1).kernel.__name__.split(".")[0], "same"]


def check_server(game: str) -> list[str]:
    """Over HTTP and a WebSocket: a table of the copy is created, joined and played a few
    moves against bots; its description carries the game's words."""
    from fastapi.testclient import TestClient

    from tricktable.server import create_app
    from tricktable.server.config import Settings

    folder = tempfile.mkdtemp()
    settings = Settings(bot_delay=0.0, grace_seconds=60.0, bot_processes=0)
    app = create_app(f"sqlite:///{folder}/tables.db", settings=settings, rng=random.Random(7))
    with TestClient(app) as client:
        return play_at_table(client, renamed(game))


def play_at_table(client: Any, name: str) -> list[str]:
    players = tt.rules(name).flow.players
    seats = [{"kind": "human"}, *[{"kind": "bot", "level": "medium"}] * (players - 1)]
    made = client.post("/api/tables", json={"game": name, "seats": seats})
    assert made.status_code == 201, made.text
    table_id = made.json()["table_id"]
    token = client.post(f"/api/tables/{table_id}/join", json={"name": "Ana", "seat": 0})
    described = client.get(f"/api/tables/{table_id}").json()
    assert described["game"] == name and described.get("table_words"), described
    moves = 0
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token.json()['token']}") as ws:
        while moves < 4:
            message = ws.receive_json()
            assert message["type"] != "error", message
            view = message.get("view") or {}
            if message["type"] == "state" and view.get("to_move") == 0 and view["legal_actions"]:
                action = view["legal_actions"][0]
                ws.send_json({"type": "action", "action": action, "seq": message["seq"]})
                moves += 1
    return [described["game"], f"moves:{moves}"]


CHECKS: dict[str, Callable[[str], list[str]]] = {
    "bots": check_bots,
    "cli": check_cli,
    "envs": check_envs,
    "batch": check_batch,
    "server": check_server,
}
