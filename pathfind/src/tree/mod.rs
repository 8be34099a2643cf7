//! Lookahead over game trees: the game contract every contest-engines game implements, and the
//! searches that work on any of them.
//!
//! [`Game`] is the contract: n players, simultaneous or alternating moves, perfect or imperfect
//! information. A game crate implements it on its own `Game` type, with the same names and shapes
//! as its inherent API, so that one search, one test harness and one tournament runner serve all
//! five games.
//!
//! # Conventions every implementation follows
//!
//! - **Players** are numbered `0..players()`, in the order of the game's own seats (Dogfight's
//!   P1 is player 0, Windward's first car is player 0, and so on).
//! - **Joint actions.** [`Game::to_move`] names the players who act in a state: every live player
//!   in a simultaneous game, the mover in an alternating one. [`Game::advance`] takes one action per
//!   player of that set, in increasing player order (`actions[i]` belongs to the `i`-th player of
//!   `to_move`). A player outside the set has nothing to say; an empty set occurs only in a terminal
//!   state.
//! - **Over** means over: [`Game::is_terminal`] is true exactly when [`Game::outcome`] is `Some`,
//!   and every limit of the game (round, tick or turn caps) is included; advancing a terminal state
//!   changes nothing.
//! - **Ranks** in every crate's `Outcome` are 1-based places: 1 is the winner, tied players share the
//!   better place, the next place skips (scores 9, 9, 4 rank 1, 1, 3). Every outcome answers them,
//!   and each player's score in the game's own units, through the [`Outcome`] trait, so a
//!   tournament runner or a results table needs nothing game-specific.
//! - **Returns** ([`Game::returns`]) are one number per player in `[0, 1]`, higher is better; in a
//!   terminal state they follow the outcome (a win 1, a loss 0, a draw shared), elsewhere they are
//!   the game's heuristic estimate, so a search can stop a playout early.
//! - **Illegal actions** are never a panic: each crate documents what `advance` does with one (the
//!   original's handling, usually "treated as doing nothing").
//! - **Randomness** comes from the seed given to [`Game::initial_state`] and lives in the state, so
//!   `step` is a pure function of its arguments.
//! - **Foreign states are validated.** A state the game did not build itself (deserialized with
//!   serde, read from a trace, sent by a stranger) may hold values its rules never produce: a
//!   player id past the last player, a vertex off the board. [`Game::validate`] checks one
//!   against the game before any other method sees it, and every reader of states in the
//!   workspace calls it; the other methods may assume a valid state (they never panic on one).
//!
//! # Searches
//!
//! [`FlatMonteCarlo`], [`Uct`] (alternating moves), [`DecoupledUct`] (simultaneous moves) and
//! [`InformationSetMcts`] (hidden information, through [`Determinize`]) all read the same way:
//! `let mut search = Uct::new(SearchConfig::default());` then
//! `search.choose(&game, &state, player)` (IS-MCTS: `&belief` for `&state`), and
//! `search.stats()` for what it learnt. [`SearchConfig`] sets the budget and the seed, a
//! [`Policy`] the playouts. [`check`] is the contract's test harness, [`toys`] small games to
//! try them on.

use std::fmt::Debug;

pub(crate) mod arena;
mod bot;
pub mod check;
mod config;
mod flat;
mod ismcts;
mod policy;
mod stats;
mod tensor;
pub mod toys;
mod uct;

pub use bot::Bot;
pub use config::SearchConfig;
pub use flat::FlatMonteCarlo;
pub use ismcts::InformationSetMcts;
pub use policy::{Policy, SearchRng, Uniform};
pub use stats::ActionStats;
pub use tensor::Tensor;
pub use uct::{DecoupledUct, Uct};

/// A set of players (at most 64), as a bitset: who is to move in a state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerSet(u64);

impl PlayerSet {
    /// The largest number of players a set can hold.
    pub const CAPACITY: usize = 64;

    /// The empty set.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Players `0..n`.
    ///
    /// # Panics
    /// If `n` exceeds [`PlayerSet::CAPACITY`] (a programming error, not an input).
    pub const fn all(n: usize) -> PlayerSet {
        assert!(n <= Self::CAPACITY, "PlayerSet holds at most 64 players");
        if n == 64 {
            PlayerSet(u64::MAX)
        } else {
            PlayerSet((1u64 << n) - 1)
        }
    }

    /// The set holding only `player`.
    pub const fn only(player: usize) -> PlayerSet {
        assert!(
            player < Self::CAPACITY,
            "PlayerSet holds at most 64 players"
        );
        PlayerSet(1u64 << player)
    }

    /// The set from its bits (bit `i` is player `i`).
    pub const fn from_bits(bits: u64) -> PlayerSet {
        PlayerSet(bits)
    }

    /// The bits of the set (bit `i` is player `i`).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// This set with `player` added.
    #[must_use]
    pub const fn with(self, player: usize) -> PlayerSet {
        PlayerSet(self.0 | PlayerSet::only(player).0)
    }

