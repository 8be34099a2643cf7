//! Search efficiency in pairs (issue 40): for every game, the ratio of a search's engine steps
//! per second to bare random playouts' steps per second (the figure the READMEs report), with
//! the two sides timed a moment apart.
//!
//! Why pairs: on a shared virtual machine the speed of high-IPC code drifts by up to 50-70 % over
//! periods of seconds, with the other guests (on the 2-vCPU machine of issue 40 a
//! throughput-bound calibration loop varied by 71 %, a latency-bound one by 5 %). Criterion's
//! `GAME/search_playouts` and `GAME/bare_playouts` (the `search` bench) are measured seconds
//! apart, so their ratio compares two machines: 20 fresh processes gave Amazes 0.475 to 0.853.
//! Here a pair is one timed run of searches immediately followed by one timed run of bare
//! playouts of the same game (or the other way round: the order alternates from pair to pair),
//! each about 0.1 s of thread CPU time; a pair's two runs share the moment, so its ratio holds
//! the machine's speed nearly constant, and the median over the pairs drops the pairs a change
//! of speed fell between.
//!
//! The workloads are the `search` bench's (`shared/search_pairs.rs`): per game, one decision of
//! the searcher the README shows (repeated, reseeded, until the run's CPU time is spent; the
//! steps are the searcher's own playout steps) and as many bare playouts from the same state.
//! A pair's ratio is (search steps / search CPU time) / (bare steps / bare CPU time), times in
//! thread CPU nanoseconds (`benches::thread_cpu_ns`). After a warm-up of both sides, one line a
//! game (the format `benches/spread.sh` reads):
//!
//! ```text
//! rust amazes efficiency: median 0.550 (min 0.500, max 0.600) over 15 pairs; search M steps/s median 1.800, bare M steps/s median 3.300
//! ```
//!
//! with the median, the lowest and the highest pair ratio, and each side's median speed in
//! millions of steps per second of CPU time. The two speeds move with the machine; the ratio moves
//! much less, and stays put only when a slowdown hits both sides alike: with builds on the other
//! vCPU of the AMD EPYC 25/17, some Amazes pairs' bare side fell from about 4.2 to 2.5 M steps/s
//! and the search's only to 2.0 from 2.4, and those pairs gave 0.75 to 0.94 against 0.55 to 0.60
//! (`--verbose` shows them).
//!
//! `cargo bench -p benches --bench efficiency [-- GAME|all [PAIRS] [--verbose]]` (all games, 15
//! pairs by default; `--verbose` also prints every pair on standard error).

use benches::{Runs, thread_cpu_ns};

#[path = "shared/search_pairs.rs"]
mod search_pairs;
use search_pairs::GAMES;

/// Thread CPU time of one timed run (each side of a pair), in nanoseconds.
const RUN_NS: u64 = 100_000_000;
/// Thread CPU time of each side's warm-up, in nanoseconds.
const WARM_UP_NS: u64 = 300_000_000;

/// Calls `work` until at least `ns` of this thread's CPU time have passed: the steps it answered
/// and the CPU nanoseconds taken.
///
/// The kernel brings a running thread's CPU time up to date only at its scheduler tick (every
/// 4 ms on the 2-vCPU AMD EPYC 25/17 of issue 40) and when the thread is switched, so a reading
/// is the time at the last such moment. So the run starts at one: the clock is read until it
/// changes (a read takes microseconds), and the work begins then. The clock is read again after
/// every call (a decision, or a set of bare playouts: a millisecond or more), and the run ends
/// at the first reading past `ns`. That reading leaves out the part of the last call after the
/// last update, less than a call and less than a tick (for Amazes, about 1 % of a run on average,
/// and nearly the same on both sides of a pair).
fn run(work: &mut dyn FnMut() -> u64, ns: u64) -> (u64, u64) {
    let before = thread_cpu_ns();
    let start = loop {
        let now = thread_cpu_ns();
        if now != before {
            break now;
        }
    };
    let mut steps = 0;
    loop {
        steps += work();
        let elapsed = thread_cpu_ns() - start;
        if elapsed >= ns {
            return (steps, elapsed);
        }
    }
}

/// Millions of steps per second from steps and nanoseconds.
fn mega_per_second((steps, ns): (u64, u64)) -> f64 {
    steps as f64 / ns as f64 * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        for (name, _) in GAMES {
            println!("efficiency/{name}: bench");
        }
        return;
    }
    let verbose = args.iter().any(|a| a == "--verbose");
    let mut positional = args.iter().filter(|a| !a.starts_with("--"));
    let which = positional.next().map_or("all", String::as_str);
    let pairs: usize = match positional.next() {
        None => 15,
        Some(n) => match n.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("efficiency: PAIRS must be a positive count, not {n:?}");
                std::process::exit(2);
            }
        },
    };
    if which != "all" && !GAMES.iter().any(|(name, _)| *name == which) {
        let names: Vec<&str> = GAMES.iter().map(|(name, _)| *name).collect();
        eprintln!(
            "efficiency: no game {which:?}; usage: efficiency [{}|all] [PAIRS]",
            names.join("|")
        );
        std::process::exit(2);
    }
    for (name, workload) in GAMES {
        if which != "all" && which != name {
            continue;
        }
        let mut workload = workload();
        run(&mut workload.search, WARM_UP_NS);
        run(&mut workload.bare, WARM_UP_NS);
        let (mut ratios, mut search, mut bare) = (Vec::new(), Vec::new(), Vec::new());
        for pair in 0..pairs {
            let (s, b) = if pair % 2 == 0 {
                let s = run(&mut workload.search, RUN_NS);
                (s, run(&mut workload.bare, RUN_NS))
            } else {
                let b = run(&mut workload.bare, RUN_NS);
                (run(&mut workload.search, RUN_NS), b)
            };
            let (s, b) = (mega_per_second(s), mega_per_second(b));
            if verbose {
                eprintln!(
                    "{name} pair {}: search M steps/s {s:.3}, bare M steps/s {b:.3}, ratio {:.3}",
                    pair + 1,
                    s / b
                );
            }
            ratios.push(s / b);
            search.push(s);
            bare.push(b);
        }
        let ratio = Runs::of(ratios);
        println!(
            "rust {} efficiency: median {:.3} (min {:.3}, max {:.3}) over {pairs} pairs; search M steps/s median {:.3}, bare M steps/s median {:.3}",
            workload.name,
            ratio.median,
            ratio.min,
            ratio.max,
            Runs::of(search).median,
            Runs::of(bare).median
        );
    }
}
