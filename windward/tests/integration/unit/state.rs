//! The tests of `windward::state` that lived beside its code.

use windward::geometry::{Heading, Point};
use windward::state::*;

#[test]
fn tables_are_consistent() {
    let mut names: Vec<&str> = PASSENGERS.iter().map(|p| p.0).collect();
    let sorted = names.clone();
    names.sort();
    assert_eq!(names, sorted);
    let mut homes: Vec<u8> = PASSENGERS.iter().map(|p| p.1.0).collect();
    homes.sort();
    assert_eq!(homes, (0..12).collect::<Vec<u8>>());
    let ones = PASSENGERS.iter().filter(|p| p.2 == 1).count();
    let twos = PASSENGERS.iter().filter(|p| p.2 == 2).count();
    assert_eq!((ones, twos), (8, 3));
    let mut order: Vec<u8> = PASSENGER_CREATION_ORDER.iter().map(|p| p.0).collect();
    order.sort();
    assert_eq!(order, (0..12).collect::<Vec<u8>>());
    assert_eq!(
        PassengerId::from_name("Tim Cook").unwrap().home().name(),
        "Apple"
    );
    assert_eq!(CompanyId::from_name("salesforce.com"), Some(CompanyId(9)));
    for k in CardKind::ALL {
        assert_eq!(CardKind::from_name(k.name()), Some(k));
    }
}

#[test]
fn placement_matches_the_lanes() {
    // E:133-176 and the traces: east (14,15) -> (348,378), north (64,25) -> (1554,612).
    assert_eq!(
        Car::new(Point::new(14, 15), Heading::East)
            .vehicle
            .location
            .pos,
        Point::new(348, 378)
    );
    assert_eq!(
        Car::new(Point::new(64, 25), Heading::North)
            .vehicle
            .location
            .pos,
        Point::new(1554, 612)
    );
    for h in Heading::ALL {
        let c = Car::new(Point::new(5, 7), h);
        assert_eq!(c.tile(), Point::new(5, 7));
        assert_eq!(c.vehicle.location.offset, 12);
        assert_eq!(c.coffee, 3);
    }
}
