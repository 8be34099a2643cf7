//! UCT (upper confidence bounds applied to trees), and its decoupled form for simultaneous moves.

use std::fmt;

use rand::SeedableRng;

use super::arena::{Arena, best_of, sample_by_visits};
use super::config::Budget;
use super::{ActionStats, Game, Policy, SearchConfig, SearchRng, Uniform};

/// Monte Carlo tree search with UCB1 selection (UCT); on simultaneous moves, decoupled UCT.
///
/// Each iteration descends the tree from the root, picking at every node one action per player
/// to move by *that player's own* UCB1 (`mean + c·sqrt(ln N / n)` over its own returns, untried
/// actions first): in an alternating game that is plain UCT for the mover, and in a simultaneous
/// game it is decoupled UCT (DUCT), where the chosen actions together make the joint action and
/// no player sees the others' choice. It then adds one node, plays out with the [`Policy`] for at
/// most [`SearchConfig::max_playout_steps`] steps, and credits every player's return to that
/// player's actions along the path. n-player games work the same way (each player maximises its
/// own return, as in max^n).
///
/// **Chance.** The contract keeps a game's random generator in its state, so every iteration
/// that replays the same actions from the root meets the same dice: the search plans for the one
/// future the state's seed holds, as if it could see it. Where chance matters (a random move
/// order, shuffled cards), give the game a [`Determinize`](super::Determinize) implementation
/// whose `sample_state` redraws the generator's seed and use
/// [`InformationSetMcts`](super::InformationSetMcts), which then averages over futures.
///
/// The answer is the most visited root action of the deciding player. The tree lives in an arena
/// of `Vec`s reused between decisions: once a decision has built its largest tree, later
/// decisions of the same size allocate nothing (as long as cloning the game's `State` and
/// `Action` allocates nothing).
///
/// Tic-tac-toe, with `X` (player 0) to move and a win to take at cell 2:
///
/// ```
/// use pathfind::tree::{Game, SearchConfig, Uct};
/// use pathfind::tree::toys::TicTacToe;
///
/// let game = TicTacToe;
/// // X X .
/// // O O .
/// // . . .
/// let state = TicTacToe::from_text("XX.OO....").unwrap();
/// let mut search = Uct::new(SearchConfig { iterations: 2_000, ..SearchConfig::default() });
/// assert_eq!(search.choose(&game, &state, 0), Some(2));
/// assert_eq!(search.iterations(), 2_000);
/// let best = search.stats().max_by_key(|s| s.visits).unwrap();
/// assert_eq!(*best.action, 2);
/// assert!(best.mean > 0.9);
/// ```
///
/// Decoupled UCT on a simultaneous game: in "guess the larger number" each player names 1, 2 or
/// 3 and the larger wins (a tie is a draw), so naming 3 is the dominant answer:
///
/// ```
/// use pathfind::tree::{DecoupledUct, Game, SearchConfig};
/// use pathfind::tree::toys::MatrixGame;
///
/// let game = MatrixGame::new(vec![
///     vec![0.5, 0.0, 0.0],
///     vec![1.0, 0.5, 0.0],
///     vec![1.0, 1.0, 0.5],
/// ])
/// .unwrap();
/// let state = game.initial_state(0);
/// let mut search = DecoupledUct::new(SearchConfig { iterations: 3_000, ..SearchConfig::default() });
/// assert_eq!(search.choose(&game, &state, 0), Some(2)); // the row player names 3
/// assert_eq!(search.choose(&game, &state, 1), Some(2)); // and so does the column player
/// ```
pub struct Uct<G: Game, P = Uniform> {
    config: SearchConfig,
    policy: P,
    rng: SearchRng,
    arena: Arena<G::Action>,
    scratch: Option<G::State>,
    player: usize,
    iterations: u32,
}

/// Decoupled UCT for simultaneous moves: the same search as [`Uct`], whose selection is already
/// decoupled (one UCB1 per player to move, over that player's own actions and returns).
pub type DecoupledUct<G, P = Uniform> = Uct<G, P>;

impl<G: Game> Uct<G, Uniform> {
    /// A search with uniformly random playouts.
    pub fn new(config: SearchConfig) -> Self {
        Uct::with_policy(config, Uniform)
    }
}

impl<G: Game, P: Policy<G>> Uct<G, P> {
    /// A search whose playouts follow `policy`.
    pub fn with_policy(config: SearchConfig, policy: P) -> Self {
        Uct {
            rng: SearchRng::seed_from_u64(config.seed),
            config,
            policy,
            arena: Arena::default(),
            scratch: None,
            player: 0,
            iterations: 0,
        }
    }

