//! The tests of `windward::svg` that lived beside its code.

use windward::game::Game;
use windward::state::NUM_PLAYERS;
use windward::svg::*;
use windward::{Config, PassengerId, PlayerId, mapgen};

#[test]
fn a_round_start_has_every_element() {
    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    let mut state = game.initial_state(3);
    let tim = PassengerId::from_name("Tim Cook").unwrap();
    state.passengers[tim.index()].lobby = None;
    state.passengers[tim.index()].car = Some(PlayerId(2));
    state.players[2].passenger = Some(tim);
    game.path_to_stop(
        state.players[0].car.tile(),
        0,
        &mut state.players[0].car.vehicle.path,
    );
    let mut out = String::from("prefix");
    render(&game, &state, &mut out);
    assert!(out.starts_with("prefix<svg "), "appends");
    assert!(out.ends_with("</svg>"));
    // balanced groups and one car group per player
    assert_eq!(out.matches("<g").count(), out.matches("</g>").count());
    assert_eq!(out.matches("class=\"car\"").count(), NUM_PLAYERS);
    assert_eq!(out.matches("class=\"company\"").count(), 12);
    assert_eq!(
        out.matches("class=\"coffee\"").count(),
        state.coffee_stores.len()
    );
    // 11 passengers wait (Tim Cook rides in car 2, named on it)
    assert_eq!(out.matches("class=\"passenger\"").count(), 11);
    let car = |i: usize| {
        let start = out
            .find(&format!("<g class=\"car\" data-player=\"{i}\">"))
            .unwrap();
        &out[start..start + out[start..].find("</g>").unwrap()]
    };
    assert!(car(2).contains(">Tim Cook</text>"), "{}", car(2));
    // The number is readable on every car: white on car 9's indigo.
    assert!(
        car(9).contains(r##"fill="#ffffff">9</text>"##),
        "{}",
        car(9)
    );
    assert_eq!(out.matches("<polyline").count(), 1);
    assert_eq!(
        out.matches("<circle").count() - 11 - NUM_PLAYERS,
        game.lights().len()
    );
    // No name starts in the right half: there it ends at its tile (it ran off the edge).
    let map_width = i64::from(game.map().width) * 8;
    for text in out.split("<text class=\"").skip(1) {
        if !(text.starts_with("company") || text.starts_with("coffee")) {
            continue;
        }
        let x: i64 = text
            .split("x=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let anchor = text
            .split("text-anchor=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(anchor == "start", x <= map_width / 2, "{text}");
    }
    // no stray markup characters from names
    assert!(out.contains("salesforce.com"));
    let width = game.map().width * 8;
    assert!(out.contains(&format!("width=\"{width}\"")));
    // without paths
    let mut out = String::new();
    render_with(
        &game,
        &state,
        &SvgOptions {
            tile: 4,
            paths: false,
        },
        &mut out,
    );
    assert!(!out.contains("<polyline"));
}
