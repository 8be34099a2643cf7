//! The tournament runner's parallel speed-up (issue 15, item 6): the 1000-fight Dogfight
//! tournament of `play dogfight --games 1000 --matchup 1 --quiet` (search against random, one
//! fight per game), played alternately with `--jobs 1` and `--jobs 2` (and as two processes, a
//! control).
//!
//! A plain benchmark binary (criterion is a poor fit for 90 s runs):
//!
//! ```sh
//! cargo bench -p benches --bench parallel                      # 3 rounds, 1000 fights
//! PARALLEL_BENCH_RUNS=1 PARALLEL_BENCH_GAMES=200 cargo bench -p benches --bench parallel
//! ```
//!
//! Each round also plays the same fights as two single-threaded processes at once (this binary
//! run twice, `--jobs 1 --shard 0/2` and `--shard 1/2`, results merged): a control. If two
//! processes cost as much CPU per fight as two threads, the extra CPU of `--jobs 2` comes from
//! the machine (two busy cores run slower than one: shared cache, clock, the hypervisor), not from
//! the runner.
//!
//! Each run prints its wall time, the process's CPU time (user + system, as `getrusage` counts
//! it, read from `/proc/self/stat`), the CPU time per fight, the CPU time spent inside fights
//! (each worker thread's own clock, `/proc/thread-self/schedstat`), the tail (how long the last
//! busy thread played alone after another had run out of fights, and how many fights were still
//! being played then), the host's steal time and the
//! load average; every run's table must be identical to the first one's (the binary fails
//! otherwise). The summary gives the medians, the wall-clock speed-up (meaningful only on a quiet
//! machine), the extra CPU per fight of two threads, and the speed-up that the CPU figures project
//! for a quiet machine, `2·cpu₁ / (cpu₂ + tail₂)`, which can be measured under load.
//!
//! Run without `--bench` (as `cargo test --benches` does) it plays 4 fights once, as a smoke test.

use std::time::{Duration, Instant};

/// Set in the child processes of the two-process control: the shard (0 or 1 of 2) to play.
const CHILD: &str = "PARALLEL_BENCH_CHILD";

use arena::results::Results;
use arena::runner::{self, RunOptions};
use examples::cli::{Command, parse};
use examples::dogfight::{Options, plan, play_matchup};

/// One fight as a worker thread played it.
#[derive(Debug, Clone, Copy)]
struct Timing {
    thread: usize,
    start: Duration,
    end: Duration,
    cpu: Duration,
}

/// One timed tournament.
#[derive(Debug)]
struct Run {
    /// `jobs 1`, `jobs 2` or `2 procs`.
    mode: &'static str,
    wall: f64,
    user: f64,
    sys: f64,
    /// CPU seconds inside fights, summed over the threads.
    in_fights: f64,
    /// Seconds the last busy thread played alone.
    tail: f64,
    /// Fights still being played when the first thread ran out of fights: the tail counted in
    /// fights, which the machine's load does not inflate.
    tail_fights: usize,
    /// Per thread: fights played and CPU seconds inside them.
    threads: Vec<(u64, f64)>,
    steal: Option<f64>,
    load: (String, String),
    results: Results,
}

impl Run {
    fn cpu(&self) -> f64 {
        self.user + self.sys
    }
}

/// The calling thread's CPU time (`/proc/thread-self/schedstat`: nanoseconds on a CPU).
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// The process's user and system CPU seconds, all its threads (finished ones too), as
/// `getrusage(RUSAGE_SELF)` counts them: `/proc/self/stat` fields 14 and 15, in 1/100 s.
fn process_cpu() -> Option<(f64, f64)> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces; the fields after it are plain numbers.
    let mut fields = text[text.rfind(')')? + 1..].split_whitespace().skip(11);
    let user: f64 = fields.next()?.parse().ok()?;
    let sys: f64 = fields.next()?.parse().ok()?;
    Some((user / 100.0, sys / 100.0))
}

/// The machine's steal and total CPU ticks (`/proc/stat`): time the hypervisor gave our vCPUs'
/// turn to someone else.
fn steal_ticks() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let ticks: Vec<u64> = text
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|t| t.parse().ok())
        .collect();
    let total = ticks.iter().take(8).sum();
    Some((*ticks.get(7)?, total))
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "?".into())
}

