//! cloudwars benchmarks: clone, one iteration with 20 and 100 clouds (pruned sweep and the
//! original's all-pairs scan), a move, and a full game of two greedy bots.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

use arena::Bot;
use cloudwars::{Action, Color, Config, Game, Player, PlayerId, State, Vec2, WorldParams};
use examples::cloudwars::bots::Greedy;
use examples::cloudwars::{MatchConfig, play_game};

/// The original server's world (2048×1152) with `rainclouds` rainclouds and four players,
/// advanced 100 iterations so that it is in play.
fn world(rainclouds: usize) -> (Game, State) {
    let game = Game::new(Config::default()).unwrap();
    let params = WorldParams {
        rainclouds,
        ..WorldParams::default()
    };
    let mut state = game.new_world(&params, 1337);
    for name in ["P1", "P2", "P3", "P4"] {
        let player = Player {
            name: name.into(),
            color: Color::Blue,
        };
        game.add_player(&mut state, player, None, 600.0).unwrap();
    }
    for _ in 0..100 {
        game.update(&mut state);
    }
    (game, state)
}

fn clone(c: &mut Criterion) {
    let (_, state) = world(100);
    c.bench_function("cloudwars/clone (~100 clouds)", |b| {
        b.iter(|| black_box(&state).clone())
    });
}

fn iteration(c: &mut Criterion) {
    for n in [20, 100] {
        let (game, state) = world(n);
        let clouds = state.clouds().len();
        c.bench_function(
            &format!("cloudwars/iteration {n} rainclouds ({clouds} clouds)"),
            |b| {
                b.iter_batched_ref(
                    || state.clone(),
                    |s| game.update(s),
                    criterion::BatchSize::SmallInput,
                )
            },
        );
        c.bench_function(
            &format!("cloudwars/iteration {n} rainclouds, all pairs"),
            |b| {
                b.iter_batched_ref(
                    || state.clone(),
                    |s| game.update_all_pairs(s),
                    criterion::BatchSize::SmallInput,
                )
            },
        );
        // A run of 100 consecutive iterations: the sweep reuses its order across updates.
        c.bench_function(&format!("cloudwars/100 iterations {n} rainclouds"), |b| {
            b.iter_batched_ref(
                || state.clone(),
                |s| {
                    for _ in 0..100 {
                        game.update(s);
                    }
                },
                criterion::BatchSize::SmallInput,
            )
        });
    }
}

fn step(c: &mut Criterion) {
    let (game, state) = world(100);
    let actions = [(PlayerId(0), Action::Move(Vec2::new(3.0, 4.0)))];
    c.bench_function("cloudwars/step (clone + move + iteration, 100)", |b| {
        b.iter(|| game.step_commands(black_box(&state), &actions))
    });
}

fn full_game(c: &mut Criterion) {
    let cfg = MatchConfig::default();
    let mut group = c.benchmark_group("cloudwars");
    group.sample_size(10);
    group.bench_function("full game greedy vs greedy (40 rainclouds)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let (mut a, mut b2) = (Greedy, Greedy);
            let seats: [&mut dyn Bot<cloudwars::Game>; 2] = [&mut a, &mut b2];
            play_game(&cfg, seed % 8, seats).unwrap()
        })
    });
    group.finish();
}

// The peer workloads (the s2 scenario replay and its physics) are in `cloudwars_engine.rs`, which
// checks the peer's final hash before it reports.

criterion_group!(benches, clone, iteration, step, full_game);
criterion_main!(benches);
