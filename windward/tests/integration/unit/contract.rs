//! The tests of `windward::contract` that lived beside its code.

// The contract imported, as a bot author has it: `game.method(..)` still names the inherent
// method, which must take the same arguments.
#[allow(unused_imports)]
use pathfind::tree::{self, Game as _};

use windward::{Action, Config, Game, NUM_PLAYERS, mapgen};

/// With the contract imported, `game.method(..)` is the inherent method; it takes the
/// contract's arguments and answers as the contract does, for every method of the same
/// name, over a stretch of a round with new destinations and cards.
#[test]
fn inherent_methods_take_the_contracts_arguments_and_agree() {
    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    let mut state = game.initial_state(3);
    assert_eq!(state, <Game as tree::Game>::initial_state(&game, 3));
    assert_eq!(game.players(), <Game as tree::Game>::players(&game));
    let (mut buf, mut contract_buf) = (Vec::new(), Vec::new());
    let (mut returns, mut contract_returns) = ([0.0; NUM_PLAYERS], [0.0; NUM_PLAYERS]);
    let mut pick = 0usize;
    for tick in 0..300 {
        assert_eq!(
            game.to_move(&state),
            <Game as tree::Game>::to_move(&game, &state)
        );
        let mut joint = Vec::new();
        for player in 0..game.players() + 1 {
            game.legal_actions(&state, player, &mut buf);
            <Game as tree::Game>::legal_actions(&game, &state, player, &mut contract_buf);
            assert_eq!(buf, contract_buf);
            if tick % 50 == 0 {
                assert_eq!(
                    game.observe(&state, player),
                    <Game as tree::Game>::observe(&game, &state, player)
                );
            }
            if !buf.is_empty() {
                // Mostly drive on; now and then a new destination or a card.
                pick = pick.wrapping_mul(31).wrapping_add(7);
                let action = if pick.is_multiple_of(23) {
                    buf[pick % buf.len()].clone()
                } else {
                    Action::Wait
                };
                joint.push(action);
            }
        }
        game.returns(&state, &mut returns);
        <Game as tree::Game>::returns(&game, &state, &mut contract_returns);
        assert_eq!(returns, contract_returns);
        assert_eq!(
            game.outcome(&state),
            <Game as tree::Game>::outcome(&game, &state)
        );
        assert_eq!(
            game.is_terminal(&state),
            <Game as tree::Game>::is_terminal(&game, &state)
        );
        let next = game.step(&state, &joint);
        assert_eq!(next, <Game as tree::Game>::step(&game, &state, &joint));
        let mut other = state.clone();
        let events = game.advance(&mut state, &joint);
        assert_eq!(
            events,
            <Game as tree::Game>::advance(&game, &mut other, &joint)
        );
        assert_eq!((&state, &other), (&next, &next));
    }
}
