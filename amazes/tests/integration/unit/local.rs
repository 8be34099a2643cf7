//! The tests of `amazes::local` that lived beside its code.

use amazes::action::MoveLine;
use amazes::knowledge::Reading;
use amazes::maze::Dir;
use amazes::view::Line;
use amazes::view::View;
use amazes::*;

#[test]
fn a_look_then_a_certain_walk() {
    let mut map = LocalMap::new(25, Reading::Literal);
    // Facing N: ahead wall, right NW, behind NBNLNW, left NW (golden trace turn 1).
    let l = |s| Line::parse(s).unwrap();
    let view = View {
        lines: [l("W"), l("NW"), l("NBNLNW"), l("NW")],
        distance2: 400,
    };
    assert_eq!(map.observe(&view).unwrap(), 11);
    let line = MoveLine::parse("TF").unwrap();
    let p = map.predict(&line).unwrap();
    assert_eq!((p.discovered, p.steps, p.extra_t), (0, 2, false));
    assert_eq!((p.end.row, p.end.col, p.end.facing.0), (2, 0, Dir::S));
    // Ahead is a wall: the walk stops at once and the extra T is performed.
    let p = map.predict(&MoveLine::parse("FFF").unwrap()).unwrap();
    assert_eq!((p.steps, p.extra_t), (0, true));
    assert_eq!((p.end.row, p.end.col), (1, 0));
    // To the right is one square closed ahead: the second step hits a known wall.
    let p = map.predict(&MoveLine::parse("RF").unwrap()).unwrap();
    assert_eq!((p.steps, p.end.row, p.end.col), (1, 0, 1));
    // Behind, then left into the side square, then on into the unknown.
    assert_eq!(
        map.predict(&MoveLine::parse("TFLF").unwrap()),
        Err(Uncertain { step: 3 })
    );
    map.apply(&line).unwrap();
    assert_eq!(map.pose().row, 2);
}
