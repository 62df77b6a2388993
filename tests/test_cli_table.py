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

import tricktable as tt
from tricktable.bots import make_bot
from tricktable.cli.narrate import SeatNames
from tricktable.cli.table import TerminalTable, parse_choice

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
    assert re.search(r"^Calls: (.*, )?you (pass|order-up)", output, re.M)
    assert "End of hand 1." in output
    (change,) = re.findall(r"^Change: you and Cleo ([+-]\d+), Bruno and Dmitri ([+-]\d+)\.$",
                           output, re.M)  # fmt: skip
    assert (int(change[0]), int(change[1])) == (result.deltas[0], result.deltas[1])
    assert f"Scores: you and Cleo {result.scores[0]}, Bruno and Dmitri {result.scores[1]}" in output
