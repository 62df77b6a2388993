"""The command line: play a whole game from stdin, refuse bad input, save, list rules, replay."""

from __future__ import annotations

import io
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tricktable as tt
from tricktable.bots import make_bot
from tricktable.cli import app
from tricktable.cli.paths import RECORD_DIR_ENV, default_record_dir, user_data_dir
from tricktable.cli.table import PROMPT, TerminalTable, parse_choice

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
# "pass" while bidding (a typed number would be a bid), then the first move offered.
ALWAYS_FIRST = "pass\n1\n" * 400


def run(args: list[str], text: str = "", record_dir: Path | None = None, width: int = 80) -> str:
    env = {"COLUMNS": str(width)}
    if record_dir is not None:
        env[RECORD_DIR_ENV] = str(record_dir)
    result = runner.invoke(app, args, input=text, env=env)
    assert result.exit_code == 0, result.output
    return result.output


def saved_records(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def test_a_whole_game_is_played_from_stdin_and_saved(tmp_path: Path) -> None:
    args = ["play", "hasenpfeffer", "--seed", "1", "-o", "target_score=4", "--record-dir"]
    output = run([*args, str(tmp_path)], ALWAYS_FIRST)
    assert "Game over." in output
    assert "End of hand 1." in output and re.search(
        r"^(You win|\w+ wins) the trick\.$", output, re.M
    )
    assert not re.search(r"\bseat \d", output.replace("You sit in seat 1 of 4", ""))
    (path,) = saved_records(tmp_path)
    assert f"saved to {path}" in output.replace("\n", "")
    game = tt.replay(tt.load_record(path))
    assert game.is_over
    assert str(game.rules) == "hasenpfeffer(target_score=4)"
    assert max(game.scores) >= 4


def test_bad_input_is_answered_with_the_reason_and_changes_nothing(tmp_path: Path) -> None:
    args = ["play", "hasenpfeffer", "--seed", "2", "--record-dir"]
    quiet = tmp_path / "quiet"
    run([*args, str(quiet)], "")
    noisy = tmp_path / "noisy"
    output = run([*args, str(noisy)], "zz\n99\nplay 2C\nKH\n\n")
    assert "Not accepted: 'zz' is not a move or a command" in output
    assert "Not accepted: '99' is not a bid you can make; you can bid" in output
    assert "Not accepted: 'play 2C' is not legal for you" in output
    assert "Not accepted: 'KH' is not one of the legal moves" in output
    assert output.count(PROMPT) == 6  # five inputs and the end of input each get a prompt
    (before,) = saved_records(quiet)
    (after,) = saved_records(noisy)
    assert tt.load_record(before)["deals"] == tt.load_record(after)["deals"]


def test_moves_by_notation_and_commands(tmp_path: Path) -> None:
    text = "help\nhint\nlast\nscores\ntable\nsave\npass\nquit\n"
    output = run(["play", "sh", "--seed", "2", "--record-dir", str(tmp_path)], text)
    assert "alone ('JH') is enough" in output
    assert "Hint: " in output
    assert "Last trick: (none yet)" in output
    assert "You pass." in output
    assert output.count("Game record saved to") == 2
    (path,) = saved_records(tmp_path)
    record = tt.load_record(path)
    calls = [a["action"] for d in record["deals"] for a in d["actions"] if a["seat"] == 0]
    # after the pass the human's only legal card is played without asking
    assert calls == ["pass", "play KD"]
    assert "Your only legal card is K♦; it is played for you." in output


def test_hints_are_shown_at_every_turn_with_the_flag(tmp_path: Path) -> None:
    output = run(["play", "hasenpfeffer", "--seed", "2", "--hints", "--record-dir", str(tmp_path)],
                 "pass\n1\n")  # fmt: skip
    assert output.count("Hint: ") == output.count("Your hand: ") >= 2
    told = re.sub(r"\s+", " ", output)  # the console wraps long lines
    assert re.search(r"Hint: \S+ .* — it (takes|is worth) .* sampled deals", told)


def test_a_hint_gives_its_reason_in_the_players_language(tmp_path: Path) -> None:
    output = run(["play", "hasenpfeffer", "--seed", "2", "--hints", "--lang", "de",
                  "--record-dir", str(tmp_path)], "pass\n1\n")  # fmt: skip
    hints = [line for line in output.splitlines() if line.startswith("Tipp: ")]
    assert hints and all(" — " in line for line in hints)
    told = re.sub(r"\s+", " ", output)  # the console wraps long lines
    assert "gezogene Verteilungen" in told
    assert not re.search(r"sampled|tricks left|points to your side|next best", told)


def test_other_seats_hidden_moves_are_announced_without_their_cards(tmp_path: Path) -> None:
    output = run(["play", "hasenpfeffer", "--seed", "1", "--seat", "1", "--record-dir",
                  str(tmp_path)], ALWAYS_FIRST)  # fmt: skip
    discards = re.findall(r"^(.*) discards a card\.$", output, re.MULTILINE)
    assert discards and all("You" not in line for line in discards)
    assert not re.search(r"^(?!You)\w+ discards the ", output, re.MULTILINE)


@pytest.mark.parametrize("name", sorted(set(tt.REGISTRY) - {"hasenpfeffer"}))
def test_every_registered_game_can_be_played(tmp_path: Path, name: str) -> None:
    output = run(["play", name, "--seed", "3", "--record-dir", str(tmp_path)], "1\n" * 40)
    assert "Your hand:" in output and ("Moves: 1) " in output or "Your bid: type " in output)
    (path,) = saved_records(tmp_path)
    assert tt.replay(tt.load_record(path)).rules.name == name


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "whist"], "there is no game 'whist'"),
        (["play", "hasenpfeffer", "-o", "target_score=0"], "target_score='0' is not valid"),
        (["play", "hasenpfeffer", "-o", "loose"], "'loose' is not an option written as"),
        (["play", "hasenpfeffer", "--seat", "7"], "seat 7 is not a seat of 0..3"),
        (["play", "hasenpfeffer", "--bots", "genius"], "there is no bot 'genius'"),
        (["play", "hasenpfeffer", "--bots", "random,easy"], "names 2 players; there are 3"),
        (["rules", "whist"], "there is no game 'whist'"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert message in " ".join(result.output.replace("│", " ").split())


def test_bots_can_be_chosen_seat_by_seat(tmp_path: Path) -> None:
    args = ["play", "hasenpfeffer", "--seed", "1", "--seat", "3", "--bots", "easy,heuristic,random"]
    output = run([*args, "--record-dir", str(tmp_path)], ALWAYS_FIRST)
    assert "Game over." in output


def test_ctrl_c_at_the_prompt_saves_and_ends_cleanly(tmp_path: Path) -> None:
    def interrupted() -> str:
        raise KeyboardInterrupt

    game = tt.new_game("hasenpfeffer", seed=6)
    console = Console(file=io.StringIO(), width=80)
    bots = {s: make_bot("random", seed=s) for s in (1, 2, 3)}
    table = TerminalTable(game, 0, bots=bots, console=console, record_dir=tmp_path,
                          hint_bot=make_bot("heuristic"), read_line=interrupted)  # fmt: skip
    table.run()
    assert table.saved_to is not None and table.saved_to.exists()
    assert tt.replay(tt.load_record(table.saved_to)) == game


def test_parse_choice_reads_numbers_notation_and_lone_cards() -> None:
    game = tt.new_game("hasenpfeffer", seed=2)
    legal = tuple(game.legal_actions())
    assert str(parse_choice("BID 3", legal)) == "bid 3"
    game = tt.new_game("hasenpfeffer", dealer=3, deal="JK JH JD AH KH QH / QC 10C 9C KD QD 10D / "
                       "9D KS QS 10S 9S KC / AC AD AS JC JS 10H | 9H")  # fmt: skip
    for text in ("bid 2", "pass", "pass", "pass", "trump H"):
        game.apply(text)
    assert str(parse_choice("j♥", tuple(game.legal_actions()))) == "discard JH"
    with pytest.raises(tt.IllegalActionError, match="'0' is not a move number"):
        parse_choice("0", tuple(game.legal_actions()))
    with pytest.raises(tt.IllegalActionError, match="'xyz' is not a move or a command"):
        parse_choice("xyz", legal)


def test_while_bidding_a_typed_number_is_that_bid_not_a_menu_item() -> None:
    game = tt.new_game("hasenpfeffer", seed=2, pepper_bidding=True)
    legal = tuple(game.legal_actions())
    assert str(parse_choice("4", legal)) == "bid 4"
    assert str(parse_choice("1", legal)) == "bid 1" if "bid 1" in map(str, legal) else True
    assert str(parse_choice("little-pepper", legal)) == "bid little-pepper"
    with pytest.raises(tt.IllegalActionError, match="'9' is not a bid you can make; you can bid "):
        parse_choice("9", legal)
    game.apply("bid 4")
    later = tuple(game.legal_actions())
    with pytest.raises(
        tt.IllegalActionError,
        match=r"you can bid 5; or pass, bid little-pepper or bid big-pepper",
    ):
        parse_choice("2", later)


def test_the_game_is_told_in_sentences_with_names(tmp_path: Path) -> None:
    output = run(["play", "hasenpfeffer", "--seed", "3", "--record-dir", str(tmp_path)],
                 "4\n" + ALWAYS_FIRST)  # fmt: skip
    assert (
        "You sit in seat 1 of 4; clockwise from your left: Bruno, Cleo (partner), Dario." in output
    )
    assert "You bid 4." in output and "Your bid: type " in output
    assert re.search(r"^(Bruno|Cleo|Dario) (passes|bids \d)\.$", output, re.M)
    assert re.search(r"(^|: )You (lead|play) the .+\.$", output, re.M)


def test_rules_lists_the_games_and_one_games_options() -> None:
    listing = run(["rules"])
    for name in tt.GAME_NAMES:
        assert name in listing
    assert "playable" in listing
    options = " ".join(run(["rules", "hasenpfeffer"], width=200).replace("│", " ").split())
    for option in tt.REGISTRY["hasenpfeffer"].options:
        assert f" {option.name} " in options
    assert "pepper_bidding false" in options
    assert "until_three_passed" in options


def finished_record(folder: Path) -> Path:
    run(["play", "hasenpfeffer", "--seed", "5", "-o", "target_score=3", "--record-dir",
         str(folder)], ALWAYS_FIRST)  # fmt: skip
    (path,) = saved_records(folder)
    return path


def test_replay_prints_every_hand_and_one_hand_on_request(tmp_path: Path) -> None:
    path = finished_record(tmp_path)
    deals = len(tt.load_record(path)["deals"])
    output = run(["replay", str(path)])
    assert output.count("— Hand ") == deals
    assert "Trick 1:" in output and "[Result " in output and "won by seat" in output
    one = run(["replay", str(path), "--hand", "1"])
    assert one.count("— Hand ") == 1 and '[DealNumber "0"]' in one
    stepped = run(["replay", str(path), "--step"], "\n")
    assert stepped.count("— Hand ") == min(2, deals)


@pytest.mark.parametrize(
    ("code", "said"),
    [("de", ("— Spiel 1 —", "Plätze ab 1 gezählt", "Punkte: ", "gewonnen von")),
     ("fr", ("— Donne 1 —", "places numérotées à partir de 1", "Scores : ", "gagnée par")),
     ("ms", ("pusingan", "tempat dinomborkan dari 1", "Markah: ", "dimenangi oleh"))],
)  # fmt: skip
def test_replay_speaks_the_players_language(
    code: str, said: tuple[str, ...], tmp_path: Path
) -> None:
    """The lines around the record's notation; the notation ([Result ...], Trick 1:) stays."""
    path = finished_record(tmp_path)
    output = run(["replay", str(path), "--lang", code], width=200)
    assert all(words.lower() in output.lower() for words in said)
    assert "— Hand " not in output and "won by seat" not in output and "[Result " in output
    bad = runner.invoke(app, ["replay", str(path), "--hand", "999",
                              "--lang", code], env={"COLUMNS": "200"})  # fmt: skip
    assert bad.exit_code == 2 and "--hand 999" in bad.output and "the record has" not in bad.output


def test_replay_refuses_a_missing_file_and_a_bad_hand(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["replay", str(tmp_path / "nothing.json")])
    assert missing.exit_code == 2 and "cannot read a record" in missing.output
    path = finished_record(tmp_path)
    bad = runner.invoke(app, ["replay", str(path), "--hand", "999"], env={"COLUMNS": "200"})
    assert bad.exit_code == 2 and "--hand 999" in bad.output


def test_the_record_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RECORD_DIR_ENV, "/somewhere/records")
    assert default_record_dir() == Path("/somewhere/records")
    monkeypatch.delenv(RECORD_DIR_ENV)
    assert default_record_dir() == user_data_dir() / "tricktable"
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_DATA_HOME", "/xdg")
        assert default_record_dir() == Path("/xdg/tricktable")


