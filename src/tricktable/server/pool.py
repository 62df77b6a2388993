"""CPU-heavy work off the event loop: bot moves, hints, claims and reviews in a process pool.

A bot's search (or a review's solver run) in a thread of the server would still hold the GIL
against the event loop between numba calls; in a process of its own it costs the loop nothing.
Every task is a module-level function of picklable arguments: a seat's view (never the game),
a game record, plain numbers and strings. ``processes=0`` runs the same functions in threads
(quicker to start, for tests and tiny deployments).
"""

from __future__ import annotations

import asyncio
import copyreg
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

import tricktable as tt
from tricktable.cards import CardSet
from tricktable.options import Rules

from .config import BotFactory

log = logging.getLogger(__name__)

__all__ = ["Compute", "bot_seed", "choose_action", "rules_of"]

T = TypeVar("T")


@functools.lru_cache(maxsize=256)
def rules_of(text: str) -> Rules:
    """The rules of a canonical rules string (cached: building a game's flow is not cheap)."""
    return tt.rules(text)


def _card_set(mask: int) -> CardSet:
    return CardSet(mask)


def _reduce_rules(rules: Rules) -> tuple[Callable[[str], Rules], tuple[str]]:
    return rules_of, (str(rules),)


def _reduce_cards(cards: CardSet) -> tuple[Callable[[int], CardSet], tuple[int]]:
    return _card_set, (cards.mask,)


# A view crosses to a bot process by value: its rules as their canonical string, its card sets
# as their masks (both are immutable and rebuilt exactly on the other side).
copyreg.pickle(Rules, _reduce_rules)
copyreg.pickle(CardSet, _reduce_cards)


def bot_seed(game_seed: int, seat: int, number: int) -> int:
    """The seed of the bot that makes action ``number`` for ``seat``: fixed by the table, so any
    process (a server's pool or a worker) makes the same choice for the same position."""
    return (game_seed * 7919 + number * 131 + seat + 1) % (1 << 62)


def _watch_parent(parent: int) -> None:
    """In a pool process: end when the server that started it is gone (killed, it could not
    say so), instead of waiting for work for ever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="tricktable-parent-watch", daemon=True).start()


def choose_action(factory: BotFactory, level: str, seed: int, view: Any) -> Any:
    """The action a new bot of ``level`` chooses from ``view`` (run in the pool): the
    ``Action`` itself, which the table applies as it is (not its text, to be parsed again)."""
    return factory(level, seed).choose(view)


class Compute:
    """The pool one server (or worker) hands its CPU-heavy work to, created on first use."""

    def __init__(self, processes: int, threads: int = 2) -> None:
        self.processes = processes
        self.threads = threads
        self._executor: Executor | None = None
        self.pending = 0
        """Tasks handed to the pool and not finished yet (the bot queue's depth)."""

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            if self.processes > 0:
                # spawn: a fork of a process running an event loop and threads is not safe
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.processes,
                    mp_context=context,
                    initializer=_watch_parent,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="tricktable")
        return self._executor

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the pool, awaited without blocking the event loop."""
        self.pending += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor, function, *args)
        finally:
            self.pending -= 1

    def close(self, bound: float = 10.0) -> None:
        """Stop the pool: queued work is dropped, work in hand may finish within ``bound``
        seconds (a move takes at most seconds); pool processes still running then are ended."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        executor.shutdown(wait=False, cancel_futures=True)
        # waits for the pool's processes to end: a server that exits right after (uvicorn
        # re-raises SIGTERM) must not orphan them, nor wait for ever for a stuck one
        joining = threading.Thread(target=executor.shutdown, name="tricktable-pool-join")
        joining.daemon = True
        joining.start()
        joining.join(bound)
        if joining.is_alive():
            log.error("bot pool: still busy %.1f s after it was stopped; its processes end", bound)
            processes = getattr(executor, "_processes", None) or {}
            for process in list(processes.values()):
                process.terminate()
