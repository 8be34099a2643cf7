//! The Rust side of the CloudWars side-by-side measurement against the Go original (issue 40;
//! `shared/rules/peers.md` §1), printing what the peer's harness prints, in the same unit, so the
//! two can be run alternately in one sitting and one process's runs can be seen apart:
//!
//! - `replay`: the s2 scenario, 4,000 updates with its 284 commands, 20 times a run;
//! - `physics`: 100,000 updates from s2's initial clouds, no commands, 5 times a run.
//!
//! Microseconds of thread CPU time per update: the median, the fastest and the slowest of the
//! timed runs (three warm-up runs, then 7 or the count given), and the final float hash, which
//! must be the Go original's (`7f52bb66a09d9e1e`, `95946dc432487511`) or nothing is reported.
//! A run lasts about a quarter of a second, so that the scheduler's accounting and one slow
//! moment of the machine are small parts of it. `benches/spread.sh` starts it in fresh processes.
//!
//! `CONTEST_DATA=../shared/data cargo bench -p benches --bench cloudwars_peer [-- replay|physics|all [RUNS]]`

use std::hint::black_box;

use benches::time_runs;

#[path = "shared/cloudwars_s2.rs"]
mod cloudwars_s2;
use cloudwars_s2::{PEER_PHYSICS_HASH, PEER_REPLAY_HASH, physics, replay, s2};

/// Replays of the s2 scenario in a timed run.
const REPLAY_PASSES: usize = 20;
/// Physics workloads (100,000 updates each) in a timed run.
const PHYSICS_PASSES: usize = 5;
const PHYSICS_UPDATES: usize = 100_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        println!("cloudwars_peer/replay: bench");
        println!("cloudwars_peer/physics: bench");
        return;
    }
    let mut positional = args.iter().filter(|a| !a.starts_with("--"));
    let which = positional.next().map_or("all", String::as_str);
    let runs: usize = positional.next().and_then(|r| r.parse().ok()).unwrap_or(7);
    let (game, initial, commands, iterations) = match s2() {
        Ok(input) => input,
        Err(why) => {
            eprintln!("cloudwars_peer: skipped ({why})");
            return;
        }
    };
    if which == "all" || which == "replay" {
        let hash = replay(&game, &initial, &commands, iterations);
        assert_eq!(hash, PEER_REPLAY_HASH, "not the peer's replay");
        let (cpu, wall) = time_runs(runs, 1_000.0, || {
            for _ in 0..REPLAY_PASSES {
                let got = replay(&game, black_box(&initial), &commands, iterations);
                assert_eq!(got, PEER_REPLAY_HASH);
            }
            REPLAY_PASSES * iterations as usize
        });
        println!(
            "rust s2_replay: {iterations} updates x {REPLAY_PASSES} a run, us/update CPU median {:.3} (min {:.3}, max {:.3}), wall median {wall:.3}; hash {hash:016x}",
            cpu.median, cpu.min, cpu.max
        );
    }
    if which == "all" || which == "physics" {
        let hash = physics(&game, &initial);
        assert_eq!(hash, PEER_PHYSICS_HASH, "not the peer's physics");
        let (cpu, wall) = time_runs(runs, 1_000.0, || {
            for _ in 0..PHYSICS_PASSES {
                let got = physics(&game, black_box(&initial));
                assert_eq!(got, PEER_PHYSICS_HASH);
            }
            PHYSICS_PASSES * PHYSICS_UPDATES
        });
        println!(
            "rust s2_physics: {PHYSICS_UPDATES} updates x {PHYSICS_PASSES} a run, us/update CPU median {:.3} (min {:.3}, max {:.3}), wall median {wall:.3}; hash {hash:016x}",
            cpu.median, cpu.min, cpu.max
        );
    }
}
