//! The tests of `cloudwars::cloud` that lived beside its code.

use cloudwars::*;

#[test]
fn uid_is_base64_of_six_bytes() {
    assert_eq!(
        Uid::from_random_bytes([0, 0, 0, 0, 0, 0]).as_str(),
        "AAAAAAAA"
    );
    assert_eq!(
        Uid::from_random_bytes([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).as_str(),
        "////////"
    );
    // "Man" is "TWFu" in base64.
    assert_eq!(Uid::from_random_bytes(*b"ManMan").as_str(), "TWFuTWFu");
    assert_eq!(Uid::from_text("73Dj/OAv").unwrap().as_str(), "73Dj/OAv");
    assert_eq!(Uid::from_text("short"), None);
}

#[test]
fn touching_circles_do_not_intersect() {
    let a = Cloud::raincloud(Vec2::new(0.0, 0.0), Vec2::default(), 25.0);
    let b = Cloud::raincloud(Vec2::new(10.0, 0.0), Vec2::default(), 25.0);
    assert!(!a.intersects(&b));
    let c = Cloud::raincloud(Vec2::new(9.999, 0.0), Vec2::default(), 25.0);
    assert!(a.intersects(&c));
}

#[test]
fn death_is_vapor_below_one_and_nan_is_alive() {
    let mut c = Cloud::raincloud(Vec2::default(), Vec2::default(), 1.0);
    assert!(!c.is_dead());
    c.vapor = 0.999_999_94;
    assert!(c.is_dead());
    c.vapor = f32::NAN;
    assert!(!c.is_dead());
}

#[test]
fn colors_round_trip_their_names() {
    for c in Color::ALL {
        assert_eq!(Color::from_name(c.name()), Some(c));
    }
    assert_eq!(Color::from_name("pink"), None);
    assert_eq!(Color::default(), Color::Red);
}
