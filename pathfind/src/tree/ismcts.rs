//! Determinized information-set MCTS, for games with hidden information.

use std::fmt;

use rand::SeedableRng;

use super::arena::{Arena, StateCache, best_of};
use super::config::Budget;
use super::{ActionStats, Determinize, Policy, SearchConfig, SearchRng, Uniform};

/// Single-observer information-set MCTS (Cowling, Powley & Whitehouse, 2012) with
/// determinization: every iteration samples a full state consistent with the deciding player's
/// [`Belief`](Determinize::Belief) ([`Determinize::sample_state`]) and runs one UCT iteration
/// on it, in *one* tree whose nodes are action histories (the information sets of the deciding
/// player, who sees every action in the games this serves). Actions are matched by equality, so
/// an action legal in some samples only gets an edge of its own, and UCB1 counts for each edge
/// the iterations in which it was available rather than the parent's visits. Simultaneous moves
/// are decoupled as in [`Uct`](super::Uct).
///
/// **Reusing samples.** Where drawing a sample costs far more than a playout (Amazes draws a
/// whole maze consistent with a map), [`with_iterations_per_sample`](Self::with_iterations_per_sample)
/// runs several iterations on each sample (on copies of it) before drawing the next: fewer
/// distinct worlds for the same budget, far more iterations for the same time. The default, 1,
/// is the textbook algorithm. With several iterations per sample, the search keeps the state
/// the sample reached at each tree node it walked through, and a later iteration on the same
/// sample copies it instead of replaying the actions that lead there (`advance` is pure, so
/// the answers are the same; at most 4,096 states are kept, reused from sample to sample).
///
/// The search is given the belief, never the true state: its choice can depend only on what the
/// player knows. The answer is the most visited root action. Like [`Uct`](super::Uct) it
/// allocates nothing once its arena has grown, provided `sample_state` allocates nothing.
///
/// A coin lands heads with probability 0.7 and its face is hidden; guessing right pays 1,
/// wrong 0, passing 0.6. Whatever the coin shows, the search guesses heads (0.7 expected):
///
/// ```
/// use pathfind::tree::{InformationSetMcts, SearchConfig};
/// use pathfind::tree::toys::{CoinBelief, CoinGuess, Guess};
///
/// let game = CoinGuess { pass_value: 0.6 };
/// let belief = CoinBelief { heads_probability: 0.7 };
/// let mut search = InformationSetMcts::new(SearchConfig { iterations: 2_000, ..SearchConfig::default() });
/// assert_eq!(search.choose(&game, &belief, 0), Some(Guess::Heads));
/// let heads = search.stats().find(|s| *s.action == Guess::Heads).unwrap();
/// assert!((heads.mean - 0.7).abs() < 0.05);
/// ```
pub struct InformationSetMcts<G: Determinize, P = Uniform> {
    config: SearchConfig,
    policy: P,
    rng: SearchRng,
    arena: Arena<G::Action>,
    /// The current sample, and the copy an iteration plays on when samples are reused.
    sample: Option<G::State>,
    work: Option<G::State>,
    /// With several iterations per sample: the states the current sample reached in the tree.
    cache: StateCache<G::State>,
    /// Whether `cache` is used (always, but for the tests that compare with the replay).
    cache_states: bool,
    iterations_per_sample: u32,
    player: usize,
    iterations: u32,
}

impl<G: Determinize> InformationSetMcts<G, Uniform> {
    /// A search with uniformly random playouts.
    pub fn new(config: SearchConfig) -> Self {
        InformationSetMcts::with_policy(config, Uniform)
    }
}

impl<G: Determinize, P: Policy<G>> InformationSetMcts<G, P> {
    /// Whether sampled states are cached between iterations (the default); off, every
    /// iteration samples afresh. For the integration tests, which check both give one answer.
    #[doc(hidden)]
    pub fn set_cache_states(&mut self, cache: bool) {
        self.cache_states = cache;
    }

    /// Forgets the cached sampled states. For the integration tests.
    #[doc(hidden)]
    pub fn clear_state_cache(&mut self) {
        self.cache = StateCache::default();
    }

    /// A search whose playouts follow `policy`.
    pub fn with_policy(config: SearchConfig, policy: P) -> Self {
        InformationSetMcts {
            rng: SearchRng::seed_from_u64(config.seed),
            config,
            policy,
            arena: Arena::default(),
            sample: None,
            work: None,
            cache: StateCache::default(),
            cache_states: true,
            iterations_per_sample: 1,
            player: 0,
            iterations: 0,
        }
    }

