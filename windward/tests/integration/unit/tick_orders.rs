//! The tests of `windward::tick::orders` that lived beside its code.

use windward::geometry::Heading;
use windward::geometry::Point;
use windward::movement::Vehicle;
use windward::tick::orders::*;

fn car() -> Vehicle {
    // heading east on tile (5, 5): next tile (6, 5)
    Vehicle::placed(Point::new(5, 5), Heading::East)
}

fn pts(list: &[(i32, i32)]) -> Vec<Point> {
    list.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

fn no_astar(_: Point, _: Point) -> Vec<Point> {
    panic!("A* must not be called")
}

#[test]
fn case_1_next_tile_in_order() {
    let mut v = car();
    v.path = pts(&[(9, 9)]);
    let join = join_path(&mut v, &pts(&[(5, 5), (6, 5), (7, 5)]), no_astar);
    assert_eq!(join, PathJoin::FromNextTile);
    assert_eq!(v.path, pts(&[(6, 5), (7, 5)]));
    assert!(!join.sends_no_path());
}

#[test]
fn case_2_current_tile_in_order_u_turns() {
    let mut v = car();
    let join = join_path(&mut v, &pts(&[(5, 5), (4, 5)]), no_astar);
    assert_eq!(join, PathJoin::UTurnBack);
    assert_eq!(v.path, pts(&[(6, 5), (5, 5), (4, 5)]));
}

#[test]
fn case_3_splices_into_old_path() {
    let mut v = car();
    v.path = pts(&[(6, 5), (7, 5), (8, 5), (9, 5)]);
    let join = join_path(&mut v, &pts(&[(8, 5), (8, 6)]), no_astar);
    assert_eq!(join, PathJoin::Spliced);
    assert_eq!(v.path, pts(&[(6, 5), (7, 5), (8, 5), (8, 6)]));
}

#[test]
fn case_4_astar_join_and_no_path() {
    let mut v = car();
    v.path = pts(&[(6, 5)]);
    let mut called = None;
    let join = join_path(&mut v, &pts(&[(8, 7), (8, 8)]), |a, b| {
        called = Some((a, b));
        pts(&[(6, 5), (7, 5), (8, 5), (8, 6), (8, 7)])
    });
    assert_eq!(join, PathJoin::AStarJoin);
    assert!(join.sends_no_path());
    assert_eq!(called, Some((Point::new(6, 5), Point::new(8, 7))));
    assert_eq!(
        v.path,
        pts(&[(6, 5), (7, 5), (8, 5), (8, 6), (8, 7), (8, 8)])
    );
    // an unreachable join keeps the old path (still NO_PATH)
    let mut v = car();
    v.path = pts(&[(6, 5)]);
    let join = join_path(&mut v, &pts(&[(20, 20)]), |_, _| Vec::new());
    assert_eq!(join, PathJoin::AStarJoin);
    assert_eq!(v.path, pts(&[(6, 5)]));
}

#[test]
fn empty_order_changes_nothing() {
    let mut v = car();
    v.path = pts(&[(6, 5)]);
    assert_eq!(join_path(&mut v, &[], no_astar), PathJoin::Unchanged);
    assert_eq!(v.path, pts(&[(6, 5)]));
}
