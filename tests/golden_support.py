"""Golden playthroughs: a fixed seeded hand of every preset, every view of every seat and
every action, as text (tests/golden/*.txt), in the manner of OpenSpiel's playthroughs.

Each file is what :func:`playthrough` writes for its preset: the rules, seed and dealer, then
step by step the seat to move, its legal actions and the action taken (a seeded random choice),
and after every step each view (the spectator's and every seat's) as the keys of its
``to_dict()`` that changed since that seat's last view (the whole view the first time).
``tests/test_golden.py`` writes them again and compares; a changed engine, view or legal
action shows as the first line that differs. Regenerate them on purpose, after reading the
differences, with ``scripts/golden`` (this module run as a script).
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tricktable as tt

GOLDEN = Path(__file__).parent / "golden"
SEED = 1
DEALER = 0


def presets() -> Iterator[tuple[str, str, tt.Rules]]:
    """(file name, preset label, rules) of every registered game's presets."""
    for game in tt.REGISTRY.values():
        for label, options in game.presets:
            slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
            yield f"{game.name}--{slug}.txt", label, tt.rules(game.name, **options)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _view_lines(game: tt.Game, seen: dict[int | None, dict[str, Any]]) -> Iterator[str]:
    for seat in (None, *range(game.player_count)):
        view = game.view(seat).to_dict()
        before = seen.get(seat, {})
        changed = dict(_changes(before, view))
        gone = sorted(key for key in before if key not in view)
        seen[seat] = view
        name = "spectator" if seat is None else f"seat {seat}"
        yield f"  view {name}: {_json(changed)}" + (f" without {gone}" if gone else "")


def _changes(before: dict[str, Any], view: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The keys of ``view`` that differ from ``before``; a list that only grew as its new
    items under ``key+`` (the history and tricks of a hand), so each line stays short."""
    for key, value in view.items():
        old = before.get(key, ...)
        if old == value:
            continue
        if isinstance(old, list) and isinstance(value, list) and value[: len(old)] == old:
            yield f"{key}+", value[len(old) :]
        else:
            yield key, value


def playthrough(label: str, rules: tt.Rules) -> str:
    """The text of a seeded first hand of ``rules`` (a session of one deal)."""
    game = tt.Game(rules, seed=SEED, dealer=DEALER, deal_limit=1)
    rng = random.Random(SEED)
    lines = [f"# golden playthrough of the preset {label!r} (regenerate with scripts/golden)",
             f"rules: {rules}", f"seed: {SEED}", f"dealer: {DEALER}", "deal_limit: 1",
             f"deal: {game.deal_text}"]  # fmt: skip
    seen: dict[int | None, dict[str, Any]] = {}
    lines += _view_lines(game, seen)
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        action = rng.choice(legal)
        lines.append(f"step {step}: seat {game.to_move} in {game.phase.value} may "
                     f"{', '.join(map(str, legal))}")  # fmt: skip
        lines.append(f"  action: {game.apply(action)}")
        lines += _view_lines(game, seen)
        step += 1
    lines += [f"scores: {list(game.scores)}", f"winners: {list(game.winners)}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """Write every preset's golden file (``--check``: only say which differ; exit 1 if any)."""
    check = "--check" in argv
    differ = []
    for name, label, rules in presets():
        text, path = playthrough(label, rules), GOLDEN / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            differ.append(name)
            if not check:
                path.write_text(text, encoding="utf-8")
    print(("differ: " if check else "written: ") + (", ".join(differ) or "none"))
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
