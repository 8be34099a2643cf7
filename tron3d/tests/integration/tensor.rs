//! Tron3D as tensors (`tron3d::tensor`): the fixed action space against `legal_actions` over
//! random playouts, every legal index played, observations in shape and allocation-free, and the
//! chance that lies ahead (the state's generator) kept out of the tensor.

use std::collections::BTreeSet;

use pathfind::tree::Tensor;
use rand::{Rng, SeedableRng};
use tron3d::generate::Preset;
use tron3d::{Action, Config, Game, Item};

fn game(preset: Preset) -> Game {
    let config = Config {
        nb_rounds: 80,
        bonus_round: 4,
        ..preset.config()
    };
    Game::new(preset.board(), config).unwrap()
}

/// Per round of random playouts on the small and big boards: the mask is `legal_actions` as a
/// set, every legal action's index converts back to it, every legal index's action is executed
/// in full by `advance` (no command skipped), and the observation has its shape and finite
/// values in range.
#[test]
fn the_action_space_and_mask_agree_with_legal_actions_over_playouts() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    let mut checked = 0;
    for preset in [
        Preset::Cube,
        Preset::BigCube,
        Preset::Icosphere,
        Preset::Grid,
    ] {
        let game = game(preset);
        let n = game.num_distinct_actions();
        assert_eq!(
            n,
            tron3d::tensor::radix(&game).pow(game.config().nb_bikes as u32)
        );
        let mut mask = vec![false; n];
        let mut legal = Vec::new();
        let mut planes = vec![f32::NAN; game.observation_len()];
        assert_eq!(
            planes.len(),
            game.observation_shape().iter().product::<usize>()
        );
        for seed in 0..3 {
            let mut state = game.initial_state(seed);
            while !game.is_terminal(&state) {
                let mut joint = Vec::new();
                for player in 0..game.players() {
                    game.legal_actions(&state, player, &mut legal);
                    game.legal_mask(&state, player, &mut mask);
                    let mut from_list = BTreeSet::new();
                    for action in &legal {
                        let index = game.action_index(&state, player, action).unwrap();
                        assert_eq!(
                            game.index_action(&state, player, index).as_ref(),
                            Some(action)
                        );
                        from_list.insert(index);
                        checked += 1;
                    }
                    let from_mask: BTreeSet<usize> = (0..n).filter(|&i| mask[i]).collect();
                    assert_eq!(
                        from_mask,
                        from_list,
                        "{} round {}",
                        preset.name(),
                        state.round()
                    );
                    let pick = *from_mask
                        .iter()
                        .nth(rng.random_range(0..from_mask.len()))
                        .unwrap();
                    joint.push(game.index_action(&state, player, pick).unwrap());

                    game.observation_tensor(&state, player, &mut planes);
                    assert!(
                        planes
                            .iter()
                            .all(|v| v.is_finite() && (0.0..=2.0).contains(v))
                    );
                }
                let chosen: Vec<_> = joint.iter().flat_map(Action::moves).copied().collect();
                let events = game.advance(&mut state, &joint);
                let mut executed = events.executed.to_vec();
                let mut chosen = chosen;
                executed.sort_by_key(|m| m.bike);
                chosen.sort_by_key(|m| m.bike);
                assert_eq!(executed, chosen, "every chosen movement is executed");
            }
            game.legal_mask(&state, 0, &mut mask);
            assert!(!mask.contains(&true), "a finished game has no legal action");
        }
    }
    assert!(checked > 5000, "{checked}");
}

/// Every index of the space converts to an action that converts back to it, or stands for
/// nothing (a neighbour the bike's vertex does not have); out of range and foreign players have
/// none, and actions outside the canonical form have no index.
#[test]
fn indices_round_trip_and_non_canonical_actions_have_none() {
    let game = game(Preset::Cube);
    let state = game.initial_state(4);
    let mut some = 0;
    for index in 0..game.num_distinct_actions() {
        if let Some(action) = game.index_action(&state, 1, index) {
            assert_eq!(game.action_index(&state, 1, &action), Some(index));
            some += 1;
        }
    }
    assert!(some > 30, "{some}");
    assert_eq!(
        game.index_action(&state, 1, game.num_distinct_actions()),
        None
    );
    assert_eq!(game.index_action(&state, 4, 0), None);
    let bike = 1usize; // player 1's first bike (slot 0); bike 5 is its slot 1
    let at = state.bike(bike).vertex as usize;
    let to = game.board().neighbours(at)[0] as usize;
    let to2 = game.board().neighbours(state.bike(5).vertex as usize)[0] as usize;
    let ok = Action::of(&[tron3d::Movement::new(1, to), tron3d::Movement::new(5, to2)]);
    assert_eq!(game.action_index(&state, 1, &ok), Some(9 + 1)); // digits 1 and 1, radix 9
    for bad in [
        // Another player's bike, a non-neighbour, the same bike twice, descending bikes.
        Action::of(&[tron3d::Movement::new(2, to)]),
        Action::of(&[tron3d::Movement::new(1, at)]),
        Action::of(&[tron3d::Movement::new(1, to), tron3d::Movement::new(1, to)]),
        Action::of(&[tron3d::Movement::new(5, to2), tron3d::Movement::new(1, to)]),
        Action::of(&[tron3d::Movement::new(99, to)]),
    ] {
        assert_eq!(game.action_index(&state, 1, &bad), None, "{bad:?}");
    }
    assert_eq!(game.action_index(&state, 0, &ok), None);
}

