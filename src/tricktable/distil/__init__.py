"""Bots that learn from the solver: positions labelled by search, networks fit to them.

:mod:`.label` values every legal action of a seat's position over sampled worlds (the PIMC
teacher, the solver playing the cards); :mod:`.fit` trains a policy and value network per
decision with torch; :mod:`.rebuild` runs both and writes the weights the ``learned`` bot plays
with in numpy (:mod:`tricktable.learn.model`). ``tricktable learn GAME`` is the command.
"""
