"""The terminal table as a person reads it: refusals in plain words about this game only, the
engine's "seat N" turned into names with verbs that agree, and Rams-family scores that agree
with each other at every point (hand summary, the `scores` sheet, the status lines)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tricktable as tt
from tricktable.actions import Kind
from tricktable.bots import make_bot
from tricktable.cli import app
from tricktable.cli.narrate import COMPUTER_NAMES, SeatNames
from tricktable.cli.table import TerminalTable, help_text, parse_choice
from tricktable.games import GAME_NAMES, REGISTRY
from tricktable.i18n import PSEUDO, translator

SH_DEAL = ("JK JH JD AH KH QH / QC 10C 9C KD QD 10D / 9D KS QS 10S 9S KC / "
           "AC AD AS JC JS 10H | 9H")  # fmt: skip


def session(game: tt.Game, answer: Callable[[TerminalTable], str], tmp_path: Path) -> str:
    """Run a terminal game with ``answer`` typing every line; the whole output."""
    out = io.StringIO()
    bots = {s: make_bot("random", seed=s) for s in range(game.player_count) if s}
    table: TerminalTable

    def typed() -> str:
        return answer(table)

    table = TerminalTable(game, 0, bots=bots, console=Console(file=out, width=200),
                          record_dir=tmp_path, hint_bot=make_bot("random"),
                          read_line=typed)  # fmt: skip
    table.run()
    return out.getvalue()


def test_an_unknown_word_is_refused_with_this_games_moves_only() -> None:
    game = tt.new_game("hasenpfeffer", seed=2)
    legal = tuple(game.legal_actions())
    kinds = game.view(game.to_move).rules.flow.action_kinds()
    with pytest.raises(tt.IllegalActionError) as refused:
        parse_choice("xyz", legal, kinds)
    message = str(refused.value)
    assert "'xyz' is not a move or a command" in message
    assert "moves start with pass, bid, trump, discard, alone, not-alone, play" in message
    for other_games_word in ("widow", "general", "exchange", "decline", "give", "partner"):
        assert other_games_word not in message
    assert "legal now: pass, bid" in message
    rams = tt.new_game("rams", seed=2)
    rams_kinds = rams.view(0).rules.flow.action_kinds()
    with pytest.raises(
        tt.IllegalActionError, match="start with pass, discard, in, widow, general"
    ) as r:
        parse_choice("bid", tuple(rams.legal_actions()), rams_kinds)
    assert "trump" not in str(r.value)


def test_a_moves_word_with_a_bad_card_says_what_is_wrong_with_the_card() -> None:
    legal = tuple(tt.new_game("hasenpfeffer", seed=2).legal_actions())
    with pytest.raises(tt.NotationError, match="'ZZ' is not a card"):
        parse_choice("play ZZ", legal)


def test_engine_text_names_you_with_a_verb_that_agrees() -> None:
    names = SeatNames(0, ((0, 2), (1, 3)), 4)
    said = "'play 9S' is not legal for seat 0 in the play phase: seat 0 does not hold 9S"
    assert names.in_text(said) == (
        "'play 9S' is not legal for you in the play phase: you do not hold 9S"
    )
    assert names.in_text("seat 1 does not hold 9S") == "Bruno does not hold 9S"
    assert names.in_text("seat 0 is out; seat 0 has 3") == "you are out; you have 3"


def test_playing_a_card_you_do_not_hold_is_refused_in_good_english(tmp_path: Path) -> None:
    game = tt.new_game("hasenpfeffer", seed=2, dealer=3, deal=SH_DEAL, target_score=1)
    tried: list[str] = []

    def answer(table: TerminalTable) -> str:
        view = table.view()
        if view.phase.value == "play" and not tried:
            tried.append("play 9S")
            return "play 9S\n"  # 9S is in seat 2's hand
        if not tried and "bid 2" in map(str, view.legal):
            return "bid 2\n"
        return "1\n" if view.legal else "quit\n"

    output = session(game, answer, tmp_path)
    assert tried == ["play 9S"]
    assert "Not accepted: 'play 9S' is not legal for you in the play phase: you do not hold 9S" in (
        output
    )
    assert "you does" not in output


def _totals(line: str) -> dict[str, int]:
    return {name: int(n) for name, n in re.findall(r"(\w+) ([+-]?\d+)", line)}


@pytest.mark.parametrize("game_name", ["rams", "bierspiel", "rounce"])
def test_rams_family_scores_agree_in_the_summary_the_sheet_and_the_status(
    game_name: str, tmp_path: Path
) -> None:
    """Each hand: the totals before it plus its "Change:" are the "Scores:" after it, the
    `scores` sheet shows those totals, and the ante of the next hand is said where it is
    taken (the status line keeps the totals before it)."""
    game = tt.new_game(game_name, seed=5)
    asked: set[int] = set()

    def answer(table: TerminalTable) -> str:
        view = table.view()
        if len(view.history) >= 3:
            return "quit\n"
        if view.history and view.hand_number not in asked:
            asked.add(view.hand_number)
            return "scores\n"
        return "1\n"

    output = session(game, answer, tmp_path)
    changes = [_totals(m) for m in re.findall(r"^Change: (.*)\.$", output, re.M)]
    after = [_totals(m) for m in re.findall(r"^Scores: (.*)$", output, re.M)]
    results = re.findall(r"^End of hand \d+\.$", output, re.M)
    assert len(results) >= 2
    # the status line before the first hand shows the starting totals, then each hand's
    # summary adds its change to the totals before it
    hand_scores = re.findall(r"End of hand \d+\.\n(?:.*\n)*?Scores: (.*)\n", output)
    totals = [_totals(s) for s in hand_scores]
    start = after[0]  # the status line of the first hand: the totals before it
    for before, change, total in zip([start, *totals], changes, totals, strict=False):
        assert {n: before[n] + change[n] for n in before} == total
    # the sheet: each hand's line ends with the totals that hand left, and "Now" is the last
    sheets = re.findall(r"Hand (\d+): .*? → (.*)\n", output)
    for number, shown in sheets:
        assert _totals(shown) == totals[int(number) - 1]
    nows = [_totals(m) for m in re.findall(r"Now: (.*)\n", output)]
    assert nows and all(now in totals for now in nows)
    assert all(line in after for line in totals)
    assert "looed: " not in output or not re.search(r"looed: \d", output)
    if getattr(game.view(0).section, "scoring", None) == "chips":
        assert re.search(r"— Hand 2 — (\w+) deals and puts \d+ chips in the pot\.", output) or (
            "You deal and put" in output
        )
        assert re.search(r"Pot: \d+ chips \(\w+ put in \d+", output)


def test_a_whole_hand_of_euchre_in_the_terminal(tmp_path: Path) -> None:
    """The turn-up and the calls are shown, every move is taken by its number, and the hand's
    change and scores are the engine's."""
    game = tt.new_game("euchre", seed=5)

    def answer(table: TerminalTable) -> str:
        return "quit\n" if table.view().history else "1\n"

    output = session(game, answer, tmp_path)
    (result,) = game.results
    assert re.search(r"^Turn-up: \S+", output, re.M)
    # the calls as sentences: "Calls: Bruno passes. Cleo passes. You order it up."
    assert re.search(r"^Calls: (.*\. )?You (pass|order it up)\.", output, re.M)
    assert "End of hand 1." in output
    (change,) = re.findall(r"^Change: you and Cleo ([+-]\d+), Bruno and Dario ([+-]\d+)\.$",
                           output, re.M)  # fmt: skip
    assert (int(change[0]), int(change[1])) == (result.deltas[0], result.deltas[1])
    assert f"Scores: you and Cleo {result.scores[0]}, Bruno and Dario {result.scores[1]}" in output


