//! Side-by-side timing of the two CloudWars peer workloads (issue 13) without criterion, so the
//! same file builds against older versions of the crate: `cargo run --release -p cloudwars
//! --example s2_timing [REPS]`. Prints the median time per update of each workload over REPS runs
//! (with the fastest and slowest) and checks each run's final float hash against the peer's
//! (`../shared/rules/peers.md`: the Go original ends s2's replay with `7f52bb66a09d9e1e` and the
//! 100 000 updates of physics with `95946dc432487511`); a different hash is an error, not a figure.
//!
//! - `s2_physics`: 100 000 updates from s2's initial clouds, no commands;
//! - `s2_replay`: s2's 4 000 updates with its commands.
//!
//! `s2_timing REPS physics` or `s2_timing REPS replay` runs one workload only.
//!
//! The input is the peer's: `$CONTEST_DATA/cloudwars/s2_seed1337_default_4p.scenario.json`. Without
//! it the program says so and exits with status 2; it never times another input under these names.

use std::process::ExitCode;
use std::time::Instant;

use cloudwars::replay::{Scenario, ScenarioCommand};
use cloudwars::{Game, State};

/// The Go original's final float hash after s2's 4 000 updates with its commands.
const PEER_REPLAY_HASH: u64 = 0x7f52_bb66_a09d_9e1e;
/// The Go original's final float hash after 100 000 updates from s2's initial clouds.
const PEER_PHYSICS_HASH: u64 = 0x9594_6dc4_3248_7511;
const SCENARIO: &str = "cloudwars/s2_seed1337_default_4p.scenario.json";

fn s2() -> Result<(Game, State, Vec<ScenarioCommand>, u64), String> {
    let dir = std::env::var_os("CONTEST_DATA")
        .filter(|dir| !dir.is_empty())
        .ok_or("skipped: CONTEST_DATA is unset, and the peer's input is its s2 scenario")?;
    let path = std::path::Path::new(&dir).join(SCENARIO);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = Game::new(scenario.config).map_err(|e| e.to_string())?;
    let state = game
        .world_from_clouds(&scenario.clouds, 0)
        .map_err(|e| e.to_string())?;
    Ok((game, state, scenario.commands, scenario.iterations))
}

/// Median, fastest and slowest of `times` (seconds per update), in microseconds.
fn summary(times: &mut [f64]) -> String {
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    format!(
        "{:.3} us/update (median of {}; {:.3}..{:.3})",
        median * 1e6,
        times.len(),
        times[0] * 1e6,
        times[times.len() - 1] * 1e6
    )
}

fn main() -> ExitCode {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    // An optional second argument runs one workload only: `physics` or `replay`.
    let only = std::env::args().nth(2).unwrap_or_default();
    let (game, initial, commands, iterations) = match s2() {
        Ok(input) => input,
        Err(why) => {
            eprintln!("s2_timing: {why}");
            return ExitCode::from(2);
        }
    };
    let (mut physics, mut replay) = (Vec::new(), Vec::new());
    for _ in 0..reps {
        if only != "replay" {
            let start = Instant::now();
            let mut state = initial.clone();
            for _ in 0..100_000 {
                game.update(&mut state);
            }
            physics.push(start.elapsed().as_secs_f64() / 100_000.0);
            if state.float_hash() != PEER_PHYSICS_HASH {
                eprintln!(
                    "s2_timing: s2_physics ended with hash {:016x}, the peer's is {PEER_PHYSICS_HASH:016x}",
                    state.float_hash()
                );
                return ExitCode::FAILURE;
            }
        }
        if only == "physics" {
            continue;
        }
        let start = Instant::now();
        for _ in 0..10 {
            let mut state = initial.clone();
            cloudwars::replay::play_commands(&game, &mut state, &commands, iterations, |_| {});
            if state.float_hash() != PEER_REPLAY_HASH {
                eprintln!(
                    "s2_timing: s2_replay ended with hash {:016x}, the peer's is {PEER_REPLAY_HASH:016x}",
                    state.float_hash()
                );
                return ExitCode::FAILURE;
            }
        }
        replay.push(start.elapsed().as_secs_f64() / (10.0 * iterations as f64));
    }
    if !physics.is_empty() {
        println!(
            "s2_physics {}, hash {PEER_PHYSICS_HASH:016x} as the peer's",
            summary(&mut physics)
        );
    }
    if !replay.is_empty() {
        println!(
            "s2_replay {}, hash {PEER_REPLAY_HASH:016x} as the peer's",
            summary(&mut replay)
        );
    }
    ExitCode::SUCCESS
}
