//! The `.map`, `.cnf` and `.t3d` formats: typed errors, round-trips, exact layout, replay.

use tron3d::format::{Cnf, FormatError, T3d, format_double, parse_map, write_map};
use tron3d::generate::Preset;
use tron3d::replay::{Recorder, replay, run_original, verify_text};
use tron3d::{Actions, BoardError, ConfigError, Game, Movement};

const TRIANGLE: &str = "vertices 3\n1 2\n0 2\n0 1\nspawn 2\n0 1\nbonus 1\n2\n";

#[test]
fn map_parses_keeps_order_and_round_trips() {
    let board = parse_map("t", TRIANGLE).unwrap();
    assert_eq!(board.nb_vertices(), 3);
    assert_eq!(board.neighbours(0), &[1, 2]);
    assert_eq!(board.spawns(), &[0, 1]);
    assert_eq!(board.bonus_vertices(), &[2]);
    assert_eq!(write_map(&board), TRIANGLE);
    // CRLF and extra whitespace are fine (`\r` is whitespace).
    let crlf = "vertices 3\r\n2 1\r\n0 2\r\n0 1\r\nspawn  2\r\n0\r\n1\r\nbonus 0\r\n";
    let board = parse_map("t", crlf).unwrap();
    assert_eq!(board.neighbours(0), &[2, 1]);
    assert_eq!(board.spawns(), &[0, 1]);
}

#[test]
fn map_errors_name_the_line_and_value() {
    assert_eq!(
        parse_map("t", "vertex 3\n").unwrap_err(),
        FormatError::Expected {
            line: 1,
            expected: "vertices",
            found: "vertex".into()
        }
    );
    assert!(matches!(
        parse_map("t", "vertices 3\n1 x\n"),
        Err(FormatError::NotANumber { line: 2, found, .. }) if found == "x"
    ));
    assert_eq!(
        parse_map("t", "vertices 3\n1 2\n0 7\n0 1\nspawn 0\nbonus 0\n").unwrap_err(),
        FormatError::Board(BoardError::NeighbourOutOfRange {
            vertex: 1,
            neighbour: 7
        })
    );
    assert_eq!(
        parse_map("t", "vertices 3\n1 2\n0 2\n0 1\nspawn 1\n3\nbonus 0\n").unwrap_err(),
        FormatError::Board(BoardError::SpawnOutOfRange {
            index: 0,
            vertex: 3
        })
    );
    assert_eq!(
        parse_map("t", "vertices 3\n1 2\n0 2\n").unwrap_err(),
        FormatError::Truncated {
            expected: "a neighbour line"
        }
    );
    assert_eq!(
        parse_map("t", "vertices 3\n1 2\n0 2\n0 1\nspawn 2\n0").unwrap_err(),
        FormatError::Truncated {
            expected: "spawn vertex"
        }
    );
    assert!(matches!(
        parse_map("t", "vertices 0\n"),
        Err(FormatError::Invalid {
            what: "vertices",
            ..
        })
    ));
    assert!(matches!(
        parse_map("t", "vertices 5000\n"),
        Err(FormatError::Invalid {
            what: "vertices",
            ..
        })
    ));
}

fn cnf_text(players: &str, names: &str, round: &str) -> String {
    format!(
        "tron3d v1.0\nmap t\nnb_players {players}\nnb_bikes 1\nnb_rounds 10\nbonus_round 5\n\
         turbo_duration 8\nghost_duration 3\nscore_bonus 50\nsecgame false\nnames {names}\n\
         round {round}\nscore 0 0\nstatus 0 0\n"
    )
}

#[test]
fn cnf_parses_with_the_originals_checks() {
    let cnf = Cnf::parse(&cnf_text("2", "? ?", "-1")).unwrap();
    assert_eq!(cnf.map, "t");
    assert_eq!(cnf.config.nb_players, 2);
    assert_eq!(cnf.config.bonus_round, 5);
    assert_eq!(cnf.names, vec!["?", "?"]);
    assert_eq!(Cnf::parse(&cnf.write()).unwrap(), cnf);
    assert!(matches!(
        Cnf::parse(&cnf_text("1", "?", "-1")),
        Err(FormatError::Invalid {
            what: "nb_players",
            line: 3,
            ..
        })
    ));
    // Too few names: the next keyword is not where it must be.
    assert!(matches!(
        Cnf::parse(&cnf_text("2", "?", "-1")),
        Err(FormatError::Expected {
            expected: "round",
            ..
        })
    ));
    assert!(matches!(
        Cnf::parse(&cnf_text("2", "? ?", "10")),
        Err(FormatError::Invalid { what: "round", .. })
    ));
    assert!(matches!(
        Cnf::parse(&cnf_text("2", "? ?", "-1").replace("v1.0", "v2.0")),
        Err(FormatError::Invalid {
            what: "version",
            ..
        })
    ));
    // More bikes than spawns is rejected when the map is known.
    let mut cnf = cnf;
    cnf.config.nb_bikes = 2;
    assert_eq!(
        cnf.game(parse_map("t", TRIANGLE).unwrap()).unwrap_err(),
        FormatError::Game(ConfigError::TooFewSpawns {
            bikes: 4,
            spawns: 2
        })
    );
}

