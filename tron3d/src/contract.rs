//! The game contract of the workspace ([`pathfind::tree::Game`]) on [`crate::Game`]: the same
//! names and shapes as the inherent API, which each method calls.
//!
//! Tron3D moves are simultaneous: every player is to move in every round until the last
//! (players whose bikes are all dead, or who have none to move on an odd round, have one
//! action, the empty one). `actions[p]` is player `p`'s [`Action`]; an invalid movement in it is
//! skipped as the original skips it (`Board.cc:286-318`), never a panic.

use pathfind::tree::{self, InvalidState, Moves, PlayerSet};

use crate::{Action, Events, Game, Observation, Outcome, State};

/// The places and final scores of the original (`Game.cc`), by player.
impl tree::Outcome for Outcome {
    fn ranks(&self) -> Vec<tree::Rank> {
        self.ranks.iter().map(|&r| r as tree::Rank).collect()
    }
    fn scores(&self) -> Vec<f64> {
        self.scores.iter().map(|&s| f64::from(s)).collect()
    }
}

impl tree::Game for Game {
    type State = State;
    type Action = Action;
    type Events = Events;
    type Outcome = Outcome;
    type Observation = Observation;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }

    fn players(&self) -> usize {
        Game::players(self)
    }

    fn initial_state(&self, seed: u64) -> State {
        Game::initial_state(self, seed)
    }

    fn to_move(&self, state: &State) -> PlayerSet {
        Game::to_move(self, state)
    }

    fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        Game::legal_actions(self, state, player, buf)
    }

    fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        Game::advance(self, state, actions)
    }

    fn step(&self, state: &State, actions: &[Action]) -> State {
        Game::step(self, state, actions)
    }

    fn is_terminal(&self, state: &State) -> bool {
        Game::is_terminal(self, state)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        Game::outcome(self, state)
    }

    fn returns(&self, state: &State, out: &mut [f64]) {
        Game::returns(self, state, out)
    }

    fn observe(&self, state: &State, player: usize) -> Observation {
        Game::observe(self, state, player)
    }

    fn validate(&self, state: &State) -> Result<(), InvalidState> {
        Game::validate(self, state)
    }
}
