//! How a fight ends ([`Outcome`]), and the score of a match-up of several fights ([`MatchUp`]).

use std::fmt;

use crate::Side;

/// Why a fight ended (`C:199-240`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum EndReason {
    /// Both of player 1's planes are dead (player 2 wins).
    P1Out,
    /// Both of player 2's planes are dead (player 1 wins).
    P2Out,
    /// All four planes are dead in the same round (a draw).
    BothOut,
    /// The last round was played; the side with more planes wins.
    Timeout,
}

impl EndReason {
    /// The golden traces' name: `p1_out`, `p2_out`, `both_out` or `timeout`.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::P1Out => "p1_out",
            EndReason::P2Out => "p2_out",
            EndReason::BothOut => "both_out",
            EndReason::Timeout => "timeout",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for EndReason {
    type Err = String;

    fn from_str(text: &str) -> Result<EndReason, String> {
        Ok(match text {
            "p1_out" => EndReason::P1Out,
            "p2_out" => EndReason::P2Out,
            "both_out" => EndReason::BothOut,
            "timeout" => EndReason::Timeout,
            _ => return Err(format!("unknown end reason {text:?}")),
        })
    }
}

/// The result of a finished fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the fight ended.
    pub reason: EndReason,
    /// The round in which it ended (1-based; a fight ending in round r had r rounds).
    pub round: u16,
}

impl Outcome {
    /// The controller's result value: +1 if player 1 won, −1 if player 2 won, 0 for a draw.
    pub const fn result(&self) -> i8 {
        match self.winner {
            Some(Side::P1) => 1,
            Some(Side::P2) => -1,
            None => 0,
        }
    }

    /// 1-based places of player 1 and player 2, the workspace's one rank convention: `[1, 2]` or
    /// `[2, 1]` for a win, `[1, 1]` for a draw.
    /// (The contract's [`ranks`](pathfind::tree::Outcome::ranks) gives the same places as a
    /// `Vec`.)
    pub const fn places(&self) -> [u8; 2] {
        match self.winner {
            Some(Side::P1) => [1, 2],
            Some(Side::P2) => [2, 1],
            None => [1, 1],
        }
    }

    /// The fight score `side` earns (`C:91-92`): 1 for a win, 0 otherwise (draws add nothing).
    pub fn fight_score(&self, side: Side) -> u32 {
        u32::from(self.winner == Some(side))
    }
}

/// The tally of a match-up: several fights between the same two players (10 in the original,
/// `C:10`), scored as the original's tournament does (`C:91-105`).
///
/// ```
/// use dogfight::{EndReason, MatchUp, Outcome, Side};
///
/// let mut tally = MatchUp::default();
/// tally.record(&Outcome { winner: Some(Side::P1), reason: EndReason::P2Out, round: 30 });
/// tally.record(&Outcome { winner: None, reason: EndReason::Timeout, round: 100 });
/// assert_eq!((tally.wins, tally.draws), ([1, 0], 1));
/// assert_eq!(tally.winner(), Some(Side::P1));
/// assert_eq!(tally.points(), [2, 0]); // 2 for a match-up win, 1 each for a draw
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchUp {
    /// Fights won by player 1 and by player 2.
    pub wins: [u32; 2],
    /// Fights drawn.
    pub draws: u32,
}

impl MatchUp {
    /// Adds one fight.
    pub fn record(&mut self, outcome: &Outcome) {
        match outcome.winner {
            Some(side) => self.wins[side as usize] += 1,
            None => self.draws += 1,
        }
    }

    /// Fights played.
    pub const fn fights(&self) -> u32 {
        self.wins[0] + self.wins[1] + self.draws
    }

    /// The match-up winner: the side that won more fights; `None` when equal.
    pub fn winner(&self) -> Option<Side> {
        match self.wins[0].cmp(&self.wins[1]) {
            std::cmp::Ordering::Greater => Some(Side::P1),
            std::cmp::Ordering::Less => Some(Side::P2),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Tournament points of player 1 and player 2: 2 for a match-up win, 1 each for a draw.
    pub fn points(&self) -> [u32; 2] {
        match self.winner() {
            Some(Side::P1) => [2, 0],
            Some(Side::P2) => [0, 2],
            None => [1, 1],
        }
    }
}
