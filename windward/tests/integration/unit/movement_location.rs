//! The tests of `windward::movement::location` that lived beside its code.

use windward::internals::movement::location::*;
use windward::movement::{Heading, MovementId, Point, map_to_tile, movements};

#[test]
fn start_placement_lanes() {
    let t = Point::new(5, 7);
    for (dir, lane) in [
        (Heading::North, (18, 12)),
        (Heading::East, (12, 18)),
        (Heading::South, (6, 12)),
        (Heading::West, (12, 6)),
    ] {
        let loc = Location::centered(t, dir);
        assert_eq!(loc.offset, 12);
        assert_eq!((loc.pos.x - 120, loc.pos.y - 168), lane);
        assert_eq!(loc.tile(), t);
        assert_eq!(loc.direction(), dir);
    }
}

#[test]
fn entry_lanes_of_every_movement() {
    // A car entering a tile sits at offset 0 with one coordinate at 0 and the other at 6/18.
    for (id, table) in movements().iter() {
        let entry = Location::centered(Point::new(3, 3), id.entry());
        // walk to the end of the straight, then enter the next tile on `id`
        let mut loc = entry;
        while loc.is_move_inside_tile() {
            loc.advance();
        }
        loc.advance();
        let pos = loc.pos;
        let next = Location {
            pos,
            movement: id,
            offset: 0,
        };
        let (ox, oy) = (pos.x.rem_euclid(24), pos.y.rem_euclid(24));
        let expect = match id.entry() {
            Heading::North => (18, 0),
            Heading::East => (0, 18),
            Heading::South => (6, 0),
            Heading::West => (0, 6),
        };
        assert_eq!((ox, oy), expect, "{}", id.name());
        // and the exit point lands on a lane of the exit edge
        let mut end = next;
        for _ in 0..table.len() {
            end.advance();
        }
        let (ex, ey) = (end.pos.x.rem_euclid(24), end.pos.y.rem_euclid(24));
        assert!([0, 6, 18].contains(&ex) && [0, 6, 18].contains(&ey));
    }
}

#[test]
fn next_tile_and_next_position() {
    let loc = Location::centered(Point::new(4, 4), Heading::East);
    assert_eq!(loc.next_tile(), Point::new(5, 4));
    assert_eq!(loc.next_position(), add(loc.pos, 1, 0));
    // past the end of the movement: one unit along the last angle
    let mut end = loc;
    for _ in 0..12 {
        end.advance();
    }
    assert_eq!(end.offset, 24);
    assert_eq!(end.next_position(), add(end.pos, 1, 0));
    // westbound at offset 0 sits on the far edge: TilePosition reports the previous tile
    let west = Location {
        pos: Point::new(4 * 24, 4 * 24 + 6),
        movement: MovementId::straight(Heading::West),
        offset: 0,
    };
    assert_eq!(west.tile(), Point::new(4, 4));
    assert_eq!(map_to_tile(west.next_position()), Point::new(3, 4));
}

#[test]
fn front_points() {
    let loc = Location::centered(Point::new(4, 4), Heading::North);
    // centre (114, 108); step (0,-1); front offset (0,-5)
    assert_eq!(loc.front(), Point::new(114, 102));
    assert_eq!(loc.front_next_step(), Point::new(114, 101));
}

#[test]
fn u_turn_apex_is_offset_24() {
    let mut loc = Location {
        pos: Point::new(24 * 4 + 18, 24 * 5),
        movement: MovementId::new(Heading::North, Heading::South),
        offset: 0,
    };
    for _ in 0..24 {
        loc.advance();
    }
    assert_eq!(loc.offset as usize, loc.len() / 2);
    // the apex of the 48-step U is inside the tile
    assert_eq!(loc.tile(), Point::new(4, 4));
}
