//! The tests of `windward::net::view` that lived beside its code.

use windward::geometry::Point;
use windward::net::view::*;
use windward::protocol::Roster;
use windward::protocol::ServerMessage;
use windward::rules::Status;
use windward::state::{NUM_PLAYERS, PlayerId};
use windward::{Config, Game, mapgen};

/// A status from a hostile server with a car far off the map (`limo-y="2147483647"`) is
/// rejected with a typed error and leaves the view as it was (it used to overflow placing
/// the car, or wrap in release).
#[test]
fn a_status_with_a_car_off_the_map_is_rejected() {
    let game = Game::new(mapgen::default_map(0), Config::default()).expect("map");
    let state = game.initial_state(5);
    let roster = Roster::builtin();
    let me = PlayerId(0);
    let setup = roster.setup(&game, &state, me);
    let mut view = View::from_setup(&setup, Config::default(), 1).expect("setup");
    let scores = [0.0; NUM_PLAYERS];
    let good = roster.status(&state, me, PlayerId(3), Status::Update, &scores);
    assert!(view.apply(&good).expect("a fine status").is_some());
    for tile in [
        Point::new(3, i32::MAX),
        Point::new(i32::MIN, 3),
        Point::new(-1, 0),
        Point::new(game.map().width, 0),
    ] {
        let mut bad = good.clone();
        if let ServerMessage::Status { players, .. } = &mut bad {
            players[3].limo = tile;
        }
        let before = view.state.clone();
        match view.apply(&bad) {
            Err(ViewError::CarOffMap { tile: t, .. }) => assert_eq!(t, tile),
            other => panic!("{tile}: {other:?}"),
        }
        assert_eq!(view.state, before, "{tile}: the view is unchanged");
    }
}
