//! What a player can order: [`Action`], and a step's joint commands, [`Actions`]. What a step
//! reports is in [`crate::event`] (re-exported here under its old path).

use crate::cloud::{PlayerId, Vec2};
pub use crate::event::{Event, Events};

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
