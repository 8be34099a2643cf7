//! Flat Monte Carlo: playouts from each root action in turn, no tree.

use std::fmt;

use rand::SeedableRng;

use super::arena::{Scratch, playout};
use super::config::Budget;
use super::{ActionStats, Game, Policy, SearchConfig, SearchRng, Uniform};

/// Flat Monte Carlo: the deciding player's root actions take turns (round robin, so each gets
/// the same number of iterations, ±1); an iteration plays the action, lets the other players to
/// move pick theirs with the [`Policy`], plays out for at most
/// [`SearchConfig::max_playout_steps`] steps and credits the deciding player's return. The
/// answer is the action of the highest mean return (ties: the first listed).
///
/// No tree: cheap per iteration, blind to the opponents' best replies (it assumes they play like
/// the policy), a good baseline and a good choice when the budget is small or the branching huge.
///
/// ```
/// use pathfind::tree::{FlatMonteCarlo, Game, SearchConfig};
/// use pathfind::tree::toys::TicTacToe;
///
/// let game = TicTacToe;
/// // X to move: cell 2 wins at once.
/// let state = TicTacToe::from_text("XX.OO....").unwrap();
/// let mut search = FlatMonteCarlo::new(SearchConfig { iterations: 4_000, ..SearchConfig::default() });
/// assert_eq!(search.choose(&game, &state, 0), Some(2));
/// // But where O must block X at cell 2, flat Monte Carlo prefers the centre: it expects X to
/// // play at random, who completes the row only one time in six. UCT does block.
/// let state = TicTacToe::from_text("XX.O.....").unwrap();
/// assert_eq!(search.choose(&game, &state, 1), Some(4));
/// assert_eq!(search.stats().map(|s| s.visits).sum::<u32>(), 4_000);
/// ```
pub struct FlatMonteCarlo<G: Game, P = Uniform> {
    config: SearchConfig,
    policy: P,
    rng: SearchRng,
    actions: Vec<G::Action>,
    visits: Vec<u32>,
    totals: Vec<f64>,
    scratch: Scratch<G::Action>,
    state: Option<G::State>,
    iterations: u32,
}

impl<G: Game> FlatMonteCarlo<G, Uniform> {
    /// A search with uniformly random playouts.
    pub fn new(config: SearchConfig) -> Self {
        FlatMonteCarlo::with_policy(config, Uniform)
    }
}

impl<G: Game, P: Policy<G>> FlatMonteCarlo<G, P> {
    /// A search whose playouts (and other players' root actions) follow `policy`.
    pub fn with_policy(config: SearchConfig, policy: P) -> Self {
        FlatMonteCarlo {
            rng: SearchRng::seed_from_u64(config.seed),
            config,
            policy,
            actions: Vec::new(),
            visits: Vec::new(),
            totals: Vec::new(),
            scratch: Scratch::default(),
            state: None,
            iterations: 0,
        }
    }

    /// Searches from `state` and answers `player`'s action of the highest mean return. `None`
    /// when `player` is not to move in `state` (or has no legal action). With a zero budget,
    /// the first legal action.
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
        self.iterations = 0;
        self.scratch.playout_steps = 0;
        self.visits.clear();
        self.totals.clear();
        let movers = game.to_move(state);
        if !movers.contains(player) {
            self.actions.clear();
            return None;
        }
        game.legal_actions(state, player, &mut self.actions);
        let n = self.actions.len();
        if n == 0 {
            return None;
        }
        self.visits.resize(n, 0);
        self.totals.resize(n, 0.0);
        let scratch = self.state.get_or_insert_with(|| state.clone());
        let mut budget = Budget::start(&self.config);
        let mut next = 0;
        while !stop() && budget.next() {
            scratch.clone_from(state);
            self.scratch.joint.clear();
            for mover in movers {
                if mover == player {
                    self.scratch.joint.push(self.actions[next].clone());
                } else {
                    game.legal_actions(scratch, mover, &mut self.scratch.legal);
                    if self.scratch.legal.is_empty() {
                        continue; // a contract breach; the game handles the short joint action
                    }
                    let i = self.policy.choose(
                        game,
                        scratch,
                        mover,
                        &self.scratch.legal,
                        &mut self.rng,
                    );
                    self.scratch.joint.push(self.scratch.legal[i].clone());
                }
            }
            game.advance(scratch, &self.scratch.joint);
            playout(
                game,
                scratch,
                &mut self.policy,
                &mut self.rng,
                self.config.max_playout_steps,
                &mut self.scratch,
            );
            self.visits[next] += 1;
            self.totals[next] += self.scratch.returns[player];
            next = (next + 1) % n;
        }
        self.iterations = budget.done();
        self.best()
    }

    /// The deciding player's root actions after the last [`choose`](Self::choose), with their
    /// visits and mean returns, in the game's order.
    pub fn stats(&self) -> impl Iterator<Item = ActionStats<'_, G::Action>> {
        self.actions
            .iter()
            .zip(self.visits.iter().zip(&self.totals))
            .map(|(action, (&visits, &total))| ActionStats {
                action,
                visits,
                mean: if visits == 0 {
                    0.0
                } else {
                    total / f64::from(visits)
                },
            })
    }

    /// The action of the highest mean return in the last search (ties: the first listed).
    pub fn best(&self) -> Option<G::Action> {
        let mut best: Option<ActionStats<'_, G::Action>> = None;
        for s in self.stats() {
            if best.as_ref().is_none_or(|b| s.mean > b.mean) {
                best = Some(s);
            }
        }
        best.map(|b| b.action.clone())
    }

    /// The iterations the last [`choose`](Self::choose) ran.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// The engine steps the last [`choose`](Self::choose) played in its playouts (beyond the
    /// tree): with [`iterations`](Self::iterations), what a decision cost in engine time.
    pub fn playout_steps(&self) -> u64 {
        self.scratch.playout_steps
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the settings for the next decisions.
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

impl<G: Game, P> fmt::Debug for FlatMonteCarlo<G, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FlatMonteCarlo")
            .field("config", &self.config)
            .field("actions", &self.actions)
            .field("visits", &self.visits)
            .field("iterations", &self.iterations)
            .finish_non_exhaustive()
    }
}

impl<G: Game, P: Clone> Clone for FlatMonteCarlo<G, P> {
    fn clone(&self) -> Self {
        FlatMonteCarlo {
            config: self.config.clone(),
            policy: self.policy.clone(),
            rng: self.rng.clone(),
            actions: self.actions.clone(),
            visits: self.visits.clone(),
            totals: self.totals.clone(),
            scratch: self.scratch.clone(),
            state: self.state.clone(),
            iterations: self.iterations,
        }
    }
}
