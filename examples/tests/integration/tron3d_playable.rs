//! Tron3D as an `arena` game: its bots by name play through the contract, and a recording loads.

use arena::Bot;
use arena::Playable;
use examples::roster::Roster;
use pathfind::tree::Outcome as _;
use tron3d::Game;
use tron3d::{Actions, PlayerId, Preset};

#[test]
fn bots_play_through_the_contract_and_recordings_load() {
    let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
    assert!(game.bot("nobody").is_err());
    let mut bots: Vec<Box<dyn Bot<Game>>> = ["search", "demo", "demo", "null"]
        .iter()
        .map(|n| game.bot(n).unwrap())
        .collect();
    for (p, bot) in bots.iter_mut().enumerate() {
        bot.new_game(&game, p, 9);
    }
    let mut state = game.initial_state(9);
    let mut recorder =
        tron3d::Recorder::new(&game, &["a", "b", "c", "d"].map(String::from), &state);
    let mut joint = Vec::new();
    while !game.is_terminal(&state) {
        joint.clear();
        for (p, bot) in bots.iter_mut().enumerate() {
            joint.push(bot.act(&game, &state, p));
        }
        let mut actions = Actions::new();
        for (p, action) in joint.iter().enumerate() {
            for m in action.moves() {
                actions.push(p as PlayerId, *m);
            }
        }
        let events = game.advance(&mut state, &joint);
        recorder.record(&game, &actions, &events, &state);
    }
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.ranks().len(), 4);
    assert_eq!(outcome.scores(), game.current_scores(&state));
    // Null's bikes die at once: it ends last.
    assert_eq!(outcome.ranks()[3], 4);
    let dir = std::env::temp_dir().join(format!("tron3d-playable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.t3d");
    std::fs::write(&path, recorder.finish().write()).unwrap();
    let recording = Game::load_recording(&path).unwrap();
    assert_eq!(recording.states.len(), 181);
    // The same game (only the generator differs: the recording holds the chance outcomes).
    let last = recording.states.last().unwrap();
    assert_eq!(last.scores(), state.scores());
    assert_eq!(last.bikes(), state.bikes());
    assert_eq!(last.walls(), state.walls());
    let mut svg = String::new();
    recording.game.render_svg(&recording.states[100], &mut svg);
    assert!(svg.starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(Game::load_recording(&dir.join("missing.t3d")).is_err());
}
