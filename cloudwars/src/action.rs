//! What a player can order ([`Action`]) and what a step reports ([`Event`]).

use smallvec::SmallVec;

use crate::cloud::{PlayerId, Vec2};
use crate::error::CommandError;

/// One player's command. In the original, commands take effect the moment they arrive, between
/// two updates, and any number may be sent per iteration.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// `move<x>;<y>`: blow wind `(x, y)`. The storm pays `strength = |(x, y)|` vapor
    /// (`1 <= strength <= vapor / 2`), accelerates towards `(x, y)`, and an exhaust raincloud
    /// of `strength` vapor flies the other way.
    Move(Vec2),
    /// `kill`: explode in a ring of 36 small rainclouds; the rest of the vapor is destroyed.
    Kill,
    /// Do nothing this step (no protocol command: what a player who sends nothing does). Always
    /// accepted for a player with a cloud.
    Wait,
}

/// The joint commands of one step, applied in order before the update.
pub type Actions = [(PlayerId, Action)];

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
