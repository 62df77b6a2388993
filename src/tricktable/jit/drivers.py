"""The drivers of a family's batch kernel: deal, play out, legal masks, step and play until a
learner's turn over every game of a batch, written once for every family.

A family's kernel module defines five steps on one game's state row, with these signatures
(``tables`` is the batch's tuple of card tables, ``work`` its scratch array, whose first 64
slots hold legal actions):

* ``deal(row, rng, g, cfg, tables, dealer, work)``: a fresh random deal by ``dealer``;
* ``legal(row, cfg, tables, out)``: the legal actions (codec numbers) into ``out``, their count;
* ``apply(row, rng, g, action, cfg, tables, work)``: carry out a legal action;
* ``playable(row, cfg, tables)``: in play, the codec card slots the seat to move may play, as
  a mask (:func:`.rows.followable` where only the led suit binds);
* ``heuristic(row, rng, g, cfg, tables, work)``: the compiled heuristic's action for the seat
  to move (the other policy, uniformly random, is written here once);

and gets its drivers from :func:`make_drivers`::

    deal_all, play_out, legal_masks, step_all, play_until = make_drivers(
        __name__, deal=deal, legal=legal, apply=apply, playable=followable, heuristic=heuristic
    )

Each driver below is a template: :func:`make_drivers` compiles a copy of it whose global names
are the family's steps, so numba calls them directly (a closure over them could not be kept in numba's disk cache: a compiled function's
identity there would change every process). The copies are cached under the family module's
name and a digest of its source, one set per family and version of its steps (numba checks
only the file a cached function is written in, here this one).
"""

from __future__ import annotations

import hashlib
import sys
import types
from typing import Any, NamedTuple

from .bits import kernel_function
from .layout import A_PLAY, P_DONE, P_PLAY, PHASE, TO_MOVE
from .rows import below, random_bit

__all__ = ["STEPS", "Drivers", "make_drivers"]

STEPS = ("deal", "legal", "apply", "playable", "heuristic")
"""The steps a family's kernel gives :func:`make_drivers`, by name."""

# The family's steps: names the templates use, unbound here and bound in each compiled copy.
deal: Any = None
legal: Any = None
apply: Any = None
playable: Any = None
heuristic: Any = None


class Drivers(NamedTuple):
    """The compiled drivers of one family's kernel (the batch engine calls them by name)."""

    deal_all: Any
    play_out: Any
    legal_masks: Any
    step_all: Any
    play_until: Any


def random_action(row, rng, g, cfg, tables, work):  # type: ignore[no-untyped-def]
    """A uniformly random legal action (in play a card straight from the playable mask,
    without listing the actions)."""
    if row[PHASE] == P_PLAY:
        return cfg[A_PLAY] + random_bit(rng, g, playable(row, cfg, tables))
    return work[below(rng, g, legal(row, cfg, tables, work))]


def choose(row, rng, g, cfg, tables, policy, work):  # type: ignore[no-untyped-def]
    """The action of ``policy`` (0: uniformly random, 1: heuristic) for the seat to move."""
    if policy == 1:
        return heuristic(row, rng, g, cfg, tables, work)
    return random_action(row, rng, g, cfg, tables, work)  # type: ignore[no-untyped-call]


def deal_all(states, rng, cfg, tables, dealers, work):  # type: ignore[no-untyped-def]
    """Deal every game afresh, game ``g`` by ``dealers[g]``."""
    for g in range(states.shape[0]):
        deal(states[g], rng, g, cfg, tables, dealers[g], work)


def play_out(states, rng, cfg, tables, policies, work):  # type: ignore[no-untyped-def]
    """Play every game's hand to its end; ``policies[seat]`` 0: uniformly random, 1: heuristic."""
    for g in range(states.shape[0]):
        row = states[g]
        while row[PHASE] != P_DONE:
            action = choose(row, rng, g, cfg, tables, policies[row[TO_MOVE]], work)  # type: ignore[no-untyped-call]
            apply(row, rng, g, action, cfg, tables, work)


def legal_masks(states, cfg, tables, out, buffer):  # type: ignore[no-untyped-def]
    """``out[g, a]`` 1 where action ``a`` is legal in game ``g``, else 0."""
    for g in range(states.shape[0]):
        for a in range(out.shape[1]):
            out[g, a] = 0
        count = legal(states[g], cfg, tables, buffer)
        for i in range(count):
            out[g, buffer[i]] = 1


def step_all(states, rng, actions, cfg, tables, work):  # type: ignore[no-untyped-def]
    """Carry out ``actions[g]`` in game ``g``; a negative one, or a finished hand, is skipped."""
    for g in range(states.shape[0]):
        if actions[g] >= 0 and states[g, PHASE] != P_DONE:
            apply(states[g], rng, g, actions[g], cfg, tables, work)


def play_until(states, rng, cfg, tables, policies, learners, work):  # type: ignore[no-untyped-def]
    """Play the other seats of every game until its learner is to move or the hand is over."""
    for g in range(states.shape[0]):
        row = states[g]
        while row[PHASE] != P_DONE and row[TO_MOVE] != learners[g]:
            action = choose(row, rng, g, cfg, tables, policies[row[TO_MOVE]], work)  # type: ignore[no-untyped-call]
            apply(row, rng, g, action, cfg, tables, work)


_TEMPLATES = (deal_all, play_out, legal_masks, step_all, play_until)


def make_drivers(module: str, **steps: Any) -> Drivers:
    """The compiled drivers of the family kernel ``module`` (its ``__name__``) over its steps
    ``deal``, ``legal``, ``apply``, ``playable`` and ``heuristic`` (numba functions, by those
    names; signatures above)."""
    wrong = ", ".join(sorted(set(steps) ^ set(STEPS)))
    if wrong:
        raise TypeError(f"make_drivers({module!r}) takes the steps {', '.join(STEPS)}: "
                        f"{wrong} is wrong or missing")  # fmt: skip
    tag = f"{module}.{_version(module)}"
    names = {**globals(), **steps}
    for policy in (random_action, choose):  # the templates the drivers call, compiled first
        names[policy.__name__] = _compiled_copy(policy, names, tag)
    return Drivers(*(_compiled_copy(template, names, tag) for template in _TEMPLATES))


def _version(module: str) -> str:
    """A digest of the module's source, so that numba's cache tells its versions apart."""
    source = sys.modules[module].__file__
    assert source is not None, module
    with open(source, "rb") as file:
        return hashlib.blake2b(file.read(), digest_size=4).hexdigest()


def _compiled_copy(template: Any, names: dict[str, Any], tag: str) -> Any:
    """``template`` compiled with ``names`` as its globals, cached under ``tag``."""
    copy = types.FunctionType(template.__code__, names, template.__name__)
    copy.__qualname__ = f"{tag}.{template.__name__}"
    copy.__module__ = tag.rpartition(".")[0]
    copy.__doc__ = template.__doc__
    return kernel_function()(copy)
