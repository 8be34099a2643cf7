//! One UCT decision on tic-tac-toe from the empty board, timed: the Rust side of
//! `benches/openspiel_uct.py`, which runs OpenSpiel's C++ `MCTSBot` on the same workload.
//!
//! `cargo run --release -p pathfind --example uct_tictactoe -- [SIMULATIONS] [C] [REPS] [cold]`
//! (default 100000 simulations, c = 2, 7 repetitions; every repetition a new search from the
//! empty board with seed = its number, uniformly random playouts to the end). Prints one line
//! per repetition: `rep <i> seconds <wall> cpu <thread CPU seconds> action <cell> nodes <tree size>`.
//!
//! The repetitions reuse one [`Uct`]'s memory, after an untimed warm-up decision: a search's
//! tree is cleared, not freed, between decisions (`reseed` then `choose` searches exactly as a
//! new `Uct` with that seed would), so what is timed is the search, as a bot runs it from move
//! to move, and not the first touch of a new process's pages. OpenSpiel's repetitions in
//! `benches/openspiel_uct.py` likewise run in one Python process whose heap is warm after the
//! first. With `cold`, every repetition is a new `Uct` with no warm-up instead.

use std::time::Instant;

use pathfind::tree::toys::TicTacToe;
use pathfind::tree::{Game, SearchConfig, Uct};

/// This thread's CPU time in seconds, from `/proc/thread-self/schedstat` (Linux); `None`
/// elsewhere.
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let simulations: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let c: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2.0);
    let reps: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(7);
    let cold = args.next().as_deref() == Some("cold");
    let game = TicTacToe;
    let state = game.initial_state(0);
    let config = |seed| SearchConfig {
        iterations: simulations,
        exploration: c,
        max_playout_steps: u32::MAX,
        seed,
        ..SearchConfig::default()
    };
    let mut search = Uct::new(config(u64::MAX));
    if !cold {
        search.choose(&game, &state, 0);
    }
    for rep in 0..reps {
        if cold {
            search = Uct::new(config(rep));
        } else {
            search.reseed(rep);
        }
        let (wall, cpu) = (Instant::now(), thread_cpu());
        let action = search.choose(&game, &state, 0);
        let seconds = wall.elapsed().as_secs_f64();
        let cpu = match (cpu, thread_cpu()) {
            (Some(a), Some(b)) => b - a,
            _ => f64::NAN,
        };
        println!(
            "rep {rep} seconds {seconds:.6} cpu {cpu:.6} action {} nodes {}",
            action.map_or(-1, i32::from),
            search.tree_size()
        );
    }
}
