//! The tests of `windward::map` that lived beside its code.

use windward::geometry::{Heading, Point};
use windward::map::*;

const TINY: &str = "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<map width=\"2\" height=\"1\">\r\n  <square x=\"0\" y=\"0\" type=\"BUS_STOP\" direction=\"WEST_UTURN\" />\r\n  <square x=\"1\" y=\"0\" type=\"BUS_STOP\" direction=\"EAST_UTURN\" signals=\"STOP_EAST, STOP_WEST\" />\r\n</map>";

#[test]
fn tiny_round_trips_byte_for_byte() {
    let map = Map::parse(TINY.as_bytes()).unwrap();
    assert_eq!(
        map.square(Point::new(1, 0)).unwrap().stop_signs,
        StopSigns(2 | 8)
    );
    assert_eq!(map.to_xml(), TINY.as_bytes());
}

#[test]
fn errors_name_the_square() {
    let bad = TINY.replace("EAST_UTURN", "SIDEWAYS");
    match Map::parse(bad.as_bytes()) {
        Err(MapError::BadAttribute {
            x: 1,
            y: 0,
            attr: "direction",
            value,
            line: 4,
        }) => {
            assert_eq!(value, "SIDEWAYS")
        }
        other => panic!("{other:?}"),
    }
    let dup = TINY.replace("x=\"1\"", "x=\"0\"");
    assert!(matches!(
        Map::parse(dup.as_bytes()),
        Err(MapError::DuplicateSquare { x: 0, y: 0, .. })
    ));
    let off = TINY.replace("x=\"1\"", "x=\"7\"");
    assert!(matches!(
        Map::parse(off.as_bytes()),
        Err(MapError::BadCoordinate { attr: "x", .. })
    ));
    let missing = TINY.replace("  <square x=\"1\" y=\"0\" type=\"BUS_STOP\" direction=\"EAST_UTURN\" signals=\"STOP_EAST, STOP_WEST\" />\r\n", "");
    assert!(matches!(
        Map::parse(missing.as_bytes()),
        Err(MapError::MissingSquare { x: 1, y: 0 })
    ));
    assert!(matches!(
        Map::parse(b"<mop/>"),
        Err(MapError::NotAMap { .. })
    ));
    assert!(matches!(
        Map::parse(b"<map width='0' height='3'/>"),
        Err(MapError::BadSize { attr: "width", .. })
    ));
}

#[test]
fn validation_catches_bad_squares() {
    let map = Map::parse(TINY.as_bytes()).unwrap();
    // Stop signs on a bus stop are not allowed.
    assert!(matches!(
        map.validate(),
        Err(MapError::InvalidSquare {
            x: 1,
            y: 0,
            reason: InvalidSquare::ControlNotAtJunction { .. }
        })
    ));
    let mut m = map.clone();
    m.squares[1].stop_signs = StopSigns::NONE;
    assert!(matches!(
        m.validate(),
        Err(MapError::TooFew {
            what: "start positions",
            ..
        })
    ));
    m.squares[1].shape = RoadShape::WestUturn;
    assert!(matches!(
        m.validate(),
        Err(MapError::InvalidSquare {
            x: 1,
            y: 0,
            reason: InvalidSquare::ShapeMismatch { .. }
        })
    ));
}

#[test]
fn neighbour_shapes_match_exits() {
    for mask in 0..16u8 {
        let (n, s, w, e) = (mask & 1 != 0, mask & 2 != 0, mask & 4 != 0, mask & 8 != 0);
        let shape = RoadShape::from_neighbours(n, s, w, e);
        if mask.count_ones() >= 1 && mask != 0 {
            assert_eq!(shape.exits(Heading::North), n || mask == 15);
            if mask != 15 {
                assert_eq!(
                    [
                        shape.exits(Heading::North),
                        shape.exits(Heading::South),
                        shape.exits(Heading::West),
                        shape.exits(Heading::East)
                    ],
                    [n, s, w, e],
                    "{shape:?}"
                );
            }
        }
    }
    assert_eq!(
        StopSigns::from_flags_string("STOP_EAST, STOP_WEST"),
        Some(StopSigns(10))
    );
    assert!(StopSigns(10).stops(Heading::East));
    assert!(!StopSigns(10).stops(Heading::North));
    assert_eq!(
        TileType::from_name("LIQUOR_STOP"),
        Some(TileType::CoffeeStop)
    );
}