    /// Whether `player` is in the set.
    pub const fn contains(self, player: usize) -> bool {
        player < Self::CAPACITY && self.0 >> player & 1 == 1
    }

    /// How many players the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The position of `player` among the set's players in increasing order (its index in a joint
    /// action), or `None` when it is not in the set.
    pub const fn position(self, player: usize) -> Option<usize> {
        if !self.contains(player) {
            return None;
        }
        Some((self.0 & ((1u64 << player) - 1)).count_ones() as usize)
    }

    /// The players in increasing order.
    pub fn iter(self) -> PlayerSetIter {
        PlayerSetIter(self.0)
    }
}

impl IntoIterator for PlayerSet {
    type Item = usize;
    type IntoIter = PlayerSetIter;
    fn into_iter(self) -> PlayerSetIter {
        self.iter()
    }
}

impl FromIterator<usize> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> PlayerSet {
        iter.into_iter().fold(PlayerSet::EMPTY, PlayerSet::with)
    }
}

/// The players of a [`PlayerSet`], in increasing order.
#[derive(Debug, Clone)]
pub struct PlayerSetIter(u64);

impl Iterator for PlayerSetIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let player = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(player)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PlayerSetIter {}

/// Why [`Game::validate`] refused a state: the field, the value found there, and what the game
/// allows. Every game crate reports its refusals with this one type, so a reader of states can
/// handle them alike whatever the game.
///
/// ```
/// use pathfind::tree::InvalidState;
///
/// let error = InvalidState::new("clouds[3].owner", 7, "a player below 3 (the state's players)");
/// assert_eq!(error.field, "clouds[3].owner");
/// assert_eq!(error.value, "7");
/// assert_eq!(
///     error.to_string(),
///     "invalid state: clouds[3].owner is 7, expected a player below 3 (the state's players)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("invalid state: {field} is {value}, expected {expected}")]
pub struct InvalidState {
    /// The path of the refused field in the state, as the crate's docs name it (`bikes[3].vertex`,
    /// `clouds[12].owner`, `players[2].limo.tile`).
    pub field: String,
    /// The value found there, as text.
    pub value: String,
    /// What the game allows there (a range, a relation to another field).
    pub expected: String,
}