def test_a_missing_cli_extra_names_the_install_command() -> None:
    code = "import sys; sys.modules['typer'] = None; import tricktable.cli as c; c.main()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert 'pip install "tricktable[cli]"' in done.stderr


# -- the examples of docs/play.md run as written -------------------------------------------------

CONSOLE = re.compile(r"```console\n(.*?)```", re.DOTALL)


def documented_sessions() -> list[tuple[str, list[str]]]:
    text = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    sessions: list[tuple[str, list[str]]] = []
    for block in CONSOLE.findall(text):
        for line in block.splitlines():
            if line.startswith("$ "):
                sessions.append((line[2:], []))
            else:
                sessions[-1][1].append(line)
    return sessions


def stdin_of(pipeline: str) -> str:
    """The input a documented ``printf '…' |``, ``printf '…%.0s' $(seq N) |`` or
    ``yes 1 | head -n N |`` prefix feeds."""
    repeated = re.fullmatch(r"printf '([^']*)%\.0s' \$\(seq (\d+)\)", pipeline)
    if repeated:
        return repeated.group(1).encode().decode("unicode_escape") * int(repeated.group(2))
    if pipeline.startswith("printf "):
        (text,) = shlex.split(pipeline)[1:]
        return text.encode().decode("unicode_escape")
    match = re.fullmatch(r"yes (\S+) \| head -n (\d+)", pipeline)
    assert match, pipeline
    return f"{match.group(1)}\n" * int(match.group(2))