#[test]
fn cnf_resumes_a_board() {
    let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
    let mut state = game.initial_state(3);
    let mut actions = Actions::new();
    for _ in 0..7 {
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    let record = tron3d::BoardRecord::of(&game, &state, &[0.0; 4]);
    let mut cnf = Cnf::new("grid13", *game.config());
    cnf.round = record.round;
    cnf.scores = record.scores.clone();
    cnf.resume = Some((record.vertices.clone(), record.bikes.clone()));
    let text = cnf.write();
    let parsed = Cnf::parse(&text).unwrap();
    assert_eq!(parsed, cnf);
    let resumed = parsed.initial_state(&game, 0).unwrap();
    assert_eq!(tron3d::BoardRecord::of(&game, &resumed, &[0.0; 4]), record);
    // The original runs nb_rounds more rounds from a resumed board.
    assert_eq!(resumed.last_round(), 7 + 180);
}

#[test]
fn doubles_print_like_cpp_ostream() {
    for (x, text) in [
        (0.0, "0"),
        (0.5, "0.5"),
        (100.0, "100"),
        (2.71234567, "2.71235"),
        (1234567.0, "1.23457e+06"),
        (0.00001, "1e-05"),
        (-2.5, "-2.5"),
        (123456.0, "123456"),
    ] {
        assert_eq!(format_double(x), text, "{x}");
    }
}

fn recorded_game(seed: u32) -> (Game, T3d) {
    let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    let t3d = run_original(&game, &["Demo", "Demo", "Null", "Demo"], seed).unwrap();
    (game, t3d)
}

#[test]
fn t3d_layout_is_the_originals() {
    let (_, t3d) = recorded_game(5);
    let text = t3d.write();
    assert!(text.starts_with(
        "tron3d v1.2\nmap cube6\nnb_players 4\nnb_bikes 2\nnb_rounds 200\nbonus_round 50\n\
         turbo_duration 8\nghost_duration 3\nscore_bonus 50\nsecgame false\nnames Demo Demo Null Demo\n\n\nround 0\n\
         score 0 0 0 0\nstatus 0 0 0 0\nvertices\n-1 n -8 -1 n -8 "
    ));
    assert!(text.contains("-8 \nbikes\n0 n "));
    assert!(text.contains("\n\nactions\n0\n"));
    assert!(text.contains("-1\n\nmovements\n"));
    assert!(text.ends_with(" 0\n\n"));
    assert_eq!(text.matches("\nround ").count(), 201);
    assert_eq!(text.matches("actions\n").count(), 200);
    // Unknown kit players are refused.
    let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    assert!(run_original(&game, &["Demo", "Demo", "Smart", "Demo"], 1).is_err());
}

#[test]
fn t3d_round_trips_and_replays_itself() {
    let (game, t3d) = recorded_game(9);
    let text = t3d.write();
    let parsed = T3d::parse(&text).unwrap();
    assert_eq!(parsed, t3d);
    assert_eq!(parsed.write(), text);
    assert_eq!(verify_text("self", game.board().clone(), &text), Ok(200));
    assert_eq!(replay("self", &game, &parsed).unwrap(), t3d);
}

#[test]
fn replay_reports_the_first_mismatch() {
    let (game, t3d) = recorded_game(9);
    // A changed score in board 30.
    let mut bad = t3d.clone();
    bad.boards[30].scores[0] += 10;
    let err = replay("bad", &game, &bad).unwrap_err();
    assert_eq!((err.step, err.field.as_str()), (30, "score"));
    // A changed command in round 1 changes what is executed.
    let mut bad = t3d.clone();
    let m = bad.rounds[0].commands[0][0];
    bad.rounds[0].commands[0][0] = Movement { to: -99, ..m };
    let err = replay("bad", &game, &bad).unwrap_err();
    assert_eq!((err.step, err.field.as_str()), (1, "movements"));
    // A changed vertex, a changed bike and a lost bike are named by index or by count.
    let mut bad = t3d.clone();
    bad.boards[12].vertices[7].wall = 99;
    let err = replay("bad", &game, &bad).unwrap_err();
    assert_eq!((err.step, err.field.as_str()), (12, "vertex 7"));
    let mut bad = t3d.clone();
    bad.boards[20].bikes[3].alive = !bad.boards[20].bikes[3].alive;
    let err = replay("bad", &game, &bad).unwrap_err();
    assert_eq!((err.step, err.field.as_str()), (20, "bike 3"));
    let mut bad = t3d.clone();
    bad.boards[25].bikes.pop();
    let err = replay("bad", &game, &bad).unwrap_err();
    assert_eq!((err.step, err.field.as_str()), (25, "bike count"));
    // A text that differs only in layout parses the same but is not the original's bytes.
    let text = t3d.write().replacen("names Demo", "names  Demo", 1);
    let err = verify_text("layout", game.board().clone(), &text).unwrap_err();
    assert!(err.field.starts_with("written .t3d"));
}

#[test]
fn t3d_errors_are_typed() {
    assert_eq!(
        T3d::parse("tron3d v1.0\nmap cube\n").unwrap_err(),
        FormatError::UnsupportedVersion {
            found: "v1.0".into()
        }
    );
    let (_, t3d) = recorded_game(2);
    let text = t3d.write();
    let cut = &text[..text.len() / 2];
    assert!(T3d::parse(cut).is_err());
    let bad = text.replacen("\nbikes\n0 n", "\nbikes\n0 x", 1);
    assert!(matches!(
        T3d::parse(&bad),
        Err(FormatError::Invalid {
            what: "bike item",
            ..
        })
    ));
}

#[test]
fn minus_one_fields_are_written_as_minus_99() {
    let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
    let state = game.initial_state(0);
    let mut recorder = Recorder::new(&game, &vec!["a".to_string(); 4], &state);
    let mut actions = Actions::new();
    actions.push(
        0,
        Movement {
            bike: -1,
            to: -1,
            use_item: true,
        },
    );
    let mut next = state.clone();
    let events = game.advance_commands(&mut next, &actions);
    recorder.record(&game, &actions, &events, &next);
    let text = recorder.t3d().write();
    assert!(text.contains("actions\n0\n-99 -99 1\n-1\n1\n-1\n"));
}
