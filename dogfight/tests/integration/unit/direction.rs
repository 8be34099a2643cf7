//! The tests of `dogfight::direction` that lived beside its code.

use dogfight::direction::*;

#[test]
fn names_round_trip_and_match_vectors() {
    for index in 0..27 {
        let d = Direction::from_index(index).unwrap();
        assert_eq!(d.as_str().parse::<Direction>(), Ok(d));
        let [x, y, z] = d.vector();
        assert_eq!(Direction::new(x.into(), y.into(), z.into()), d);
        assert_eq!(d.as_str().contains('N'), x < 0);
        assert_eq!(d.as_str().contains('S'), x > 0);
        assert_eq!(d.as_str().contains('W'), y < 0);
        assert_eq!(d.as_str().contains('E'), y > 0);
        assert_eq!(d.as_str().contains('D'), z < 0);
        assert_eq!(d.as_str().contains('U'), z > 0);
    }
    assert_eq!(Direction::ALL.len(), 26);
    assert!(Direction::ALL.iter().all(|d| !d.is_zero()));
}

#[test]
fn target_counts_are_9_9_7_and_218_in_all() {
    let mut total = 0;
    for d in Direction::ALL {
        let expected = if d.axes() == 3 { 7 } else { 9 };
        assert_eq!(d.possible().len(), expected, "{d}");
        total += d.possible().len();
    }
    assert_eq!(total, 218);
    assert!(Direction::ZERO.possible().is_empty());
}

#[test]
fn face_edge_and_corner_targets() {
    let names = |d: &str| -> Vec<&str> {
        d.parse::<Direction>()
            .unwrap()
            .possible()
            .iter()
            .map(|d| d.as_str())
            .collect()
    };
    assert_eq!(
        names("N"),
        ["NWD", "NW", "NWU", "ND", "N", "NU", "NED", "NE", "NEU"]
    );
    assert_eq!(
        names("NE"),
        ["ND", "N", "NU", "NED", "NE", "NEU", "ED", "E", "EU"]
    );
    assert_eq!(names("NEU"), ["N", "NU", "NE", "NEU", "U", "E", "EU"]);
}

#[test]
fn reverse_and_right_angle_turns_are_invalid() {
    assert!(!Direction::S.can_turn_to(Direction::N));
    assert!(!Direction::S.can_turn_to(Direction::E));
    assert!(!Direction::S.can_turn_to(Direction::ZERO));
    assert!(
        !"NW"
            .parse::<Direction>()
            .unwrap()
            .can_turn_to("SE".parse().unwrap())
    );
    assert!(!Direction::ZERO.can_turn_to(Direction::ZERO));
}

#[test]
fn lenient_and_strict_parsing() {
    assert_eq!(Direction::parse_lenient("UD"), Direction::D);
    assert_eq!(Direction::parse_lenient("EW"), Direction::W);
    assert_eq!(Direction::parse_lenient("gArbagE"), Direction::E);
    assert_eq!(Direction::parse_lenient("xyz"), Direction::ZERO);
    assert_eq!("ES".parse::<Direction>(), Ok("SE".parse().unwrap()));
    let err = "NS".parse::<Direction>().unwrap_err();
    assert_eq!(err.text, "NS");
    assert!("s".parse::<Direction>().is_err());
}

#[test]
fn opposite_negates() {
    for d in Direction::ALL {
        let [x, y, z] = d.vector();
        assert_eq!(d.opposite().vector(), [-x, -y, -z]);
    }
}
