//! CloudWars as tensors (`cloudwars::tensor`): the wind grid's numbering against
//! `legal_actions` over random games, every legal index played, the planes of a known world,
//! allocation-free masks and observations, and what the tensor leaves out.

use cloudwars::{
    Action, Cloud, CloudSpec, Color, Config, Event, Game, Player, Setup, Vec2, WindGrid,
    WorldParams,
};
use pathfind::tree::Tensor;
use rand::{Rng, SeedableRng};

fn new_game(players: usize, winds: WindGrid) -> Game {
    let setup = Setup {
        params: WorldParams {
            rainclouds: 30,
            ..WorldParams::default()
        },
        players,
        winds,
    };
    Game::with_setup(Config::default(), setup).unwrap()
}

/// The actions of a mask, each once.
fn masked(game: &Game, state: &cloudwars::State, player: usize, mask: &[bool]) -> Vec<Action> {
    (0..mask.len())
        .filter(|&i| mask[i])
        .map(|i| game.index_action(state, player, i).unwrap())
        .collect()
}

/// Random games of 2 and 3 players (400 iterations each, kills included): the mask is
/// `legal_actions` as a set, legal actions round trip through their index, every legal index's
/// action is applied by `advance` without an error, and the observation is finite.
#[test]
fn the_action_space_and_mask_agree_with_legal_actions_over_playouts() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2);
    let mut checked = 0;
    let mut kills = 0;
    for (players, seed) in [(2, 1), (2, 2), (3, 3)] {
        let game = new_game(players, WindGrid::default());
        assert_eq!(game.num_distinct_actions(), 50);
        let mut mask = vec![false; 50];
        let mut legal = Vec::new();
        let mut out = vec![f32::NAN; game.observation_len()];
        let mut state = game.initial_state(seed);
        for _ in 0..400 {
            if game.is_terminal(&state) {
                break;
            }
            let mut joint = Vec::new();
            for player in 0..players + 1 {
                game.legal_actions(&state, player, &mut legal);
                game.legal_mask(&state, player, &mut mask);
                let actions = masked(&game, &state, player, &mask);
                for action in &legal {
                    let index = game.action_index(&state, player, action).unwrap();
                    assert!(mask[index], "{action:?} is legal but masked out");
                    assert_eq!(game.index_action(&state, player, index), Some(*action));
                    checked += 1;
                }
                assert!(actions.iter().all(|a| legal.contains(a)));
                if game.to_move(&state).contains(player) {
                    // Kill rarely, or the games end at once.
                    let pick = loop {
                        let i = rng.random_range(0..50);
                        if mask[i] && (i != 49 || rng.random_range(0..200) == 0) {
                            break i;
                        }
                    };
                    kills += usize::from(pick == 49);
                    joint.push(game.index_action(&state, player, pick).unwrap());
                }
                game.observation_tensor(&state, player, &mut out);
                assert!(out.iter().all(|v| v.is_finite()), "player {player}");
            }
            let events = game.advance(&mut state, &joint);
            let applied = events
                .iter()
                .filter(|e| matches!(e, Event::Command { result: Ok(()), .. }))
                .count();
            assert_eq!(applied, joint.len(), "{events:?}");
        }
    }
    assert!(checked > 10_000, "{checked}");
    assert!(kills > 0, "a kill was played");
}

/// When two grid entries give the same wind (1 vapor, and a twentieth of 20 vapor),
/// `legal_actions` lists it twice and the mask marks its first index only.
#[test]
fn coinciding_winds_are_marked_once() {
    let game = new_game(2, WindGrid::default());
    let mut state = game.initial_state(4);
    let storm = state.cloud_index(cloudwars::PlayerId(0)).unwrap();
    state.clouds_mut()[storm].vapor = 20.0;
    let mut legal = Vec::new();
    game.legal_actions(&state, 0, &mut legal);
    let mut mask = vec![false; 50];
    game.legal_mask(&state, 0, &mut mask);
    let actions = masked(&game, &state, 0, &mask);
    // The winds of strength 1 (those the rules accept: cos and sin round some below 1) come
    // twice, as an absolute strength and as a twentieth.
    let mut distinct: Vec<Action> = Vec::new();
    for action in &legal {
        if !distinct.contains(action) {
            distinct.push(*action);
        }
    }
    assert!(
        distinct.len() + 8 < legal.len(),
        "{} winds of strength 1",
        legal.len() - distinct.len()
    );
    assert_eq!(actions.len(), distinct.len());
    assert!(legal.iter().all(|a| actions.contains(a)));
    assert!(
        !mask[17..33].contains(&true),
        "the twentieth's winds repeat the first strength's"
    );
    assert_eq!(
        game.action_index(&state, 0, &game.index_action(&state, 0, 17).unwrap()),
        Some(1)
    );
}

