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
//! `s2_physics` and `s2_replay` run exactly the peer's input, `$CONTEST_DATA/cloudwars/
//! s2_seed1337_default_4p.scenario.json`, and before they report, check that one untimed run ends
//! with the peer's final float hash (`7f52bb66a09d9e1e` for the replay, `95946dc432487511` for the
//! physics, as the Go original gave in `../shared/rules/peers.md`). Without `CONTEST_DATA` they say
//! that they are skipped and why; they never time another input under these names. Only the API
//! shared with the pre-issue-13 engine is used, so the same file measures both sides.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

use cloudwars::{Action, Config, Game, State, Vec2, WorldParams};

#[path = "shared/cloudwars_s2.rs"]
mod cloudwars_s2;
use cloudwars_s2::{PEER_PHYSICS_HASH, PEER_REPLAY_HASH, physics, replay, s2};

fn peer_workloads(c: &mut Criterion) {
    let (game, initial, commands, iterations) = match s2() {
        Ok(input) => input,
        Err(why) => {
            eprintln!("cloudwars/s2_physics, cloudwars/s2_replay: skipped ({why})");
            return;
        }
    };
    let got = physics(&game, &initial);
    assert_eq!(
        got, PEER_PHYSICS_HASH,
        "s2_physics ends with hash {got:016x}, the peer's is {PEER_PHYSICS_HASH:016x}: not the peer's workload"
    );
    let got = replay(&game, &initial, &commands, iterations);
    assert_eq!(
        got, PEER_REPLAY_HASH,
        "s2_replay ends with hash {got:016x}, the peer's is {PEER_REPLAY_HASH:016x}: not the peer's workload"
    );
    let mut group = c.benchmark_group("cloudwars");
    group.sample_size(10);
    group.bench_function("s2_physics", |b| {
        b.iter(|| black_box(physics(&game, &initial)))
    });
    group.bench_function("s2_replay", |b| {
        b.iter(|| black_box(replay(&game, &initial, &commands, iterations)))
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

criterion_group!(benches, peer_workloads, trait_vs_inherent, mcts);
criterion_main!(benches);