fn options(games: u64, jobs: usize, shard: Option<u64>) -> Options {
    let (games, jobs) = (games.to_string(), jobs.to_string());
    let mut words = vec![
        "play".to_owned(),
        "dogfight".into(),
        "--games".into(),
        games,
        // One fight per game, so that the runner is timed on fights, as before match-ups.
        "--matchup".into(),
        "1".into(),
        "--quiet".into(),
        "--jobs".into(),
        jobs,
    ];
    if let Some(index) = shard {
        words.extend(["--shard".into(), format!("{index}/2")]);
    }
    match parse(words).map(|cli| cli.command) {
        Ok(Some(Command::Dogfight(options))) => options,
        other => panic!("`play dogfight` options: {other:?}"),
    }
}

/// Plays the tournament `play dogfight --games GAMES --matchup 1 --quiet --jobs JOBS` plays,
/// through the same runner and fights, timing every fight on the thread that plays it.
fn run(games: u64, jobs: usize) -> Run {
    let options = options(games, jobs, None);
    let (game, tournament) = plan(&options).expect("the benchmark's tournament");
    let run_options: RunOptions = options.common.run_options();
    let load_before = load_average();
    let steal_before = steal_ticks();
    let cpu_before = process_cpu();
    let clock = Instant::now();
    let mut timings = Vec::with_capacity(games as usize);
    let results = runner::run(
        &tournament,
        &run_options,
        |setup| {
            let start = clock.elapsed();
            let cpu = thread_cpu();
            let (record, _) = play_matchup(&game, &tournament.lineup, setup, false, &mut ())?;
            let timing = Timing {
                thread: rayon::current_thread_index().unwrap_or(0),
                start,
                end: clock.elapsed(),
                cpu: thread_cpu().saturating_sub(cpu),
            };
            Ok((record, timing))
        },
        |_, timing| {
            timings.push(timing);
            Ok(())
        },
    )
    .expect("the tournament plays");
    let wall = clock.elapsed().as_secs_f64();
    let (user, sys) = match (cpu_before, process_cpu()) {
        (Some((u0, s0)), Some((u1, s1))) => (u1 - u0, s1 - s0),
        _ => (f64::NAN, f64::NAN),
    };
    let steal = match (steal_before, steal_ticks()) {
        (Some((s0, t0)), Some((s1, t1))) if t1 > t0 => Some((s1 - s0) as f64 / (t1 - t0) as f64),
        _ => None,
    };
    let mut threads = vec![(0u64, 0.0f64); jobs];
    let mut last_end = vec![Duration::ZERO; jobs];
    for t in &timings {
        let slot = t.thread.min(jobs - 1);
        threads[slot].0 += 1;
        threads[slot].1 += t.cpu.as_secs_f64();
        last_end[slot] = last_end[slot].max(t.end);
    }
    let first_start = timings.iter().map(|t| t.start).min().unwrap_or_default();
    // A thread that played nothing was idle from the start.
    let first_idle = last_end.iter().min().copied().unwrap_or_default();
    let last = last_end.iter().max().copied().unwrap_or_default();
    let tail = last
        .saturating_sub(first_idle.max(first_start))
        .as_secs_f64();
    let tail_fights = if jobs > 1 {
        timings.iter().filter(|t| t.end > first_idle).count()
    } else {
        0
    };
    Run {
        mode: if jobs == 1 { "jobs 1" } else { "jobs 2" },
        wall,
        user,
        sys,
        in_fights: threads.iter().map(|&(_, cpu)| cpu).sum(),
        tail,
        tail_fights,
        threads,
        steal,
        load: (load_before, load_average()),
        results,
    }
}

/// A child process of [`processes`]: plays shard `index` of 2 on one thread and writes its
/// results as JSON to stdout.
fn child(games: u64, index: u64) {
    let options = options(games, 1, Some(index));
    let (game, tournament) = plan(&options).expect("the benchmark's tournament");
    let results = runner::run(
        &tournament,
        &options.common.run_options(),
        |setup| play_matchup(&game, &tournament.lineup, setup, false, &mut ()).map_err(Into::into),
        |_, _| Ok(()),
    )
    .expect("the tournament plays");
    println!(
        "{}",
        serde_json::to_string(&results).expect("results as JSON")
    );
}

