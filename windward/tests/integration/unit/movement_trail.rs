//! The tests of `windward::movement::trail` that lived beside its code.

use windward::internals::movement::trail::*;
use windward::movement::Point;

#[test]
fn tail_keeps_seven_points_and_their_quarters() {
    let mut tail = Tail::new();
    for x in 0..20 {
        tail.push(Point::new(x, 6));
    }
    assert_eq!(tail.len(), 7);
    assert_eq!(tail.oldest(), Some(Point::new(13, 6)));
    // points 13..=19 are all in quarter (1, 0)
    assert_eq!(tail.quarters(), &[Point::new(1, 0)]);
    let mut tail = Tail::new();
    for x in 6..14 {
        tail.push(Point::new(x, 6));
    }
    // points 7..=13: quarters 0 (7..=11) and 1 (12, 13)
    assert_eq!(tail.quarters(), &[Point::new(0, 0), Point::new(1, 0)]);
    assert!(tail.touches_tile(Point::new(0, 0)));
    assert!(!tail.touches_tile(Point::new(1, 0)));
    tail.clear();
    assert!(tail.is_empty() && tail.quarters().is_empty());
}

#[test]
fn future_merges_revisits_and_pops_steps() {
    let mut f = Future::new();
    for p in [(0, 0), (1, 0), (13, 0), (2, 0)] {
        f.add(Point::new(p.0, p.1));
    }
    assert_eq!(f.entries().len(), 2);
    assert_eq!(f.entries()[0].steps, 3);
    assert_eq!(f.entries()[1].steps, 1);
    assert!(f.enters_tile_within(Point::new(0, 0), 1));
    // the budget is spent entry by entry: 3 steps of quarter (0,0) exhaust a look of 2
    let mut g = Future::new();
    for p in [(0, 0), (1, 0), (2, 0), (30, 0)] {
        g.add(Point::new(p.0, p.1));
    }
    assert!(!g.enters_tile_within(Point::new(1, 0), 2));
    assert!(g.enters_tile_within(Point::new(1, 0), 4));
    f.pop_step();
    f.pop_step();
    assert_eq!(f.entries()[0].steps, 1);
    f.pop_step();
    assert_eq!(f.entries().len(), 1);
    assert_eq!(f.entries()[0].quarter, Point::new(1, 0));
}
