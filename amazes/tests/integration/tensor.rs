//! Amazes as tensors (`amazes::tensor`): the four one-step moves against `legal_actions` over
//! random playouts, every legal index played, observations in shape and allocation-free, and
//! what the player must not see (the maze beyond its map, the opponent's map and place) kept out
//! of its tensor.

use std::collections::BTreeSet;

use amazes::{Action, Belief, Config, Game, Player, mazes};
use pathfind::tree::{Determinize, Tensor};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn game(i: usize) -> Game {
    Game::new(mazes::get(i).maze, Config::default()).unwrap()
}

fn planes(game: &Game, state: &amazes::State, player: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.observation_len()];
    game.observation_tensor(state, player, &mut out);
    out
}

/// The cells where two observations differ, as (plane, row, column, a, b): a short message
/// where the full tensors would be 33 614 values.
fn differences(a: &[f32], b: &[f32]) -> Vec<(usize, usize, usize, f32, f32)> {
    a.iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, (x, y))| (i / (49 * 49), i % (49 * 49) / 49, i % 49, *x, *y))
        .take(12)
        .collect()
}

/// Whole random games on three mazes: the mask is `legal_actions` as a set, indices round trip,
/// every legal index is one step that `advance` plays in full, and the mover's own square in
/// its tensor shows exactly the open directions of its mask (the map is turned to its heading).
#[test]
fn the_action_space_and_mask_agree_with_legal_actions_over_playouts() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut steps = 0;
    for i in 0..3 {
        let game = game(i);
        assert_eq!(game.num_distinct_actions(), 4);
        assert_eq!(game.observation_shape(), [14, 49, 49]);
        let area = 49 * 49;
        let centre = 24 * 49 + 24;
        let mut legal = Vec::new();
        let mut mask = [false; 4];
        let mut state = pathfind::tree::Game::initial_state(&game, i as u64);
        while !pathfind::tree::Game::is_terminal(&game, &state) {
            let mover = state.to_move().index();
            for player in 0..3 {
                pathfind::tree::Game::legal_actions(&game, &state, player, &mut legal);
                game.legal_mask(&state, player, &mut mask);
                let from_list: BTreeSet<usize> = legal
                    .iter()
                    .map(|a| game.action_index(&state, player, a).unwrap())
                    .collect();
                let from_mask: BTreeSet<usize> = (0..4).filter(|&i| mask[i]).collect();
                assert_eq!(from_mask, from_list);
                assert_eq!(from_list.len(), legal.len());
                for action in &legal {
                    let index = game.action_index(&state, player, action).unwrap();
                    assert_eq!(game.index_action(&state, player, index), Some(*action));
                }
                assert_eq!(player == mover, !legal.is_empty());
                if player < 2 {
                    let out = planes(&game, &state, player);
                    assert!(out.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)));
                    assert_eq!(out[13 * area], f32::from(u8::from(player == mover)));
                    if player == mover {
                        assert_eq!(out[centre], 1.0, "it has discovered its own square");
                    }
                }
            }
            game.legal_mask(&state, mover, &mut mask);
            let out = planes(&game, &state, mover);
            for side in 0..4 {
                assert_eq!(
                    out[(3 + side) * area + centre],
                    f32::from(u8::from(mask[side]))
                );
                assert_eq!(
                    out[(7 + side) * area + centre],
                    f32::from(u8::from(!mask[side]))
                );
            }
            let legal_indices: Vec<usize> = (0..4).filter(|&i| mask[i]).collect();
            let index = legal_indices[rng.random_range(0..legal_indices.len())];
            let action = game.index_action(&state, mover, index).unwrap();
            let event = game.advance_action(&mut state, &action);
            assert_eq!((event.jury, event.steps, event.charged), (None, 1, 1));
            steps += 1;
        }
        game.legal_mask(&state, 0, &mut mask);
        assert_eq!(mask, [false; 4], "a finished game has no legal action");
    }
    assert!(steps > 600, "{steps}");
}

#[test]
fn only_one_step_lines_have_an_index() {
    let game = game(0);
    let state = game.initial_state(1);
    for (line, index) in [
        ("F", Some(0)),
        ("R", Some(1)),
        ("T", Some(2)),
        ("L", Some(3)),
    ] {
        assert_eq!(
            game.action_index(&state, 0, &Action::from_line(line)),
            index
        );
        assert_eq!(
            game.index_action(&state, 0, index.unwrap()),
            Some(Action::from_line(line))
        );
    }
    for line in ["FF", "TFRL", "", "x"] {
        assert_eq!(
            game.action_index(&state, 0, &Action::from_line(line)),
            None,
            "{line:?}"
        );
    }
    assert_eq!(game.index_action(&state, 0, 4), None);
    let zeros = planes(&game, &state, 2);
    assert!(zeros.iter().all(|&v| v == 0.0), "no player, no view");
}

