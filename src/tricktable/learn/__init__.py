"""Learned evaluators at play time and the resumable shards their data comes in.

:mod:`.model` loads a game's shipped networks (``games/<family>/weights/``) and scores a seat's
legal actions from its view alone, in plain numpy; :mod:`.shards` makes a data set in resumable
shards on local processes or Ray. The labels and the training are :mod:`tricktable.distil`'s:
``tricktable learn GAME`` rebuilds a game's weights (docs/train.md).
"""

from __future__ import annotations
