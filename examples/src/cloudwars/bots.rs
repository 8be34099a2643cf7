//! Example CloudWars bots: a greedy one, the classic search one that simulates a fixed set of
//! winds ahead with the engine, and the search one built on `pathfind::tree` (decoupled UCT over
//! six-iteration decisions, with greedy playouts and a vapor-and-prospects return).

use cloudwars::{Action, Game, PlayerId, State, Vec2};
use pathfind::tree::{self, FlatMonteCarlo, Moves, PlayerSet, Policy, SearchConfig, SearchRng};

use arena::Bot;

pub use cloudwars::greedy::Greedy;
use cloudwars::greedy::gap;

/// Tries a small set of candidate commands (nothing, the greedy command, 8 directions at two
/// strengths), simulates each `horizon` iterations ahead with the engine (everyone else
/// drifting), and keeps the one that ends with the most vapor relative to the opponents.
/// (The search bot before `pathfind::tree`; `play` calls it `search-classic`.)
#[derive(Debug, Clone)]
pub struct SearchClassic {
    /// Iterations simulated per candidate.
    pub horizon: u32,
    candidates: Vec<Option<Action>>,
}

impl Default for SearchClassic {
    fn default() -> SearchClassic {
        SearchClassic {
            horizon: 30,
            candidates: Vec::with_capacity(24),
        }
    }
}

impl SearchClassic {
    /// The classic evaluation of `me`'s position: its vapor, minus half the biggest rival's,
    /// plus a fifth of the smaller clouds near it (weighted by closeness), minus half its vapor
    /// per bigger cloud near it.
    pub fn score(state: &State, me: PlayerId) -> f32 {
        let Some(mine) = state.cloud_of(me) else {
            return f32::MIN;
        };
        if mine.is_dead() {
            return -1e9;
        }
        let mut rival = 0.0f32;
        let mut prospect = 0.0f32;
        let mut danger = 0.0f32;
        for o in state.clouds() {
            if o.owner == Some(me) || o.is_dead() {
                continue;
            }
            if o.owner.is_some() {
                rival = rival.max(o.vapor);
            }
            let g = gap(mine, o).max(1.0);
            if o.radius() < mine.radius() {
                prospect += o.vapor / (1.0 + g / 50.0);
            } else {
                danger += mine.vapor / (1.0 + g / 20.0);
            }
        }
        mine.vapor - 0.5 * rival + 0.2 * prospect - 0.5 * danger
    }
}

impl SearchClassic {
    /// `me`'s command now (`None` when the best is to wait or `me` cannot move).
    pub fn command(&mut self, game: &Game, state: &State, me: PlayerId) -> Option<Action> {
        let mine = state.cloud_of(me)?;
        if mine.is_dead() {
            return None;
        }
        self.candidates.clear();
        self.candidates.push(None);
        self.candidates.push(Greedy::command(state, me));
        for fraction in [0.02, 0.06] {
            let strength = (mine.vapor * fraction).max(1.0);
            for k in 0..8 {
                let angle = k as f32 * std::f32::consts::FRAC_PI_4;
                let wind = Vec2::new(angle.cos() * strength, angle.sin() * strength);
                self.candidates.push(Some(Action::Move(wind)));
            }
        }
        let mut best = (f32::MIN, None);
        let mut sim = state.clone();
        for &candidate in &self.candidates {
            sim.clone_from(state);
            if let Some(action) = candidate
                && game.apply(&mut sim, me, action).is_err()
            {
                continue;
            }
            for _ in 0..self.horizon {
                game.update(&mut sim);
            }
            let score = SearchClassic::score(&sim, me);
            if score > best.0 {
                best = (score, candidate);
            }
        }
        best.1
    }
}

impl Bot<Game> for SearchClassic {
    fn name(&self) -> String {
        "search-classic".into()
    }

    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        self.command(game, state, PlayerId(player as u8))
            .unwrap_or(Action::Wait)
    }
}

/// CloudWars as the tree search sees it (the cloudwars knowledge of [`Search`]): one step is a
/// decision every `every` iterations (the commands, then `every` updates), each player chooses
/// among "wait", the greedy command and 8 directions at four strengths, the game is over when
/// the win flag is set or a player has died (the match rule of `play`), and a player's return
/// is its [`SearchClassic::score`] (its vapor against the biggest rival's, prospects and
/// dangers) squashed into `[0, 1]` by a logistic curve.
#[derive(Debug, Clone, Copy)]
pub struct Horizon<'a> {
    /// The real game.
    pub game: &'a Game,
    /// Iterations per decision.
    pub every: u32,
}

impl Horizon<'_> {
    /// The wind strengths of the candidates, as fractions of the storm's vapor.
    pub const STRENGTHS: [f32; 4] = [0.01, 0.03, 0.06, 0.12];
    /// The directions of the candidates.
    pub const DIRECTIONS: u32 = 8;
    /// The score that maps to a return of about 0.73 (and its negative to 0.27).
    pub const SCALE: f32 = 400.0;

    fn dead(state: &State, player: usize) -> bool {
        state
            .cloud_of(PlayerId(player as u8))
            .is_none_or(|c| c.is_dead())
    }
}

