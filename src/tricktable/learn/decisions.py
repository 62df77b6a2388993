"""The decisions learned so far: what ``tricktable train KEY`` rebuilds. A game's first decision
is keyed by the game's name (``hasenpfeffer``: the bid), its others by the weights' name
(``hasenpfeffer-trump``, ``hasenpfeffer-discard``).

Kept apart from :mod:`.data` (which needs the batch engine) so that play-time code can read
it with the core and the games alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games import rules as make_rules
from ..games.hasenpfeffer import SINGLE

__all__ = ["DECISIONS", "Decision"]


@dataclass(frozen=True)
class Decision:
    """A decision an evaluator learns: the game, the batch phase it is taken in, and the
    rule options (as ``rules(game, **options)`` takes them)."""

    game: str
    phase: str
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def name(self) -> str:
        return f"{self.game}-{self.phase}"

    def rules_text(self) -> str:
        return str(make_rules(self.game, **dict(self.options)))


def _decisions(*found: Decision) -> dict[str, Decision]:
    return {d.game if d.phase == "auction" else d.name: d for d in found}


DECISIONS: dict[str, Decision] = _decisions(
    Decision(SINGLE.name, "auction"), Decision(SINGLE.name, "trump"),
    Decision(SINGLE.name, "discard"), Decision(SINGLE.name, "play"),
)  # fmt: skip
"""The decisions learned so far (the key is what ``tricktable train`` takes)."""