    /// Searches from `state` and answers `player`'s action: the most visited of its root
    /// actions. `None` when `player` is not to move in `state` (or, against the contract, has no
    /// legal action). With a zero budget, the first legal action.
    pub fn choose(&mut self, game: &G, state: &G::State, player: usize) -> Option<G::Action> {
        self.choose_until(game, state, player, || false)
    }

    /// [`choose`](Self::choose), polling `stop` before each iteration: once it answers `true`
    /// the search ends there, as if its budget had run out ([`iterations`](Self::iterations)
    /// tells how many ran), and answers its choice so far. A `stop` that never answers `true`
    /// changes nothing: the same iterations, the same random draws, the same choice. For a
    /// caller that must stay responsive during a long search (the Python package checks for
    /// Ctrl-C); the closure is called once per iteration, so it should be cheap (read the clock
    /// every so many calls).
    pub fn choose_until(
        &mut self,
        game: &G,
        state: &G::State,
        player: usize,
        mut stop: impl FnMut() -> bool,
    ) -> Option<G::Action> {
        self.player = player;
        self.iterations = 0;
        self.arena.reset();
        let movers = game.to_move(state);
        if !movers.contains(player) {
            return None;
        }
        self.arena.expand(game, state, 0, movers);
        let scratch = self.scratch.get_or_insert_with(|| state.clone());
        let mut budget = Budget::start(&self.config);
        while !stop() && budget.next() {
            scratch.clone_from(state);
            self.arena.iterate(
                game,
                scratch,
                &mut self.policy,
                &mut self.rng,
                &self.config,
                false,
                None,
            );
        }
        self.iterations = budget.done();
        self.arena.best(player)
    }

    /// The deciding player's root actions after the last [`choose`](Self::choose), with their
    /// visits and mean returns, in the game's order.
    pub fn stats(&self) -> impl Iterator<Item = ActionStats<'_, G::Action>> {
        self.arena.root_stats(self.player)
    }

    /// Any player's root actions after the last [`choose`](Self::choose): in a simultaneous
    /// game, what the search expects of the other players (their most visited actions are its
    /// prediction of their play).
    pub fn stats_of(&self, player: usize) -> impl Iterator<Item = ActionStats<'_, G::Action>> {
        self.arena.root_stats(player)
    }

    /// The best action of the last search again (without searching).
    pub fn best(&self) -> Option<G::Action> {
        best_of(self.stats())
    }

    /// An action of the last search drawn at random in proportion to its visits (without
    /// searching again): in a simultaneous game, decoupled UCT's visit shares approximate a
    /// mixed strategy, and always playing the most visited action can be exploited (matching
    /// pennies). `None` when the last search had no action for its player or ran no iteration.
    ///
    /// ```
    /// use pathfind::tree::{DecoupledUct, Game, SearchConfig};
    /// use pathfind::tree::toys::MatrixGame;
    ///
    /// let pennies = MatrixGame::new(vec![vec![1.0, 0.0], vec![0.0, 1.0]]).unwrap();
    /// let state = pennies.initial_state(0);
    /// let mut search = DecoupledUct::new(SearchConfig { iterations: 2_000, ..SearchConfig::default() });
    /// search.choose(&pennies, &state, 0);
    /// let heads = (0..1_000).filter(|_| search.sample_by_visits() == Some(0)).count();
    /// assert!((350..650).contains(&heads));
    /// ```
    pub fn sample_by_visits(&mut self) -> Option<G::Action> {
        sample_by_visits(self.arena.root_stats(self.player), &mut self.rng)
    }

    /// The iterations the last [`choose`](Self::choose) ran.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// The engine steps the last [`choose`](Self::choose) played in its playouts (beyond the
    /// tree): with [`iterations`](Self::iterations), what a decision cost in engine time.
    pub fn playout_steps(&self) -> u64 {
        self.arena.playout_steps()
    }

    /// The number of nodes of the last search's tree.
    pub fn tree_size(&self) -> usize {
        self.arena.node_count()
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the settings for the next decisions (the random generator carries on; use
    /// [`reseed`](Self::reseed) to restart it).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Restarts the random generator from `seed`.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = SearchRng::seed_from_u64(seed);
    }

    /// The playout policy.
    pub fn policy_mut(&mut self) -> &mut P {
        &mut self.policy
    }
}

impl<G: Game, P> fmt::Debug for Uct<G, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Uct")
            .field("config", &self.config)
            .field("player", &self.player)
            .field("iterations", &self.iterations)
            .field("tree_size", &self.arena.node_count())
            .finish_non_exhaustive()
    }
}

impl<G: Game, P: Clone> Clone for Uct<G, P> {
    fn clone(&self) -> Self {
        Uct {
            config: self.config.clone(),
            policy: self.policy.clone(),
            rng: self.rng.clone(),
            arena: self.arena.clone(),
            scratch: self.scratch.clone(),
            player: self.player,
            iterations: self.iterations,
        }
    }
}
