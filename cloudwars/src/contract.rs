//! CloudWars under the workspace's game contract, [`pathfind::tree::Game`]: the inherent methods
//! of [`Game`] with the same names and shapes, so any search in `pathfind::tree` plays CloudWars.
//!
//! Players are the setup's seats `0..players` ([`PlayerId`](crate::PlayerId) `0..`); an action is one player's
//! [`Action`] (the setup's [`WindGrid`](crate::WindGrid) discretises the wind for
//! `legal_actions`; any finite wind is accepted by `advance`); moves are simultaneous, applied in
//! player order before the update. CloudWars hides nothing: the observation is the state.

use pathfind::tree::{self, InvalidState, Moves, PlayerSet};

use crate::action::{Action, Events};
use crate::observation::Observation;
use crate::rules::Game;
use crate::state::{Leader, Outcome, State};

impl Game {
    /// Checks a state the game did not build ([`State`] read with serde, or changed through
    /// [`State::clouds_mut`]) before it is used: at most 255 players and 65,535 clouds, every
    /// cloud's position, velocity and vapor finite, every cloud owner a player of the state,
    /// each player owning exactly one cloud, and the leader a player of the state. Every method
    /// of the game accepts a state that passes (and the states it advances to) without a panic;
    /// the first refused field is named with its value. The contract's
    /// [`validate`](pathfind::tree::Game::validate).
    ///
    /// ```
    /// use cloudwars::{Config, Game, PlayerId};
    ///
    /// let game = Game::new(Config::default())?;
    /// let mut state = game.initial_state(1);
    /// assert!(game.validate(&state).is_ok());
    /// let last = state.clouds().len() - 1;
    /// state.clouds_mut()[last].owner = Some(PlayerId(7));
    /// let error = game.validate(&state).unwrap_err();
    /// assert_eq!(error.field, format!("clouds[{last}].owner"));
    /// assert_eq!(error.value, "7");
    /// # Ok::<(), cloudwars::ConfigError>(())
    /// ```
    pub fn validate(&self, state: &State) -> Result<(), InvalidState> {
        let players = state.players.len();
        if players > 255 {
            return Err(InvalidState::new("players", players, "at most 255 players"));
        }
        if state.clouds.len() > usize::from(u16::MAX) {
            return Err(InvalidState::new(
                "clouds",
                state.clouds.len(),
                "at most 65535 clouds",
            ));
        }
        // Which players own a cloud (ids are below 256).
        let mut owners = [0u64; 4];
        for (i, c) in state.clouds.iter().enumerate() {
            for (name, value) in [
                ("pos.x", c.pos.x),
                ("pos.y", c.pos.y),
                ("vel.x", c.vel.x),
                ("vel.y", c.vel.y),
                ("vapor", c.vapor),
            ] {
                if !value.is_finite() {
                    return Err(InvalidState::new(
                        format!("clouds[{i}].{name}"),
                        value,
                        "a finite number",
                    ));
                }
            }
            if let Some(id) = c.owner {
                let field = || format!("clouds[{i}].owner");
                if id.index() >= players {
                    return Err(InvalidState::new(
                        field(),
                        id.0,
                        format!("a player below {players} (the state's players)"),
                    ));
                }
                let (word, bit) = (id.index() / 64, 1u64 << (id.index() % 64));
                if owners[word] & bit != 0 {
                    return Err(InvalidState::new(
                        field(),
                        id.0,
                        "a player owning no other cloud (each player owns one)",
                    ));
                }
                owners[word] |= bit;
            }
        }
        if let Some(p) = (0..players).find(|&p| owners[p / 64] & (1 << (p % 64)) == 0) {
            return Err(InvalidState::new(
                format!("players[{p}]"),
                &state.players[p].name,
                "a player owning one cloud",
            ));
        }
        if let Leader::Player(id) = state.leader
            && id.index() >= players
        {
            return Err(InvalidState::new(
                "leader",
                id.0,
                format!("a player below {players} (the state's players)"),
            ));
        }
        if !state.world_vapor.is_finite() {
            return Err(InvalidState::new(
                "world_vapor",
                state.world_vapor,
                "a finite number",
            ));
        }
        Ok(())
    }
}

/// The places (the leader first, then by vapor) and final vapors, by [`PlayerId`](crate::PlayerId).
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
        Game::legal_actions(self, state, player, buf);
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
