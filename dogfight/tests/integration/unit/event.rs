//! The tests of `dogfight::event` that lived beside its code.

use dogfight::PlaneId;
use dogfight::event::*;

#[test]
fn plane_sets() {
    let set = PlaneSet::from_flags([true, false, false, true]);
    assert_eq!(set.flags(), [true, false, false, true]);
    assert_eq!(set.len(), 2);
    assert!(set.contains(PlaneId::new(3)));
    assert_eq!(format!("{set:?}"), "{0, 3}");
}

#[test]
fn events_iterate_per_plane() {
    let mut events = Events::default();
    events.fired.insert(PlaneId::new(0));
    events.hit.insert(PlaneId::new(0));
    events.wall.insert(PlaneId::new(2));
    let list: Vec<Event> = events.iter().collect();
    assert_eq!(
        list,
        [
            Event::Fired(PlaneId::new(0)),
            Event::Hit(PlaneId::new(0)),
            Event::Wall(PlaneId::new(2))
        ]
    );
    assert_eq!(events.deaths().len(), 2);
}