#[test]
fn winds_off_the_grid_and_indices_out_of_range_have_none() {
    let game = new_game(2, WindGrid::default());
    let state = game.initial_state(5);
    assert_eq!(
        game.action_index(&state, 0, &Action::Move(Vec2::new(2.5, 0.0))),
        None
    );
    assert_eq!(game.action_index(&state, 0, &Action::Wait), Some(0));
    assert_eq!(game.action_index(&state, 0, &Action::Kill), Some(49));
    assert_eq!(game.index_action(&state, 0, 50), None);
    // No storm, no wind: a player the state does not have.
    assert_eq!(game.index_action(&state, 7, 3), None);
    assert_eq!(
        game.action_index(&state, 7, &Action::Move(Vec2::new(1.0, 0.0))),
        None
    );
    let mut mask = vec![true; 50];
    game.legal_mask(&state, 7, &mut mask);
    assert!(!mask.contains(&true));
    // Without kill in the grid, there is no Kill index.
    let no_kill = new_game(
        2,
        WindGrid {
            kill: false,
            ..WindGrid::default()
        },
    );
    let state = no_kill.initial_state(5);
    assert_eq!(no_kill.num_distinct_actions(), 49);
    assert_eq!(no_kill.action_index(&state, 0, &Action::Kill), None);
    assert_eq!(no_kill.index_action(&state, 0, 49), None);
}

/// A world of three clouds: the viewer's storm, a rival's, a raincloud, each plane where the
/// docs put it, from both sides.
#[test]
fn the_planes_hold_what_the_docs_say() {
    let game = new_game(2, WindGrid::default());
    let spec = |x: f32, y: f32, vx: f32, vapor: f32, name: Option<&str>| CloudSpec {
        pos: Vec2::new(x, y),
        vel: Vec2::new(vx, 0.0),
        vapor,
        player: name.map(|n| Player {
            name: n.into(),
            color: Color::ALL[0],
        }),
    };
    let clouds = [
        spec(100.0, 40.0, 7.0, 600.0, Some("P1")),
        spec(2047.5, 1151.0, -14.0, 300.0, Some("P2")),
        spec(70.0, 33.0, 3.5, 150.0, None),
    ];
    let state = game.world_from_clouds(&clouds, 1).unwrap();
    assert_eq!(game.observation_shape(), [12, 36, 64]);
    let area = 36 * 64;
    let mut out = vec![0.0; game.observation_len()];
    game.observation_tensor(&state, 0, &mut out);
    let at = |plane: usize, row: usize, col: usize| out[plane * area + row * 64 + col];
    // 32-pixel cells: (100, 40) is row 1, column 3; (2047.5, 1151) the last cell; (70, 33) row
    // 1, column 2.
    assert_eq!((at(0, 1, 3), at(1, 1, 3), at(2, 1, 3)), (1.0, 1.0, 0.0));
    assert_eq!((at(3, 35, 63), at(4, 35, 63)), (0.5, 0.5 * -2.0));
    assert_eq!((at(6, 1, 2), at(7, 1, 2)), (0.25, 0.25 * 0.5));
    assert_eq!(out[..3 * area].iter().filter(|&&v| v != 0.0).count(), 2);
    assert_eq!(at(9, 0, 0), 0.0);
    assert_eq!(at(10, 7, 7), 600.0 / 1050.0);
    assert_eq!(at(11, 20, 20), 300.0 / 1050.0);
    // The rival's view: its storm in planes 0-2, the first player's among the rivals.
    game.observation_tensor(&state, 1, &mut out);
    let at = |plane: usize, row: usize, col: usize| out[plane * area + row * 64 + col];
    assert_eq!((at(0, 35, 63), at(1, 35, 63)), (0.5, -2.0));
    assert_eq!(at(3, 1, 3), 1.0);
    assert_eq!(at(10, 0, 0), 300.0 / 1050.0);
    game.observation_tensor(&state, 2, &mut out);
    assert!(out.iter().all(|&v| v == 0.0), "no such player, no view");
}

/// The UIDs and the generator (which draws the next UIDs) are not in the tensor: the same world
/// built with other seeds gives the same planes.
#[test]
fn uids_and_the_generator_are_not_observed() {
    let game = new_game(2, WindGrid::default());
    let start = game.initial_state(8);
    let specs: Vec<CloudSpec> = start
        .clouds()
        .iter()
        .map(|c: &Cloud| CloudSpec {
            pos: c.pos,
            vel: c.vel,
            vapor: c.vapor,
            player: c.owner.map(|id| start.player(id).unwrap().clone()),
        })
        .collect();
    let a = game.world_from_clouds(&specs, 1).unwrap();
    let b = game.world_from_clouds(&specs, 2).unwrap();
    assert_ne!(a, b, "other UIDs and generator");
    for player in 0..2 {
        let (mut x, mut y) = (
            vec![0.0; game.observation_len()],
            vec![1.0; game.observation_len()],
        );
        game.observation_tensor(&a, player, &mut x);
        game.observation_tensor(&b, player, &mut y);
        assert_eq!(x, y);
    }
}

#[test]
fn masks_and_observations_allocate_nothing() {
    let game = new_game(3, WindGrid::default());
    let mut state = game.initial_state(6);
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut out = vec![0.0; game.observation_len()];
    let winds = [
        Action::Move(Vec2::new(3.0, 4.0)),
        Action::Wait,
        Action::Wait,
    ];
    let mut marked = 0;
    for _ in 0..100 {
        let info = allocation_counter::measure(|| {
            for player in 0..3 {
                game.legal_mask(&state, player, &mut mask);
                marked += mask.iter().filter(|&&m| m).count();
                game.observation_tensor(&state, player, &mut out);
            }
        });
        assert_eq!(info.count_total, 0);
        game.advance(&mut state, &winds);
    }
    assert!(marked > 1000);
}
