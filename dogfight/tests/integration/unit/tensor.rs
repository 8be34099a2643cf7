//! The tests of `dogfight::tensor` that lived beside its code.

use dogfight::{Game, PlaneId};
use pathfind::tree::{self, Tensor};
use rand::{Rng, SeedableRng};

use dogfight::tensor::*;
use dogfight::{Arena, Config};

fn game() -> Game {
    Game::new(Arena::new(Arena::STANDARD_SIZE).unwrap(), Config::default()).unwrap()
}

#[test]
fn the_mask_is_exactly_the_legal_actions_and_indices_round_trip() {
    let game = game();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..4 {
        let mut state = tree::Game::initial_state(&game, seed);
        while !tree::Game::is_terminal(&game, &state) {
            let mut joint = Vec::new();
            for player in 0..2 {
                tree::Game::legal_actions(&game, &state, player, &mut legal);
                game.legal_mask(&state, player, &mut mask);
                assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
                for action in &legal {
                    let index = game.action_index(&state, player, action).unwrap();
                    assert!(mask[index], "{action:?} is legal but masked out");
                    assert_eq!(
                        game.index_action(&state, player, index).as_ref(),
                        Some(action)
                    );
                    checked += 1;
                }
                joint.push(legal[rng.random_range(0..legal.len())]);
            }
            tree::Game::advance(&game, &mut state, &joint);
        }
        game.legal_mask(&state, 0, &mut mask);
        assert!(
            mask.iter().all(|&m| !m),
            "a finished fight has no legal action"
        );
    }
    assert!(checked > 1000);
    assert_eq!(
        game.index_action(&tree::Game::initial_state(&game, 0), 0, 11_881),
        None
    );
}

#[test]
fn masks_and_observations_allocate_nothing() {
    let game = game();
    let state = tree::Game::initial_state(&game, 1);
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut out = vec![0.0; 4 * PLANE_FEATURES];
    let info = allocation_counter::measure(|| {
        for player in 0..2 {
            game.legal_mask(&state, player, &mut mask);
            game.observation_tensor(&state, player, &mut out);
        }
    });
    assert_eq!(info.count_total, 0);
    assert!(mask.iter().any(|&m| m));
}

#[test]
fn observations_put_the_viewer_first_and_stay_in_range() {
    let game = game();
    let state = tree::Game::initial_state(&game, 0);
    let mut p1 = vec![f32::NAN; game.observation_len()];
    let mut p2 = vec![f32::NAN; game.observation_len()];
    game.observation_tensor(&state, 0, &mut p1);
    game.observation_tensor(&state, 1, &mut p2);
    assert_eq!(game.observation_shape(), [4, PLANE_FEATURES]);
    // The rows are the same planes in the other order.
    assert_eq!(p1[..18], p2[18..]);
    assert_eq!(p1[18..], p2[..18]);
    let plane = state.plane(PlaneId::new(0));
    assert_eq!(p1[0], 1.0);
    assert_eq!(p1[1], f32::from(plane.pos.x) / 13.0);
    assert!(p1.iter().all(|v| (-1.0..=1.0).contains(v)));
}