/// The CPU seconds of this process's finished and waited-for children (`/proc/self/stat`
/// fields 16 and 17, in 1/100 s).
fn children_cpu() -> Option<(f64, f64)> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    let mut fields = text[text.rfind(')')? + 1..].split_whitespace().skip(13);
    let user: f64 = fields.next()?.parse().ok()?;
    let sys: f64 = fields.next()?.parse().ok()?;
    Some((user / 100.0, sys / 100.0))
}

/// The control: the same fights as two single-threaded processes at once (shards 0/2 and 1/2),
/// their results merged.
fn processes(games: u64) -> Run {
    let exe = std::env::current_exe().expect("the benchmark's own path");
    let load_before = load_average();
    let steal_before = steal_ticks();
    let cpu_before = children_cpu();
    let clock = Instant::now();
    let mut children: Vec<_> = (0..2)
        .map(|index| {
            std::process::Command::new(&exe)
                .env(CHILD, index.to_string())
                .env("PARALLEL_BENCH_GAMES", games.to_string())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("the benchmark starts itself")
        })
        .collect();
    let mut ends = [Duration::ZERO; 2];
    let mut parts = Vec::new();
    // Waits for both, noting when each ends: the first to end leaves the other alone.
    let mut waiting = [true, true];
    while waiting.iter().any(|&w| w) {
        for (index, child) in children.iter_mut().enumerate() {
            if waiting[index] && child.try_wait().expect("a child's status").is_some() {
                ends[index] = clock.elapsed();
                waiting[index] = false;
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let wall = ends[0].max(ends[1]).as_secs_f64();
    for (index, child) in children.into_iter().enumerate() {
        let output = child.wait_with_output().expect("a child's output");
        assert!(output.status.success(), "child {index}: {}", output.status);
        let results: Results =
            serde_json::from_slice(&output.stdout).expect("a child's results as JSON");
        parts.push((format!("shard {index}/2"), results));
    }
    let results = Results::merge(parts).expect("the shards merge");
    let (user, sys) = match (cpu_before, children_cpu()) {
        (Some((u0, s0)), Some((u1, s1))) => (u1 - u0, s1 - s0),
        _ => (f64::NAN, f64::NAN),
    };
    let steal = match (steal_before, steal_ticks()) {
        (Some((s0, t0)), Some((s1, t1))) if t1 > t0 => Some((s1 - s0) as f64 / (t1 - t0) as f64),
        _ => None,
    };
    let halves = [0, 1].map(|index| {
        let range = arena::results::Shard { index, count: 2 }.range(games);
        (range.end - range.start, f64::NAN)
    });
    Run {
        mode: "2 procs",
        wall,
        user,
        sys,
        in_fights: user + sys,
        tail: (ends[0].as_secs_f64() - ends[1].as_secs_f64()).abs(),
        // Not counted: the processes report no per-fight times.
        tail_fights: 0,
        threads: halves.to_vec(),
        steal,
        load: (load_before, load_average()),
        results,
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => match text.trim().parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("{name}={text:?}: expected a positive whole number");
                std::process::exit(2);
            }
        },
        Err(_) => default,
    }
}

fn main() {
    if let Ok(index) = std::env::var(CHILD) {
        let index = index.parse().expect("a shard index");
        return child(env_number("PARALLEL_BENCH_GAMES", 4), index);
    }
    // Answer like a criterion bench binary: `--list` names the one benchmark, and a name filter
    // (`cargo bench -- FILTER` passes it to every bench binary) that does not match it runs
    // nothing, so `cargo bench -- something_else` never plays minutes of fights here.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--list") {
        println!("parallel: benchmark");
        return;
    }
    let filters: Vec<&String> = args.iter().filter(|arg| !arg.starts_with('-')).collect();
    if !filters.is_empty() && !filters.iter().any(|f| "parallel".contains(f.as_str())) {
        return;
    }
    // `cargo bench` passes `--bench`; `cargo test --benches` does not: then a quick smoke run.
    let benching = std::env::args().any(|arg| arg == "--bench");
    let runs = env_number("PARALLEL_BENCH_RUNS", if benching { 3 } else { 1 });
    let games = env_number("PARALLEL_BENCH_GAMES", if benching { 1000 } else { 4 });
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("model name"))?;
            Some(line.split_once(':')?.1.trim().to_owned())
        })
        .unwrap_or_else(|| "?".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "parallel: play dogfight --games {games} --matchup 1 --quiet, --jobs 1 and 2 alternately, \
         {runs} runs each; {cores} CPUs ({model}), load average {}",
        load_average()
    );
    let mut done: Vec<Run> = Vec::new();
    for round in 0..runs {
        // Rotate which goes first, so that a drift in the machine's load hits all alike.
        let modes = [1, 2, 0];
        for k in 0..3 {
            let jobs = modes[(k + round as usize) % 3];
            let r = if jobs == 0 {
                processes(games)
            } else {
                run(games, jobs)
            };
            report(round + 1, games, &r);
            if let Some(first) = done.first()
                && (first.results.records != r.results.records
                    || first.results.table() != r.results.table())
            {
                eprintln!(
                    "parallel: run {} ({}) gave another table than run 1 ({}):\n{}\n{}",
                    round + 1,
                    r.mode,
                    first.mode,
                    first.results.table(),
                    r.results.table()
                );
                std::process::exit(1);
            }
            done.push(r);
        }
    }
    if let Some(first) = done.first() {
        print!("{}", first.results.table());
    }
    println!("tables: identical in all {} runs", done.len());
    let of = |mode: &str, figure: &dyn Fn(&Run) -> f64| {
        median(done.iter().filter(|r| r.mode == mode).map(figure).collect())
    };
    let games = games as f64;
    for mode in ["jobs 1", "jobs 2", "2 procs"] {
        println!(
            "median {mode}: wall {:.2} s, cpu {:.2} s, {:.2} ms cpu/fight ({:.2} in fights), tail {:.3} s ({} fights)",
            of(mode, &|r| r.wall),
            of(mode, &Run::cpu),
            of(mode, &|r| r.cpu() / games * 1e3),
            of(mode, &|r| r.in_fights / games * 1e3),
            of(mode, &|r| r.tail),
            of(mode, &|r| r.tail_fights as f64),
        );
    }
    let (wall1, wall2) = (of("jobs 1", &|r| r.wall), of("jobs 2", &|r| r.wall));
    let (cpu1, cpu2, cpu_procs) = (
        of("jobs 1", &Run::cpu),
        of("jobs 2", &Run::cpu),
        of("2 procs", &Run::cpu),
    );
    let tail2 = of("jobs 2", &|r| r.tail);
    println!(
        "extra cpu per fight: jobs 2 {:+.1}%, two processes {:+.1}% (against jobs 1)",
        (cpu2 / cpu1 - 1.0) * 100.0,
        (cpu_procs / cpu1 - 1.0) * 100.0
    );
    println!(
        "speed-up (wall, jobs 1 / jobs 2): {:.2}x; projected for a quiet machine from the cpu \
         figures, 2*cpu1/(cpu2+tail2): {:.2}x",
        wall1 / wall2,
        2.0 * cpu1 / (cpu2 + tail2)
    );
    println!("load average now {}", load_average());
}