#[test]
fn masks_and_observations_allocate_nothing() {
    let game = game(1);
    let mut state = game.initial_state(3);
    let mut mask = [false; 4];
    let mut out = vec![0.0; game.observation_len()];
    let mut legal = Vec::new();
    let mut moves = 0;
    while !pathfind::tree::Game::is_terminal(&game, &state) {
        let info = allocation_counter::measure(|| {
            for player in 0..2 {
                game.legal_mask(&state, player, &mut mask);
                moves += mask.iter().filter(|&&m| m).count();
                game.observation_tensor(&state, player, &mut out);
            }
        });
        assert_eq!(info.count_total, 0);
        pathfind::tree::Game::legal_actions(&game, &state, state.to_move().index(), &mut legal);
        let action = legal[moves % legal.len()];
        game.advance_action(&mut state, &action);
    }
    assert!(moves > 300);
}

/// Plays `turns` random single steps.
fn played(game: &Game, seed: u64, turns: usize) -> amazes::State {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = game.initial_state(seed);
    let mut legal = Vec::new();
    for _ in 0..turns {
        pathfind::tree::Game::legal_actions(game, &state, state.to_move().index(), &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        game.advance_action(&mut state, &action);
    }
    state
}

/// The hidden maze and the opponent's place: states sampled from what the player knows (other
/// mazes, the opponent elsewhere at the same distance, the player elsewhere and otherwise
/// turned) give it the very tensor of the real state.
#[test]
fn states_the_player_cannot_tell_apart_give_the_same_tensor() {
    let game = game(2);
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut moved = 0;
    for (seed, turns) in [(1, 0), (2, 21), (3, 60), (4, 121)] {
        let state = played(&game, seed, turns);
        let player = state.to_move();
        let real = planes(&game, &state, player.index());
        let belief = Belief::from_state(&game, &state, player);
        for _ in 0..6 {
            let sample = game.sample_state(&belief, player.index(), &mut rng);
            assert!(sample.sampled_maze().is_some());
            moved += usize::from(sample.pose(player) != state.pose(player));
            let seen = planes(&game, &sample, player.index());
            assert_eq!(differences(&seen, &real), [], "seed {seed}");
        }
    }
    assert!(moved > 0, "the samples place the player elsewhere");
}

/// The opponent's discoveries, points and fault: swapped for another game's, the player's
/// tensor does not change (while the opponent's own does).
#[test]
fn the_opponents_map_and_points_are_not_observed() {
    let game = game(0);
    let state = played(&game, 6, 40);
    let other = played(&game, 7, 90);
    // The generator's 128-bit state does not fit a `serde_json::Value`: cut it out of the text
    // and put it back after the surgery.
    let (mut json, rng) = without_rng(&serde_json::to_string(&state).unwrap());
    let (theirs, _) = without_rng(&serde_json::to_string(&other).unwrap());
    // Blue (index 1) is the opponent of Red (index 0).
    json["knowledge"][1] = theirs["knowledge"][1].clone();
    json["points"][1] = serde_json::json!(999);
    json["faults"][1] = serde_json::json!("Timeout");
    let text = serde_json::to_string(&json).unwrap();
    let text = format!("{},\"rng\":{rng}}}", text.strip_suffix('}').unwrap());
    let changed: amazes::State = serde_json::from_str(&text).unwrap();
    assert_ne!(
        changed.knowledge(Player::Blue),
        state.knowledge(Player::Blue)
    );
    let red = planes(&game, &state, 0);
    assert_eq!(differences(&planes(&game, &changed, 0), &red), []);
    let blue = planes(&game, &state, 1);
    assert_ne!(differences(&planes(&game, &changed, 1), &blue), []);
}

/// A state's JSON as a value without its `rng` field, and that field's text.
fn without_rng(text: &str) -> (serde_json::Value, String) {
    let start = text.find("\"rng\":").unwrap();
    let end = start + text[start..].find('}').unwrap() + 1;
    let rng = text[start + 6..end].to_string();
    let rest = format!("{}{}", &text[..start], &text[end..])
        .replace(",,", ",")
        .replace(",}", "}")
        .replace("{,", "{");
    (serde_json::from_str(&rest).unwrap(), rng)
}
