//! What a turn did: [`Event`] (the contract's `Events`, returned by
//! [`Game::advance`](crate::Game::advance)).

use crate::action::{Fault, MoveLine};
use crate::game::{LookReport, Player};
use crate::maze::Pose;

/// What one turn did (the contract's `Events`: one turn, one event).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Event {
    /// The mover.
    pub player: Player,
    /// The line performed (the jury's `T` after a fault).
    pub line: MoveLine,
    /// Set when the jury played this turn, with the fault that disqualified the player.
    pub jury: Option<Fault>,
    /// Characters charged (−1 point each).
    pub charged: u16,
    /// Steps executed before the line ended or hit a wall (the extra `T` not included).
    pub steps: u16,
    /// Whether the uncharged extra `T` was performed (the turn ended on its start square).
    pub extra_t: bool,
    /// Squares discovered by walking.
    pub discovered: u16,
    /// How many of those the opponent had not discovered.
    pub first: u16,
    /// Whether the turn ended on the opponent's square with squares left (+100).
    pub captured: bool,
    /// Whether the turn ended the game by sudden death.
    pub sudden_death: bool,
    /// Where the mover ended.
    pub end: Pose,
    /// The next player's look, if the game goes on.
    pub next_look: Option<LookReport>,
    /// Whether the game was already over (the action was ignored and nothing changed).
    pub ignored: bool,
}

impl Event {
    /// The points the mover earned or lost by its moves (its look is in the previous event).
    pub fn points(&self, capture_bonus: i32) -> i32 {
        (self.discovered + self.first) as i32 - self.charged as i32
            + if self.captured { capture_bonus } else { 0 }
    }
}

/// The old name of [`Event`]: what a step did is `Event` in every game crate.
#[deprecated(note = "renamed `Event`, as in every game crate")]
pub type TurnEvent = Event;
