//! Why a command or a world was refused: the crate's error types, in a leaf module that every
//! other module may use (rules, actions, protocol) without importing one another.

use thiserror::Error;

use crate::cloud::PlayerId;

/// Why a move or kill was refused.
#[derive(Debug, Clone, Copy, PartialEq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CommandError {
    /// No such player, or the player has no cloud.
    #[error("{0} has no cloud in this world")]
    UnknownPlayer(PlayerId),
    /// A NaN or infinite wind component. The original accepts NaN (and then cannot serialise its
    /// world); we refuse it. This is a deliberate deviation.
    #[error("the wind ({x}, {y}) is not finite")]
    NonFiniteWind {
        /// The rejected x.
        x: f32,
        /// The rejected y.
        y: f32,
    },
    /// The wind strength is below 1 or above half the vapor (both bounds inclusive are allowed).
    /// A dead player always gets this.
    #[error("wind strength {strength} is outside [1, {max}] (half the cloud's vapor)")]
    StrengthOutOfRange {
        /// `sqrt(x*x + y*y)` as the original computes it.
        strength: f32,
        /// Half the cloud's vapor.
        max: f32,
    },
    /// `kill` by a player who is already dead.
    #[error("{0} is already dead")]
    AlreadyDead(PlayerId),
}

/// Why a world could not be built.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ConfigError {
    /// Width or height below 1.
    #[error("board size {width}x{height} is not positive")]
    BadSize {
        /// The rejected width.
        width: i32,
        /// The rejected height.
        height: i32,
    },
    /// A cloud field that is NaN or infinite.
    #[error("cloud {index}: {field} is {value}, not finite")]
    NonFinite {
        /// The cloud's position in the list.
        index: usize,
        /// `x`, `y`, `vx`, `vy` or `vapor`.
        field: &'static str,
        /// The rejected value.
        value: f32,
    },
    /// More than 255 players.
    #[error("{count} players; at most 255 are supported")]
    TooManyPlayers {
        /// How many were asked for.
        count: usize,
    },
    /// A [`Setup`](crate::Setup) that cannot start a game.
    #[error("setup: {field} is {value}: {reason}")]
    BadSetup {
        /// The field (`players`, `player_vapor`, `rainclouds`, `winds.directions`, ...).
        field: &'static str,
        /// The rejected value, as text.
        value: String,
        /// What is allowed.
        reason: &'static str,
    },
    /// More than 65 535 clouds.
    #[error("{count} clouds; at most 65535 are supported")]
    TooManyClouds {
        /// How many were asked for.
        count: usize,
    },
    /// Random placement found no spot that overlaps no cloud (the original would loop for ever).
    #[error("no free spot for a new player after {attempts} attempts")]
    NoFreeSpot {
        /// How many positions were tried.
        attempts: u32,
    },
}

/// The old name of [`ConfigError`]: the error of building a game from its configuration is
/// `ConfigError` in every game crate.
#[deprecated(note = "renamed `ConfigError`, as in every game crate")]
pub type WorldError = ConfigError;
