"""Where the command line keeps its files, without third-party packages."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["RECORD_DIR_ENV", "default_record_dir", "user_data_dir"]

RECORD_DIR_ENV = "TRICKTABLE_RECORD_DIR"


def user_data_dir() -> Path:
    """The per-user data directory of this platform (XDG on Linux and other Unixes)."""
    home = Path.home()
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")


def default_record_dir() -> Path:
    """Game records go here unless ``--record-dir`` says otherwise.

    The environment variable ``TRICKTABLE_RECORD_DIR`` overrides the platform default.
    """
    override = os.environ.get(RECORD_DIR_ENV)
    return Path(override) if override else user_data_dir() / "tricktable"
