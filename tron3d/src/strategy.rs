//! proptest strategies for bot authors' property tests (feature `proptest`): games on the
//! shipped boards, states reached by random play, and commands (valid or not).

use proptest::prelude::*;

use crate::generate::Preset;
use crate::{Actions, Game, Movement, State};

/// One of the shipped presets (small ones first, so failures shrink to small boards).
pub fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        Just(Preset::Cube),
        Just(Preset::Icosphere),
        Just(Preset::Grid),
        Just(Preset::BigGrid),
        Just(Preset::BigIcosphere),
        Just(Preset::BigCube),
    ]
}

/// A game on a shipped small board with its preset parameters.
pub fn game() -> impl Strategy<Value = Game> {
    prop_oneof![
        Just(Preset::Cube),
        Just(Preset::Icosphere),
        Just(Preset::Grid)
    ]
    .prop_map(|p| Game::new(p.board(), p.config()).expect("presets are valid"))
}

/// A state of `game` reached by `0..=max_rounds` rounds of the Demo player from a random seed
/// (shrinks towards fewer rounds).
pub fn state(game: &Game, max_rounds: u32) -> impl Strategy<Value = State> + use<> {
    let game = game.clone();
    (any::<u64>(), 0..=max_rounds).prop_map(move |(seed, rounds)| {
        let mut state = game.initial_state(seed);
        let mut actions = Actions::new();
        for _ in 0..rounds {
            if state.is_over() {
                break;
            }
            game.demo_actions(&mut state, &mut actions);
            game.advance_commands(&mut state, &actions);
        }
        state
    })
}

/// Any command: bike and target ids around the valid ranges (including −1 and the original's
/// −99 default), with or without item use.
pub fn movement(nb_bikes: usize, nb_vertices: usize) -> impl Strategy<Value = Movement> {
    (
        prop_oneof![Just(-99), -1..=nb_bikes as i32],
        prop_oneof![Just(-99), -1..=nb_vertices as i32],
        any::<bool>(),
    )
        .prop_map(|(bike, to, use_item)| Movement { bike, to, use_item })
}

/// Commands for every player of `game` (up to 4 each, any of them possibly invalid).
pub fn actions(game: &Game) -> impl Strategy<Value = Actions> + use<> {
    let players = game.config().nb_players;
    let bikes = game.nb_bikes();
    let vertices = game.board().nb_vertices();
    proptest::collection::vec(
        (0..players as u8, movement(bikes, vertices)),
        0..=4 * players,
    )
    .prop_map(|list| {
        let mut actions = Actions::new();
        for (p, m) in list {
            actions.push(p, m);
        }
        actions
    })
}
