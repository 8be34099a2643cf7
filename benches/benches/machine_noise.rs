//! How steady this machine is for the kind of code our engines are (issue 40): two fixed loops,
//! alternated in short runs, their thread CPU time per iteration.
//!
//! - `latency`: one chain of dependent multiplies. The core waits on each result, so it leaves
//!   most of its execution units idle, as a pointer-chasing, allocating program (the Go and Java
//!   originals) does.
//! - `throughput`: eight independent add/xor/rotate chains. The core issues several instructions
//!   a cycle, as our engines' hot loops do (Dogfight's round is about 424 instructions in about
//!   90 cycles).
//!
//! On a machine of its own, both loops run at one speed. Where another guest shares the physical
//! core (the host's hyper-thread sibling of our vCPU), the throughput loop loses whatever the
//! sibling takes and the latency loop hardly notices. On the 2-vCPU AMD EPYC 25/17 of issue 40
//! (2026-12-01), in a noisy hour: a C copy of these loops gave latency 1.090–1.143 ns (5 %
//! apart) and throughput 1.70–2.91 ns (71 % apart) over 150 pairs, uncorrelated, and this runner
//! 2 % and 67 % over 20 pairs, while the engines' processes spread by 38–52 %; in a quiet hour,
//! `spread.sh`'s 20 rounds gave 0.1 % and 11 %, and the engines 1.6–2.0 %. A spread of the
//! throughput loop is a spread no code change of ours removes; `benches/spread.sh` prints this
//! runner's figures beside the engines'.
//!
//! `cargo bench -p benches --bench machine_noise [-- PAIRS]` (default 30): every pair's figures,
//! then the minimum, median and maximum of each loop and their spread, max / min - 1.

use std::hint::black_box;

use benches::{Runs, thread_cpu_ns};

/// Iterations of each loop in a run: about 0.14 s of the latency loop and 0.18 s of the
/// throughput loop. The thread's CPU time (`/proc/thread-self/schedstat`) moves in steps of the
/// scheduler's tick (4 ms seen here), so a run of 25 ms was measured in steps of 15 %.
const ITERATIONS: u64 = 100_000_000;

/// One dependent multiply chain: ns of thread CPU time per iteration.
fn latency() -> f64 {
    let mut x = black_box(3u64);
    let start = thread_cpu_ns();
    for _ in 0..ITERATIONS {
        // Each step multiplies by a function of the last result, so the compiler cannot fold
        // the chain into a closed form, and the core waits on every multiply.
        x = x.wrapping_mul(x | 1).wrapping_add(0x9E37_79B9_7F4A_7C15);
    }
    black_box(x);
    (thread_cpu_ns() - start) as f64 / ITERATIONS as f64
}

/// Eight independent add/xor/rotate chains (each its own rotation, so the baseline x86-64 target
/// cannot turn them into vector lanes): ns of thread CPU time per iteration of all eight.
fn throughput() -> f64 {
    let mut a: [u64; 8] = black_box([1, 2, 3, 4, 5, 6, 7, 8]);
    let start = thread_cpu_ns();
    for _ in 0..ITERATIONS {
        a[0] = (a[0].wrapping_add(0x9E37_79B9_7F4A_7C15)) ^ a[0].rotate_left(13);
        a[1] = (a[1].wrapping_add(0xD1B5_4A32_D192_ED03)) ^ a[1].rotate_left(17);
        a[2] = (a[2].wrapping_add(0x94D0_49BB_1331_11EB)) ^ a[2].rotate_left(23);
        a[3] = (a[3].wrapping_add(0xBF58_476D_1CE4_E5B9)) ^ a[3].rotate_left(29);
        a[4] = (a[4].wrapping_add(0x2545_F491_4F6C_DD1D)) ^ a[4].rotate_left(31);
        a[5] = (a[5].wrapping_add(0x6A09_E667_F3BC_C909)) ^ a[5].rotate_left(37);
        a[6] = (a[6].wrapping_add(0xBB67_AE85_84CA_A73B)) ^ a[6].rotate_left(41);
        a[7] = (a[7].wrapping_add(0x3C6E_F372_FE94_F82B)) ^ a[7].rotate_left(47);
    }
    black_box(a);
    (thread_cpu_ns() - start) as f64 / ITERATIONS as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        println!("machine_noise: bench");
        return;
    }
    let pairs: usize = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .and_then(|p| p.parse().ok())
        .unwrap_or(30)
        .max(1);
    let (_, _) = (latency(), throughput());
    let (mut lat, mut thr) = (Vec::new(), Vec::new());
    for pair in 1..=pairs {
        let (l, t) = (latency(), throughput());
        println!("pair {pair}: latency {l:.4} ns, throughput {t:.4} ns");
        lat.push(l);
        thr.push(t);
    }
    for (name, xs) in [("latency", lat), ("throughput", thr)] {
        let runs = Runs::of(xs);
        println!(
            "machine_noise {name}: median {:.4} (min {:.4}, max {:.4}) ns/iteration, spread {:.1}%",
            runs.median,
            runs.min,
            runs.max,
            (runs.max / runs.min - 1.0) * 100.0
        );
    }
}
