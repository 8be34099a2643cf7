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

#[cfg(test)]
mod tests {
    // The contract imported, as a bot author has it: `game.method(..)` still names the
    // inherent method, which must take the same arguments.
    #[allow(unused_imports)]
    use pathfind::tree::{self, Game as _};

    use crate::{Game, GlibcRand, demo, generate::Preset};

    /// With the contract imported, `game.method(..)` is the inherent method; it takes the
    /// contract's arguments and answers as the contract does, for every method of the same name.
    #[test]
    fn inherent_methods_take_the_contracts_arguments_and_agree() {
        let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
        let mut state = game.initial_state(3);
        assert_eq!(state, <Game as tree::Game>::initial_state(&game, 3));
        assert_eq!(game.players(), <Game as tree::Game>::players(&game));
        let mut rng = GlibcRand::new(5);
        let (mut buf, mut contract_buf) = (Vec::new(), Vec::new());
        let (mut returns, mut contract_returns) = ([0.0; 4], [0.0; 4]);
        loop {
            assert_eq!(
                game.to_move(&state),
                <Game as tree::Game>::to_move(&game, &state)
            );
            for player in 0..game.players() + 1 {
                game.legal_actions(&state, player, &mut buf);
                <Game as tree::Game>::legal_actions(&game, &state, player, &mut contract_buf);
                assert_eq!(buf, contract_buf);
                assert_eq!(
                    game.observe(&state, player),
                    <Game as tree::Game>::observe(&game, &state, player)
                );
            }
            game.returns(&state, &mut returns);
            <Game as tree::Game>::returns(&game, &state, &mut contract_returns);
            assert_eq!(returns, contract_returns);
            assert_eq!(
                game.outcome(&state),
                <Game as tree::Game>::outcome(&game, &state)
            );
            let terminal = game.is_terminal(&state);
            assert_eq!(terminal, <Game as tree::Game>::is_terminal(&game, &state));
            let joint: Vec<_> = (0..game.players())
                .map(|player| demo::action(&game, &state, player, &mut rng))
                .collect();
            let next = game.step(&state, &joint);
            assert_eq!(next, <Game as tree::Game>::step(&game, &state, &joint));
            let mut other = state.clone();
            let events = game.advance(&mut state, &joint);
            assert_eq!(
                events,
                <Game as tree::Game>::advance(&game, &mut other, &joint)
            );
            assert_eq!((&state, &other), (&next, &next));
            if terminal {
                assert!(
                    events.iter().next().is_none(),
                    "a finished game changes nothing"
                );
                break;
            }
        }
    }
}
