//! The tests of `dogfight::plane` that lived beside its code.

use dogfight::plane::*;
use dogfight::{Arena, Direction, Move, Pos};

fn dir(text: &str) -> Direction {
    text.parse().unwrap()
}

#[test]
fn dead_planes_have_no_options() {
    let arena = Arena::default();
    let mut plane = Plane::new(Pos::new(5, 5, 5), Direction::S);
    plane.alive = false;
    assert!(plane.possible_directions().is_empty());
    assert_eq!(plane.reach().len(), 0);
    assert_eq!(plane.shoot_range(&arena).count(), 0);
    assert!(plane.is_suicidal(&arena));
    assert!(!plane.can_shoot());
    assert_eq!(plane.wall_distance(Direction::N, &arena), -1);
    assert_eq!(plane.simulate_move(Move::turn(Direction::S), &arena), plane);
}

#[test]
fn leaving_the_arena_kills_and_keeps_the_outside_cell() {
    let arena = Arena::default();
    let plane = Plane::new(Pos::new(13, 5, 5), Direction::S);
    let after = plane.simulate_move(Move::turn(Direction::S), &arena);
    assert!(!after.alive);
    assert_eq!(after.pos, Pos::new(14, 5, 5));
    let corner = Plane::new(Pos::new(0, 0, 0), dir("NWD"));
    let after = corner.simulate_move(Move::turn(dir("NWD")), &arena);
    assert_eq!((after.alive, after.pos), (false, Pos::new(-1, -1, -1)));
    let through_edge = plane.simulate_move(Move::slide(dir("SE")), &arena);
    assert_eq!(
        (through_edge.alive, through_edge.pos),
        (false, Pos::new(14, 6, 5))
    );
    // Flying along a wall is fine.
    let along = Plane::new(Pos::new(13, 5, 5), Direction::E)
        .simulate_move(Move::slide(Direction::E), &arena);
    assert!(along.alive);
}

#[test]
fn reach_is_position_plus_possible_directions() {
    let plane = Plane::new(Pos::new(5, 5, 5), dir("NEU"));
    let cells: Vec<Pos> = plane.reach().collect();
    assert_eq!(cells.len(), 7);
    assert_eq!(cells[0], Pos::new(4, 5, 5));
}

#[test]
fn rays_cover_every_in_arena_cell() {
    let arena = Arena::default();
    let plane = Plane::new(Pos::new(10, 10, 11), dir("SEU"));
    let cells: Vec<Pos> = plane.shoot_range(&arena).collect();
    assert_eq!(cells, [Pos::new(11, 11, 12), Pos::new(12, 12, 13)]);
    let ray = plane.shoot_range(&arena);
    assert!(ray.contains(Pos::new(12, 12, 13)));
    assert!(!ray.contains(Pos::new(13, 13, 14)));
    assert!(!ray.contains(plane.pos));
    assert!(!ray.contains(Pos::new(11, 11, 11)));
    let at_wall = Plane::new(Pos::new(13, 3, 3), Direction::S);
    assert_eq!(at_wall.shoot_range(&arena).count(), 0);
}

#[test]
fn ray_contains_agrees_with_iteration() {
    let arena = Arena::new(6).unwrap();
    for heading in Direction::ALL {
        for x in -1..7 {
            for y in -1..7 {
                for z in -1..7 {
                    let plane = Plane::new(Pos::new(2, 3, 1), heading);
                    let ray = plane.shoot_range(&arena);
                    let p = Pos::new(x, y, z);
                    assert_eq!(
                        ray.contains(p),
                        ray.clone().any(|c| c == p),
                        "{heading} {p:?}"
                    );
                }
            }
        }
    }
}
