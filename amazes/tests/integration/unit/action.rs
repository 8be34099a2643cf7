//! The tests of `amazes::action` that lived beside its code.

use amazes::maze::Dir;
use amazes::*;

#[test]
fn lines_parse_with_the_rules_limits() {
    assert_eq!(MoveLine::parse("TFRFF").unwrap().len(), 5);
    assert_eq!(MoveLine::parse("TF\r").unwrap().as_str(), "TF");
    assert_eq!(MoveLine::parse(""), Err(Fault::Empty));
    assert_eq!(MoveLine::parse(&"F".repeat(256)).unwrap().len(), 256);
    assert_eq!(MoveLine::parse(&"F".repeat(257)), Err(Fault::TooLong(257)));
    assert_eq!(
        MoveLine::parse("FF F"),
        Err(Fault::Illegal { ch: ' ', index: 2 })
    );
    assert_eq!(
        MoveLine::parse("Fé"),
        Err(Fault::Illegal { ch: 'é', index: 1 })
    );
    assert_eq!(
        MoveLine::parse("f"),
        Err(Fault::Illegal { ch: 'f', index: 0 })
    );
}

#[test]
fn turns() {
    assert_eq!(Move::L.turn(Dir::N), Dir::W);
    assert_eq!(Move::R.turn(Dir::W), Dir::N);
    assert_eq!(Move::T.turn(Dir::E), Dir::W);
    for a in Dir::ALL {
        for b in Dir::ALL {
            assert_eq!(Move::between(a, b).turn(a), b);
        }
    }
}
