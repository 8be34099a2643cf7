//! The result of a finished game: [`Outcome`] (the contract's `Outcome`).

use crate::PlayerId;

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Final scores by player.
    pub scores: Vec<i32>,
    /// Place by player, 1-based: 1 is the best score, tied players share the better place and
    /// the next place skips (scores 9, 9, 4 rank 1, 1, 3).
    pub ranks: Vec<usize>,
    /// The single highest scorer, or `None` on a tie for first (the kit's `prob` script counts
    /// ties as no winner).
    pub winner: Option<PlayerId>,
}

/// Ranks and winner of final `scores`.
pub fn outcome_of(scores: &[i32]) -> Outcome {
    let ranks = scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|t| *t > s).count())
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let winner = if scores.iter().filter(|&&s| s == best).count() == 1 {
        scores
            .iter()
            .position(|&s| s == best)
            .map(|p| p as PlayerId)
    } else {
        None
    };
    Outcome {
        scores: scores.to_vec(),
        ranks,
        winner,
    }
}
