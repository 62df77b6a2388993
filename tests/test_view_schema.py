"""The view's JSON schema (docs/view-schema.json): generated from its types, fits real views."""

from __future__ import annotations

import functools
import itertools
import json
import random
from pathlib import Path

import pytest

import tricktable as tt
from tricktable.games import view_schema, view_sections
from tricktable.view import View

jsonschema = pytest.importorskip("jsonschema")

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "docs" / "view-schema.json"
REGENERATE = (
    "python -c 'import json; from tricktable.games import view_schema; "
    "print(json.dumps(view_schema(), indent=2))' > docs/view-schema.json"
)
GAMES: list[tuple[str, dict[str, object]]] = [
    ("hasenpfeffer", {"going_alone": "maker_and_defender", "target_score": 6}),
    ("double-hasenpfeffer", {"players": 6, "target_score": 30}),
    ("rams", {"scoring": "countdown"}),
    ("bierspiel", {}),
    ("rounce", {}),
    ("euchre", {"railroad": True, "lone_defender": True}),
]


def test_the_schema_in_the_docs_is_the_generated_one() -> None:
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == view_schema(), REGENERATE


def test_every_game_declares_a_section_the_schema_describes() -> None:
    schema = view_schema()
    games_of = {
        v["title"].partition(":")[0]: v["properties"]["game"]["enum"] for v in schema["oneOf"]
    }
    for name in tt.GAME_NAMES:
        section = tt.rules(name).flow.VIEW_SECTION.__name__
        assert section in schema["$defs"] and name in games_of[section]


@functools.cache
def sample_dicts(name: str, seed: int) -> list[dict[str, object]]:
    """Every seat's view (and a spectator's) at every decision of a random game."""
    options = dict(GAMES)[name]
    game = tt.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    views: list[View] = []
    for step in itertools.count():
        views += [game.view(seat) for seat in (None, *range(game.player_count))]
        if game.is_over or step == 600:
            break
        game.apply(rng.choice(game.legal_actions()))
    return [view.to_dict() for view in views]


@pytest.mark.parametrize("name", list(dict(GAMES)))
def test_real_views_fit_the_schema(name: str) -> None:
    validator = jsonschema.Draft202012Validator(view_schema())
    views = sample_dicts(name, 1)
    for data in views[:: len(views) // 40]:  # validating is slow: forty spread over the game
        errors = [e.message for e in validator.iter_errors(data)]
        assert not errors, (name, data["seat"], data["phase"], errors[:3])
        assert json.loads(json.dumps(data)) == data


def test_every_key_the_schema_names_turns_up_in_real_views() -> None:
    defs = view_schema()["$defs"]
    for section in view_sections():
        games = [n for n in dict(GAMES) if tt.rules(n).flow.VIEW_SECTION is section]
        seen = {
            key for name in games for seed in (1, 2) for d in sample_dicts(name, seed) for key in d
        }
        assert seen == set(defs["View"]["properties"]) | set(defs[section.__name__]["properties"])


def test_a_view_with_a_foreign_key_or_a_wrong_type_is_refused() -> None:
    validator = jsonschema.Draft202012Validator(view_schema())
    data = tt.new_game("rams", seed=1).view(0).to_dict()
    assert validator.is_valid(data)
    assert not validator.is_valid({**data, "surprise": 1})
    assert not validator.is_valid({**data, "hand": ["1X"]})
    assert not validator.is_valid({**data, "game": "hasenpfeffer"})
