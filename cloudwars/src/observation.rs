//! What a player is told: [`Observation`] (the contract's `Observation`).

/// What a player is told about a state, [`Game::observe`](crate::Game::observe): the whole
/// state, as CloudWars hides nothing (the `list` JSON of it is
/// [`WorldJson::from_state`](crate::protocol::WorldJson::from_state)).
pub type Observation = crate::State;