#[test]
fn masks_and_observations_allocate_nothing() {
    for preset in [Preset::Cube, Preset::BigCube] {
        let game = game(preset);
        let mut mask = vec![false; game.num_distinct_actions()];
        let mut planes = vec![0.0; game.observation_len()];
        let mut state = game.initial_state(5);
        let mut legal = Vec::new();
        let mut joint = Vec::new();
        let mut marked = 0;
        while !game.is_terminal(&state) {
            let info = allocation_counter::measure(|| {
                for player in 0..game.players() {
                    game.legal_mask(&state, player, &mut mask);
                    marked += mask.iter().filter(|&&m| m).count();
                    game.observation_tensor(&state, player, &mut planes);
                }
            });
            assert_eq!(
                info.count_total,
                0,
                "{} round {}",
                preset.name(),
                state.round()
            );
            joint.clear();
            for player in 0..game.players() {
                game.legal_actions(&state, player, &mut legal);
                joint.push(legal.last().cloned().unwrap_or_default());
            }
            game.advance(&mut state, &joint);
        }
        assert!(marked > 100);
    }
}

/// The planes say what the docs say on a known state, from each viewer's side.
#[test]
fn the_planes_hold_what_the_docs_say() {
    let game = game(Preset::Cube);
    let players = game.players();
    let v = game.board().nb_vertices();
    let mut state = game.initial_state(3);
    // Four rounds of the first listed moves: the items appear at the end of round 4.
    let mut legal = Vec::new();
    for _ in 0..4 {
        let joint: Vec<Action> = (0..players)
            .map(|p| {
                game.legal_actions(&state, p, &mut legal);
                legal[0].clone()
            })
            .collect();
        game.advance(&mut state, &joint);
    }
    let mut planes = vec![0.0; game.observation_len()];
    for viewer in 0..players {
        game.observation_tensor(&state, viewer, &mut planes);
        let plane = |p: usize, w: usize| planes[p * v + w];
        for (k, bike) in state.bikes().iter().enumerate().filter(|(_, b)| b.alive) {
            let block = (k % players + players - viewer) % players;
            let at = bike.vertex as usize;
            assert_eq!(plane(block * 7, at), 1.0, "bike {k}'s vertex is its wall");
            assert_eq!(plane(block * 7 + 1, at), 1.0);
        }
        for w in 0..v {
            let owner = state
                .wall(w)
                .map(|b| (b as usize % players + players - viewer) % players);
            for block in 0..players {
                assert_eq!(
                    plane(block * 7, w),
                    f32::from(u8::from(owner == Some(block)))
                );
            }
            let item = state.item(w);
            for (i, kind) in [Item::Turbo, Item::Ghost, Item::Points]
                .into_iter()
                .enumerate()
            {
                assert_eq!(plane(7 * players + i, w), f32::from(u8::from(item == kind)));
            }
        }
        let score = state.score(viewer as u8) as f32 / game.max_score_gain() as f32;
        assert!(planes[6 * v..7 * v].iter().all(|&s| s == score));
        let left = (80 - 4) as f32 / 80.0;
        assert!(
            planes[(7 * players + 3) * v..(7 * players + 4) * v]
                .iter()
                .all(|&x| x == left)
        );
        assert!(
            planes[(7 * players + 4) * v..(7 * players + 5) * v]
                .iter()
                .all(|&x| x == 0.0)
        );
        for slot in 0..2 {
            let bike = state.bike(viewer + slot * players);
            let slot_plane = &planes[(7 * players + 5 + slot) * v..(7 * players + 6 + slot) * v];
            assert_eq!(
                slot_plane.iter().sum::<f32>(),
                f32::from(u8::from(bike.alive))
            );
            if bike.alive {
                assert_eq!(slot_plane[bike.vertex as usize], 1.0);
            }
        }
    }
    assert!(
        (0..v).any(|w| state.item(w) != Item::None),
        "items lie on the board"
    );
    game.observation_tensor(&state, players, &mut planes);
    assert!(planes.iter().all(|&x| x == 0.0), "no player, no view");
}

