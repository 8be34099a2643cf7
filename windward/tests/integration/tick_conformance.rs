//! Conformance of the tick engine with the original C# engine: every golden trace in
//! `$CONTEST_DATA/windward/traces/` replays from its setup, its recorded orders and random
//! outcomes, with every car's state, every status and every light equal on every tick.

use std::path::PathBuf;

use pathfind::replay::VerifyError;

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
    let paths: Vec<PathBuf> = TRACES.iter().map(|n| dir.join(n)).collect();
    for path in &paths {
        assert!(path.exists(), "missing trace {}", path.display());
    }
    let summary = windward::replay::verify_files(&paths).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.traces, 3);
    assert!(summary.steps > 40_000, "{summary}");
    println!("{summary}");
}

#[test]
fn no_trace_or_an_empty_file_is_an_error() {
    let none: [PathBuf; 0] = [];
    assert!(matches!(
        windward::replay::verify_files(&none),
        Err(VerifyError::Empty { .. })
    ));
    let dir = std::env::temp_dir().join(format!("windward-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.jsonl.gz");
    std::fs::write(&empty, b"").unwrap();
    let got = windward::replay::verify_files(&[&empty]);
    assert!(
        matches!(&got, Err(VerifyError::Format { message, .. }) if message.contains("empty")),
        "{got:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
