"""Double-dummy analysis of any trick-play position of every game.

``solve(game)`` (from a game's full state, which it never changes) and ``solve(position)``
return ``{legal action text: tricks}``: for every card the seat to move may play, how many of
the remaining tricks (the current one included) the side to move takes with best play by all.

The search is built on the declarative play rules alone (:class:`~tricktable.trick.PlayRules`,
the per-trump :class:`~tricktable.ranking.TrumpTable`, the seats in play and the sides), so it
is right for every game without knowing its name; see :mod:`tricktable.solver.search`.

**Games where every seat plays for itself** (the Rams family) are searched *paranoid*: the
player to move maximises his own tricks and every other player is assumed to play against him.
Tricks are constant-sum, so this turns the game into a two-sided one where alpha-beta and the
transposition table work exactly as in partnership games, and the answer is a guarantee: the
tricks he takes whatever the others do. Max-n (each player maximising his own count) needs a
rule for breaking ties between the others' equal outcomes, which changes the answer, and it
prunes far less; the paranoid value is well defined and is what "how many tricks can I make"
asks.
"""

from __future__ import annotations

from typing import Literal

from ..cards import display_key
from ..engine import Game
from ..errors import RulesError
from . import fast
from .position import Position, first_copy_text, position_from_deal, position_from_game
from .search import Searcher
from .whist import whist_position

__all__ = [
    "Backend",
    "Position",
    "card_values",
    "position_from_deal",
    "position_from_game",
    "solve",
    "whist_position",
]


Backend = Literal["auto", "python", "numba"]


def solve(target: Game | Position, *, backend: Backend = "auto") -> dict[str, int]:
    """{legal action text: tricks the side to move takes from here on with that card}.

    The current trick counts; tricks already complete do not. The game is not changed.
    ``backend``: ``"numba"`` (the ``[fast]`` extra), ``"python"``, or ``"auto"`` (numba when
    it is installed and the position is bigger than a Hasenpfeffer deal, or the kernel is
    already compiled); both give the same answers.
    """
    position = position_from_game(target) if isinstance(target, Game) else target
    values = card_values(position, backend)
    ordered = sorted(values.items(), key=lambda item: display_key(item[0]))
    return {first_copy_text(card): value for card, value in ordered}


def card_values(position: Position, backend: Backend = "auto") -> dict[int, int]:
    """{card bit index: tricks} for every legal card, by the chosen backend."""
    if backend not in ("auto", "python", "numba"):
        raise RulesError(f"backend {backend!r} is not one of 'auto', 'python', 'numba'")
    if backend == "numba" and not fast.available():
        raise RulesError("backend 'numba' needs the [fast] extra: pip install 'tricktable[fast]'")
    kernel = fast.fits(position) if backend == "numba" else fast.worthwhile(position)
    if kernel and backend != "python":
        return fast.values(position)
    return Searcher(position).values()