/// What lies ahead by chance (the state's generator: the next rounds' player order and item
/// types) is not in the tensor: states that differ only there give the same planes, and the
/// same mask.
#[test]
fn the_generator_is_not_observed() {
    let game = game(Preset::Cube);
    let a = game.initial_state(1);
    let b = game.initial_state(2);
    assert_ne!(a, b, "the seeds differ");
    let mut x = vec![0.0; game.observation_len()];
    let mut y = vec![1.0; game.observation_len()];
    let size = game.num_distinct_actions();
    let (mut m, mut n) = (vec![false; size], vec![true; size]);
    for player in 0..game.players() {
        game.observation_tensor(&a, player, &mut x);
        game.observation_tensor(&b, player, &mut y);
        assert_eq!(x, y);
        game.legal_mask(&a, player, &mut m);
        game.legal_mask(&b, player, &mut n);
        assert_eq!(m, n);
    }
    // ... while the next round's order does differ somewhere.
    let mut legal = Vec::new();
    let joint: Vec<Action> = (0..game.players())
        .map(|p| {
            game.legal_actions(&a, p, &mut legal);
            legal[0].clone()
        })
        .collect();
    let orders: BTreeSet<Vec<u8>> = (0..20)
        .map(|seed| {
            let mut s = game.initial_state(seed);
            game.advance(&mut s, &joint).order.to_vec()
        })
        .collect();
    assert!(orders.len() > 1);
}

/// Where the combinations pass `MAX_JOINT_ACTIONS`, `legal_actions` drops the item variants and
/// then cuts its list; the mask follows both (4 bikes of 2 players on the icosphere: 6⁴ moves).
#[test]
fn the_mask_follows_the_cut_of_legal_actions() {
    let config = Config {
        nb_players: 2,
        nb_bikes: 4,
        nb_rounds: 30,
        bonus_round: 2,
        ..Preset::Icosphere.config()
    };
    let game = Game::new(Preset::Icosphere.board(), config).unwrap();
    assert_eq!(game.num_distinct_actions(), 13usize.pow(4));
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut legal = Vec::new();
    let mut cut = 0;
    for seed in 0..4 {
        let mut state = game.initial_state(seed);
        while !game.is_terminal(&state) {
            let mut joint = Vec::new();
            for player in 0..2 {
                game.legal_actions(&state, player, &mut legal);
                game.legal_mask(&state, player, &mut mask);
                let from_list: BTreeSet<usize> = legal
                    .iter()
                    .map(|a| game.action_index(&state, player, a).unwrap())
                    .collect();
                let from_mask: BTreeSet<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
                assert_eq!(from_mask, from_list);
                cut += usize::from(legal.len() == tron3d::MAX_JOINT_ACTIONS);
                joint.push(legal[legal.len() / 2].clone());
            }
            game.advance(&mut state, &joint);
        }
    }
    assert!(cut > 0, "the cut was reached");
}

