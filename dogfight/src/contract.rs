//! [`pathfind::tree::Game`] for [`Game`]: the workspace's game contract, so the shared searches,
//! test harness and tournament runner play dogfight.
//!
//! Players are the sides: player 0 is [`Side::P1`], player 1 is [`Side::P2`]. Moves are
//! simultaneous: both players act in every state that is not terminal, `actions[0]` for player 1
//! and `actions[1]` for player 2; a missing entry is [`Action::none`] (fly straight, as the
//! controller treats a missing move). Terminal means [`Game::outcome`] is `Some` (the round limit
//! included) and advancing a terminal state changes nothing, in the contract as in the inherent
//! [`Game::advance`] it calls; [`Game::advance_joint`] keeps applying the rules there (the golden
//! scenarios step past the end). The observation is what the wrapper protocol tells a side
//! ([`Game::observe`]). Every inherent method of a contract name takes the contract's arguments.
//!
//! ```
//! use dogfight::{Action, Game};
//! use pathfind::tree::{self, Game as _, PlayerSet};
//!
//! let game = Game::default();
//! let state = tree::Game::initial_state(&game, 7);
//! assert_eq!(game.to_move(&state), PlayerSet::all(2));
//! let mut buf = Vec::new();
//! tree::Game::legal_actions(&game, &state, 1, &mut buf);
//! assert_eq!(buf.len(), 34 * 34); // 17 direction/turn choices per plane, with and without a shot
//! let next = tree::Game::step(&game, &state, &[Action::none(), buf[0]]);
//! assert_eq!(next.round, 1);
//! let mut returns = [0.0; 2];
//! game.returns(&next, &mut returns);
//! assert_eq!(returns, [0.5, 0.5]);
//! ```

use pathfind::tree::{self, InvalidState, Moves, PlayerSet};

use crate::{Action, Events, Game, Observation, Outcome, PlaneId, Side, State};

impl Game {
    /// Checks a state the game did not build (a [`State`] read with serde or from a trace)
    /// against this game before it is used: every live plane inside the game's arena with a
    /// heading that is not the zero vector (dead planes may lie anywhere: a plane that left the
    /// arena died there), and a cooldown no longer than the game's. [`PlaneId`]s and headings
    /// cannot hold other values. Every method of the game accepts a state that passes without a
    /// panic; the first refused field is named with its value. The contract's
    /// [`validate`](pathfind::tree::Game::validate).
    ///
    /// ```
    /// use dogfight::{Game, PlaneId, Pos};
    ///
    /// let game = Game::default();
    /// let mut state = game.initial_state(0);
    /// assert!(game.validate(&state).is_ok());
    /// let mut plane = state.plane(PlaneId::new(2));
    /// plane.pos = Pos::new(100, 0, 0);
    /// state.set_plane(PlaneId::new(2), plane);
    /// assert_eq!(game.validate(&state).unwrap_err().field, "planes[2].pos");
    /// ```
    pub fn validate(&self, state: &State) -> Result<(), InvalidState> {
        let size = self.arena().size();
        for id in PlaneId::ALL {
            let plane = state.plane(id);
            let i = id.index();
            if !plane.alive {
                continue;
            }
            if !self.arena().contains(plane.pos) {
                return Err(InvalidState::new(
                    format!("planes[{i}].pos"),
                    format!("{:?}", plane.pos.to_array()),
                    format!("a cell of the {size}³ arena for a live plane"),
                ));
            }
            if plane.heading.is_zero() {
                return Err(InvalidState::new(
                    format!("planes[{i}].heading"),
                    format!("{:?}", plane.heading.vector()),
                    "one of the 26 directions for a live plane",
                ));
            }
            if plane.cooldown > self.config().cooldown {
                return Err(InvalidState::new(
                    format!("planes[{i}].cooldown"),
                    plane.cooldown,
                    format!("at most the game's cooldown {}", self.config().cooldown),
                ));
            }
        }
        Ok(())
    }
}

/// A fight's places (`[1, 2]`, `[2, 1]`, or `[1, 1]` for a draw) and the original tournament's
/// fight scores (`C:91-92`: 1 for the winner, 0 otherwise), player 0 being [`Side::P1`].
impl tree::Outcome for Outcome {
    fn ranks(&self) -> Vec<tree::Rank> {
        self.places().map(tree::Rank::from).to_vec()
    }
    fn scores(&self) -> Vec<f64> {
        Side::BOTH
            .iter()
            .map(|&side| f64::from(self.fight_score(side)))
            .collect()
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

    // Always inlined, as the inherent `advance` is, so the contract costs nothing over it.
    #[inline(always)]
    fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        Game::advance(self, state, actions)
    }

    #[inline]
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
        Game::returns(self, state, out);
    }

    fn observe(&self, state: &State, player: usize) -> Observation {
        Game::observe(self, state, player)
    }

    fn validate(&self, state: &State) -> Result<(), InvalidState> {
        Game::validate(self, state)
    }
}
