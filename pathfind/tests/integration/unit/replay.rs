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

#[test]
fn read_limited_counts_the_bytes_of_devices_and_refuses_large_files() {
    // A device reports size 0: the bytes are counted as they are read (issue 36).
    let error = read_limited(std::path::Path::new("/dev/zero"), 1000).unwrap_err();
    assert!(
        matches!(&error, VerifyError::TooLarge { limit: 1000, path } if path.ends_with("zero")),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "/dev/zero: more than the limit of 1000 bytes"
    );
    let dir = std::env::temp_dir().join(format!("replay-read-limited-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("trace.txt");
    std::fs::write(&file, "0123456789").unwrap();
    assert_eq!(read_limited(&file, 10).unwrap(), "0123456789");
    assert!(matches!(
        read_limited(&file, 9),
        Err(VerifyError::TooLarge { limit: 9, .. })
    ));
    std::fs::write(&file, [0xFFu8, 0xFE]).unwrap();
    assert!(matches!(
        read_limited(&file, 9),
        Err(VerifyError::Io { .. })
    ));
    assert!(matches!(
        read_limited(&dir.join("missing"), 9),
        Err(VerifyError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
