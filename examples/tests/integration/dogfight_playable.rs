//! Dogfight as an `arena` game: its bots by name play through the contract, and a recording
//! loads (and a hostile one is refused, named).

use arena::Bot;
use arena::Playable;
use dogfight::Game;
use dogfight::Side;
use examples::roster::Roster;

#[test]
fn bots_play_through_the_contract_and_recordings_load() {
    let game = Game::default();
    let mut search = game.bot("search").unwrap();
    let mut random = game.bot("random").unwrap();
    assert!(game.bot("nobody").is_err());
    search.new_game(&game, 0, 1);
    random.new_game(&game, 1, 2);
    let mut state = pathfind::tree::Game::initial_state(&game, 0);
    let mut trace = dogfight::trace::Trace::new("contract", &game, state);
    while !game.is_terminal(&state) {
        let joint = [
            search.act(&game, &game.observe_side(&state, Side::P1), 0),
            random.act(&game, &game.observe_side(&state, Side::P2), 1),
        ];
        let before = state;
        let events = pathfind::tree::Game::advance(&game, &mut state, &joint);
        trace.push(&dogfight::bot::Round {
            before,
            actions: dogfight::Actions::new(joint[0], joint[1]),
            events,
            after: state,
        });
    }
    let outcome = game.outcome(&state).unwrap();
    trace.finish(Some(outcome));
    assert_eq!(outcome.places().len(), 2);
    let path = std::env::temp_dir().join(format!("dogfight-rec-{}.jsonl", std::process::id()));
    std::fs::write(&path, trace.to_json()).unwrap();
    let recording = Game::load_recording(&path).unwrap();
    // Issue 22: a recorded state with a live plane outside the arena is refused, named.
    let mut hostile = dogfight::trace::Trace::new("hostile", &game, state);
    let mut planes = state.planes();
    planes[1].alive = true;
    planes[1].pos = dogfight::Pos::new(100, 0, 0);
    hostile.initial = planes;
    std::fs::write(&path, hostile.to_json()).unwrap();
    let error = Game::load_recording(&path).unwrap_err().to_string();
    assert!(
        error.ends_with("state 0: invalid state: planes[1].pos is [100, 0, 0], expected a cell of the 14³ arena for a live plane"),
        "{error}"
    );
    std::fs::remove_file(&path).unwrap();
    assert_eq!(recording.states.last(), Some(&state));
    assert_eq!(recording.states.len(), usize::from(state.round) + 1);
    let mut svg = String::new();
    game.render_svg(&state, &mut svg);
    assert!(svg.starts_with("<svg"));
    assert_eq!(game.current_scores(&state).len(), 2);
}
