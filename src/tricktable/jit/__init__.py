"""What every compiled (numba) kernel is built from: the bit helpers the solver and the batch
share (:mod:`.bits`), and for a game family's batch kernel the layout of a game's state row
(:mod:`.layout`), play on such a row (:mod:`.rows`) and the drivers over a whole batch
(:mod:`.drivers`).

It sits below the games, so that a family's package (``games/<family>/batch/``) can carry its
own kernel; the batch engine (:mod:`tricktable.batch`) above them loads a family's kernel
through its ``GameDef``. Only :mod:`.layout` imports no numba; the rest is the ``fast`` extra.
"""
