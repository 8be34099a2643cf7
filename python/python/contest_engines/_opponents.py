"""Opponents for the environments: bot names or policies in the seats an agent does not play,
shared by ``contest_engines.gymnasium`` and ``contest_engines.pettingzoo.Opponents``."""

import numbers

from . import bots as _bots
from ._native import EngineError, EngineTypeError

# The opponent each game's environments seat when none is named.
DEFAULT_OPPONENT = {
    "dogfight": "random",
    "tron3d": "demo",
    "cloudwars": "greedy",
    "amazes": "explorer",
    "windward": "builtin",
    "tictactoe": "random",
}


def is_builtin(policy):
    """Whether ``policy`` is one of ``contest_engines.bots``' bots."""
    return isinstance(policy, tuple(_bots.CLASSES.values()))


class Seats:
    """The policies of the seats ``players`` of ``game``, from ``opponents``: ``None`` (each
    game's default bot in every seat), one bot name or policy (a name makes one bot per seat;
    one object plays every seat), or a sequence of one per seat, in increasing seat order. A
    policy is any object with ``act(state, player)`` answering an ``Action`` or an action
    index."""

    def __init__(self, game, players, opponents):
        self.game = game
        self.players = list(players)
        if opponents is None:
            opponents = DEFAULT_OPPONENT[game.name]
        if isinstance(opponents, str) or hasattr(opponents, "act"):
            if is_builtin(opponents) and len(self.players) > 1:
                raise EngineError(
                    "opponents: a built-in bot plays one seat (it starts a new game when asked "
                    "for another player): give one per seat, or the bot's name"
                )
            opponents = [opponents] * len(self.players)
        else:
            try:
                opponents = list(opponents)
            except TypeError:
                raise EngineTypeError(
                    f"opponents: a bot name, a policy with act(state, player), or a list of "
                    f"them, got {type(opponents).__name__}"
                ) from None
        if len(opponents) != len(self.players):
            raise EngineError(
                f"opponents: {len(opponents)} given for the {len(self.players)} seat(s) "
                f"{self.players} of {game.name}"
            )
        self.policies = {}
        for player, spec in zip(self.players, opponents):
            if isinstance(spec, str):
                spec = _bots.make(game.name, spec, seed=0, game=game)
            elif not callable(getattr(spec, "act", None)):
                raise EngineTypeError(
                    f"opponent for seat {player}: a bot name or an object with act(state, "
                    f"player), got {spec!r}"
                )
            self.policies[player] = spec
        self.hearing = any(getattr(p, "hears", False) for p in self.policies.values())

    def names(self):
        """A name per seat (the bot's, or the policy's class name)."""
        return {
            p: getattr(policy, "name", type(policy).__name__) for p, policy in self.policies.items()
        }

    def reset(self, seed):
        """A new game from seed ``seed``: each built-in bot starts its games afresh from a seed
        of its own (``seed * 64 + seat``), so an episode is reproducible from its seed."""
        for player, policy in self.policies.items():
            if is_builtin(policy):
                policy.reset(seed=(seed * 64 + player) % 2**64)

    def action(self, state, player):
        """The ``Action`` of ``player``'s policy in ``state`` (an index it answers is turned
        into its action; an index outside the player's mask, or no action, raises)."""
        policy = self.policies[player]
        answer = policy.act(state if is_builtin(policy) else state.copy(), player)
        if answer is None:
            raise EngineError(f"the opponent in seat {player} answered no action")
        if isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
            index = int(answer)
            n = self.game.num_distinct_actions
            if not 0 <= index < n or not self.game.legal_mask(state, player)[index]:
                raise EngineError(
                    f"the opponent in seat {player} answered action index {index}, not legal"
                )
            return self.game.index_action(state, player, index)
        return answer

    def hear(self, before, actions):
        """Tells the bots that hear (Windward's) the step from ``before`` by ``actions``."""
        for policy in self.policies.values():
            if getattr(policy, "hears", False):
                policy.hear(before, actions)
