//! The Tron3D tree-search bot: its model's returns, and its play against three Demo players.

use examples::tron3d::tree_bot::Model;
use pathfind::tree;
use tron3d::Preset;
use tron3d::{Action, Game};

#[test]
fn model_returns_lie_in_the_unit_interval_and_favour_territory() {
    let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
    let model = Model::new(&game);
    let state = game.initial_state(0);
    let mut out = [0.0; 4];
    tree::Game::returns(&model, &state, &mut out);
    assert!(out.iter().all(|r| (0.0..=1.0).contains(r)), "{out:?}");
    // Symmetric spawns: equal territory at the start.
    assert!(out.iter().all(|r| (r - out[0]).abs() < 1e-9), "{out:?}");
    // Player 0 orders nothing: its bikes die and its return falls below the others'.
    let mut buf = Vec::new();
    let mut joint = vec![Action::new()];
    for p in 1..4 {
        game.legal_actions(&state, p, &mut buf);
        joint.push(buf[0].clone());
    }
    let next = game.step(&state, &joint);
    tree::Game::returns(&model, &next, &mut out);
    assert!(out[1..].iter().all(|&r| r > out[0]), "{out:?}");
}

#[test]
fn tree_bot_beats_three_demo_players() {
    let words = [
        "play",
        "tron3d",
        "--bots",
        "tree,demo,demo,demo",
        "--games",
        "4",
    ];
    let words = words
        .iter()
        .chain(&["--seed", "7", "--fixed-seats", "--quiet"]);
    let Some(examples::cli::Command::Tron3d(options)) =
        examples::cli::parse(words).unwrap().command
    else {
        unreachable!("parsed as tron3d")
    };
    let results = examples::tron3d::tournament(&options).unwrap();
    let tree = &results.standings()[0];
    assert!(tree.wins >= 3, "{tree:?}");
}
