//! What a player is told: [`Observation`] (the contract's `Observation`).

/// What a side's bot is told about a state, [`Game::observe`](crate::Game::observe): the state
/// as the wrapper protocol reports it (`W:`), its own planes first (so it sees itself as
/// [`Side::P1`](crate::Side::P1)), dead planes reduced to the protocol's `dead 0 0 0 N 0`.
/// Nothing the rules read is hidden.
pub type Observation = crate::State;
