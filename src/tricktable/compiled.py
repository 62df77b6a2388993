"""The optional compiled build: which modules run compiled, and whether that build is current.

``tricktable compile`` turns the engine's hot modules (the core's below, and each game
family's ``COMPILED`` modules) into C extensions beside their sources, with mypyc; Python
then imports the extension instead of the source. The answers are the same (a test plays every
game both ways); the pure-Python package stays the default, and ``tricktable compile
--remove`` goes back to it.

A build records a digest of each source it compiled. An extension older than its source
would run the old code, so importing tricktable warns when a compiled module's source has
changed since (compile again, or remove the build).
"""

from __future__ import annotations

import hashlib
import json
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__all__ = [
    "CORE_MODULES",
    "STAMP",
    "compiled_modules",
    "is_extension",
    "source_digest",
    "source_path",
    "stale_modules",
    "warn_if_stale",
]

CORE_MODULES = (
    "tricktable.actions",
    "tricktable.cards",
    "tricktable.deal",
    "tricktable.engine.game",
    "tricktable.engine.play",
    "tricktable.engine.state",
    "tricktable.flow",
    "tricktable.flow_game",
    "tricktable.trick_in_play",
)
"""The core's modules that a compiled build compiles (every card played runs through them).
``trick`` and ``ranking`` stay Python: the numba kernels compile their functions too (the
trick in play, :class:`~tricktable.trick_in_play.Trick`, lives apart so that it is compiled)."""

STAMP = "_compiled.json"
"""The file, in the package's folder, that maps each compiled module to its source's digest."""

PACKAGE = Path(__file__).resolve().parent


def is_extension(path: str | None) -> bool:
    return path is not None and any(path.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def compiled_modules() -> list[str]:
    """The tricktable modules imported so far that run from a compiled extension."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("tricktable.") and is_extension(getattr(module, "__file__", None))
    )


def source_path(module: str, package: Path = PACKAGE) -> Path:
    """The source file of a tricktable module (``package``: the folder of ``tricktable``)."""
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_digest(module: str, package: Path = PACKAGE) -> str:
    """The SHA-256 of a tricktable module's source file."""
    return hashlib.sha256(source_path(module, package).read_bytes()).hexdigest()


def stale_modules(package: Path = PACKAGE) -> list[str]:
    """The compiled modules whose source changed since they were compiled (or whose build
    recorded no digest); empty for the pure-Python package."""
    stamp = package / STAMP
    if not stamp.exists():
        return []
    recorded: dict[str, str] = json.loads(stamp.read_text())
    return sorted(
        module
        for module, digest in recorded.items()
        if not source_path(module, package).exists() or source_digest(module, package) != digest
    )


def warn_if_stale(package: Path = PACKAGE) -> None:
    """Warn (RuntimeWarning) when the compiled build is older than its sources."""
    stale = stale_modules(package)
    if stale:
        warnings.warn(
            f"the compiled build of {', '.join(stale)} is older than its source, which has "
            "changed since: run 'tricktable compile' again, or 'tricktable compile --remove'",
            RuntimeWarning,
            stacklevel=3,
        )
