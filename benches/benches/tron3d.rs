//! tron3d benchmarks: state clone, one round, `legal_actions`, and a full random game (the
//! original's Demo player for every seat, random player order) on the small and big cube.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tron3d::generate::Preset;
use tron3d::{Actions, Game, State};

fn game(preset: Preset) -> Game {
    Game::new(preset.board(), preset.config()).expect("presets are valid")
}

/// A mid-game state: 40 rounds of Demo play.
fn mid_game(game: &Game) -> State {
    let mut state = game.initial_state(11);
    let mut actions = Actions::new();
    for _ in 0..40 {
        game.demo_actions(&mut state, &mut actions);
        game.advance(&mut state, &actions);
    }
    state
}

fn random_game(game: &Game, seed: u64, actions: &mut Actions) -> i32 {
    let mut state = game.initial_state(seed);
    while !state.is_over() {
        game.demo_actions(&mut state, actions);
        game.advance(&mut state, actions);
    }
    state.scores().iter().sum()
}

fn benches(c: &mut Criterion) {
    for preset in [Preset::Cube, Preset::BigCube] {
        let game = game(preset);
        let name = preset.name();
        let state = mid_game(&game);
        c.bench_function(&format!("tron3d/{name}/clone"), |b| {
            b.iter(|| black_box(black_box(&state).clone()))
        });
        let mut actions = Actions::new();
        let mut scratch = state.clone();
        game.demo_actions(&mut scratch, &mut actions);
        c.bench_function(&format!("tron3d/{name}/step (one round)"), |b| {
            b.iter(|| black_box(game.step(black_box(&state), black_box(&actions))))
        });
        let mut buf = Vec::with_capacity(64);
        c.bench_function(&format!("tron3d/{name}/legal_actions (one player)"), |b| {
            b.iter(|| {
                game.legal_actions(black_box(&state), 0, &mut buf);
                black_box(buf.len())
            })
        });
        let rounds = game.config().nb_rounds;
        let mut seed = 0u64;
        let mut actions = Actions::new();
        c.bench_function(
            &format!("tron3d/{name}/random game ({rounds} rounds)"),
            |b| {
                b.iter(|| {
                    seed += 1;
                    black_box(random_game(&game, seed, &mut actions))
                })
            },
        );
    }
}

criterion_group!(tron3d_benches, benches);
criterion_main!(tron3d_benches);
