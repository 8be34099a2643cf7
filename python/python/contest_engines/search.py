"""The searches of ``pathfind::tree``, on any game of the package, running in Rust.

Each class holds a ``SearchConfig`` and, once it has met a game, that game's native search (its
tree arena reused from one decision to the next)::

    search = Uct(iterations=10_000, seed=7)
    action = search.choose(game, state, player)   # the GIL is released while it searches
    search.stats()                                # [(action, visits, mean return), ...]

``Uct`` and ``DecoupledUct`` are the same search (decoupled UCT where players move at once, plain
UCT where one moves); ``InformationSetMcts`` searches on what ``player`` knows (Amazes: its own
discoveries; Windward: its observation) and, in the perfect-information games, on the state.
Without ``time`` (seconds) a search is exactly reproducible from its ``seed``.

The settings are checked when the search is made: ``DecoupledUct(iterations=-1)`` raises
``EngineError`` naming ``iterations`` (``EngineTypeError``, also a ``TypeError``, for a value of
the wrong type). ``choose`` checks for Ctrl-C every 50 ms while it searches. A search pickles
(and copies) as its settings: the copy starts afresh from its seed, without the tree or the
random generator's position of the original.
"""

from ._native import check_search


class _Search:
    _kind = ""

    def __init__(
        self,
        iterations=1000,
        time=None,
        exploration=1.0,
        mixing=0.1,
        max_playout_steps=1000,
        seed=0,
        iterations_per_sample=1,
    ):
        self._config = dict(
            iterations=iterations,
            time=time,
            exploration=exploration,
            mixing=mixing,
            max_playout_steps=max_playout_steps,
            seed=seed,
            iterations_per_sample=iterations_per_sample,
        )
        check_search(self._kind, **self._config)
        # The game met last and its native search; a bot plays one game at a time, so one is
        # kept (a new game gets a fresh search with the same config).
        self._game = None
        self._search = None

    def __getstate__(self):
        return {"_config": dict(self._config)}

    def __setstate__(self, state):
        self._config = dict(state["_config"])
        self._game = None
        self._search = None

    def native(self, game):
        """The native search of this config for ``game`` (made on first use)."""
        if self._game is not game:
            self._search = game.search(self._kind, **self._config)
            self._game = game
        return self._search

    def choose(self, game, state, player):
        """``player``'s action in ``state`` after the search, or ``None`` when it is not to move."""
        return self.native(game).choose(state, player)

    def stats(self):
        """The deciding player's root actions after the last ``choose``: (action, visits, mean)."""
        return [] if self._search is None else self._search.stats()

    @property
    def iterations(self):
        """The iterations the last ``choose`` ran."""
        return 0 if self._search is None else self._search.iterations

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in self._config.items())
        return f"{type(self).__name__}({fields})"


class FlatMonteCarlo(_Search):
    """Flat Monte Carlo: playouts from each root action in turn, no tree."""

    _kind = "FlatMonteCarlo"


class Uct(_Search):
    """UCT: Monte Carlo tree search with UCB1 selection (decoupled on simultaneous moves)."""

    _kind = "Uct"


class DecoupledUct(_Search):
    """Decoupled UCT for simultaneous moves (the same search as ``Uct``)."""

    _kind = "DecoupledUct"


class InformationSetMcts(_Search):
    """Determinized information-set MCTS on what the deciding player knows."""

    _kind = "InformationSetMcts"