impl tree::Game for Horizon<'_> {
    type State = State;
    type Action = Action;
    type Events = ();
    /// Each player's 1-based rank: the game's, or by vapor when a player has died first.
    type Outcome = Vec<u32>;
    type Observation = State;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn initial_state(&self, seed: u64) -> State {
        self.game.initial_state(seed)
    }

    fn to_move(&self, state: &State) -> PlayerSet {
        if tree::Game::is_terminal(self, state) {
            return PlayerSet::EMPTY;
        }
        self.game.to_move(state)
    }

    fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        buf.clear();
        let me = PlayerId(player.min(255) as u8);
        if !tree::Game::to_move(self, state).contains(player) {
            return;
        }
        let Some(mine) = state.cloud_of(me) else {
            return;
        };
        buf.push(Action::Wait);
        buf.push(Greedy::command(state, me).unwrap_or(Action::Wait));
        for fraction in Horizon::STRENGTHS {
            let strength = (mine.vapor * fraction).max(1.0);
            for k in 0..Horizon::DIRECTIONS {
                let angle = k as f32 * std::f32::consts::TAU / Horizon::DIRECTIONS as f32;
                let action =
                    Action::Move(Vec2::new(angle.cos() * strength, angle.sin() * strength));
                if self.game.check(state, me, action).is_ok() {
                    buf.push(action);
                }
            }
        }
    }

    fn advance(&self, state: &mut State, actions: &[Action]) {
        if tree::Game::is_terminal(self, state) {
            return;
        }
        self.game.advance(state, actions);
        for _ in 1..self.every {
            if tree::Game::is_terminal(self, state) {
                return;
            }
            self.game.advance(state, &[]);
        }
    }

    fn is_terminal(&self, state: &State) -> bool {
        self.game.is_terminal(state) || (0..state.players().len()).any(|p| Horizon::dead(state, p))
    }

    fn outcome(&self, state: &State) -> Option<Vec<u32>> {
        if !tree::Game::is_terminal(self, state) {
            return None;
        }
        if let Some(outcome) = self.game.outcome(state) {
            return Some(outcome.ranks);
        }
        let vapors: Vec<f32> = (0..state.players().len())
            .map(|p| state.cloud_of(PlayerId(p as u8)).map_or(0.0, |c| c.vapor))
            .collect();
        let rank = |v: &f32| 1 + vapors.iter().filter(|o| *o > v).count() as u32;
        Some(vapors.iter().map(rank).collect())
    }

    fn returns(&self, state: &State, out: &mut [f64]) {
        let n = state.players().len().min(out.len());
        if let Some(ranks) = tree::Game::outcome(self, state) {
            // Over: the winners share 1, the others get 0.
            let winners = ranks.iter().filter(|&&r| r == 1).count().max(1);
            for (p, v) in out.iter_mut().enumerate().take(n) {
                *v = if ranks[p] == 1 {
                    1.0 / winners as f64
                } else {
                    0.0
                };
            }
            return;
        }
        let mut scores = [0.0f32; 64];
        for (p, score) in scores.iter_mut().enumerate().take(n) {
            *score = if Horizon::dead(state, p) {
                -1e6
            } else {
                SearchClassic::score(state, PlayerId(p as u8))
            };
        }
        for p in 0..n {
            let score = (scores[p] / Horizon::SCALE).clamp(-30.0, 30.0);
            out[p] = 1.0 / (1.0 + f64::from(-score).exp());
        }
    }

    fn observe(&self, state: &State, player: usize) -> State {
        self.game.observe(state, player)
    }
}

/// The playout policy of [`Search`]: the deciding player drifts (waits) to see where its
/// candidate leads; the rivals drift too, or answer with the greedy command (listed second by
/// [`Horizon`]). Deterministic, so one playout per candidate tells all.
#[derive(Debug, Clone, Copy, Default)]
pub struct RivalsGreedy {
    /// The deciding player.
    pub me: usize,
    /// Whether the rivals answer greedily (else they drift too).
    pub rivals_greedy: bool,
}

impl Policy<Horizon<'_>> for RivalsGreedy {
    fn choose(
        &mut self,
        _game: &Horizon<'_>,
        _state: &State,
        player: usize,
        legal: &[Action],
        _rng: &mut SearchRng,
    ) -> usize {
        usize::from(self.rivals_greedy && player != self.me && legal.len() > 1)
    }
}

/// The search bot on `pathfind::tree`: flat Monte Carlo over [`Horizon`] (a decision every
/// `every` iterations; 34 candidates: wait, greedy, 8 directions at 4 strengths), one
/// deterministic playout each ([`RivalsGreedy`]), returns from the classic evaluation 42
/// iterations ahead.
#[derive(Debug, Clone)]
pub struct Search {
    /// The search's budget and settings.
    pub config: SearchConfig,
    /// Iterations per decision in the search's model (the `play` command lets bots decide
    /// every 6).
    pub every: u32,
    /// Whether the rivals answer greedily in the playouts (off: everyone else drifts, which
    /// measured better against both example bots).
    pub rivals_greedy: bool,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            config: SearchConfig {
                // One deterministic playout per candidate (2 + 8 x 4).
                iterations: 34,
                // 7 decisions of 6 iterations: 42 iterations ahead.
                max_playout_steps: 6,
                ..SearchConfig::default()
            },
            every: 6,
            rivals_greedy: false,
        }
    }
}

impl Search {
    /// `me`'s command now (`None` when the best is to wait or `me` cannot move).
    pub fn command(&mut self, game: &Game, state: &State, me: PlayerId) -> Option<Action> {
        let horizon = Horizon {
            game,
            every: self.every.max(1),
        };
        let me_index = me.index();
        let mut search = FlatMonteCarlo::with_policy(
            self.config.clone(),
            RivalsGreedy {
                me: me_index,
                rivals_greedy: self.rivals_greedy,
            },
        );
        match search.choose(&horizon, state, me.index())? {
            Action::Wait => None,
            action => Some(action),
        }
    }
}

impl Bot<Game> for Search {
    fn name(&self) -> String {
        "search".into()
    }

    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        self.command(game, state, PlayerId(player as u8))
            .unwrap_or(Action::Wait)
    }
}
