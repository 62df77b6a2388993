"""Learned evaluators for the non-card decisions: data from the batch engine, a small MLP, and
inference in plain numpy at play time.

The pipeline, per decision (:data:`tricktable.learn.data.DECISIONS`): :mod:`.data` deals hands
in the batch engine, stops at a seat's decision, and values every legal action there by
playouts (the action forced, the rest of the hand played by the compiled heuristic), in
resumable shards on local processes or Ray; :mod:`.train` fits a small MLP to those values
(numpy only); :mod:`.model` loads the shipped weights and scores a seat's legal actions from its
view alone (:mod:`.features` encodes the view exactly as the batch kernels encode the row, and
the tests hold the two equal). ``tricktable train GAME`` rebuilds a game's weights.
"""

from __future__ import annotations
