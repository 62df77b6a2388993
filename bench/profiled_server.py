"""``python bench/profiled_server.py OUT [server arguments]``: the server under cProfile, only
while the bench's clients play (SIGUSR1 starts the profile, SIGUSR2 writes it to ``OUT``), so
what is measured is the moves, not start-up or connecting.

    python bench/server.py --tables 100 --seconds 20 --think 3 --profile server.prof
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from types import FrameType

from tricktable.server.__main__ import main
from tricktable.server.run import configure_logging

profile = cProfile.Profile(time.process_time)
"""CPU time, not the wall clock: the time the loop waits for clients is not the server's."""
out = sys.argv[1]


def start(signum: int, frame: FrameType | None) -> None:
    profile.enable()


def write(signum: int, frame: FrameType | None) -> None:
    profile.disable()
    profile.dump_stats(out)


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, write)
    configure_logging()
    main(sys.argv[2:])
