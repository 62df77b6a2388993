"""Every registered game as an OpenSpiel python game; importing this module registers them.

Short names are ``tricktable_`` + the game name with ``_`` for ``-`` (``tricktable_hasenpfeffer``,
``tricktable_double_hasenpfeffer``, ``tricktable_rams`` …). Parameters:

* ``rules`` — the rules' canonical string (default: the game with default options). OpenSpiel's
  game-string parser splits on commas, so pass options in a dict —
  ``pyspiel.load_game("tricktable_rams", {"rules": "rams(players=5,scoring=countdown)"})`` —
  or use :func:`load_game`, which passes them as ``rams[players:5;scoring:countdown]``
  (:func:`rules_parameter`) so that the game's string loads it again;
* ``episode`` (``hand``/``game``) and ``reward`` (``points``/``win``), as in
  :mod:`tricktable.envs.episodes`;
* ``deal_seeds`` and ``seed_offset`` — chance: the first node of an episode is a chance node
  with ``deal_seeds`` equally likely outcomes; outcome ``k`` starts ``Game(rules, seed=
  seed_offset + k)``, whose seed fixes the first dealer and every deal (a misdeal's redeal and
  the later hands of a whole-game episode included). One outcome per seed keeps the chance
  model exact for every game — the deal procedures differ (widows, turn-ups, redeals) but all
  of them are a function of the seed — at the price of a bounded number of distinct deals.

Observations come from the seat's view alone (:class:`~tricktable.encoding.
ObservationEncoder`; the information-state tensor adds the hand's tricks card by card; the
information-state string is the view itself as JSON). :func:`make_resampler` gives the callback
for ``open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..encoding import ActionCodec, ObservationEncoder
from ..engine import Game
from ..errors import IllegalActionError, RulesError
from ..games import REGISTRY
from ..games import rules as make_rules
from ..options import GameDef, Rules
from ..replay import replay
from ..resample import Resampler
from .episodes import EpisodeSpec

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError('tricktable.envs needs OpenSpiel: pip install "tricktable[rl]"') from exc

__all__ = [
    "SHORT_NAMES",
    "load_game",
    "make_resampler",
    "resample_from_infostate",
    "rules_parameter",
    "short_name",
    "state_at",
]

DEFAULT_DEAL_SEEDS = 10_000
POINTS_BOUND = 10_000.0
"""A bound on any seat's points in one episode (generous, not tight)."""
HAND_LENGTH_FACTOR = 8
GAME_LENGTH = 100_000


def short_name(game: str) -> str:
    return "tricktable_" + game.replace("-", "_")


@dataclass(frozen=True)
class _Config:
    """Everything a state needs that does not change during a game."""

    rules: Rules
    codec: ActionCodec
    spec: EpisodeSpec
    deal_seeds: int
    seed_offset: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self  # immutable, and shared by every state of a game

    def __reduce__(self) -> tuple[Any, ...]:
        # the rules hold local functions, so a pickle carries their canonical string instead
        spec = (self.spec.episode, self.spec.reward)
        return _rebuild_config, (str(self.rules), *spec, self.deal_seeds, self.seed_offset)


def _rebuild_config(rules: str, episode: str, reward: str, seeds: int, offset: int) -> _Config:
    built = make_rules(rules)
    return _Config(built, ActionCodec(built), EpisodeSpec(episode, reward), seeds, offset)


class _Holder:
    """Holds the engine game; OpenSpiel clones python states by deep copy, and this makes that
    a cheap :meth:`Game.copy` instead of a copy of the rules and every cached table."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(None if self.game is None else self.game.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as the game record, which replays to an equal game
        return _Holder.from_record, (None if self.game is None else self.game.record(),)

    @staticmethod
    def from_record(record: dict[str, Any] | None) -> _Holder:
        return _Holder(None if record is None else replay(record))


def _player_range(game_def: GameDef) -> tuple[int, int]:
    try:
        option = game_def.option("players")
    except RulesError:
        players = make_rules(game_def.name).flow.players
        return players, players
    return int(option.low or 2), int(option.high or 2)


def _game_type(game_def: GameDef) -> Any:
    low, high = _player_range(game_def)
    return pyspiel.GameType(
        short_name=short_name(game_def.name),
        long_name=f"tricktable {game_def.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "rules": game_def.name,
            "episode": "hand",
            "reward": "points",
            "deal_seeds": DEFAULT_DEAL_SEEDS,
            "seed_offset": 0,
        },
    )


def rules_parameter(rules: Rules) -> str:
    """The rules as the ``rules`` parameter :func:`load_game` passes: ``rams[players:5;
    scoring:countdown]``. OpenSpiel's game-string parser reads ``name(a=1,b=2)`` as a game of
    its own, so a game loaded with the canonical string did not come back from its string
    (``deserialize_game_and_state``, ``random_sim_test(serialize=True)``); this form has none
    of the parser's ``( ) , =``."""
    text = str(rules)
    name, _, options = text.partition("(")
    if not options:
        return text
    return f"{name}[{options.rstrip(')').replace(',', ';').replace('=', ':')}]"