@pytest.mark.parametrize(("command", "expected"), documented_sessions())
def test_documented_session(command: str, expected: list[str], tmp_path: Path) -> None:
    feed, piped, call = command.rpartition(" | tricktable ")
    args = shlex.split(call if piped else command)[0 if piped else 1 :]
    output = run(args, stdin_of(feed) if feed else "", record_dir=tmp_path)
    lines = iter(line.rstrip() for line in output.splitlines())
    for want in (w.rstrip() for w in expected if w.strip() and w.strip() != "..."):
        assert any(want in line for line in lines), f"{want!r} not in:\n{output}"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--seat", "9", "--lang", "de"], "Platz 9 ist kein Platz von 0..3"),
        (["-o", "target_score", "--lang", "fr"], "'target_score' n'est pas une option écrite"),
        (["--bots", "random,random", "--lang", "ms"], "menamakan 2 pemain; terdapat 3 tempat"),
        (["-o", "min_bid=5", "-o", "max_bid=4", "--lang", "de"], "min_bid=5 liegt über max_bid=4"),
        (["-o", "target_score=x", "--lang", "fr"], "écrivez un nombre entier de"),
    ],
)
def test_bad_arguments_are_refused_in_the_players_language(args: list[str], said: str) -> None:
    result = runner.invoke(app, ["play", "hasenpfeffer", *args], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert said in result.output
