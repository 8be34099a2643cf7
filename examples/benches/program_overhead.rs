//! The cost of playing a bot as a program (issue 20 part 5): the same bot in process and as a
//! child process speaking the game's protocol over pipes, in the same `play` tournaments, on one
//! thread (`--jobs 1`), so that the difference is the program's: starting a process per game,
//! writing each turn's message, the program reading it and answering, and reading the answer.
//!
//! - Dogfight: 200 fights of `random` against `random`, once with both in process and once with
//!   one of them the `dogfight_random` binary (the same seeded DumbPlanes) behind the original
//!   wrapper protocol;
//! - Tron3D: 20 two-player games of 200 rounds on the 6×6×6 cube, `demo` against `demo`, once in
//!   process and once with one of them the `tron3d_program demo` binary over
//!   `tron3d::protocol`.
//!
//! The program binaries are this package's own (`src/bin/dogfight_random.rs`,
//! `src/bin/tron3d_program.rs`): Cargo builds them before the benchmark and names their paths in
//! `CARGO_BIN_EXE_*` at compile time, so nothing has to be installed.
//!
//! ```sh
//! cargo bench -p examples --bench program_overhead
//! cargo bench -p examples --bench program_overhead -- --list   # lists, plays nothing
//! ```

use criterion::{Criterion, criterion_group, criterion_main};
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

fn dogfight(c: &mut Criterion) {
    let program = format!("cmd:{},random", env!("CARGO_BIN_EXE_dogfight_random"));
    let mut group = c.benchmark_group("program_overhead/dogfight_200_fights");
    group.sample_size(10);
    for (name, bots) in [("in_process", "random,random"), ("program", &program)] {
        let Command::Dogfight(options) = command("dogfight", bots, &["--games", "200"]) else {
            unreachable!("a dogfight command")
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let (results, _) = examples::dogfight::tournament(&options).unwrap();
                assert_eq!(results.records.len(), 200);
                results
            })
        });
    }
    group.finish();
}

fn tron3d(c: &mut Criterion) {
    let program = format!("cmd:{} demo,demo", env!("CARGO_BIN_EXE_tron3d_program"));
    let mut group = c.benchmark_group("program_overhead/tron3d_20_games");
    group.sample_size(10);
    for (name, bots) in [("in_process", "demo,demo"), ("program", &program)] {
        let Command::Tron3d(options) = command("tron3d", bots, &["--games", "20"]) else {
            unreachable!("a tron3d command")
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let results = examples::tron3d::tournament(&options).unwrap();
                assert_eq!(results.records.len(), 20);
                assert!(results.records.iter().all(|r| r.faults.is_empty()));
                results
            })
        });
    }
    group.finish();
}

criterion_group!(benches, dogfight, tron3d);
criterion_main!(benches);
