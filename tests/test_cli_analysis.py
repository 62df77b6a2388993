"""``tricktable solve`` and ``tricktable analyse``, and the hand review behind the latter."""

from __future__ import annotations

import random
import re
from pathlib import Path

from typer.testing import CliRunner

import tricktable as tt
from tricktable.cli import app
from tricktable.solver.review import review_record, total_cost

runner = CliRunner()


def _invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "120"})
    return result.exit_code, result.output


def _rows(output: str) -> dict[str, str]:
    """card -> value cell of a two-column rich table."""
    return dict(re.findall(r"│\s*(\S+)\s*│\s*(\d+)\s*│", output))


def test_solve_prints_every_legal_lead_with_its_tricks() -> None:
    code, output = _invoke(
        "solve", "JH 9S / AH 10S / - / KH QS", "--game", "hasenpfeffer", "--trump", "H",
        "--leader", "1",
    )  # fmt: skip
    assert code == 0, output
    assert _rows(output) == {"AH": "1", "10S": "1"}
    assert "seat 1 + 3" in output


def test_solve_takes_rule_options_and_play_obligations() -> None:
    code, output = _invoke(
        "solve", "9H AC / AH 2D / 2C 3C / 4C 5C", "--game", "hasenpfeffer",
        "--option", "going_alone=maker", "--trump", "H", "--trump-leads", "2", "--played", "1",
    )  # fmt: skip
    assert code != 0  # 2D, 2C ... are not in the 25-card pack
    assert "not in this game's pack" in output
    code, output = _invoke(
        "solve", "9H AC / AH KC / 9D 10D / QD KD", "--trump", "H", "--trump-leads", "2",
        "--played", "1",
    )  # fmt: skip
    assert code == 0, output
    assert _rows(output) == {"9H": "1"}


def test_solve_refuses_bad_input_with_the_reason() -> None:
    code, output = _invoke("solve", "JH / AH / KH / QH", "--trump", "X")
    assert code != 0 and "'X'" in output
    code, output = _invoke("solve", "JH / AH / KH / QH", "--option", "nonsense")
    assert code != 0 and "name=value" in output
    code, output = _invoke("solve", "JH / AH / KH / QH", "--policy", "anything")
    assert code != 0 and "'anything'" in output


def _played_game(seed: int) -> tt.Game:
    game = tt.new_game("hasenpfeffer", seed=seed, target_score=3)
    rng = random.Random(seed)
    while game.hand_number < 2 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_review_costs_are_consistent() -> None:
    game = _played_game(7)
    reviews = review_record(game.record())
    plays = [a for _, _, a in game.log if a.kind.value == "play"]
    assert len(reviews) == len(plays)
    assert all(0 <= r.tricks <= r.best and r.cost == r.best - r.tricks for r in reviews)
    assert all(r.action not in r.best_actions or r.cost == 0 for r in reviews)
    assert sum(total_cost(reviews, 4)) == sum(r.cost for r in reviews)
    # Random play throws tricks away somewhere.
    assert sum(r.cost for r in reviews) > 0


def test_analyse_prints_the_cards_and_the_totals(tmp_path: Path) -> None:
    game = _played_game(7)
    path = tt.save_record(game, tmp_path / "game.json")
    totals = total_cost(review_record(game.record(), deal_number=0), 4)
    code, output = _invoke("analyse", str(path), "--hand", "1")
    assert code == 0, output
    assert "Tricks lost" in output
    last = [line for line in output.splitlines() if line.startswith("│")][-1]
    assert [int(x) for x in re.findall(r"\d+", last)] == totals
    code, output = _invoke("analyse", str(tmp_path / "missing.json"))
    assert code != 0 and "missing.json" in output
