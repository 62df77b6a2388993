"""Server settings, the default database location and the bot factory."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..i18n import N_

__all__ = [
    "BOT_SPEEDS",
    "LEVELS",
    "Bot",
    "BotFactory",
    "Settings",
    "default_bot_factory",
    "default_db_url",
]

LEVELS = ("easy", "medium", "hard", "expert")

BOT_SPEEDS: dict[str, float | None] = {"fast": 0.15, "normal": None, "slow": 2.0}
"""A solo player's bot speeds: seconds before each bot move (``normal``: the server's setting)."""

# the presets are sent as they are (English) and shown in each reader's language
CHAT_PRESETS = (
    N_("Good luck!"),
    N_("Nice play!"),
    N_("Well played."),
    N_("Thanks, partner!"),
    N_("Oops."),
    N_("Sorry, partner."),
    N_("One moment, please."),
    "😴",
    N_("Good game!"),
)


class Bot(Protocol):
    def choose(self, view: Any) -> Any: ...


BotFactory = Callable[[str, int], Bot]
"""Makes a bot from a level or bot name and a seed."""


def default_bot_factory(level: str, seed: int) -> Bot:
    from tricktable.bots import make_bot

    bot: Bot = make_bot(level, seed=seed)
    return bot


@dataclass(frozen=True)
class Settings:
    """What a deployment (or a test) may tune; every delay is in seconds."""

    grace_seconds: float = 30.0
    """How long a disconnected player's seat waits before a bot plays for it."""
    bot_delay: float = 0.8
    """A pause before each bot move so people can follow the play."""
    max_frame: int = 8192
    """The largest client message, in characters, that the server reads."""
    substitute_level: str = "medium"
    """The bot level that plays for an absent player or when a turn timer runs out."""
    chat_history: int = 50
    chat_burst: int = 5
    """Chat messages one seat may send within ``chat_window`` seconds."""
    chat_window: float = 10.0
    send_queue: int = 512
    """Messages queued for one slow connection before the server drops it."""
    bot_processes: int = 2
    """Processes of the pool that plays bots and computes hints, claims and reviews (0: run
    them in threads of the server instead)."""
    broker_channel: str = "tricktable"
    """The broker channel every process of one deployment listens on."""
    limits: bool = True
    """Rate limits and caps on what one client may cost (off only for load tests)."""
    rates: dict[str, tuple[int, float]] = field(
        default_factory=lambda: {
            "create": (10, 60.0),
            "join": (30, 60.0),
            "hint": (30, 60.0),
            "message": (40, 10.0),
            "friend": (30, 60.0),
        }
    )
    """Per client (per connection for ``message``): at most so many requests within so many
    seconds, refilled evenly."""
    live_tables_per_client: int = 20
    """Unfinished tables one client may have created."""
    bot_tables_per_client: int = 2
    """Unfinished tables of bots alone (nobody to play) one client may have created."""
    bot_tables: int = 50
    """Unfinished tables of bots alone on the whole server (every process)."""
    max_body: int = 64 * 1024
    """The largest request body read, in bytes."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://example.org``) of other sites whose pages may open WebSockets here;
    this site's own pages always may."""
    drain_seconds: float = 10.0
    """On shutdown, how long open connections are given to finish before they are closed."""
    lease_seconds: float = 15.0
    """How long a worker holds a claimed job; past it another worker may take the job."""
    retry_seconds: float = 1.0
    """How long an automatic move waits before trying again after a database error."""
    list_seconds: float = 1.0
    """How long one answer of the lobby's table list is reused for everyone who polls it."""
    event_seconds: float = 2.0
    """How often each server looks for duplicate events to start and rounds to score."""


def default_db_url() -> str:
    """A SQLite file in the user's data directory (created if needed)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("tricktable", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tricktable.db'}"
