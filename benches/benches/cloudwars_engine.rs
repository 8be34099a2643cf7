//! The CloudWars peer workloads (issue 13, `rules/peers.md`), named so the ratios can be
//! re-taken at any time:
//!
//! - `cloudwars/s2_physics`: 100 000 updates from s2's initial clouds, no commands (most of them
//!   in the steady state of 67 clouds);
//! - `cloudwars/s2_replay`: the s2 scenario (4 000 updates, 284 commands);
//!
//! and the game contract's costs: `cloudwars/advance (inherent)` beside `cloudwars/advance
//! (pathfind::tree::Game)` on the same 2-player world, and `cloudwars/duct 1000 iterations`
//! (a decoupled-UCT decision of 1 000 iterations, playouts of 20 steps).
//!
//! With `CONTEST_DATA` set they read `cloudwars/s2_seed1337_default_4p.scenario.json`; without
//! it they generate the same kind of world (the original server's board, 100 rainclouds of seed
//! 1337 and four players) and a fixed schedule of 284 moves. Only the API shared with the
//! pre-issue-13 engine is used, so the same file measures both sides.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

use cloudwars::replay::{Scenario, ScenarioCommand};
use cloudwars::{Action, Color, Config, Game, Player, State, Vec2, WorldParams};

/// s2's initial world and commands, from the data folder or generated.
fn s2() -> (Game, State, Vec<ScenarioCommand>, u64) {
    if let Some(dir) = benches::contest_data() {
        let path = dir.join("cloudwars/s2_seed1337_default_4p.scenario.json");
        if let Ok(text) = std::fs::read_to_string(&path) {
            let scenario = Scenario::parse(&text).unwrap();
            let game = Game::new(scenario.config).unwrap();
            let state = game.world_from_clouds(&scenario.clouds, 0).unwrap();
            return (game, state, scenario.commands, scenario.iterations);
        }
    }
    let game = Game::new(Config::default()).unwrap();
    let mut state = game.new_world(&WorldParams::default(), 1337);
    for name in ["P1", "P2", "P3", "P4"] {
        let player = Player {
            name: name.into(),
            color: Color::Blue,
        };
        game.add_player(&mut state, player, None, 600.0).unwrap();
    }
    // 71 moves per player, spread over the 4000 updates, turning slowly.
    let mut commands = Vec::new();
    for at in (0..4000u64).step_by(56) {
        for p in 0..4u64 {
            let angle = (at + 13 * p) as f32 * 0.07;
            commands.push(ScenarioCommand {
                at: at + p,
                player: format!("P{}", p + 1),
                action: Action::Move(Vec2::new(angle.cos() * 3.0, angle.sin() * 3.0)),
                ok: true,
            });
        }
    }
    (game, state, commands, 4000)
}

fn s2_physics(c: &mut Criterion) {
    let (game, initial, _, _) = s2();
    let mut group = c.benchmark_group("cloudwars");
    group.sample_size(10);
    group.bench_function("s2_physics", |b| {
        b.iter(|| {
            let mut state = initial.clone();
            for _ in 0..100_000 {
                game.update(&mut state);
            }
            black_box(state.float_hash())
        })
    });
    group.finish();
}

fn s2_replay(c: &mut Criterion) {
    let (game, initial, commands, iterations) = s2();
    let mut group = c.benchmark_group("cloudwars");
    group.sample_size(10);
    group.bench_function("s2_replay", |b| {
        b.iter(|| {
            let mut state = initial.clone();
            let mut next = 0;
            for iter in 0..iterations {
                while let Some(cmd) = commands.get(next).filter(|c| c.at == iter) {
                    if let Some(id) = state.player_by_name(&cmd.player) {
                        let _ = game.apply(&mut state, id, cmd.action);
                    }
                    next += 1;
                }
                game.update(&mut state);
            }
            black_box(state.float_hash())
        })
    });
    group.finish();
}

fn contract_world() -> (Game, State) {
    let setup = cloudwars::Setup {
        params: WorldParams {
            rainclouds: 40,
            ..WorldParams::default()
        },
        players: 2,
        ..cloudwars::Setup::default()
    };
    let game = Game::with_setup(Config::default(), setup).unwrap();
    let mut state = game.initial_state(5);
    for _ in 0..50 {
        game.update(&mut state);
    }
    (game, state)
}

fn trait_vs_inherent(c: &mut Criterion) {
    let (game, state) = contract_world();
    let joint = [Action::Move(Vec2::new(2.0, 1.0)), Action::Wait];
    c.bench_function("cloudwars/advance (inherent)", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| Game::advance(&game, s, black_box(&joint)),
            criterion::BatchSize::SmallInput,
        )
    });
    c.bench_function("cloudwars/advance (pathfind::tree::Game)", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| pathfind::tree::Game::advance(&game, s, black_box(&joint)),
            criterion::BatchSize::SmallInput,
        )
    });
}

fn mcts(c: &mut Criterion) {
    use pathfind::tree::{DecoupledUct, SearchConfig};
    let (game, state) = contract_world();
    let mut search = DecoupledUct::new(SearchConfig {
        iterations: 1_000,
        max_playout_steps: 20,
        ..SearchConfig::default()
    });
    let mut group = c.benchmark_group("cloudwars");
    group.sample_size(10);
    group.bench_function("duct 1000 iterations", |b| {
        b.iter(|| search.choose(&game, black_box(&state), 0))
    });
    group.finish();
}

criterion_group!(benches, s2_physics, s2_replay, trait_vs_inherent, mcts);
criterion_main!(benches);