def _rules_of(text: str) -> Rules:
    """Rules from a ``rules`` parameter: the canonical string (``;`` for ``,`` accepted) or
    :func:`rules_parameter`'s form."""
    name, bracket, options = text.partition("[")
    if bracket:
        text = f"{name}({options.rstrip(']').replace(':', '=')})"
    return make_rules(text.replace(";", ","))


def _config(game_def: GameDef, params: dict[str, Any]) -> _Config:
    rules = _rules_of(str(params.get("rules", game_def.name)))
    if rules.name != game_def.name:
        raise RulesError(
            f"rules={str(rules)!r} are not {game_def.name} rules; load "
            f"{short_name(rules.name)!r} for them"
        )
    seeds = int(params.get("deal_seeds", DEFAULT_DEAL_SEEDS))
    if seeds < 1:
        raise RulesError(f"deal_seeds={seeds!r} must be at least 1")
    spec = EpisodeSpec(str(params.get("episode", "hand")), str(params.get("reward", "points")))
    return _Config(rules, ActionCodec(rules), spec, seeds, int(params.get("seed_offset", 0)))


def _game_info(config: _Config) -> Any:
    players = config.rules.flow.players
    bound = 1.0 if config.spec.reward == "win" else POINTS_BOUND
    per_hand = HAND_LENGTH_FACTOR * (players * config.codec.tricks + 4 * players + 32)
    length = per_hand if config.spec.episode == "hand" else GAME_LENGTH
    return pyspiel.GameInfo(
        num_distinct_actions=config.codec.size,
        max_chance_outcomes=config.deal_seeds,
        num_players=players,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=None,
        max_game_length=length,
    )


