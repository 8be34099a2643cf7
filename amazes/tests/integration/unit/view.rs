//! The tests of `amazes::view` that lived beside its code.

use amazes::*;

#[test]
fn parse_and_reject_lines() {
    assert_eq!(Line::parse("LLBNW").unwrap().as_str(), "LLBNW");
    assert_eq!(Line::parse("LLBNW").unwrap().squares(), b"LLBN");
    for bad in ["", "LLB", "WW", "XW", "LLBNW ", &"N".repeat(32)] {
        assert!(Line::parse(bad).is_err(), "{bad:?}");
    }
    let v = View::parse_lines(&["W", "W", "LLBNW", "W\r", "0"]).unwrap();
    assert_eq!(v.to_string(), "W\nW\nLLBNW\nW\n0\n");
    assert!(View::parse_lines(&["W", "W", "W", "W", "x"]).is_err());
    assert!(View::parse_lines(&["W", "W", "W", "W"]).is_err());
}