/// One run's lines.
fn report(round: u64, games: u64, r: &Run) {
    let per_fight = |seconds: f64| seconds / games as f64 * 1e3;
    println!(
        "run {round} {}: wall {:.2} s, cpu {:.2} s (user {:.2}, sys {:.2}), cpu/fight {:.2} ms, \
         in fights {:.2} ms, cpu/wall {:.2}, tail {:.3} s ({} fights), steal {}, load {} -> {}",
        r.mode,
        r.wall,
        r.cpu(),
        r.user,
        r.sys,
        per_fight(r.cpu()),
        per_fight(r.in_fights),
        r.cpu() / r.wall,
        r.tail,
        r.tail_fights,
        r.steal.map_or("?".into(), |s| format!("{:.1}%", s * 100.0)),
        r.load.0,
        r.load.1,
    );
    let threads: Vec<String> = r
        .threads
        .iter()
        .enumerate()
        .map(|(i, &(fights, cpu))| {
            if cpu.is_nan() {
                format!("process {i}: {fights} fights")
            } else {
                let each = if fights == 0 {
                    0.0
                } else {
                    cpu / fights as f64 * 1e3
                };
                format!("thread {i}: {fights} fights, {cpu:.2} s cpu, {each:.2} ms each")
            }
        })
        .collect();
    println!("    {}", threads.join("; "));
}
