//! Every game's values through their JSON forms and back: states along a played game, every
//! legal action, the default config, observations and the outcome; and malformed text refused
//! with serde_json's message. (The Python package's pickling tests cover the same forms from
//! Python.)

use contest_engines_json::{FromJson, ToJson};
use pathfind::tree::Game;

/// Plays `game` from seed 7 for at most `steps` steps, every player to move taking its legal
/// action of index `step % len`, checking each state, action and observation on the way.
fn round_trips<G>(game: &G, steps: usize)
where
    G: Game,
    G::State: ToJson + FromJson,
    G::Action: ToJson + FromJson + PartialEq + std::fmt::Debug,
    G::Observation: ToJson,
    G::Outcome: ToJson,
{
    let mut state = game.initial_state(7);
    let mut legal = Vec::new();
    for step in 0..steps {
        same_state(&state);
        for player in 0..game.players() {
            let text = game.observe(&state, player).to_json().expect("observation");
            assert!(text.starts_with(['{', '[', '"']) || !text.is_empty());
        }
        if game.is_terminal(&state) {
            break;
        }
        let mut joint = Vec::new();
        for player in game.to_move(&state) {
            legal.clear();
            game.legal_actions(&state, player, &mut legal);
            for action in &legal {
                let text = action.to_json().expect("action");
                assert_eq!(&G::Action::from_json(&text).expect("action back"), action);
            }
            joint.push(legal[step % legal.len()].clone());
        }
        state = game.step(&state, &joint);
    }
    same_state(&state);
    if let Some(outcome) = game.outcome(&state) {
        outcome.to_json().expect("outcome");
    }
    let Err(err) = G::State::from_json("{\"not\": \"a state\"") else {
        panic!("a malformed state was read");
    };
    assert!(err.contains("line 1"), "{err}");
    assert!(G::Action::from_json("").is_err());
}

/// `state` written, read back and written again gives the same text (a state need not be
/// `PartialEq`; its text holds every field, the random generator's position included), and its
/// raw JSON is that text.
fn same_state<S: ToJson + FromJson>(state: &S) {
    let text = state.to_json().expect("state");
    assert_eq!(state.to_raw_json().expect("raw state").get(), text);
    let back = S::from_json(&text).expect("state back");
    assert_eq!(back.to_json().expect("state again"), text);
}

fn same_config<C: ToJson + FromJson>(config: &C) {
    let text = config.to_json().expect("config");
    assert_eq!(
        C::from_json(&text).expect("config back").to_json().unwrap(),
        text
    );
}

#[test]
fn dogfight() {
    let arena = dogfight::Arena::new(dogfight::Arena::STANDARD_SIZE).unwrap();
    let game = dogfight::Game::new(arena, dogfight::Config::default()).unwrap();
    same_config(&dogfight::Config::default());
    round_trips(&game, 40);
}

#[test]
fn tron3d() {
    let preset = tron3d::Preset::from_name("cube6").unwrap();
    same_config(&preset.config());
    let game = tron3d::Game::new(preset.board(), preset.config()).unwrap();
    round_trips(&game, 60);
}

#[test]
fn cloudwars() {
    let game = cloudwars::Game::new(cloudwars::Config::default()).unwrap();
    same_config(&cloudwars::Config::default());
    round_trips(&game, 30);
}

#[test]
fn amazes() {
    let game = amazes::Game::new(amazes::mazes::get(0).maze, amazes::Config::default()).unwrap();
    same_config(&amazes::Config::default());
    round_trips(&game, 30);
}

#[test]
fn windward() {
    let game = windward::Game::new(
        windward::mapgen::default_map(0),
        windward::Config::default(),
    )
    .unwrap();
    same_config(&windward::Config::default());
    round_trips(&game, 20);
}

#[test]
fn tictactoe() {
    round_trips(&pathfind::tree::toys::TicTacToe, 9);
}
