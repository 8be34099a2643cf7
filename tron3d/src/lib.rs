#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod action;
pub mod board;
pub mod chance;
pub mod contract;
pub mod demo;
pub mod event;
pub mod format;
pub mod generate;
#[doc(hidden)]
pub mod internals;
pub mod observation;
pub mod outcome;
pub mod protocol;
pub mod replay;
pub mod rules;
#[cfg(feature = "serde")]
mod serde_arrays;
pub mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
/// The old name of [`strategy`] (every crate's proptest module is `strategy`).
#[cfg(feature = "proptest")]
#[doc(hidden)]
pub use strategy as strategies;
#[cfg(feature = "svg")]
pub mod svg;
pub mod tensor;

pub use action::{Action, Actions, Commands, Item, MAX_BIKES_PER_PLAYER, Movement};
pub use board::{Board, BoardError};
pub use chance::{CRand, Chance, GlibcRand};
pub use event::{Event, Events};
pub use format::{BoardRecord, Cnf, FormatError, RoundRecord, T3d};
pub use generate::Preset;
pub use observation::Observation;
pub use outcome::Outcome;
pub use replay::{Mismatch, Recorder};
#[allow(deprecated)]
pub use rules::GameError;
pub use rules::{Config, ConfigError, Game, MAX_JOINT_ACTIONS, SCORE_PER_ROUND, StateError};
pub use state::{Bike, BikeSet, State, VertexSet};

/// Vertex ids fit in 16 bits.
pub type VertexId = u16;
/// Bike ids (`0..nb_players * nb_bikes`).
pub type BikeId = u8;
/// Player ids (`0..nb_players`).
pub type PlayerId = u8;

/// The most vertices a board may have (the state's fixed arrays; the original's biggest board
/// has 866).
pub const MAX_VERTICES: usize = 1024;
/// The most players a game may have.
pub const MAX_PLAYERS: usize = 8;
/// The most bikes (all players together) a game may have.
pub const MAX_BIKES: usize = 16;
/// The most rounds a game may have (the original's games have 200 or 250; a bound on every
/// game's length and on the rounds a `.t3d` reader accepts).
pub const MAX_ROUNDS: u32 = 100_000;
