//! What a player is told: [`Observation`] (the contract's `Observation`).

use crate::state::{NUM_PLAYERS, PlayerId, State};

/// What one player is told: the state with every other player's hand hidden.
///
/// The hidden cards are put back at the end of their owner's deck (so the deck holds every card
/// the player might have) and only the hand's size is kept; the round's random generator, which
/// decides future chance, is replaced by a fixed one.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Observation {
    /// Who observes.
    pub viewer: PlayerId,
    /// The state as the viewer knows it.
    pub state: State,
    /// How many cards each player holds (the viewer's own hand is in `state` as it is).
    pub hand_sizes: [u8; NUM_PLAYERS],
}
