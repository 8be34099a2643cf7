//! The cost of playing a bot as a program (issue 20 part 5): the same bot in process and as a
//! child process speaking the game's protocol over pipes, in the same `play` tournaments, on one
//! thread (`--jobs 1`), so that the difference is the program's: starting a process per game,
//! writing each turn's message, the program reading it and answering, and reading the answer.
//!
//! - Dogfight: 200 fights of `random` against `random` (`--matchup 1`: a game and a program per
//!   fight), once with both in process and once with one of them the `dogfight_random` binary
//!   (the same seeded DumbPlanes) behind the original wrapper protocol;
//! - Tron3D: 20 two-player games of 200 rounds on the 6×6×6 cube, `demo` against `demo`, once in
//!   process and once with one of them the `tron3d_program demo` binary over
//!   `tron3d::protocol`.
//!
//! The program binaries are this package's own (`src/bin/dogfight_random.rs`,
//! `src/bin/tron3d_program.rs`): Cargo builds them before the benchmark and names their paths in
//! `CARGO_BIN_EXE_*` at compile time, so nothing has to be installed (which is also why this
//! bench lives here and not in the `benches` crate).
//!
//! A plain timing loop rather than criterion: one sample is a whole tournament (about a second),
//! the two sides are alternated so that a drift in the machine's load hits both alike, and the
//! median of each side is reported. Keeping criterion out of this package's dev-dependencies
//! keeps it (and its dependencies) out of every `cargo test --workspace` build.
//!
//! ```sh
//! cargo bench -p examples --bench program_overhead            # 10 samples a side
//! PROGRAM_OVERHEAD_SAMPLES=3 cargo bench -p examples --bench program_overhead
//! cargo bench -p examples --bench program_overhead -- --list  # lists, plays nothing
//! ```

use std::time::{Duration, Instant};

use examples::cli::{Command, parse};

/// The options of `play GAME --bots BOTS --jobs 1 --quiet` and `extra`.
fn command(game: &str, bots: &str, extra: &[&str]) -> Command {
    let mut words = vec!["play", game, "--jobs", "1", "--quiet", "--bots", bots];
    words.extend_from_slice(extra);
    parse(words)
        .expect("benchmark command line")
        .command
        .expect("a game")
}

/// One tournament of `command`, checked, timed.
fn play(command: &Command, games: usize) -> Duration {
    let start = Instant::now();
    match command {
        Command::Dogfight(options) => {
            let results = examples::dogfight::tournament(options).unwrap();
            assert_eq!(results.records.len(), games);
        }
        Command::Tron3d(options) => {
            let results = examples::tron3d::tournament(options).unwrap();
            assert_eq!(results.records.len(), games);
            assert!(results.records.iter().all(|r| r.faults.is_empty()));
        }
        _ => unreachable!("only Dogfight and Tron3D tournaments are benchmarked"),
    }
    start.elapsed()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The benchmark `name`: `samples` tournaments a side, alternated, and the medians.
fn bench(
    name: &str,
    unit: &str,
    games: usize,
    in_process: &Command,
    program: &Command,
    samples: usize,
) {
    let (mut local, mut remote) = (Vec::new(), Vec::new());
    for sample in 0..samples {
        // Alternate which side goes first.
        if sample % 2 == 0 {
            local.push(play(in_process, games));
            remote.push(play(program, games));
        } else {
            remote.push(play(program, games));
            local.push(play(in_process, games));
        }
    }
    let (local, remote) = (median(&mut local), median(&mut remote));
    let per_game = remote.saturating_sub(local).as_secs_f64() / games as f64;
    println!(
        "{name}: in process {:.1} ms, one seat a program {:.1} ms (medians of {samples}); \
         the program costs {:.2} ms per {unit}",
        local.as_secs_f64() * 1e3,
        remote.as_secs_f64() * 1e3,
        per_game * 1e3,
    );
}

fn main() {
    const NAMES: [&str; 2] = [
        "program_overhead/dogfight_200_fights",
        "program_overhead/tron3d_20_games",
    ];
    // Answer like a criterion bench binary: `--list` lists, a name filter that matches nothing
    // runs nothing.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--list") {
        for name in NAMES {
            println!("{name}: benchmark");
        }
        return;
    }
    let filters: Vec<&String> = args.iter().filter(|arg| !arg.starts_with('-')).collect();
    let wanted =
        |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    // `cargo bench` passes `--bench`; `cargo test --benches` does not: then one quick sample.
    let benching = args.iter().any(|arg| arg == "--bench");
    let samples = std::env::var("PROGRAM_OVERHEAD_SAMPLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if benching { 10 } else { 1 })
        .max(1);

    if wanted(NAMES[0]) {
        let program = format!("cmd:{},random", env!("CARGO_BIN_EXE_dogfight_random"));
        // A game of one fight, a program started per fight (a match-up of ten would start one
        // per ten fights).
        let games = ["--games", "200", "--matchup", "1"];
        bench(
            NAMES[0],
            "fight",
            200,
            &command("dogfight", "random,random", &games),
            &command("dogfight", &program, &games),
            samples,
        );
    }
    if wanted(NAMES[1]) {
        let program = format!("cmd:{} demo,demo", env!("CARGO_BIN_EXE_tron3d_program"));
        let games = ["--games", "20"];
        bench(
            NAMES[1],
            "game",
            20,
            &command("tron3d", "demo,demo", &games),
            &command("tron3d", &program, &games),
            samples,
        );
    }
}
