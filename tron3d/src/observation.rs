//! What a player is told: [`Observation`] (the contract's `Observation`).

/// What a player is told about a state, [`Game::observe`](crate::Game::observe): the whole
/// state, as Tron3D hides nothing (the original's AIs read the whole board).
pub type Observation = crate::State;
