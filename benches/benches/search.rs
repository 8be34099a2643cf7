//! Search efficiency (issue 23): for every game, the searcher its README shows, with uniformly
//! random playouts, beside the same number of playouts run bare. Both report **engine steps
//! inside playouts per second** (criterion's throughput, in elements):
//!
//! - `GAME/search_playouts`: one decision of the searcher for a fixed iteration budget, counted
//!   with the searcher's own `playout_steps()` (the steps beyond the tree);
//! - `GAME/bare_playouts`: as many playouts from the same state, each a clone of the state and
//!   then, until the end or the same horizon, random legal actions for every mover and `advance`.
//!
//! Their ratio (search steps per second / bare steps per second) says how much of a search's
//! time goes to the engine; the READMEs record it. The budgets and horizons:
//!
//! | game | searcher | state | iterations | playout horizon |
//! |---|---|---|---|---|
//! | dogfight | `DecoupledUct` | the start | 1,000 | to the end (100 rounds) |
//! | tron3d | `DecoupledUct` | 40 Demo rounds into a `cube6` game | 200 | to the end (200 rounds) |
//! | cloudwars | `DecoupledUct` | the README's 2-player world | 300 | 10 steps (the README's) |
//! | amazes | `InformationSetMcts`, 32 iterations per sample | Red's first belief, maze 0 | 200 | 20 turns (the README's) |
//! | windward | `FlatMonteCarlo` | the start, generated map 0 | 60 | 200 ticks (the README's) |
//!
//! The workloads live in `shared/search_pairs.rs`, shared with the `efficiency` bench, which
//! times the two sides in pairs a moment apart (criterion's two measurements are seconds apart,
//! and on a shared machine their ratio moves with the neighbours; issue 40).
//!
//! `cargo bench -p benches --bench search` (or `-- tron3d/` for one game).

use criterion::{Criterion, Throughput};

#[path = "shared/search_pairs.rs"]
mod search_pairs;
use search_pairs::{GAMES, Workload};

/// Registers `name/search_playouts` (one decision of the searcher, counted in the playout steps
/// it played) and `name/bare_playouts` (as many bare playouts as the search's iterations).
fn pair(c: &mut Criterion, mut workload: Workload) {
    let search_steps = (workload.search)();
    let bare_steps = (workload.bare)();
    let mut group = c.benchmark_group(workload.name);
    group.sample_size(20);
    group.throughput(Throughput::Elements(search_steps));
    group.bench_function("search_playouts", |b| b.iter(&mut workload.search));
    group.throughput(Throughput::Elements(bare_steps));
    group.bench_function("bare_playouts", |b| b.iter(&mut workload.bare));
    group.finish();
}

fn searches(c: &mut Criterion) {
    for (_, workload) in GAMES {
        pair(c, workload());
    }
}

criterion::criterion_group!(benches, searches);
criterion::criterion_main!(benches);