/// The observation as the docs' table says it, written the straightforward way (zeros, then
/// each wall, bike, score, item and slot by the public accessors): what the fast
/// `observation_tensor` must equal.
fn reference_observation(game: &Game, state: &tron3d::State, player: usize, out: &mut [f32]) {
    let players = game.players();
    let v = game.board().nb_vertices();
    let config = game.config();
    out.fill(0.0);
    if player >= players {
        return;
    }
    let block = |k: usize| (k % players + players - player) % players;
    for w in state.walls().iter().filter(|&w| w < v) {
        let owner = state.wall(w).unwrap();
        out[block(owner as usize) * 7 * v + w] = 1.0;
    }
    for (k, bike) in state.bikes().iter().enumerate() {
        let at = bike.vertex as usize;
        if !bike.alive || at >= v {
            continue;
        }
        let base = block(k) * 7 * v + at;
        out[base + v] += 1.0;
        out[base + 2 * v] += f32::from(u8::from(bike.item == Item::Turbo));
        out[base + 3 * v] += f32::from(u8::from(bike.item == Item::Ghost));
        out[base + 4 * v] += bike.turbo.max(0) as f32 / config.turbo_duration.max(1) as f32;
        out[base + 5 * v] += bike.ghost.max(0) as f32 / config.ghost_duration.max(1) as f32;
    }
    let gain = game.max_score_gain().max(1) as f32;
    for (p, &score) in state.scores().iter().enumerate() {
        let plane = (block(p) * 7 + 6) * v;
        out[plane..plane + v].fill(score as f32 / gain);
    }
    let shared = 7 * players * v;
    for w in 0..v {
        let plane = match state.item(w) {
            Item::None => continue,
            Item::Turbo => 0,
            Item::Ghost => 1,
            Item::Points => 2,
        };
        out[shared + plane * v + w] = 1.0;
    }
    let left =
        state.last_round().saturating_sub(state.round()) as f32 / config.nb_rounds.max(1) as f32;
    out[shared + 3 * v..shared + 4 * v].fill(left.min(1.0));
    out[shared + 4 * v..shared + 5 * v].fill(f32::from(u8::from(state.is_odd_round())));
    for slot in 0..config.nb_bikes {
        let bike = state.bike(player + slot * players);
        if bike.alive {
            out[(7 * players + 5 + slot) * v + bike.vertex as usize] = 1.0;
        }
    }
}

/// Every value of `observation_tensor` (bit for bit) equals the reference write, for every
/// viewer (and one that is no player), over random playouts on every preset (items picked up
/// and used, ghosts sharing vertices, bikes dying and their trails going) and over random
/// states made from parts (any wall owner, item, held item, turbo and ghost count, score), with
/// the output buffer holding garbage from the previous call.
#[test]
fn the_observation_equals_a_straightforward_write_over_random_states() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(17);
    let mut compared = 0;
    let mut check = |game: &Game, state: &tron3d::State, fast: &mut Vec<f32>| {
        let mut slow = vec![0.0; game.observation_len()];
        for viewer in 0..=game.players() {
            game.observation_tensor(state, viewer, fast);
            reference_observation(game, state, viewer, &mut slow);
            let same = fast
                .iter()
                .zip(&slow)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(same, "viewer {viewer}, round {}", state.round());
            compared += 1;
        }
    };
    for preset in Preset::ALL {
        let game = game(preset);
        let mut fast = vec![f32::NAN; game.observation_len()];
        let mut legal = Vec::new();
        // Playouts: random legal actions, the item ones preferred half of the time.
        for seed in 0..2 {
            let mut state = game.initial_state(seed);
            while !game.is_terminal(&state) {
                check(&game, &state, &mut fast);
                let joint: Vec<Action> = (0..game.players())
                    .map(|p| {
                        game.legal_actions(&state, p, &mut legal);
                        let with_item: Vec<&Action> = legal
                            .iter()
                            .filter(|a| a.moves().iter().any(|m| m.use_item))
                            .collect();
                        if !with_item.is_empty() && rng.random_bool(0.5) {
                            with_item[rng.random_range(0..with_item.len())].clone()
                        } else {
                            legal[rng.random_range(0..legal.len())].clone()
                        }
                    })
                    .collect();
                game.advance(&mut state, &joint);
            }
            check(&game, &state, &mut fast);
        }
        // States from parts: anything the state can hold.
        for _ in 0..20 {
            let state = random_state(&game, &mut rng, game.board().nb_vertices());
            check(&game, &state, &mut fast);
        }
    }
    assert!(compared > 2_000, "{compared}");
}

/// A game read back from its JSON has the same action space as the one made by `Game::new`
/// (the space is derived when the game is made, and not serialised), and the JSON holds the
/// board and the config only.
#[test]
fn a_deserialised_game_has_its_action_space() {
    for preset in Preset::ALL {
        let game = game(preset);
        let json = serde_json::to_value(&game).unwrap();
        let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["board", "config"]);
        let back: Game = serde_json::from_value(json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.num_distinct_actions(), game.num_distinct_actions());
        assert_eq!(tron3d::tensor::radix(&back), tron3d::tensor::radix(&game));
        assert!(game.num_distinct_actions() >= 81);
    }
}

