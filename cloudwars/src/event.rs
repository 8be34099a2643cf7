//! What a step reports: each [`Event`], and a step's [`Events`] (the contract's `Events`).

use smallvec::SmallVec;

use crate::action::Action;
use crate::cloud::PlayerId;
use crate::error::CommandError;

/// What [`Game::advance`](crate::Game::advance) did.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// A command and its result (an `Err` changed nothing).
    Command {
        /// Who sent it.
        player: PlayerId,
        /// What it was.
        action: Action,
        /// Whether it was applied.
        result: Result<(), CommandError>,
    },
    /// A player's cloud dropped below 1 vapor during the update (only players 0..64 are tracked).
    Died {
        /// Who died.
        player: PlayerId,
    },
}

/// The events of one step (inline for up to eight).
pub type Events = SmallVec<[Event; 8]>;