impl InvalidState {
    /// A refusal of `value` in `field`; `expected` says what is allowed.
    pub fn new(
        field: impl Into<String>,
        value: impl std::fmt::Display,
        expected: impl Into<String>,
    ) -> InvalidState {
        InvalidState {
            field: field.into(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}

/// How the players of a game take their turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Moves {
    /// Every live player acts in every step (Tron3D, Dogfight, CloudWars, Windward).
    Simultaneous,
    /// One player acts per step (Amazes).
    Alternating,
}

/// The game contract: what a search, a test harness or a tournament runner needs of a game.
///
/// Implemented by each game crate's `Game` (the rules and the precomputed tables, shared by
/// reference); states are separate values, cheap to clone. See the [module docs](self) for the
/// conventions on players, joint actions, ranks and returns.
pub trait Game {
    /// Everything that changes during a game.
    type State: Clone + Debug;
    /// One player's action for one step.
    type Action: Clone + Debug + PartialEq;
    /// What one step did (the crate's `Events`).
    type Events;
    /// The result of a finished game (the crate's `Outcome`): its places and scores through
    /// [`Outcome`].
    type Outcome: Outcome;
    /// What one player is told about a state (for perfect-information games, a copy of the state).
    type Observation;

    /// Whether the players move simultaneously or in turn.
    fn moves(&self) -> Moves;

    /// The number of players, fixed for a game.
    fn players(&self) -> usize;

    /// The state at the start of a game; the same seed gives the same state, everywhere.
    fn initial_state(&self, seed: u64) -> Self::State;

    /// The players who act in `state`; empty exactly when the state is terminal.
    fn to_move(&self, state: &Self::State) -> PlayerSet;

    /// Clears `buf` and fills it with `player`'s legal actions in `state` (no allocation once `buf`
    /// has grown). Non-empty for every player in [`Game::to_move`]; empty for everyone else.
    fn legal_actions(&self, state: &Self::State, player: usize, buf: &mut Vec<Self::Action>);

    /// Plays one step in place: `actions[i]` is the action of the `i`-th player of
    /// `to_move(state)`. Advancing a terminal state changes nothing.
    fn advance(&self, state: &mut Self::State, actions: &[Self::Action]) -> Self::Events;

    /// The pure form of [`Game::advance`]: a clone of `state`, advanced.
    fn step(&self, state: &Self::State, actions: &[Self::Action]) -> Self::State {
        let mut next = state.clone();
        self.advance(&mut next, actions);
        next
    }

    /// Whether the game is over (all limits included); true exactly when `outcome` is `Some`.
    fn is_terminal(&self, state: &Self::State) -> bool;

    /// The result, once the game is over.
    fn outcome(&self, state: &Self::State) -> Option<Self::Outcome>;

    /// Writes one value per player into `out[..players()]`, in `[0, 1]`, higher is better: the
    /// outcome's value in a terminal state, the game's estimate elsewhere.
    fn returns(&self, state: &Self::State, out: &mut [f64]);

    /// What `player` is told about `state`.
    fn observe(&self, state: &Self::State, player: usize) -> Self::Observation;

    /// Checks a state the game did not build itself (deserialized, read from a trace or a
    /// socket) against this game: every player id, index and count in it is in range for the
    /// game, and every other value is one the rules can work with. No method of the contract
    /// panics on a state that passes, nor on the states it advances to. States the game builds
    /// and advances always pass.
    ///
    /// Call it on every state read from outside before using it; the readers of the game crates
    /// do. The error names the first refused field and its value. The default accepts every
    /// state: right only for a game whose `State` cannot hold a value its rules cannot take
    /// (each of the five game crates implements it).
    fn validate(&self, state: &Self::State) -> Result<(), InvalidState> {
        let _ = state;
        Ok(())
    }
}

/// A 1-based place: 1 is the winner; tied players share the better place and the next place
/// skips (scores 9, 9, 4 rank 1, 1, 3). The one rank type of every game.
pub type Rank = u32;

/// The result of a finished game, as every consumer reads it: each player's place and score.
///
/// Implemented by every game crate's `Outcome` (the bound on [`Game::Outcome`]), so that a
/// tournament runner, a results table or a replay page needs no per-game function:
///
/// ```
/// use pathfind::tree::{Game, Outcome, toys::TicTacToe};
///
/// let game = TicTacToe;
/// let mut state = game.initial_state(0);
/// for square in [0, 3, 1, 4, 2] {
///     game.advance(&mut state, &[square]);
/// }
/// let outcome = game.outcome(&state).unwrap();
/// assert_eq!(outcome.ranks(), [1, 2]); // X won
/// assert_eq!(outcome.scores(), [1.0, 0.0]);
/// ```
pub trait Outcome: Clone + Debug {
    /// Each player's 1-based place, one per player in player order ([`Rank`]).
    fn ranks(&self) -> Vec<Rank>;

    /// Each player's score in the game's own units (points, vapor, fights won), one per player;
    /// a higher score never has a worse place.
    fn scores(&self) -> Vec<f64>;
}

/// 1-based places from scores, higher is better, ties sharing the better place (9, 9, 4 gives
/// 1, 1, 3): the contract's rank convention, for games whose outcome is a score per player.
pub fn ranks_from_scores(scores: &[f64]) -> Vec<Rank> {
    scores
        .iter()
        .map(|&mine| 1 + scores.iter().filter(|&&other| other > mine).count() as Rank)
        .collect()
}

/// The score of a player in an outcome that holds only places: the number of players it placed
/// ahead of (so `ranks_from_scores` of these scores gives the places back).
fn places_beaten(ranks: &[Rank]) -> Vec<f64> {
    ranks
        .iter()
        .map(|&mine| ranks.iter().filter(|&&other| other > mine).count() as f64)
        .collect()
}

/// An outcome that is the players' places (the toys', and small test games'): scored by the
/// players each one placed ahead of.
impl<const N: usize> Outcome for [u8; N] {
    fn ranks(&self) -> Vec<Rank> {
        self.iter().map(|&r| Rank::from(r)).collect()
    }
    fn scores(&self) -> Vec<f64> {
        places_beaten(&self.ranks())
    }
}

/// An outcome that is the players' places, scored by the players each one placed ahead of.
impl<const N: usize> Outcome for [u32; N] {
    fn ranks(&self) -> Vec<Rank> {
        self.to_vec()
    }
    fn scores(&self) -> Vec<f64> {
        places_beaten(self)
    }
}

/// An outcome that is the players' places, scored by the players each one placed ahead of.
impl Outcome for Vec<u32> {
    fn ranks(&self) -> Vec<Rank> {
        self.clone()
    }
    fn scores(&self) -> Vec<f64> {
        places_beaten(self)
    }
}

/// An outcome that is each player's value (higher is better), placed by [`ranks_from_scores`].
impl<const N: usize> Outcome for [f64; N] {
    fn ranks(&self) -> Vec<Rank> {
        ranks_from_scores(self)
    }
    fn scores(&self) -> Vec<f64> {
        self.to_vec()
    }
}

/// The value of a one-player game ([`toys::CoinGuess`]): its one player is placed first.
impl Outcome for f64 {
    fn ranks(&self) -> Vec<Rank> {
        vec![1]
    }
    fn scores(&self) -> Vec<f64> {
        vec![*self]
    }
}

/// Games with hidden information: a player's knowledge, and full states sampled from it
/// (determinization), for information-set search.
pub trait Determinize: Game {
    /// What one player knows of the game, accumulated from its observations (Amazes: the
    /// player's `LocalMap` and the public state; Windward: the state with other hands hidden).
    type Belief;

    /// Samples a full state consistent with `belief`, as seen by `player`, drawing its hidden
    /// parts from `rng`.
    fn sample_state(
        &self,
        belief: &Self::Belief,
        player: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Self::State;
}
