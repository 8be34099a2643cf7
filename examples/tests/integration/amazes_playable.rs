//! Amazes as an `arena` game: its bots by name, a picture, and the golden trace as a recording.

use amazes::Game;
use amazes::trace::parse_trace;
use amazes::{Config, Player};
use arena::Playable;
use examples::roster::Roster;

#[test]
fn bots_by_name_and_a_picture() {
    let file = amazes::mazes::get(0);
    let game = Game::new(file.maze, Config::default()).unwrap();
    for (name, _) in Game::bot_names() {
        assert_eq!(game.bot(name).unwrap().name(), *name);
    }
    assert!(game.bot("nobody").is_err());
    let state = game.initial_state(3);
    let mut svg = String::new();
    game.render_svg(&state, &mut svg);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert_eq!(game.current_scores(&state).len(), 2);
}

#[test]
fn the_golden_trace_loads_with_the_recorded_walk() {
    let Some(dir) = std::env::var_os("CONTEST_DATA") else {
        println!("amazes playable: skipped (CONTEST_DATA unset)");
        return;
    };
    let path = std::path::PathBuf::from(dir).join("amazes/golden_trace_maze01.tsv");
    let rec = Game::load_recording(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let turns = parse_trace("t", &text).unwrap();
    assert_eq!(rec.states.len(), 1 + 2 * turns.len());
    // After each of Red's walks, its discovered count is the recorded one.
    for (k, t) in turns.iter().enumerate() {
        let after = &rec.states[2 * k + 1];
        assert_eq!(
            after.knowledge(Player::Red).discovered_count(),
            t.after_moves
        );
    }
    let last = rec.states.last().unwrap();
    assert!(rec.game.outcome(last).is_some());
}