/// A random joint action of `state`: legal ones, the item ones preferred half of the time, and
/// now and then a player standing still (its bikes that must move explode, so deaths and the
/// trails they take away come often).
fn random_joint(game: &Game, state: &tron3d::State, rng: &mut impl Rng) -> Vec<Action> {
    let mut legal = Vec::new();
    (0..game.players())
        .map(|p| {
            game.legal_actions(state, p, &mut legal);
            let with_item: Vec<&Action> = legal
                .iter()
                .filter(|a| a.moves().iter().any(|m| m.use_item))
                .collect();
            if rng.random_bool(0.03) || legal.is_empty() {
                Action::new()
            } else if !with_item.is_empty() && rng.random_bool(0.5) {
                with_item[rng.random_range(0..with_item.len())].clone()
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            }
        })
        .collect()
}

/// A random state of `game` from parts: any wall owner, item, held item, turbo and ghost count,
/// score and round, and on some walls a ghost stack (the bikes that inherit the wall when its
/// owner dies); the bikes stand on the first `bike_vertices` vertices.
fn random_state(game: &Game, rng: &mut impl Rng, bike_vertices: usize) -> tron3d::State {
    let v = game.board().nb_vertices();
    let nb = game.nb_bikes();
    let items = [Item::None, Item::Turbo, Item::Ghost, Item::Points];
    let walls: Vec<i32> = (0..v)
        .map(|_| {
            if rng.random_bool(0.4) {
                rng.random_range(0..nb as i32)
            } else {
                -1
            }
        })
        .collect();
    let stacks: Vec<Vec<i32>> = walls
        .iter()
        .map(|&wall| {
            let depth = if wall >= 0 && rng.random_bool(0.3) {
                rng.random_range(1..3)
            } else {
                0
            };
            (0..depth).map(|_| rng.random_range(0..nb as i32)).collect()
        })
        .collect();
    let vertices: Vec<(i32, Item, &[i32])> = walls
        .iter()
        .zip(&stacks)
        .map(|(&wall, stack)| (wall, items[rng.random_range(0..4)], &stack[..]))
        .collect();
    let bikes: Vec<tron3d::state::Bike> = (0..nb)
        .map(|k| tron3d::state::Bike {
            player: (k % game.players()) as u8,
            item: items[rng.random_range(0..3)],
            vertex: rng.random_range(0..bike_vertices.clamp(1, v) as u16),
            turbo: rng.random_range(-2..20),
            ghost: rng.random_range(-2..20),
            alive: rng.random_bool(0.7),
        })
        .collect();
    let scores: Vec<i32> = (0..game.players())
        .map(|_| rng.random_range(0..1000))
        .collect();
    game.state_from_parts(rng.random_range(0..200), &scores, &vertices, &bikes, 0)
        .unwrap()
}

/// Whether two tensors are equal bit for bit; the first differing index otherwise.
fn first_difference(a: &[f32], b: &[f32]) -> Option<usize> {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .position(|(x, y)| x.to_bits() != y.to_bits())
}

