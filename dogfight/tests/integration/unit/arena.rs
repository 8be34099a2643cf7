//! The tests of `dogfight::arena` that lived beside its code.

use dogfight::Direction;
use dogfight::arena::*;

#[test]
fn sizes_are_validated() {
    assert_eq!(Arena::new(3), Err(ArenaError { size: 3 }));
    assert_eq!(Arena::new(101), Err(ArenaError { size: 101 }));
    assert_eq!(Arena::new(14), Ok(Arena::default()));
}

#[test]
fn standard_start_matches_the_controller() {
    let start = Arena::default().start();
    assert_eq!(start[0], (Pos::new(0, 5, 0), Direction::S));
    assert_eq!(start[1], (Pos::new(0, 8, 0), Direction::S));
    assert_eq!(start[2], (Pos::new(13, 8, 13), Direction::N));
    assert_eq!(start[3], (Pos::new(13, 5, 13), Direction::N));
}

#[test]
fn start_is_centrally_symmetric_for_even_sizes() {
    for size in [4, 6, 14, 20] {
        let arena = Arena::new(size).unwrap();
        let start = arena.start();
        for i in 0..2 {
            assert_eq!(arena.mirror(start[i].0), start[i + 2].0);
            assert_eq!(start[i].1.opposite(), start[i + 2].1);
        }
    }
}

#[test]
fn contains_and_wall_distances() {
    let arena = Arena::default();
    assert!(arena.contains(Pos::new(0, 0, 0)));
    assert!(!arena.contains(Pos::new(-1, 0, 0)));
    assert!(!arena.contains(Pos::new(0, 14, 0)));
    let p = Pos::new(2, 3, 4);
    assert_eq!(arena.wall_distance(p, Direction::N), 2);
    assert_eq!(arena.wall_distance(p, Direction::S), 11);
    assert_eq!(arena.wall_distance(p, Direction::W), 3);
    assert_eq!(arena.wall_distance(p, Direction::E), 10);
    assert_eq!(arena.wall_distance(p, Direction::D), 4);
    assert_eq!(arena.wall_distance(p, Direction::U), 9);
    assert_eq!(arena.wall_distance(p, "SEU".parse().unwrap()), 9);
    assert_eq!(arena.wall_distance(p, "NWD".parse().unwrap()), 2);
    assert_eq!(arena.wall_distance(Pos::new(14, 5, 5), Direction::S), -1);
}
