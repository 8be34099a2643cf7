//! The tests of `windward::net::server` that lived beside its code.

use windward::Game;
use windward::geometry::Point;
use windward::net::server::*;
use windward::protocol::Roster;
use windward::rules::{self};
use windward::state::PassengerId;
use windward::state::{NUM_PLAYERS, PlayerId};
use windward::{Config, mapgen};

/// The shared-body frames equal the message built and framed for each recipient, with
/// paths and pick-up lists that differ between recipients (and some empty).
#[test]
fn status_frames_equal_each_recipients_own_message() {
    let game = Game::new(mapgen::default_map(0), Config::default()).expect("map");
    let mut state = game.initial_state(7);
    for _ in 0..300 {
        game.advance_orders(&mut state, &[]);
    }
    for (i, pl) in state.players.iter_mut().enumerate() {
        pl.car.vehicle.path = (0..i as i32).map(|k| Point { x: k, y: 2 * k }).collect();
        pl.pickup = PassengerId::all().take(i % 4).collect();
    }
    let roster = Roster::builtin();
    let scoreboard: [f32; NUM_PLAYERS] = core::array::from_fn(|i| i as f32 / 3.0);
    for about in [PlayerId(0), PlayerId(6)] {
        let shared = StatusFrames::new(&roster, &state, about, rules::Status::Update, &scoreboard);
        for to in 0..NUM_PLAYERS {
            let to = PlayerId(to as u8);
            let mut got = Vec::new();
            shared.frame_for(&state, to, &mut got);
            let want = windward::protocol::frame(
                &roster
                    .status(&state, to, about, rules::Status::Update, &scoreboard)
                    .to_xml(),
            );
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want),
                "{about:?} to {to:?}"
            );
        }
    }
}
