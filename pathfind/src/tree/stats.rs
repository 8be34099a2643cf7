//! What a search found, for a bot to inspect after a decision.

/// One root action of the deciding player, with what the search learnt of it.
///
/// Every search lists these through its `stats()` method after `choose`, in the order the game
/// listed the actions.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ActionStats<'a, A> {
    /// The action.
    pub action: &'a A,
    /// Iterations that played it.
    pub visits: u32,
    /// The deciding player's mean return over those iterations, in `[0, 1]` (0 when unvisited).
    pub mean: f64,
}
