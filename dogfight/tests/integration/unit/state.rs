//! The tests of `dogfight::state` that lived beside its code.

use dogfight::state::*;
use dogfight::{Arena, Plane};

#[test]
fn state_is_tiny() {
    assert_eq!(std::mem::size_of::<State>(), 40);
    assert_eq!(std::mem::size_of::<Plane>(), 6);
}

#[test]
fn packing_round_trips_every_field_value() {
    let mut planes = State::start(&Arena::default()).planes();
    for c in i8::MIN..=i8::MAX {
        for index in 0..27 {
            let heading = dogfight::Direction::from_index(index).unwrap();
            let plane = Plane {
                alive: c % 2 == 0,
                pos: dogfight::Pos::new(c, c.wrapping_mul(3), c.wrapping_add(77)),
                heading,
                cooldown: c as u8,
            };
            planes[index % 4] = plane;
            let state = State::new(planes);
            assert_eq!(state.planes(), planes);
            assert_eq!(state.plane(PlaneId::new(index)), plane);
        }
    }
}

#[test]
fn ids_and_sides() {
    assert_eq!(Side::P2.planes(), [PlaneId::new(2), PlaneId::new(3)]);
    assert_eq!(PlaneId::new(3).side(), Side::P2);
    assert_eq!(PlaneId::new(3).slot(), 1);
    assert_eq!(PlaneId::new(1).counterpart(), PlaneId::new(3));
    assert_eq!(PlaneId::new(2).to_string(), "p2.0");
    assert_eq!(Side::P1.opponent(), Side::P2);
}

#[test]
fn the_start_is_its_own_mirror() {
    let arena = Arena::default();
    let start = State::start(&arena);
    assert_eq!(start.mirrored(&arena), start);
    assert_eq!(start.alive(Side::P1), 2);
}
