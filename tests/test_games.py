"""The registry's families come from the entry-point group ``tricktable.games``: the shipped ones
first in their order, then plug-ins by name; a source tree without metadata falls back to the
shipped ones; a broken plug-in is skipped with a warning naming it; a family from outside
tricktable is listed and plays a game in the engine (everywhere else: test_plugin_everywhere)."""

from __future__ import annotations

import pkgutil
import random
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import tricktable as tt
from plugin_support import write_plugin
from tricktable.errors import PluginWarning
from tricktable.games import FAMILIES, GROUP, SHIPPED, load_families
from tricktable.options import Rules

ROOT = Path(__file__).resolve().parent.parent


def point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=GROUP)


SHIPPED_POINTS = [point(name, f"tricktable.games.{name}") for name in SHIPPED]


@pytest.fixture
def plugin_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` holding the toy family and its distribution's metadata."""
    write_plugin(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [name for name in sys.modules if name.split(".")[0] == "toy_family"]:
        del sys.modules[name]


def test_pyproject_registers_the_shipped_families_in_the_group() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    registered = project["entry-points"][GROUP]
    assert registered == {name: f"tricktable.games.{name}" for name in SHIPPED}


def test_the_registry_lists_the_shipped_families_first_in_their_order() -> None:
    names = [family.__name__.rpartition(".")[2] for family in FAMILIES[: len(SHIPPED)]]
    assert names == list(SHIPPED)
    assert tt.GAME_NAMES[:6] == (
        "hasenpfeffer", "double-hasenpfeffer", "rams", "bierspiel", "rounce", "euchre",
    )  # fmt: skip


def test_without_metadata_the_shipped_families_are_imported_from_the_tree() -> None:
    assert load_families([]) == FAMILIES[: len(SHIPPED)]


def test_shipped_families_keep_their_order_and_plugins_follow_by_name(
    plugin_folder: Path,
) -> None:
    points = [point("zz", "toy_family"), *reversed(SHIPPED_POINTS)]
    families = load_families(points)
    assert [family.__name__ for family in families] == [
        *(f"tricktable.games.{name}" for name in SHIPPED), "toy_family",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("toy_family_is_not_there", "importing it failed: ModuleNotFoundError"),
        ("json", "it is not a package exporting GAMES"),
        ("tricktable.games.euchre", "it names games already registered: euchre"),
    ],
)
def test_a_broken_plugin_is_skipped_with_a_warning_naming_its_entry_point(
    value: str, why: str
) -> None:
    with pytest.warns(PluginWarning, match=f"the game family broken = '{value}'") as caught:
        families = load_families([*SHIPPED_POINTS, point("broken", value)])
    assert why in str(caught[0].message)
    assert families == FAMILIES[: len(SHIPPED)]


def test_a_second_entry_point_of_a_name_is_skipped_with_a_warning(plugin_folder: Path) -> None:
    with pytest.warns(PluginWarning, match="'toy' is registered already, as 'toy_family'"):
        families = load_families([*SHIPPED_POINTS, point("toy", "toy_family"),
                                  point("toy", "json")])  # fmt: skip
    assert families[-1].__name__ == "toy_family"


def test_an_installed_plugin_family_is_read_from_its_distribution_and_plays(
    plugin_folder: Path,
) -> None:
    family = load_families()[-1]
    assert family.__name__ == "toy_family"
    (game,) = family.GAMES
    assert game.name == "toy-euchre"
    played = tt.new_game(Rules.build(game, {"target_score": 5}), seed=4)
    chooser = random.Random(4)
    while not played.is_over:
        played.apply(chooser.choice(played.legal_actions()))
    assert max(played.scores) >= 5 and played.winners


def run_with_plugin(folder: Path, code: str, **env: str) -> list[str]:
    """The words ``code`` prints in a fresh Python that has the plug-in on its path."""
    env = {"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin", **env}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env=env, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_plugins_game_is_in_game_names_of_a_fresh_process(plugin_folder: Path) -> None:
    code = (
        "import random, tricktable as tt\n"
        "game = tt.new_game('toy-euchre', seed=2)\n"
        "chooser = random.Random(2)\n"
        "while not game.is_over:\n"
        "    game.apply(chooser.choice(game.legal_actions()))\n"
        "same = tt.replay(game.record()).scores == game.scores\n"
        "print(tt.GAME_NAMES[-1], tt.rules('toy-euchre', cutthroat=True), same)\n"
    )
    words = run_with_plugin(plugin_folder, code)
    assert words == ["toy-euchre", "toy-euchre(cutthroat=true)", "True"]


def test_the_import_contracts_cover_every_top_level_module() -> None:
    """A new module is placed in a layer, and in the contract that keeps families out of it."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "importlinter"
    ]["contracts"]
    layered = {name.strip() for layer in contracts[0]["layers"] for name in layer.split(":")}
    kept_out = set(contracts[2]["source_modules"]) | {"tricktable.games"}
    modules = {f"tricktable.{found.name}" for found in pkgutil.iter_modules(tt.__path__)}
    assert modules - layered == set() and modules - kept_out == set()
