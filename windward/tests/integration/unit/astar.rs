//! The tests of `windward::astar` that lived beside its code.

use windward::astar::*;
use windward::geometry::Point;
use windward::map::Map;
use windward::map::{RoadShape, Square, TileType};

fn grid(rows: &[&str]) -> Map {
    let h = rows.len() as i32;
    let w = rows[0].len() as i32;
    let mut map = Map::filled(w, h);
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.bytes().enumerate() {
            if c == b'#' {
                *map.square_mut(Point::new(x as i32, y as i32)).unwrap() =
                    Square::new(TileType::Road, RoadShape::Intersection);
            }
        }
    }
    map
}

#[test]
fn straight_line_and_trivial_cases() {
    let map = grid(&["#####"]);
    let p = simple_astar(&map, Point::new(0, 0), Point::new(4, 0));
    assert_eq!(p.len(), 5);
    assert_eq!(
        simple_astar(&map, Point::new(2, 0), Point::new(2, 0)),
        vec![Point::new(2, 0)]
    );
    let split = grid(&["##.##"]);
    assert!(simple_astar(&split, Point::new(0, 0), Point::new(4, 0)).is_empty());
    assert!(simple_astar(&split, Point::new(0, 0), Point::new(9, 9)).is_empty());
}

#[test]
fn detours_around_a_wall() {
    let map = grid(&["#####", "#...#", "#.#.#", "#.#.#", "###.#"]);
    let p = simple_astar(&map, Point::new(2, 2), Point::new(4, 2));
    assert_eq!(p.first(), Some(&Point::new(2, 2)));
    assert_eq!(p.last(), Some(&Point::new(4, 2)));
    assert_eq!(p.len(), 15);
    assert!(p.windows(2).all(|w| w[0].manhattan(w[1]) == 1));
    assert!(p.iter().all(|&t| map.is_driveable(t)));
}