    /// The same search running `k` iterations on each sampled state before drawing the next
    /// (0 counts as 1, the default: a fresh sample every iteration). The budget still counts
    /// iterations; each one starts from a copy of the sample, so a playout never sees another's
    /// moves.
    ///
    /// ```
    /// use pathfind::tree::{InformationSetMcts, SearchConfig};
    /// use pathfind::tree::toys::{CoinBelief, CoinGuess, Guess};
    ///
    /// let game = CoinGuess { pass_value: 0.6 };
    /// let belief = CoinBelief { heads_probability: 0.7 };
    /// let config = SearchConfig { iterations: 4_000, ..SearchConfig::default() };
    /// let mut search = InformationSetMcts::new(config).with_iterations_per_sample(8);
    /// assert_eq!(search.choose(&game, &belief, 0), Some(Guess::Heads));
    /// assert_eq!(search.iterations(), 4_000);
    /// ```
    #[must_use]
    pub fn with_iterations_per_sample(mut self, k: u32) -> Self {
        self.iterations_per_sample = k.max(1);
        self
    }

    /// The iterations run on each sampled state (see
    /// [`with_iterations_per_sample`](Self::with_iterations_per_sample)).
    pub fn iterations_per_sample(&self) -> u32 {
        self.iterations_per_sample
    }

    /// Searches the information set `belief` of `player` and answers its action: the most
    /// visited root action. `None` when `player` is not to move in the sampled states. With a
    /// zero budget, the first legal action of one sampled state.
    pub fn choose(&mut self, game: &G, belief: &G::Belief, player: usize) -> Option<G::Action> {
        self.choose_until(game, belief, player, || false)
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
        belief: &G::Belief,
        player: usize,
        mut stop: impl FnMut() -> bool,
    ) -> Option<G::Action> {
        self.player = player;
        self.iterations = 0;
        self.arena.reset();
        let mut budget = Budget::start(&self.config);
        let per_sample = self.iterations_per_sample.max(1);
        let mut left = 0;
        let mut first = true;
        while !stop() && budget.next() {
            if left == 0 {
                left = per_sample;
                let state = game.sample_state(belief, player, &mut self.rng);
                if first {
                    first = false;
                    if !game.to_move(&state).contains(player) {
                        return None;
                    }
                }
                self.sample = Some(state);
                // The tree's states of the last sample are not this one's.
                self.cache.next_sample();
            }
            left -= 1;
            let Some(sample) = self.sample.as_mut() else {
                unreachable!("a sample was just drawn");
            };
            // With one iteration per sample, the sample itself is played on (no copy), and no
            // state is kept for another iteration.
            let (state, cache) = if per_sample == 1 {
                (sample, None)
            } else {
                match &mut self.work {
                    Some(work) => work.clone_from(sample),
                    None => self.work = Some(sample.clone()),
                }
                let cache = self.cache_states.then_some(&mut self.cache);
                (self.work.as_mut().unwrap_or(sample), cache)
            };
            self.arena.iterate(
                game,
                state,
                &mut self.policy,
                &mut self.rng,
                &self.config,
                true,
                cache,
            );
        }
        self.iterations = budget.done();
        if self.iterations == 0 {
            let state = game.sample_state(belief, player, &mut self.rng);
            let movers = game.to_move(&state);
            if !movers.contains(player) {
                return None;
            }
            self.arena.expand(game, &state, 0, movers);
        }
        self.arena.best(player)
    }

    /// The deciding player's root actions after the last [`choose`](Self::choose) (every
    /// action some sample allowed), with their visits and mean returns.
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

impl<G: Determinize, P> fmt::Debug for InformationSetMcts<G, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InformationSetMcts")
            .field("config", &self.config)
            .field("player", &self.player)
            .field("iterations", &self.iterations)
            .field("iterations_per_sample", &self.iterations_per_sample)
            .field("tree_size", &self.arena.node_count())
            .finish_non_exhaustive()
    }
}

impl<G: Determinize, P: Clone> Clone for InformationSetMcts<G, P> {
    fn clone(&self) -> Self {
        InformationSetMcts {
            config: self.config.clone(),
            policy: self.policy.clone(),
            rng: self.rng.clone(),
            arena: self.arena.clone(),
            sample: self.sample.clone(),
            work: self.work.clone(),
            cache: self.cache.clone(),
            cache_states: self.cache_states,
            iterations_per_sample: self.iterations_per_sample,
            player: self.player,
            iterations: self.iterations,
        }
    }
}
