//! The tests of `dogfight::contract` that lived beside its code.

// The contract imported, as a bot author has it: `game.method(..)` still names the inherent
// method, which must take the same arguments.
#[allow(unused_imports)]
use pathfind::tree::{self, Game as _};

use dogfight::{Game, Side};

/// With the contract imported, `game.method(..)` is the inherent method; it takes the
/// contract's arguments and answers as the contract does, for every method of the same
/// name, to the end of the fight and one step past it.
#[test]
fn inherent_methods_take_the_contracts_arguments_and_agree() {
    let game = Game::default();
    let mut state = game.initial_state(3);
    assert_eq!(state, <Game as tree::Game>::initial_state(&game, 3));
    assert_eq!(game.players(), <Game as tree::Game>::players(&game));
    let (mut buf, mut contract_buf) = (Vec::new(), Vec::new());
    let (mut returns, mut contract_returns) = ([0.0; 2], [0.0; 2]);
    let mut pick = 0usize;
    loop {
        assert_eq!(
            game.to_move(&state),
            <Game as tree::Game>::to_move(&game, &state)
        );
        let mut joint = Vec::new();
        for player in 0..3 {
            game.legal_actions(&state, player, &mut buf);
            <Game as tree::Game>::legal_actions(&game, &state, player, &mut contract_buf);
            assert_eq!(buf, contract_buf);
            assert_eq!(
                game.observe(&state, player),
                <Game as tree::Game>::observe(&game, &state, player)
            );
            if let Some(side) = Side::of_player(player) {
                assert_eq!(
                    game.observe(&state, player),
                    game.observe_side(&state, side)
                );
            }
            if !buf.is_empty() {
                pick = pick.wrapping_mul(31).wrapping_add(7);
                joint.push(buf[pick % buf.len()]);
            }
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
        let next = game.step(&state, &joint);
        assert_eq!(next, <Game as tree::Game>::step(&game, &state, &joint));
        let mut other = state;
        let events = game.advance(&mut state, &joint);
        assert_eq!(
            events,
            <Game as tree::Game>::advance(&game, &mut other, &joint)
        );
        assert_eq!((state, other), (next, next));
        if terminal {
            assert_eq!(
                events,
                dogfight::Events::default(),
                "a finished fight stays as it is"
            );
            break;
        }
    }
}