# -- the player's language -----------------------------------------------------------------------


def worded_session(game: tt.Game, code: str, tmp_path: Path, tried: list[str] | None = None) -> str:
    """One whole hand of ``game`` at the terminal in language ``code``, the human always taking
    the first legal move (typed as its notation, which every language types alike), after
    first typing each of ``tried``; then ``quit``. The whole output, its saved path cut."""
    out = io.StringIO()
    bots = {s: make_bot("random", seed=s) for s in range(game.player_count) if s}
    table: TerminalTable
    waiting = list(tried or [])

    def typed() -> str:
        view = table.view()
        if view.history or not view.legal:
            return "quit\n"
        if waiting:
            return waiting.pop(0) + "\n"
        return f"{view.legal[0]}\n"

    table = TerminalTable(game, 0, bots=bots, console=Console(file=out, width=300),
                          record_dir=tmp_path, hint_bot=make_bot("random"),
                          read_line=typed, words=translator(code))  # fmt: skip
    table.run()
    return re.sub(r"\S+\.json", "", out.getvalue())


def _typed_words() -> set[str]:
    """Words that stay as typed in every language: the games' and options' names, the moves'
    notation, the commands, and the computer players' names."""
    words = {"true", "false", "help", *GAME_NAMES, *COMPUTER_NAMES, *(k.value for k in Kind)}
    for game in REGISTRY.values():
        words |= {game.name, *game.aliases}
        for option in game.options:
            words |= {option.name, *option.choices, option.format(option.default)}
    return {part for word in words for part in re.split(r"[-_]", word)} | words


@pytest.mark.parametrize("game_name", sorted(REGISTRY))
def test_the_pseudo_locale_leaves_no_english_in_a_whole_hand(
    game_name: str, tmp_path: Path
) -> None:
    """Every word of a whole hand (status, hand, moves, narration, the hand's end and its
    payments, the prompt) passed through the translator: no plain English word is left."""
    output = worded_session(tt.new_game(game_name, seed=4), PSEUDO, tmp_path)
    assert "⟦" in output and output.count("\n") > 20
    english = set(re.findall(r"[A-Za-z]+", output)) - _typed_words()
    assert english == set(), output


