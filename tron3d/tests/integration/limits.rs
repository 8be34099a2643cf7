//! Hostile input (issue 12): every reader's documented limit, and scores that cannot wrap.

use tron3d::format::{
    Cnf, FormatError, MAX_COMMANDS, MAX_DEGREE, MAX_GHOST_ENTRIES, MAX_LINE_BYTES,
    MAX_LIST_ENTRIES, MAX_SHOWN, T3d, parse_map,
};
use tron3d::generate::Preset;
use tron3d::replay::run_original;
use tron3d::{Config, ConfigError, Game, MAX_ROUNDS, StateError};

fn cube_cnf(score: &str) -> String {
    let text = Cnf::new("cube6", Config::default()).write();
    text.replace("score 0 0 0 0", &format!("score {score} 0 0 0"))
}

/// Before the fix, a `.cnf` score of 2147483647 was accepted and the first scored move wrapped
/// it to a negative number in release (rules.rs, `+= SCORE_PER_ROUND`).
#[test]
fn a_cnf_score_that_could_overflow_is_a_typed_error_at_load() {
    let cnf = Cnf::parse(&cube_cnf("2147483647")).unwrap();
    let game = cnf.game(Preset::Cube.board()).unwrap();
    let gain = game.max_score_gain();
    // 200 rounds x 2 bikes x 10, plus every bonus vertex's Points item.
    assert_eq!(
        gain,
        200 * 2 * 10 + Preset::Cube.board().bonus_vertices().len() as i64 * 50
    );
    assert_eq!(
        cnf.initial_state(&game, 1).unwrap_err(),
        FormatError::State(StateError::ScoreOverflow {
            player: 0,
            score: i32::MAX,
            gain
        })
    );
    // The largest score that cannot overflow is accepted, and a whole game ends at most there.
    let highest = i32::MAX - gain as i32;
    let cnf = Cnf::parse(&cube_cnf(&highest.to_string())).unwrap();
    let mut state = cnf.initial_state(&game, 1).unwrap();
    let mut actions = tron3d::Actions::new();
    while !state.is_over() {
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    assert!(state.score(0) >= highest, "{}", state.score(0));
}

#[test]
fn games_whose_scores_could_overflow_or_that_never_end_are_refused() {
    let board = Preset::Cube.board();
    let huge_bonus = Config {
        score_bonus: i32::MAX,
        ..Config::default()
    };
    assert!(matches!(
        Game::new(board.clone(), huge_bonus),
        Err(ConfigError::ScoreOverflow { gain }) if gain > i64::from(i32::MAX)
    ));
    let long = Config {
        nb_rounds: MAX_ROUNDS + 1,
        ..Config::default()
    };
    assert_eq!(
        Game::new(board.clone(), long),
        Err(ConfigError::TooManyRounds(MAX_ROUNDS + 1))
    );
    let text = Cnf::new("cube6", Config::default())
        .write()
        .replace("nb_rounds 200", "nb_rounds 2147483647");
    assert!(matches!(
        Cnf::parse(&text),
        Err(FormatError::Invalid { what: "nb_rounds", value, .. }) if value == "2147483647"
    ));
}

#[test]
fn map_reader_limits() {
    // A spawn count above the limit is refused before anything is read for it.
    let text = format!("vertices 2\n1\n0\nspawn {}\n", MAX_LIST_ENTRIES + 1);
    assert!(matches!(
        parse_map("m", &text),
        Err(FormatError::Invalid { what: "spawn", value, .. }) if value == (MAX_LIST_ENTRIES + 1).to_string()
    ));
    let text = "vertices 2\n1\n0\nspawn 0\nbonus 99999999999\n";
    assert!(matches!(
        parse_map("m", text),
        Err(FormatError::Invalid { what: "bonus", .. })
    ));
    // A vertex count above the engine's arrays.
    assert!(matches!(
        parse_map("m", "vertices 1025\n"),
        Err(FormatError::Invalid { what: "vertices", value, .. }) if value == "1025"
    ));
    // Too many neighbours on one line.
    let line = vec!["1"; MAX_DEGREE + 1].join(" ");
    let text = format!("vertices 2\n{line}\n0\nspawn 0\nbonus 0\n");
    assert!(matches!(
        parse_map("m", &text),
        Err(FormatError::Invalid {
            line: 2,
            what: "neighbour",
            ..
        })
    ));
    // A line longer than the limit; the error carries a bounded excerpt.
    let line = " ".repeat(MAX_LINE_BYTES) + "1";
    let text = format!("vertices 2\n1{line}\n0\nspawn 0\nbonus 0\n");
    match parse_map("m", &text) {
        Err(FormatError::Invalid {
            line: 2,
            reason,
            value,
            ..
        }) => {
            assert!(reason.contains("MAX_LINE_BYTES"));
            assert!(value.len() <= MAX_SHOWN + 3, "{}", value.len());
        }
        other => panic!("{other:?}"),
    }
    // A huge token in an error is cut.
    let token = "x".repeat(10_000);
    match parse_map("m", &format!("vertices {token}")) {
        Err(FormatError::NotANumber { found, .. }) => assert_eq!(found.len(), MAX_SHOWN + 3),
        other => panic!("{other:?}"),
    }
}

fn demo_t3d() -> String {
    let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    run_original(&game, &["Demo"; 4], 3).unwrap().write()
}

#[test]
fn t3d_reader_limits() {
    let text = demo_t3d();
    assert!(T3d::parse(&text).is_ok());
    // One player's command list longer than the limit.
    let commands = "0 1 0\n".repeat(MAX_COMMANDS + 1);
    let bad = text.replacen("actions\n0\n", &format!("actions\n0\n{commands}"), 1);
    assert!(matches!(
        T3d::parse(&bad),
        Err(FormatError::Invalid { what: "unit", reason, .. }) if reason.contains("MAX_COMMANDS")
    ));
    // One board with more ghost-stack entries than the limit.
    let ghosts = "1 ".repeat(MAX_GHOST_ENTRIES + 1);
    let bad = text.replacen("vertices\n", &format!("vertices\n-1 n {ghosts}-8 "), 1);
    assert!(matches!(
        T3d::parse(&bad),
        Err(FormatError::Invalid { what: "ghost stack entry", reason, .. }) if reason.contains("MAX_GHOST_ENTRIES")
    ));
}
