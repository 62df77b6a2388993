"""The commands' words as a person reads them: on/off options shown as flags, help text
with its brackets kept, a bad option value answered in a sentence, and seats counted from 1
in a replayed game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tricktable as tt
from tricktable.bots import make_bot
from tricktable.cli import app
from tricktable.cli.paths import RECORD_DIR_ENV

runner = CliRunner()


def help_of(command: str) -> str:
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("command", "flags"),
    [("play", ["--hints", "--help"]), ("replay", ["--step", "--help"]), ("arena", ["--help"])],
)
def test_on_off_options_are_shown_as_flags_without_a_type(command: str, flags: list[str]) -> None:
    text = help_of(command)
    assert "<bool>" not in text
    for flag in flags:
        (line,) = [row for row in text.splitlines() if re.search(rf"{flag}\b", row)]
        assert re.search(rf"{flag}\s+[A-Z]", line), line  # the flag, then straight its help
    assert "<int>" in help_of("play")  # options that take a value still say which


def test_arena_help_keeps_the_name_of_the_ray_extra() -> None:
    assert "(the [ray] extra)" in " ".join(help_of("arena").split())


def test_a_bad_option_value_is_answered_in_a_sentence() -> None:
    result = runner.invoke(app, ["play", "hasenpfeffer", "-o", "target_score=abc"],
                           env={"COLUMNS": "200"})  # fmt: skip
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "option target_score='abc' is not valid: write a whole number from 1 to" in text
    assert "invalid literal" not in text


def test_replay_counts_seats_from_1(tmp_path: Path) -> None:
    game = tt.new_game("rams", seed=4)
    bot = make_bot("random", seed=1)
    while not game.is_over:
        game.apply(bot.choose(game.view(game.to_move)))
    path = tmp_path / "game.json"
    tt.save_record(game, path)
    result = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200", RECORD_DIR_ENV: ""})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seats numbered from 1" in out
    calls = re.findall(r"^Calls: (.*)$", out, re.M)
    seats = {int(n) for line in calls for n in re.findall(r"(?:^|; )(\d+): ", line)}
    assert seats == set(range(1, game.player_count + 1))
    tricks = re.findall(r"^Trick \d+: (.*)$", out, re.M)
    played = {int(n) for line in tricks for n in re.findall(r"(\d+):", line)}
    assert 0 not in played and max(played) == game.player_count
    results = re.findall(r'^\[Result "(.*)"\]$', out, re.M)
    named = {int(n) for line in results for n in re.findall(r"seat (\d+)", line)}
    assert 0 not in named
    assert not re.search(r"looed: \d", out)  # looed players are named as seats too
    numbers = [str(s + 1) for s in game.winners]
    words = numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"
    assert f"won by seat{'s' if len(numbers) > 1 else ''} {words}" in out
    assert "winners: seats [" not in out
