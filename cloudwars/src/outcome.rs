//! The result of a game: [`Outcome`] (the contract's `Outcome`) and why it ended
//! ([`WinReason`]).

use crate::cloud::PlayerId;

/// Why a game is over (see [`Outcome`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The leader holds more than 51% of the world vapor (as sampled during the update).
    Share,
    /// `iteration > 3 * 60 * game_speed`.
    Timeout,
    /// No player has vapor 1 or more.
    NoPlayerAlive,
}

/// The result once the win flag is set.
///
/// The original never stops the game: the flag is recomputed after every update and a share win
/// can turn false again. [`Game::outcome`](crate::Game::outcome) reports the flag as it stands.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The leader (`None` when no player is alive).
    pub winner: Option<PlayerId>,
    /// Why the flag is set.
    pub reason: WinReason,
    /// The iteration it was decided at.
    pub iteration: u64,
    /// Every player's vapor, by [`PlayerId`].
    pub vapors: Vec<f32>,
    /// Every player's place by [`PlayerId`], 1-based: the winner (the leader) is 1, the others
    /// follow by vapor, equal vapor shares the better place. With no player alive all share 1.
    pub ranks: Vec<u32>,
}
