//! The tests of `windward::geometry` that lived beside its code.

use windward::*;

#[test]
fn angle_to_direction_boundaries() {
    assert_eq!(Heading::from_angle(45), Heading::East);
    assert_eq!(Heading::from_angle(135), Heading::East);
    assert_eq!(Heading::from_angle(136), Heading::South);
    assert_eq!(Heading::from_angle(225), Heading::South);
    assert_eq!(Heading::from_angle(315), Heading::West);
    assert_eq!(Heading::from_angle(316), Heading::North);
    assert_eq!(Heading::from_angle(44), Heading::North);
    assert_eq!(Heading::from_angle(0), Heading::North);
}

#[test]
fn between_and_reverse() {
    let a = Point::new(3, 3);
    for h in Heading::ALL {
        assert_eq!(Heading::between(a, a.step(h)), Some(h));
        assert_eq!(h.reverse().reverse(), h);
        assert_eq!(Heading::from_name(h.name()), Some(h));
    }
    assert_eq!(Heading::between(a, Point::new(4, 4)), None);
    assert_eq!(Heading::between(a, a), None);
}
