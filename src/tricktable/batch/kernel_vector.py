"""The vector environment's bookkeeping in numba: one call per step instead of Python per env.

A step of :class:`tricktable.envs.vector_env.BatchVectorEnv` is: check the learners' actions
against the masks of the last step (:func:`check_actions`), the family kernel's ``step_all``
and ``play_until``, then :func:`settle` (rewards, which hands ended, their last observation),
:func:`swap_in` (a finished hand's row is replaced by the next hand of a *pool* of hands that
were dealt and played up to their learner's first decision ahead of time), and the
observations and masks of the new positions. The pool is refilled in whole batches by the
family kernels, so dealing a new hand never copies or indexes rows from Python.

Family-independent: it reads only the common slots of :mod:`tricktable.jit.layout`.
"""

from __future__ import annotations

from ..jit.bits import kernel_function
from ..jit.layout import DELTA, P_DONE, PHASE, WIDTH
from .kernel_obs import observe


@kernel_function()
def check_actions(actions, masks, chosen, legal):  # type: ignore[no-untyped-def]
    """``chosen[g]`` the action of game ``g`` if ``masks`` allows it, else -1 (and
    ``legal[g]`` False); returns how many were illegal."""
    illegal = 0
    size = masks.shape[1]
    for g in range(actions.shape[0]):
        action = actions[g]
        ok = 0 <= action < size and masks[g, action] == 1
        legal[g] = ok
        chosen[g] = action if ok else -1
        illegal += 0 if ok else 1
    return illegal


@kernel_function()
def settle(states, seats, legal, sign, illegal_reward, cfg, spec, rewards, done, final):  # type: ignore[no-untyped-def]
    """Rewards and ends of hands after a step; the last observation of every ended hand in
    ``final`` (other rows are left alone). Returns how many hands ended."""
    ended = 0
    for g in range(states.shape[0]):
        row = states[g]
        finished = row[PHASE] == P_DONE
        if not legal[g]:
            rewards[g] = illegal_reward
        elif finished:
            rewards[g] = sign * row[DELTA + seats[g]]
        else:
            rewards[g] = 0.0
        done[g] = finished or not legal[g]
        if done[g]:
            observe(row, seats[g], cfg, spec, final[g])
            ended += 1
    return ended


@kernel_function()
def swap_in(states, seats, done, start, pool, pool_seats, cursor):  # type: ignore[no-untyped-def]
    """Give every ended game from row ``start`` on the next ready hand of the pool.

    ``cursor[0]`` is the next pool row to look at; a pool hand whose learner never gets a
    decision (already over) is skipped. Returns -1 when every ended game has a new hand, or
    the row to resume from once the pool has been refilled."""
    for g in range(start, states.shape[0]):
        if not done[g]:
            continue
        while cursor[0] < pool.shape[0] and pool[cursor[0], PHASE] == P_DONE:
            cursor[0] += 1
        if cursor[0] == pool.shape[0]:
            return g
        source = cursor[0]
        for i in range(WIDTH):
            states[g, i] = pool[source, i]
        seats[g] = pool_seats[source]
        cursor[0] += 1
    return -1
