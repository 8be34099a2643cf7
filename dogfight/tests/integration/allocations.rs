//! `step`, `advance`, `legal_moves`, `legal_actions` (with a warmed-up buffer), the random
//! playout helpers, the plane helper API and the same verbs through the workspace's game contract
//! (`pathfind::tree::Game`) allocate nothing: counted per thread by `allocation-counter`.

use dogfight::{Action, Actions, Game, PlaneId, Side};
use pathfind::tree;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

#[test]
fn the_hot_paths_allocate_nothing() {
    let game = Game::default();
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut buf = Vec::new();
    // Warm-up: grow the reusable buffer to its largest size (34 × 34 actions).
    game.legal_side_actions(&game.initial_state(0), Side::P1, &mut buf);
    let mut work = 0usize;

    let info = allocation_counter::measure(|| {
        for _ in 0..50 {
            let mut state = game.initial_state(0);
            while !game.is_terminal(&state) {
                for side in Side::BOTH {
                    game.legal_side_actions(&state, side, &mut buf);
                    work += buf.len();
                }
                for id in PlaneId::ALL {
                    let plane = state.plane(id);
                    work += game.legal_moves(&state, id).len();
                    work += plane.reach().count();
                    work += plane.shoot_range(game.arena()).count();
                    work += usize::from(plane.is_suicidal(game.arena()));
                }
                let actions = Actions::new(
                    game.random_action(&state, Side::P1, &mut rng),
                    game.random_action(&state, Side::P2, &mut rng),
                );
                let stepped = game.step_joint(&state, &actions);
                let events = game.advance_joint(&mut state, &actions);
                assert_eq!(stepped, state);
                work += events.iter().count();
                work += usize::from(game.outcome(&state).is_some());
            }
        }
    });
    assert!(work > 0);
    assert_eq!(info.count_total, 0, "allocations in the hot paths");
}

#[test]
fn the_contract_path_allocates_nothing() {
    let game = Game::default();
    let mut rng = Pcg64Mcg::seed_from_u64(8);
    let mut buf: Vec<Action> = Vec::new();
    tree::Game::legal_actions(&game, &game.initial_state(0), 0, &mut buf);
    let mut returns = [0.0; 2];
    let mut work = 0usize;
    let info = allocation_counter::measure(|| {
        for seed in 0..50 {
            let mut state = tree::Game::initial_state(&game, seed);
            while !tree::Game::is_terminal(&game, &state) {
                let mut joint = [Action::none(); 2];
                for player in tree::Game::to_move(&game, &state) {
                    tree::Game::legal_actions(&game, &state, player, &mut buf);
                    joint[player] = buf[rand::Rng::random_range(&mut rng, 0..buf.len())];
                    let _ = tree::Game::observe(&game, &state, player);
                }
                let stepped = tree::Game::step(&game, &state, &joint);
                tree::Game::advance(&game, &mut state, &joint);
                assert_eq!(stepped, state);
                tree::Game::returns(&game, &state, &mut returns);
                work += usize::from(tree::Game::outcome(&game, &state).is_some());
            }
        }
    });
    assert!(work > 0);
    assert_eq!(info.count_total, 0, "allocations on the contract path");
}
