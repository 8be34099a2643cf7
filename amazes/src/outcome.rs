//! The result of a finished game: [`Outcome`] (the contract's `Outcome`) and how it ended
//! ([`End`]).

use crate::action::Fault;
use crate::game::Player;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum End {
    /// Both players played all their turns.
    Turns,
    /// `winner` had discovered every square and ended its turn on the opponent (seeds L96, L111).
    SuddenDeath {
        /// The player that made the last move.
        winner: Player,
    },
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// How it ended.
    pub end: End,
    /// Points after the sudden-death rule (winner ×2, loser 0), before clamping.
    pub points: [i32; 2],
    /// Final scores: 0 after any fault, else points clamped to `0..=max_score`.
    pub scores: [i32; 2],
    /// The fault that disqualified each player, if any.
    pub faults: [Option<Fault>; 2],
    /// 1-based places by score: 1 for the higher score, both 1 on a tie.
    pub ranks: [u8; 2],
}
