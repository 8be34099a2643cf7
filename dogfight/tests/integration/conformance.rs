//! Conformance against the golden data recorded from the original Java controller
//! (`$CONTEST_DATA/dogfight/`): every fight and scenario replays with every plane, event and
//! result matching; the turn table equals `directions.json`; the wrapper transcript parses and
//! its replies are read as the controller read them.

use std::path::PathBuf;

use dogfight::protocol::{Message, parse_reply};
use dogfight::replay::verify_files;
use dogfight::trace::read_jsonl;
use dogfight::{Direction, Move};

/// The data folder, or `None` (with the skip line printed) when `CONTEST_DATA` is unset.
fn data_dir() -> Option<PathBuf> {
    match std::env::var_os("CONTEST_DATA") {
        Some(dir) => Some(PathBuf::from(dir).join("dogfight")),
        None => {
            println!("conformance: dogfight: skipped (CONTEST_DATA unset)");
            None
        }
    }
}

fn read(dir: &std::path::Path, name: &str) -> String {
    let path = dir.join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn golden_fights_and_scenarios_replay_exactly() {
    let Some(dir) = data_dir() else { return };
    let files = [dir.join("golden_fights.jsonl"), dir.join("scenarios.jsonl")];
    let summary = verify_files(&files).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.traces, 48, "24 fights and 24 scenarios");
    println!("{summary}");
    // The rules doc also describes 100 fights parsed from the 2014 visualizer logs; replay them
    // too wherever a data folder ships them (same schema).
    let historical = dir.join("historical_2014_dumbplanes.jsonl");
    if historical.exists() {
        let summary = verify_files(&[historical]).unwrap_or_else(|e| panic!("{e}"));
        println!("{summary} (historical 2014 logs)");
    }
}

#[test]
fn traces_survive_a_write_read_round_trip() {
    let Some(dir) = data_dir() else { return };
    for name in ["golden_fights.jsonl", "scenarios.jsonl"] {
        for trace in read_jsonl(&read(&dir, name)).unwrap() {
            let again = dogfight::trace::Trace::from_json(&trace.to_json()).unwrap();
            assert_eq!(again, trace);
        }
    }
}

#[test]
fn mirrored_traces_replay_with_the_negated_result() {
    let Some(dir) = data_dir() else { return };
    let game = dogfight::Game::default();
    let arena = *game.arena();
    let mut checked = 0;
    for name in ["golden_fights.jsonl", "scenarios.jsonl"] {
        for trace in read_jsonl(&read(&dir, name)).unwrap() {
            let mirror = |planes: [dogfight::Plane; 4]| {
                dogfight::State::new(planes).mirrored(&arena).planes()
            };
            let mut state = dogfight::State::new(mirror(trace.initial));
            for turn in &trace.turns {
                let m = turn.moves;
                let flip = |mv: Option<Move>| {
                    mv.map(|mv| Move {
                        direction: mv.direction.opposite(),
                        ..mv
                    })
                };
                let actions = dogfight::Actions::from_planes([
                    flip(m[2]),
                    flip(m[3]),
                    flip(m[0]),
                    flip(m[1]),
                ]);
                game.advance_joint(&mut state, &actions);
                assert_eq!(
                    state.planes(),
                    mirror(turn.state),
                    "{} round {}",
                    trace.id,
                    turn.round
                );
            }
            if let Some(outcome) = trace.outcome {
                assert_eq!(
                    game.outcome(&state).unwrap().result(),
                    -outcome.result(),
                    "{}",
                    trace.id
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 48);
}

#[test]
fn turn_table_equals_directions_json() {
    let Some(dir) = data_dir() else { return };
    let json: serde_json::Value = serde_json::from_str(&read(&dir, "directions.json")).unwrap();
    let table = json["directions"].as_object().expect("a directions object");
    assert_eq!(table.len(), 26);
    for (name, entry) in table {
        let direction: Direction = name.parse().unwrap();
        let vector: Vec<i64> = entry["vec"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        let ours: Vec<i64> = direction.vector().iter().map(|&v| i64::from(v)).collect();
        assert_eq!(vector, ours, "{name}");
        let targets: Vec<&str> = entry["valid_targets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let ours: Vec<&str> = direction.possible().iter().map(|d| d.as_str()).collect();
        assert_eq!(targets, ours, "{name}");
    }
}

#[test]
fn wrapper_transcript_parses_and_replies_read_as_the_controller_read_them() {
    let Some(dir) = data_dir() else { return };
    let text = read(&dir, "protocol_transcript.txt");
    let mut sent = 0;
    let mut replies = Vec::new();
    for line in text.lines() {
        if let Some(controller) = line.strip_prefix("< ") {
            let message =
                Message::parse(controller).unwrap_or_else(|e| panic!("{controller:?}: {e}"));
            assert_eq!(message.to_string(), controller);
            sent += 1;
        } else if let Some(bot) = line.strip_prefix("> ") {
            replies.push(parse_reply(bot));
        }
    }
    // The controller's own log of how it read the replies ("Wrapped's ... move: direction: S
    // change: false shoot: true"), in the same order.
    let logged: Vec<Move> = text
        .lines()
        .filter_map(|line| line.split_once("move: direction: "))
        .map(|(_, rest)| {
            let words: Vec<&str> = rest.split(' ').collect();
            Move::new(
                words[0].parse().unwrap(),
                words[2] == "true",
                words[4] == "true",
            )
        })
        .collect();
    assert!(sent > 50 && !logged.is_empty());
    assert_eq!(&replies[..logged.len()], &logged[..]);
}
