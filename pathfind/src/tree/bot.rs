//! The one bot shape of every game of the [`Game`] contract: each game's built-in opponent (the
//! Tron3D kit's Demo, Dogfight's DumbPlanes, the Windward server's AI, ...), the example bots, a
//! bot author's own, and programs in any language (the `arena` crate's `ProgramBot`).
//!
//! A bot is told what its player observes and answers with one action for that player (and, in
//! games whose events are public, hears every step's events). The `arena` crate's match and
//! tournament runner drives any mix of bots through the contract, so the same runner, results
//! table and tests serve all five games; `arena` re-exports this trait as `arena::Bot`.

use super::Game;

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

    /// The action of a step the bot decides without looking (say, it waits until it hears
    /// something), or `None` (the default) to be shown its observation and asked with
    /// [`Bot::act`]. Saves making an observation the bot would not read.
    fn act_unobserved(&mut self, game: &G, player: usize) -> Option<G::Action> {
        let _ = (game, player);
        None
    }

    /// Hears what a step did: called after every step, for every bot, with the step's events, in
    /// games whose events every player is told (the `arena` crate's `Playable::PUBLIC_EVENTS`).
    /// The default does nothing.
    fn hear(&mut self, game: &G, events: &G::Events, player: usize) {
        let _ = (game, events, player);
    }

    /// The game is over, with `outcome`: called once per game, for every bot, after the last
    /// step and before [`Bot::fault`] is asked. A program bot tells its program (Tron3D: the
    /// `end` line; Amazes: `Quit` after sudden death, as the CodeCup judge does) and lets it
    /// exit. The default does nothing.
    fn game_over(&mut self, game: &G, outcome: &G::Outcome, player: usize) {
        let _ = (game, outcome, player);
    }

    /// The fault of the current game, for a bot that can have one (a program that crashed, stayed
    /// silent, flooded or answered garbage: the `arena` crate's `ProgramBot`): one line, starting
    /// with its kind (`crash`, `silence`, `flood`, `garbage`). Asked once the game is over, and
    /// counted per bot in the results table. The default: `None`.
    fn fault(&self) -> Option<String> {
        None
    }
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
    fn act_unobserved(&mut self, game: &G, player: usize) -> Option<G::Action> {
        (**self).act_unobserved(game, player)
    }
    fn hear(&mut self, game: &G, events: &G::Events, player: usize) {
        (**self).hear(game, events, player);
    }
    fn game_over(&mut self, game: &G, outcome: &G::Outcome, player: usize) {
        (**self).game_over(game, outcome, player);
    }
    fn fault(&self) -> Option<String> {
        (**self).fault()
    }
}
