//! What a player is told: [`Observation`] (the contract's `Observation`).

/// What a player is told at the start of its turn, [`Game::observe`](crate::Game::observe):
/// the [`View`](crate::View) from where it stands (the lines the CodeCup judge sends). The maze
/// itself stays hidden; what a player learns over a game is a [`Belief`](crate::Belief).
pub type Observation = crate::view::View;
