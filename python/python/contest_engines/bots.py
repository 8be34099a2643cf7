"""The example bots of ``play`` as Python policies: every bot ``play GAME --bots`` offers for a
game (the ``examples`` crate's rosters; not the program bots, ``cmd:``), plus a uniformly random
``random`` bot for the games whose roster has none::

    from contest_engines import bots, tron3d

    game = tron3d.Game("cube6")
    bot = bots.tron3d("demo", seed=1, game=game)
    state = game.initial_state(seed=7)
    action = bot.act(state, 2)              # player 2's tron3d.Action (None: not to move)

``bots.GAME(name, seed=0, game=None)`` makes one (``game``: the ``Game`` whose states it is
given; default ``Game()``); ``bots.names(GAME)`` lists the names, ``bots.make(GAME, name, ...)``
takes the game's name. A bot thinks in Rust with the GIL released, and is deterministic by its
seed: a bot plays games one after the other, starting one at its first ``act``, after
``reset()``, or when asked for another player or a state earlier in the game than the last
(game ``k`` is seeded from ``(seed, k)``; ``reset(seed=s)`` counts afresh from ``s``). Windward's
bots react to the status messages of each step: tell them each step with
``bot.hear(state_before, actions)`` (the environments of ``contest_engines.gymnasium`` do);
elsewhere ``hear`` does nothing.

A bot's action is the engine's own, as ``play`` plays it: often not one of
``Game.legal_actions`` (which lists a discretised set: CloudWars' greedy bot steers in any
direction, the Amazes explorer sends longer move lines, Dogfight's DumbPlanes sends moves the
engine corrects as the original did), so step it with ``Game.advance(state, actions,
check=False)``, the game's own handling, as the environments do.

Any object with ``act(state, player)`` answering an ``Action`` (or an action index) is a policy
the environments take as an opponent.
"""

from ._native import EngineError
from ._native import bots as _native

DogfightBot = _native.DogfightBot
Tron3dBot = _native.Tron3dBot
CloudwarsBot = _native.CloudwarsBot
AmazesBot = _native.AmazesBot
WindwardBot = _native.WindwardBot
TictactoeBot = _native.TictactoeBot

CLASSES = {
    "dogfight": DogfightBot,
    "tron3d": Tron3dBot,
    "cloudwars": CloudwarsBot,
    "amazes": AmazesBot,
    "windward": WindwardBot,
    "tictactoe": TictactoeBot,
}


def _class(game_name):
    try:
        return CLASSES[game_name]
    except KeyError:
        raise EngineError(f"game {game_name!r}: one of {sorted(CLASSES)}") from None


def names(game_name):
    """The names of ``game_name``'s bots."""
    return [name for name, _ in _class(game_name).names()]


def describe(game_name):
    """``{name: one line about the bot}`` for ``game_name``'s bots."""
    return dict(_class(game_name).names())


def make(game_name, name, seed=0, game=None):
    """The bot ``name`` of the game ``game_name`` (``"tron3d"``), seeded with ``seed``, acting on
    the states of ``game`` (default: the game's ``Game()``)."""
    return _class(game_name)(name, seed, game)


def dogfight(name, seed=0, game=None):
    """A Dogfight bot: ``search``, ``search-classic``, ``random`` (the original's DumbPlanes),
    ``fast-random``, ``straight``."""
    return DogfightBot(name, seed, game)


def tron3d(name, seed=0, game=None):
    """A Tron3D bot: ``search``, ``tree``, ``demo`` (the kit's Demo), ``null``, ``random``."""
    return Tron3dBot(name, seed, game)


def cloudwars(name, seed=0, game=None):
    """A CloudWars bot: ``greedy``, ``search``, ``search-classic``, ``random``."""
    return CloudwarsBot(name, seed, game)


def amazes(name, seed=0, game=None):
    """An Amazes bot: ``search``, ``explorer``, ``random``."""
    return AmazesBot(name, seed, game)


def windward(name, seed=0, game=None):
    """A Windward bot: ``builtin``, ``builtin-nocards``, ``planner``, ``navigator``,
    ``search``, ``idle``, ``random``."""
    return WindwardBot(name, seed, game)


def tictactoe(name="random", seed=0, game=None):
    """A tic-tac-toe bot: ``random``."""
    return TictactoeBot(name, seed, game)


__all__ = [
    "CLASSES",
    "names",
    "describe",
    "make",
    "dogfight",
    "tron3d",
    "cloudwars",
    "amazes",
    "windward",
    "tictactoe",
    "DogfightBot",
    "Tron3dBot",
    "CloudwarsBot",
    "AmazesBot",
    "WindwardBot",
    "TictactoeBot",
]
