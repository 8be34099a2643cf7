//! The tests of `amazes::svg` that lived beside its code.

use amazes::game::{Game, Player};
use amazes::svg::*;
use amazes::{Config, mazes};

#[test]
fn a_start_state_has_three_panels_two_players_and_the_walls() {
    let file = mazes::get(0);
    let game = Game::new(file.maze, Config::default()).unwrap();
    let state = game.initial_state_with(file.starts.unwrap()).unwrap();
    let mut out = String::from("<!-- kept -->");
    render(&game, &state, &mut out);
    assert!(out.starts_with("<!-- kept --><svg "));
    assert!(out.ends_with("</svg>"));
    assert_eq!(out.matches("<g ").count(), out.matches("</g>").count());
    assert_eq!(out.matches(r#"class="panel""#).count(), 3);
    // Two players on the referee's panel, one on each player's.
    assert_eq!(out.matches(r#"class="player""#).count(), 4);
    // The referee's panel draws every wall: 25 × 4 outer edges and the interior walls.
    let referee = &out[out.find("panel-0").unwrap()..out.find("panel-1").unwrap()];
    let walls = referee.matches(r#"class="wall""#).count();
    let openings = game.maze().stats().openings;
    assert_eq!(walls, 100 + (2 * 25 * 24 - openings));
    // Red's first look discovered squares, shaded on its panel.
    let red = &out[out.find("panel-1").unwrap()..out.find("panel-2").unwrap()];
    assert_eq!(
        red.matches(r#"class="discovered""#).count(),
        state.knowledge(Player::Red).discovered_count()
    );
    assert!(red.contains(r#"class="unknown""#));
}
