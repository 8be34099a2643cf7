//! The tests of `pathfind::replay` that lived beside its code.

use pathfind::replay::*;

#[test]
fn summary_and_mismatch_lines() {
    let summary = Summary {
        game: "dogfight".into(),
        traces: 48,
        steps: 856,
        step_name: "rounds".into(),
        notes: vec!["protocol transcript".into()],
    };
    assert_eq!(
        summary.to_string(),
        "conformance: dogfight: 48 traces, 856 rounds, all match; protocol transcript"
    );
    let error = VerifyError::from(Mismatch {
        trace: "a.jsonl:3".into(),
        step: 7,
        field: "planes[0].hp".into(),
        expected: "2".into(),
        got: "1".into(),
    });
    assert_eq!(
        error.to_string(),
        "mismatch in a.jsonl:3 at step 7: planes[0].hp: expected 2, got 1"
    );
}
