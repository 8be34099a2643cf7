//! Criterion benchmarks of every contest-engines crate (`cargo bench -p benches`), and side-by-side
//! comparisons with peer crates. Each game has one bench target in `benches/benches/<game>.rs`.
//!
//! The shared helpers below let a bench read optional data from `$CONTEST_DATA`, and time the
//! side-by-side runners (`dogfight_peer`, `cloudwars_peer`) the way their peers time themselves:
//! thread CPU time over whole runs, with the median, the fastest and the slowest run reported.

use std::path::PathBuf;
use std::time::Instant;

/// The folder named by `CONTEST_DATA`, when set and present; benches that use the original data
/// skip those inputs otherwise.
pub fn contest_data() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("CONTEST_DATA")?);
    dir.is_dir().then_some(dir)
}

/// This thread's CPU time in nanoseconds (what `ThreadMXBean.getCurrentThreadCpuTime` reads on
/// the Java side): the first field of `/proc/thread-self/schedstat`, the time the scheduler ran
/// this thread (Linux).
pub fn thread_cpu_ns() -> u64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("the peer runners need Linux's /proc/thread-self/schedstat");
    text.split_whitespace()
        .next()
        .and_then(|field| field.parse().ok())
        .expect("schedstat starts with the CPU time in nanoseconds")
}

/// The median, the fastest and the slowest of several runs' figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Runs {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Runs {
    /// The summary of `xs` (at least one figure).
    pub fn of(mut xs: Vec<f64>) -> Runs {
        assert!(!xs.is_empty(), "a summary of no runs");
        xs.sort_by(f64::total_cmp);
        Runs {
            median: xs[xs.len() / 2],
            min: xs[0],
            max: xs[xs.len() - 1],
        }
    }
}

/// Runs `work` (which answers the units it did) three times untimed and `runs` times timed:
/// the thread CPU time per unit of every timed run, and the median wall time per unit, both in
/// `scale` nanoseconds.
///
/// Why the fastest run is reported beside the median: on a shared virtual machine another guest
/// can slow a run down but never speed it up, and on the 2-vCPU AMD EPYC (25/17) of issue 40 one
/// process's runs of the same work moved between about 26 and 40 ns a Dogfight round, runs of
/// the same process, with the other vCPU idle or busy alike. The median then follows the
/// neighbours; the fastest run follows the code (Chen and Revels, "Robust benchmarking in noisy
/// environments", 2016).
pub fn time_runs(runs: usize, scale: f64, mut work: impl FnMut() -> usize) -> (Runs, f64) {
    let (mut cpu, mut wall) = (Vec::new(), Vec::new());
    for run in 0..runs + 3 {
        let (c0, w0) = (thread_cpu_ns(), Instant::now());
        let units = work() as f64;
        let (c1, w1) = (thread_cpu_ns(), w0.elapsed());
        if run >= 3 {
            cpu.push((c1 - c0) as f64 / units / scale);
            wall.push(w1.as_nanos() as f64 / units / scale);
        }
    }
    (Runs::of(cpu), Runs::of(wall).median)
}
