//! The tests of `cloudwars::contract` that lived beside its code.

// The contract imported, as a bot author has it: `game.method(..)` still names the inherent
// method, which must take the same arguments.
#[allow(unused_imports)]
use pathfind::tree::{self, Game as _};

use cloudwars::{Config, Game, Setup, WorldParams};

/// With the contract imported, `game.method(..)` is the inherent method; it takes the
/// contract's arguments and answers as the contract does, for every method of the same
/// name. (States have no `PartialEq`: they are compared by their debug text, which shows
/// every field.)
#[test]
fn inherent_methods_take_the_contracts_arguments_and_agree() {
    let setup = Setup {
        params: WorldParams {
            rainclouds: 12,
            ..WorldParams::default()
        },
        players: 3,
        ..Setup::default()
    };
    let game = Game::with_setup(Config::default(), setup).unwrap();
    let mut state = game.initial_state(5);
    let same = |a: &cloudwars::State, b: &cloudwars::State| format!("{a:?}") == format!("{b:?}");
    assert!(same(&state, &<Game as tree::Game>::initial_state(&game, 5)));
    assert_eq!(game.players(), <Game as tree::Game>::players(&game));
    let (mut buf, mut contract_buf) = (Vec::new(), Vec::new());
    let (mut returns, mut contract_returns) = ([0.0; 3], [0.0; 3]);
    let mut pick = 0usize;
    for _ in 0..200 {
        let to_move = game.to_move(&state);
        assert_eq!(to_move, <Game as tree::Game>::to_move(&game, &state));
        let mut joint = Vec::new();
        for player in 0..game.players() + 1 {
            game.legal_actions(&state, player, &mut buf);
            <Game as tree::Game>::legal_actions(&game, &state, player, &mut contract_buf);
            assert_eq!(buf, contract_buf);
            assert!(same(
                &game.observe(&state, player),
                &<Game as tree::Game>::observe(&game, &state, player)
            ));
            if to_move.contains(player) {
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
        assert!(same(
            &next,
            &<Game as tree::Game>::step(&game, &state, &joint)
        ));
        let mut other = state.clone();
        let events = game.advance(&mut state, &joint);
        assert_eq!(
            events,
            <Game as tree::Game>::advance(&game, &mut other, &joint)
        );
        assert!(same(&state, &next) && same(&other, &next));
        if terminal {
            break;
        }
    }
}