/// The incremental write's contract: a buffer holding a player's observation of one state,
/// updated to the next, holds bit for bit the full write of the next, for every viewer (and one
/// that is no player). Over random playouts on every shipped board, kept from step to step the
/// way the vector environment keeps them (items appearing, picked up and used, ghosts sharing
/// vertices and inheriting walls, bikes dying and their trails going, the last round), then
/// from each game's end into the next game's start (an environment's restart), and between
/// random states from parts (any two states, not only consecutive ones).
#[test]
fn the_incremental_update_equals_the_full_write() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(23);
    let (mut steps, mut deaths, mut trails_gone, mut inherited, mut updates) = (0, 0, 0, 0, 0);
    for preset in Preset::ALL {
        let game = game(preset);
        assert!(game.incremental_observations());
        let len = game.observation_len();
        let viewers = game.players() + 1;
        let mut kept: Vec<Vec<f32>> = vec![vec![0.0; len]; viewers];
        let mut full = vec![f32::NAN; len];
        let mut check = |before: &tron3d::State, after: &tron3d::State, kept: &mut [Vec<f32>]| {
            for (viewer, out) in kept.iter_mut().enumerate() {
                game.update_observation_tensor(before, after, viewer, out);
                game.observation_tensor(after, viewer, &mut full);
                if let Some(i) = first_difference(out, &full) {
                    let v = game.board().nb_vertices();
                    panic!(
                        "{}: viewer {viewer}, round {} -> {}: plane {} vertex {}: {} instead of {}",
                        preset.name(),
                        before.round(),
                        after.round(),
                        i / v,
                        i % v,
                        out[i],
                        full[i]
                    );
                }
                updates += 1;
            }
        };
        let mut state = game.initial_state(0);
        for (viewer, out) in kept.iter_mut().enumerate() {
            game.observation_tensor(&state, viewer, out);
        }
        for seed in 1..4 {
            while !game.is_terminal(&state) {
                let before = state.clone();
                let joint = random_joint(&game, &state, &mut rng);
                game.advance(&mut state, &joint);
                deaths += before
                    .bikes()
                    .iter()
                    .zip(state.bikes())
                    .filter(|(a, b)| a.alive && !b.alive)
                    .count();
                for w in 0..game.board().nb_vertices() {
                    match (before.wall(w), state.wall(w)) {
                        (Some(_), None) => trails_gone += 1,
                        (Some(a), Some(b)) if a != b => inherited += 1,
                        _ => {}
                    }
                }
                check(&before, &state, &mut kept);
                steps += 1;
            }
            // The restart: from the finished game to a fresh one.
            let next = game.initial_state(seed);
            check(&state, &next, &mut kept);
            state = next;
        }
        for _ in 0..30 {
            // Few vertices for the bikes, so that they share them.
            let (a, mut b) = (
                random_state(&game, &mut rng, 8),
                random_state(&game, &mut rng, 8),
            );
            for (viewer, out) in kept.iter_mut().enumerate() {
                game.observation_tensor(&a, viewer, out);
            }
            check(&a, &b, &mut kept);
            check(&b, &b, &mut kept);
            // Steps from a state with ghost stacks: the bikes that die leave walls to heirs.
            for _ in 0..3 {
                if game.is_terminal(&b) {
                    break;
                }
                let before = b.clone();
                let joint = random_joint(&game, &b, &mut rng);
                game.advance(&mut b, &joint);
                for w in 0..game.board().nb_vertices() {
                    if let (Some(x), Some(y)) = (before.wall(w), b.wall(w)) {
                        inherited += usize::from(x != y);
                    }
                }
                check(&before, &b, &mut kept);
            }
        }
    }
    assert!(steps > 1_000, "{steps}");
    assert!(deaths > 50, "{deaths}");
    assert!(trails_gone > 50, "{trails_gone}");
    assert!(inherited > 20, "{inherited}");
    assert!(updates > 5_000, "{updates}");
    println!(
        "{steps} steps, {deaths} deaths, {trails_gone} walls gone, {inherited} inherited, {updates} updates"
    );
}

/// The update allocates nothing, over whole games on a small and a big board.
#[test]
fn the_incremental_update_allocates_nothing() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(29);
    for preset in [Preset::Cube, Preset::BigCube] {
        let game = game(preset);
        let mut kept: Vec<Vec<f32>> = vec![vec![0.0; game.observation_len()]; game.players()];
        let mut state = game.initial_state(5);
        let mut before = state.clone();
        for (viewer, out) in kept.iter_mut().enumerate() {
            game.observation_tensor(&state, viewer, out);
        }
        while !game.is_terminal(&state) {
            let joint = random_joint(&game, &state, &mut rng);
            before.clone_from(&state);
            game.advance(&mut state, &joint);
            let info = allocation_counter::measure(|| {
                for (viewer, out) in kept.iter_mut().enumerate() {
                    game.update_observation_tensor(&before, &state, viewer, out);
                }
            });
            assert_eq!(
                info.count_total,
                0,
                "{} round {}",
                preset.name(),
                state.round()
            );
        }
    }
}

/// `State::clone_from` copies in place: a state with more ghost marks than the inline 32,
/// copied into a state whose list already has room, allocates nothing (the vector env copies
/// every game's state before each step), and the copy equals the source.
#[test]
fn clone_from_keeps_the_ghost_marks_buffer() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(31);
    let game = game(Preset::BigCube);
    let (mut many, mut target) = (None, game.initial_state(1));
    for _ in 0..200 {
        let state = random_state(&game, &mut rng, 8);
        let marks: usize = (0..game.board().nb_vertices())
            .map(|v| state.ghost_stack(v).count())
            .sum();
        if marks > 40 {
            many = Some(state);
            break;
        }
    }
    let many = many.expect("a random state with more than 40 ghost marks");
    // The first copy may grow the target's list; later ones reuse it.
    target.clone_from(&many);
    assert_eq!(target, many);
    let mut small = game.initial_state(2);
    let info = allocation_counter::measure(|| {
        target.clone_from(&small);
        target.clone_from(&many);
    });
    assert_eq!(info.count_total, 0);
    assert_eq!(target, many);
    small.clone_from(&many);
    assert_eq!(small, many);
    assert_eq!(many.clone(), many);
}
