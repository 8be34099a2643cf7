//! The one bot shape every example bot has, for any game of the [`pathfind::tree::Game`] contract.
//!
//! A bot is told what its player observes and answers with one action for that player. The match
//! and tournament runner drives any mix of bots through the contract, so the
//! same runner, results table and tests serve all five games.

use pathfind::tree::Game;

/// A bot for game `G`: one player's decisions.
pub trait Bot<G: Game> {
    /// A short name for tables and logs.
    fn name(&self) -> String;

    /// A new game starts: this bot plays `player`, and draws any randomness from `seed`.
    /// The default does nothing (for stateless bots).
    fn new_game(&mut self, game: &G, player: usize, seed: u64) {
        let _ = (game, player, seed);
    }

    /// Chooses `player`'s action from what it observes. Called once per step in which `player`
    /// is to move; the action should be one of `game.legal_actions` (an illegal one gets the
    /// game's documented handling).
    fn act(&mut self, game: &G, observation: &G::Observation, player: usize) -> G::Action;
}

impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn new_game(&mut self, game: &G, player: usize, seed: u64) {
        (**self).new_game(game, player, seed);
    }
    fn act(&mut self, game: &G, observation: &G::Observation, player: usize) -> G::Action {
        (**self).act(game, observation, player)
    }
}
