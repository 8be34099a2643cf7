//! The result of a finished round: [`Outcome`] (the contract's `Outcome`) and why it ended
//! ([`EndReason`]).

use crate::state::{NUM_PLAYERS, PlayerId};

/// Why a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndReason {
    /// A player reached 8 deliveries; the winner is the first player in `Players` order with the
    /// most deliveries (F:929-936, a stable `OrderByDescending`).
    Deliveries {
        /// The winner.
        winner: PlayerId,
    },
    /// [`Config::max_ticks`](crate::Config::max_ticks) ran out (this crate's addition).
    TickLimit,
}

/// The result of a finished round.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// Each player's score as appended to the scoreboard (F:969-983): points, partial credit for a
    /// passenger aboard, +2 for 8 deliveries.
    pub scores: [f32; NUM_PLAYERS],
    /// Each player's deliveries.
    pub delivered: [u8; NUM_PLAYERS],
    /// Each player's rank by score, 1 for the best; equal scores share a rank.
    pub ranks: [u8; NUM_PLAYERS],
}
