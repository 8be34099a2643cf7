//! The Amazes program bots' side of the referee protocol (`examples::amazes::program::run`).

use examples::amazes::bots::RandomBot;
use examples::amazes::program::run;

#[test]
fn reads_start_views_and_quit() {
    let input = "Start\nW\nW\nLLBNW\nW\n400\nW\nW\nBW\nW\n9\nQuit\n";
    let mut out = Vec::new();
    let n = run(
        &mut RandomBot::default(),
        input.as_bytes(),
        &mut out,
        25,
        150,
        3,
    )
    .unwrap();
    assert_eq!(n, 2);
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 2);
    assert!(text.lines().all(|l| amazes::MoveLine::parse(l).is_ok()));
    let bad = "W\nW\nXW\nW\n1\n";
    assert!(
        run(
            &mut RandomBot::default(),
            bad.as_bytes(),
            Vec::new(),
            25,
            150,
            3
        )
        .is_err()
    );
    // Issue 12: a line without end (`cat /dev/zero`) is refused at the limit.
    let flood = "W".repeat(1 << 20);
    let err = run(
        &mut RandomBot::default(),
        flood.as_bytes(),
        Vec::new(),
        25,
        150,
        3,
    )
    .unwrap_err();
    assert!(err.to_string().contains("limit of 64 bytes"), "{err}");
}
