"""Golden playthroughs (tests/golden/*.txt, written by tests/golden_support.py): a seeded hand
of every preset, every view of every seat and every action, exactly as stored.

A difference is either a bug or a change made on purpose: then read the differences and
regenerate the files with ``scripts/golden``.
"""

from __future__ import annotations

import pytest

import tricktable as tt
from golden_support import GOLDEN, playthrough, presets

PRESETS = list(presets())


def _first_difference(stored: str, made: str) -> str:
    old_lines, new_lines = stored.splitlines(), made.splitlines()
    for number, (old, new) in enumerate(zip(old_lines, new_lines, strict=False), 1):
        if old != new:
            return f"line {number}:\n stored: {old[:300]}\n   made: {new[:300]}"
    return f"the stored file has {len(old_lines)} lines, the game {len(new_lines)}"


@pytest.mark.parametrize(("name", "label", "rules"), PRESETS, ids=[p[0] for p in PRESETS])
def test_a_presets_playthrough_is_its_golden_file(name: str, label: str, rules: tt.Rules) -> None:
    path = GOLDEN / name
    assert path.exists(), f"{name} is missing: run scripts/golden"
    stored, made = path.read_text(encoding="utf-8"), playthrough(label, rules)
    assert stored == made, f"{name} differs at {_first_difference(stored, made)}"


def test_every_golden_file_belongs_to_a_preset() -> None:
    names = {p[0] for p in PRESETS}
    assert len(names) == len(PRESETS)  # no two presets share a file
    assert {path.name for path in GOLDEN.glob("*.txt")} == names


def test_a_playthrough_plays_its_hand_to_the_end() -> None:
    _, label, rules = PRESETS[0]
    text = playthrough(label, rules)
    assert text.startswith(f"# golden playthrough of the preset {label!r}")
    assert "  action: play " in text  # the hand was played, not only bid
    assert text.rstrip().splitlines()[-1].startswith("winners: [")
