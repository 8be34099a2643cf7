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

use cloudwars::replay::{Scenario, ScenarioCommand};
use cloudwars::{Action, Config, Game, State, Vec2, WorldParams};

/// The Go original's final float hash after s2's 4 000 updates with its commands.
const PEER_REPLAY_HASH: u64 = 0x7f52_bb66_a09d_9e1e;
/// The Go original's final float hash after 100 000 updates from s2's initial clouds.
const PEER_PHYSICS_HASH: u64 = 0x9594_6dc4_3248_7511;

/// s2's initial world and commands from the data folder, or why the peer benches are skipped.
fn s2() -> Result<(Game, State, Vec<ScenarioCommand>, u64), String> {
    let dir = benches::contest_data()
        .ok_or("CONTEST_DATA is unset, and the peer's input is its s2 scenario")?;
    let path = dir.join("cloudwars/s2_seed1337_default_4p.scenario.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = Game::new(scenario.config).map_err(|e| e.to_string())?;
    let state = game
        .world_from_clouds(&scenario.clouds, 0)
        .map_err(|e| e.to_string())?;
    Ok((game, state, scenario.commands, scenario.iterations))
}

/// The peer's physics workload: 100 000 updates, no commands; the final float hash.
fn physics(game: &Game, initial: &State) -> u64 {
    let mut state = initial.clone();
    for _ in 0..100_000 {
        game.update(&mut state);
    }
    state.float_hash()
}

/// The peer's replay workload: the scenario's commands before each of its updates.
fn replay(game: &Game, initial: &State, commands: &[ScenarioCommand], iterations: u64) -> u64 {
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
    state.float_hash()
}

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