def _make_game_class(game_def: GameDef) -> type:
    game_type = _game_type(game_def)

    class TricktableGame(pyspiel.Game):  # type: ignore[misc]
        """An OpenSpiel game over one set of tricktable rules."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            merged = {**game_type.parameter_specification, **(params or {})}
            self.config = _config(game_def, merged)
            super().__init__(game_type, _game_info(self.config), merged)

        def new_initial_state(self) -> TricktableState:
            return TricktableState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> TricktableObserver:
            recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return TricktableObserver(self.config, perfect_recall=recall)

    TricktableGame.__name__ = f"TricktableGame_{game_def.name.replace('-', '_')}"
    return TricktableGame


class TricktableState(pyspiel.State):  # type: ignore[misc]
    """A state: a chance node until the deal's seed is drawn, then the engine game."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._config: _Config = game.config
        self._holder = _Holder(None)
        self._returns = [0.0] * game.num_players()
        self._done = False
        self._start = 0  # hands already scored when the episode began

    @property
    def engine(self) -> Game | None:
        """The engine game (``None`` before the chance node is resolved)."""
        return self._holder.game

    def current_player(self) -> int:
        game = self._holder.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._done:
            return int(pyspiel.PlayerId.TERMINAL)
        assert game.to_move is not None
        return game.to_move

    def _legal_actions(self, player: int) -> list[int]:
        game = self._holder.game
        if game is None or self._done or player != game.to_move:
            return []
        return sorted(self._config.codec.encode(a) for a in game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chance = 1.0 / self._config.deal_seeds
        return [(k, chance) for k in range(self._config.deal_seeds)]

    def _apply_action(self, action: int) -> None:
        config = self._config
        game = self._holder.game
        if game is None:
            self._holder.game = Game(config.rules, seed=config.seed_offset + int(action))
            return
        chosen = config.codec.pick(action, game.legal_actions())
        if chosen is None:
            raise IllegalActionError(f"action number {action!r} is not legal now")
        hands = len(game.results)
        game.apply(chosen)
        earned = config.spec.rewards(game, hands)
        self._returns = [a + b for a, b in zip(self._returns, earned, strict=True)]
        self._done = config.spec.is_done(game, self._start)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {self._config.seed_offset + action}"
        return str(self._config.codec.decode(action))

    def is_terminal(self) -> bool:
        return self._done

    def returns(self) -> list[float]:
        return self._returns[:] if self._done else [0.0] * len(self._returns)

    def __str__(self) -> str:
        game = self._holder.game
        if game is None:
            return "chance: the deal"
        moves = " ".join(f"{seat}:{action}" for _, seat, action in game.log)
        return f"{game.rules} deal {game.deal_text} | {moves}"


class TricktableObserver:
    """OpenSpiel's observer: tensors from :class:`ObservationEncoder`, strings from the view."""

    def __init__(self, config: _Config, *, perfect_recall: bool) -> None:
        self.encoder = ObservationEncoder(config.rules, perfect_recall=perfect_recall)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {
            f.name: self.tensor[slice(*self.encoder.offsets[f.name])].reshape(f.shape)
            for f in self.encoder.fields
        }

    def set_from(self, state: TricktableState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.engine is not None:
            self.encoder.fill(state.engine.view(player), self.tensor)

    def string_from(self, state: TricktableState, player: int) -> str:
        if state.engine is None:
            return f"seat {player}: before the deal"
        view = state.engine.view(player)
        if self.perfect_recall:
            shown = view.to_dict()
            # the commitment differs from deal to deal: states a player cannot tell apart
            # must have one information state string
            shown.pop("deal_commitment", None)
            return json.dumps(shown, sort_keys=True, separators=(",", ":"), default=str)
        return self.encoder.text(view)


def resample_from_infostate(
    state: Any, player: int, rng: random.Random, worlds: Resampler | None = None
) -> Any:
    """A state whose hidden cards are re-dealt consistently with ``player``'s view: the
    engine's world (:func:`tricktable.resample.resample`); ``worlds``, a resampler of that
    view, saves building one again."""
    if state.engine is None:
        return state.clone()
    world = (worlds or Resampler(state.engine.view(player))).sample(rng)
    other = state.get_game().new_initial_state()
    other._holder = _Holder(world)
    other._returns, other._done = state._returns[:], state._done
    other._start = state._start
    return other


def state_at(spiel_game: Any, game: Game) -> Any:
    """A state of ``spiel_game`` that continues from a copy of the engine position ``game``.

    The episode starts at the position's hand, so an OpenSpiel bot that searches one hand at a
    time (``episode="hand"``) can take each decision of a longer game; its hidden cards are
    resampled by :func:`make_resampler` as usual."""
    state = spiel_game.new_initial_state()
    state._holder = _Holder(game.copy())
    state._start = len(game.results)
    return state


def make_resampler(seed: int) -> Any:
    """A resampler for ``ISMCTSBot.set_resampler``, deterministic for ``seed``."""
    rng = random.Random(seed)
    last: list[Resampler] = []  # ISMCTS resamples the same root state again and again

    def resample(state: Any, player: int) -> Any:
        if state.engine is None:
            return state.clone()
        view = state.engine.view(player)
        if not last or last[0].view != view:
            last[:] = [Resampler(view)]
        return resample_from_infostate(state, player, rng, last[0])

    return resample


def load_game(rules: str | Rules, **params: Any) -> Any:
    """``pyspiel.load_game`` for tricktable rules (any options), e.g. ``load_game("rams",
    episode="game")``."""
    built = make_rules(rules) if isinstance(rules, str) else rules
    given = {"rules": rules_parameter(built), **params}
    return pyspiel.load_game(short_name(built.name), given)


SHORT_NAMES: dict[str, str] = {}
for _game_def in REGISTRY.values():
    _name = short_name(_game_def.name)
    if _name not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_game_def), _make_game_class(_game_def))
    SHORT_NAMES[_game_def.name] = _name