LANGUAGE_WORDS = {
    "de": ("Du ", "Stich", "Punkte: du", "Deine Hand:", "Dein Zug (Nummer, Notation oder 'help')"),
    "fr": ("Vous ", "pli", "Scores : vous", "Votre main :", "Votre coup (numéro"),
    "ms": ("Anda ", "helah", "Markah: anda", "Tangan anda:", "Langkah anda (nombor"),
}
SUIT_NAMES = {
    "de": ("Kreuz", "Karo", "Herz", "Pik"),
    "fr": ("trèfle", "carreau", "cœur", "pique"),
    "ms": ("kelawar", "berlian", "hati", "sped"),
}


@pytest.mark.parametrize("code", ["de", "fr", "ms"])
@pytest.mark.parametrize("game_name", ["hasenpfeffer", "euchre", "rams"])
def test_a_hand_is_played_in_each_language(code: str, game_name: str, tmp_path: Path) -> None:
    output = worded_session(tt.new_game(game_name, seed=4), code, tmp_path)
    for said in LANGUAGE_WORDS[code]:
        assert said in output
    assert any(suit in output for suit in SUIT_NAMES[code])
    for english in ("You ", "trick", "Your hand", "Scores:", "End of hand", "seed"):
        assert english not in output


def test_the_cards_are_written_as_each_languages_players_write_them(tmp_path: Path) -> None:
    """Bube, Dame, König, Ass in German; valet, dame, roi, as in French; the Malay rules
    text's own J, Q, K, A and Joker."""
    deal = tt.new_game
    hands = {
        code: worded_session(deal("hasenpfeffer", seed=2, dealer=3, deal=SH_DEAL), code, tmp_path)
        for code in ("de", "fr", "ms")
    }
    # seat 0 holds JK JH JD AH KH QH, shown by suit before trump is named
    assert "Herz: A♥ K♥ D♥ B♥   Karo: B♦" in hands["de"]
    assert "cœur: A♥ R♥ D♥ V♥   carreau: V♦" in hands["fr"]
    assert "hati: A♥ K♥ Q♥ J♥   berlian: J♦" in hands["ms"]


def test_a_refusal_is_said_in_the_players_language(tmp_path: Path) -> None:
    game = tt.new_game("hasenpfeffer", seed=2, dealer=3, deal=SH_DEAL)
    output = worded_session(game, "de", tmp_path, tried=["zz", "9", "play 9S"])
    assert "Nicht angenommen: 'zz' ist kein Zug und kein Befehl" in output
    assert "Nicht angenommen: '9' ist kein Gebot, das du machen kannst; du kannst" in output
    assert "9♠ spielen ist jetzt nicht erlaubt; jetzt erlaubt: passen, 1 bieten" in output
    assert "Not accepted" not in output and "is not" not in output


@pytest.mark.parametrize(
    ("args", "environ", "said"),
    [
        (["--lang", "fr"], {}, "Vous êtes à la place 1 sur 4"),
        ([], {"LANG": "de_DE.UTF-8"}, "Du sitzt auf Platz 1 von 4"),
        (["--lang", "ms"], {"LANG": "de_DE.UTF-8"}, "Anda duduk di tempat 1 daripada 4"),
        ([], {}, "You sit in seat 1 of 4"),
    ],
)
def test_play_takes_the_language_from_lang_else_the_environment(
    args: list[str], environ: dict[str, str], said: str, tmp_path: Path
) -> None:
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", **environ}
    result = CliRunner().invoke(
        app,
        ["play", "hasenpfeffer", "--seed", "1", "--record-dir", str(tmp_path), *args],
        input="quit\n",
        env={**env, "COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert said in result.output


def test_play_refuses_an_unknown_language() -> None:
    result = CliRunner().invoke(
        app, ["play", "hasenpfeffer", "--lang", "tlh"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 2
    assert "'tlh' is not known; use one of en, de, fr, ms" in result.output


# -- what is shown again, and what is not asked --------------------------------------------------


def test_the_help_offers_this_games_moves_and_bids_only_where_it_has_them() -> None:
    euchre = help_text(tt.rules("euchre").flow)
    assert (
        "'alone', 'not-alone', 'order-up', 'trump H', 'play JH'" in euchre
        and "'4' bids 4" not in euchre
    )
    single = help_text(tt.rules("hasenpfeffer").flow, translator("de"))
    assert "'alone', 'not-alone', 'trump H', 'play JH'" in single and "('4' bietet 4)" in single


def test_the_status_is_shown_again_only_where_it_changed(tmp_path: Path) -> None:
    game = tt.new_game("hasenpfeffer", seed=2, dealer=3, deal=SH_DEAL)
    typed: list[str] = []

    def answer(table: TerminalTable) -> str:
        typed.append("table" if len(typed) == 6 else "1")
        return "quit\n" if table.view().history else typed[-1] + "\n"

    output = session(game, answer, tmp_path)
    turns = output.count("Your hand: ")
    contract = [line for line in output.splitlines() if line.startswith("Contract: ")]
    assert turns >= 4 and len(contract) == 2  # once when made, once more for 'table'
