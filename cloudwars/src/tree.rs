//! CloudWars under the workspace's game contract, [`pathfind::tree::Game`]: the inherent methods
//! of [`Game`] with the same names and shapes, so any search in `pathfind::tree` plays CloudWars.
//!
//! Players are the setup's seats `0..players` ([`PlayerId`] `0..`); an action is one player's
//! [`Action`] (the setup's [`WindGrid`](crate::WindGrid) discretises the wind for
//! `legal_actions`; any finite wind is accepted by `advance`); moves are simultaneous, applied in
//! player order before the update. CloudWars hides nothing: the observation is the state.

use pathfind::tree::{self, Moves, PlayerSet};

use crate::action::{Action, Events};
use crate::cloud::PlayerId;
use crate::rules::Game;
use crate::state::{Outcome, State};

/// The places (the leader first, then by vapor) and final vapors, by [`PlayerId`].
impl tree::Outcome for Outcome {
    fn ranks(&self) -> Vec<tree::Rank> {
        self.ranks.clone()
    }
    fn scores(&self) -> Vec<f64> {
        self.vapors.iter().map(|&v| f64::from(v)).collect()
    }
}

impl tree::Game for Game {
    type State = State;
    type Action = Action;
    type Events = Events;
    type Outcome = Outcome;
    type Observation = State;

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
        match u8::try_from(player) {
            Ok(id) => Game::legal_actions(self, state, PlayerId(id), buf),
            Err(_) => buf.clear(),
        }
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

    fn observe(&self, state: &State, player: usize) -> State {
        Game::observe(self, state, PlayerId(player.min(255) as u8))
    }
}
