//! Conformance of the tick engine with the original C# engine: every golden trace in
//! `$CONTEST_DATA/windward/traces/` replays from its setup, its recorded orders and random
//! outcomes, with every car's state, every status and every light equal on every tick.

use std::path::PathBuf;

use windward::tick::replay::{maps_dir_for, replay_file};

const TRACES: [&str; 3] = [
    "map1_seed1_full.jsonl.gz",
    "map2_seed1_20k.jsonl.gz",
    "map3_seed2_nopowerups_20k.jsonl.gz",
];

#[test]
fn golden_traces_replay_tick_by_tick() {
    let Some(root) = std::env::var_os("CONTEST_DATA") else {
        println!("conformance: windward ticks: skipped (CONTEST_DATA unset)");
        return;
    };
    let dir = PathBuf::from(root).join("windward/traces");
    let (mut ticks, mut cars, mut statuses) = (0, 0, 0);
    let mut failures = Vec::new();
    for name in TRACES {
        let path = dir.join(name);
        assert!(path.exists(), "missing trace {}", path.display());
        match replay_file(&path, &maps_dir_for(&path)) {
            Ok(stats) => {
                ticks += stats.ticks;
                cars += stats.car_states;
                statuses += stats.statuses;
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!(
        "conformance: windward ticks: {} traces, {ticks} ticks ({cars} car states, {statuses} statuses), all match",
        TRACES.len()
    );
}
