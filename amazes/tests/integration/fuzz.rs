//! Hostile input (issue 12): random bytes and mutations of valid files into every public reader,
//! random in-range and out-of-range actions and configs into the engine.
//!
//! Each reader target runs [`cases`] cases (the engine target a tenth as many games, each of up
//! to 40 turns, so about four times as many actions): 2,000 by default (a few seconds for the whole file), or
//! `CONTEST_FUZZ_CASES` when set (`CONTEST_FUZZ_CASES=100000 cargo test --profile fuzz -p amazes
//! --test integration fuzz::` is the long run). The cases are drawn from a fixed seed per target, so a failure
//! is reproduced by the same count.
//!
//! What is asserted, and how each bound holds by construction rather than by a timer:
//! - **No panic**: every call runs in the test thread; a panic fails the test.
//! - **Bounded time**: an input is at most `2 * MAX_MAZE_TEXT` bytes and every reader is one
//!   pass over it; an engine case is a game of at most 2 × 20 turns of at most 256 moves.
//! - **Bounded allocation**: inputs above a documented limit are rejected before any line is
//!   kept (checked with `allocation-counter`: the rejection itself allocates nothing but the
//!   error value), and the regression tests below pin the reproducers.

use amazes::trace::{MAX_TRACE_LINE, parse_trace, parse_views};
use amazes::{
    Action, Config, ConfigError, Dir, Fault, Game, Line, MAX_MAZE_TEXT, Maze, MazeError, MazeFile,
    MoveLine, Player, Pose, Square, View, generate, mazes,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Cases per target: `CONTEST_FUZZ_CASES`, or 2,000.
fn cases() -> usize {
    std::env::var("CONTEST_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// The longest input a case feeds (twice the largest limit, so the limits are exercised).
const MAX_INPUT: usize = 2 * MAX_MAZE_TEXT;

/// Pieces that hit the readers' edges: numbers out of range, separators, multi-byte characters.
const TOKENS: &[&str] = &[
    "\t",
    "\n",
    "\r\n",
    "-1",
    "0",
    "33",
    "99999999999",
    "18446744073709551616",
    "é",
    "W",
    "start",
    "+",
    "-",
    "|",
    " ",
    "N",
    "F",
    "T",
    "L",
    "R",
    "B",
    "#",
    "../",
    "maze01.txt",
];

/// One random mutation of `input`: flip, insert, delete, duplicate, splice a token, or cut.
fn mutate(rng: &mut Pcg64Mcg, input: &mut Vec<u8>) {
    let n = input.len();
    let at = |rng: &mut Pcg64Mcg| rng.random_range(0..=n);
    match rng.random_range(0..7) {
        0 if n > 0 => {
            let i = rng.random_range(0..n);
            input[i] ^= 1 << rng.random_range(0..8);
        }
        1 => {
            let i = at(rng);
            input.insert(i, rng.random());
        }
        2 if n > 0 => {
            let i = rng.random_range(0..n);
            let j = (i + rng.random_range(1..=8)).min(n);
            input.drain(i..j);
        }
        3 if n > 0 => {
            let i = rng.random_range(0..n);
            let j = (i + rng.random_range(1..=64)).min(n);
            let piece = input[i..j].to_vec();
            let k = at(rng);
            input.splice(k..k, piece);
        }
        4 => {
            let token = TOKENS[rng.random_range(0..TOKENS.len())].as_bytes();
            let i = at(rng);
            input.splice(i..i, token.iter().copied());
        }
        5 => input.truncate(at(rng)),
        _ => {
            let i = at(rng);
            let len = rng.random_range(0..16);
            input.splice(i..i, (0..len).map(|_| rng.random::<u8>()));
        }
    }
    input.truncate(MAX_INPUT);
}

/// A fresh case: random bytes (one in eight) or a few mutations of one of `seeds`.
fn input(rng: &mut Pcg64Mcg, seeds: &[String]) -> String {
    let mut bytes = if rng.random_range(0..8) == 0 {
        let len = rng.random_range(0..256);
        (0..len).map(|_| rng.random()).collect()
    } else {
        seeds[rng.random_range(0..seeds.len())].as_bytes().to_vec()
    };
    for _ in 0..rng.random_range(1..=4) {
        mutate(rng, &mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn maze_texts() -> Vec<String> {
    let mut texts: Vec<String> = (0..4).map(|i| mazes::get(i).to_text()).collect();
    texts.push(mazes::get(0).maze.to_text());
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    texts.push(generate(5, &mut rng).unwrap().to_text());
    texts
}

#[test]
fn maze_files() {
    let seeds = maze_texts();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    for _ in 0..cases() {
        let text = input(&mut rng, &seeds);
        if let Ok(file) = MazeFile::parse(&text) {
            // Whatever parses is written back the same, and the rules are checked without panic.
            assert_eq!(MazeFile::parse(&file.to_text()).as_ref(), Ok(&file));
            if file.maze.validate().is_ok() {
                play_random(&mut rng, file.maze, file.starts);
            }
        }
    }
}

#[test]
fn view_lines() {
    let mut seeds = Vec::new();
    let game = Game::new(mazes::get(0).maze, Config::default()).unwrap();
    let mut state = game.initial_state(5);
    for _ in 0..20 {
        seeds.push(game.observe(&state, state.to_move().index()).to_string());
        let mut buf = Vec::new();
        game.legal_actions(&state, state.to_move().index(), &mut buf);
        game.advance_action(&mut state, &buf[0]);
    }
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    for _ in 0..cases() {
        let text = input(&mut rng, &seeds);
        let lines: Vec<&str> = text.split('\n').collect();
        if let Ok(view) = View::parse_lines(&lines) {
            assert_eq!(
                View::parse_lines(&view.to_string().lines().collect::<Vec<_>>()),
                Ok(view)
            );
        }
        for line in &lines {
            if let Ok(l) = Line::parse(line) {
                assert_eq!(l.as_str(), *line);
            }
        }
    }
}

#[test]
fn move_lines() {
    let seeds: Vec<String> = ["F", "TFRFF", "LLLLRRRRTTTT", &"F".repeat(256)]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for _ in 0..cases() {
        let text = input(&mut rng, &seeds);
        match MoveLine::parse(&text) {
            Ok(line) => assert!((1..=256).contains(&line.len())),
            Err(Fault::TooLong(n)) => assert!(n > 256),
            Err(_) => {}
        }
        let _ = Action::from_line(&text);
    }
}

#[test]
fn trace_tables() {
    let seeds = vec![
        "# comment\nmaze01.txt\t2\t20\tW\tW\tW\tLLBNW\tW\nmaze01.txt\t5\t16\tW\tLW\tLW\tLBW\tW\n"
            .to_string(),
        "1\t2\t20\tW\tW\tW\tLLBNW\tW\t9\t9\tTFF\t2\t0\t2\t18\tW\t11\n\
         2\t2\t18\tW\tW\tNW\tLLBNW\tW\t11\t11\tRF\t1\t0\t1\t18\tN\t12\n"
            .to_string(),
    ];
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    for _ in 0..cases() {
        let text = input(&mut rng, &seeds);
        if let Ok(rows) = parse_views("fuzz", &text) {
            for row in rows {
                assert!(!row.maze.contains('/') && !row.maze.starts_with('.'));
            }
        }
        let _ = parse_trace("fuzz", &text);
    }
}

/// Plays one short game with random lines (any letters, any length up to 256), faults and
/// out-of-range players; checks the contract's invariants on the way.
fn play_random(rng: &mut Pcg64Mcg, maze: Maze, starts: Option<[Pose; 2]>) {
    let size = maze.size();
    let n = size as u32 - 1;
    let config = Config {
        size,
        turns: rng.random_range(1..=20),
        max_moves: rng.random_range(1..=256),
        min_start_distance2: rng.random_range(1..=2 * n * n),
        capture_bonus: rng.random_range(0..=200),
        max_score: rng.random_range(0..=2000),
        ..Config::default()
    };
    let Ok(game) = Game::new(maze, config) else {
        return;
    };
    let mut state = match starts.map(|s| game.initial_state_with(s)) {
        Some(Ok(state)) => state,
        _ => game.initial_state(rng.random()),
    };
    let mut buf = Vec::new();
    for _ in 0..2 * config.turns as usize + 2 {
        for p in Player::BOTH {
            game.legal_actions(&state, p.index(), &mut buf);
            assert_eq!(
                buf.is_empty(),
                game.is_terminal(&state) || p != state.to_move()
            );
        }
        let action = match rng.random_range(0..8) {
            0 => Action::Fault(Fault::Timeout),
            1 => {
                let len = rng.random_range(1..=256);
                let letters: Vec<u8> = (0..len).map(|_| b"FTLR"[rng.random_range(0..4)]).collect();
                Action::Moves(MoveLine::from_bytes(&letters).unwrap())
            }
            _ => {
                game.legal_actions(&state, state.to_move().index(), &mut buf);
                match buf.len() {
                    0 => Action::Fault(Fault::Crash),
                    k => buf[rng.random_range(0..k)],
                }
            }
        };
        game.advance_action(&mut state, &action);
        assert_eq!(game.outcome(&state).is_some(), game.is_terminal(&state));
    }
    let outcome = game
        .outcome(&state)
        .expect("the turn limit ends every game");
    for s in outcome.scores {
        assert!((0..=config.max_score).contains(&s));
    }
}

#[test]
fn engine_random_games() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let shipped: Vec<MazeFile> = (0..4).map(mazes::get).collect();
    for i in 0..cases().div_ceil(10) {
        if i % 2 == 0 {
            let f = &shipped[i / 2 % shipped.len()];
            play_random(&mut rng, f.maze.clone(), f.starts);
        } else {
            let size = rng.random_range(2..=12);
            let maze = generate(size, &mut rng).unwrap();
            play_random(&mut rng, maze, None);
        }
    }
}

#[test]
fn configs_out_of_range_are_typed_errors() {
    let mut rng = Pcg64Mcg::seed_from_u64(6);
    let maze = mazes::get(0).maze;
    for _ in 0..cases() {
        let config = Config {
            size: rng.random_range(0..40),
            turns: rng.random(),
            max_moves: rng.random_range(0..300),
            min_start_distance2: rng.random_range(0..1200),
            capture_bonus: rng.random(),
            max_score: rng.random(),
            ..Config::default()
        };
        match Game::new(maze.clone(), config) {
            Ok(game) => {
                let state = game.initial_state(rng.random());
                let _ = game.outcome(&state);
            }
            Err(ConfigError::Config { .. } | ConfigError::SizeMismatch { .. }) => {}
            Err(e) => panic!("unexpected {e}"),
        }
    }
}

// ---- Regression tests for the reproducers of issue 12 ----

/// `max_score = i32::MIN` was accepted, then `outcome` panicked in `clamp` ("min > max").
#[test]
fn a_negative_max_score_is_refused() {
    let config = Config {
        max_score: i32::MIN,
        ..Config::default()
    };
    assert_eq!(
        Game::new(mazes::get(0).maze, config),
        Err(ConfigError::Config {
            field: "max_score",
            value: i32::MIN as i64,
            limit: "0..=2147483647"
        })
    );
}

/// `initial_state` panicked with `NoStarts(242)` on 12×12 mazes whose only starts are the
/// corners, because random drawing gave up; `play amazes --maze` then said no start existed.
#[test]
fn rare_starts_do_not_panic() {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let maze = loop {
        let maze = generate(12, &mut rng).unwrap();
        let corners = [(0, 0), (0, 11), (11, 0), (11, 11)];
        if corners
            .iter()
            .all(|&(r, c)| maze.open_mask(Square::new(r, c)).count_ones() == 1)
        {
            break maze;
        }
    };
    let config = Config {
        size: 12,
        min_start_distance2: 242,
        ..Config::default()
    };
    let game = Game::new(maze, config).unwrap();
    for seed in 0..12 {
        let state = game.initial_state(seed);
        let starts = [state.pose(Player::Red), state.pose(Player::Blue)];
        game.maze().validate_starts(&starts, 242).unwrap();
    }
}

/// A maze where no start pair exists is refused by `Game::new`, not by a panic later.
#[test]
fn no_starts_is_a_typed_error_at_setup() {
    // A 2×2 maze: the largest distance² is 2, and with min 2 only the diagonal pairs qualify;
    // make their squares' backs all walls except towards one another's row.
    let mut maze = Maze::closed(2).unwrap();
    maze.set_open(Square::new(0, 0), Dir::E, true).unwrap();
    maze.set_open(Square::new(0, 1), Dir::S, true).unwrap();
    maze.set_open(Square::new(1, 1), Dir::W, true).unwrap();
    maze.validate().unwrap();
    let config = Config {
        size: 2,
        min_start_distance2: 2,
        ..Config::default()
    };
    // (0,0) facing W and (1,1) facing N ... both diagonals have a legal pose: starts exist.
    assert!(Game::new(maze.clone(), config).is_ok());
    let n = amazes::valid_start_pairs(&maze, 2).count();
    assert!(n > 0);
    // With distance² 3 nothing qualifies: refused up front.
    assert!(matches!(
        Game::new(
            maze,
            Config {
                min_start_distance2: 3,
                ..config
            }
        ),
        Err(ConfigError::Config {
            field: "min_start_distance2",
            ..
        })
    ));
}

/// Over-long inputs are refused before the reader keeps anything.
#[test]
fn limits_are_checked_before_allocating() {
    let big = "+".repeat(MAX_MAZE_TEXT + 1);
    let mut result = None;
    let info = allocation_counter::measure(|| result = Some(MazeFile::parse(&big)));
    assert_eq!(
        result,
        Some(Err(MazeError::TooLong {
            bytes: MAX_MAZE_TEXT + 1,
            limit: MAX_MAZE_TEXT
        }))
    );
    assert_eq!(info.count_total, 0, "rejecting an over-long maze allocated");
    // A rejected view line is quoted, not copied whole.
    let long = "N".repeat(1_000_000);
    match Line::parse(&long) {
        Err(amazes::ViewError::Line { line, .. }) => assert!(line.len() < 100),
        other => panic!("{other:?}"),
    }
    let lines = ["W", "W", "W", "W", long.as_str()];
    match View::parse_lines(&lines) {
        Err(amazes::ViewError::Distance(d)) => assert!(d.len() < 100),
        other => panic!("{other:?}"),
    }
    // A trace row above the limit is refused, whatever it holds.
    let row = format!(
        "maze01.txt\t2\t20\tW\tW\tW\t{}\tW\n",
        "N".repeat(MAX_TRACE_LINE)
    );
    assert!(parse_views("t", &row).is_err());
    // A views table may not send the replay outside its directory.
    let escape = "../../etc/passwd\t2\t20\tW\tW\tW\tLLBNW\tW\n";
    assert!(parse_views("t", escape).is_err());
}

/// Issue 22: states read with serde are validated before use. Real states' JSON, corrupted
/// (poses, maps, counters, points and turns out of range, elements missing or repeated), is
/// refused by serde or by `Game::validate`, or is safe for every method of the contract
/// (`pathfind::tree::check::hostile_serde`).
#[test]
fn corrupted_deserialized_states_are_refused_or_safe() {
    let config = amazes::Config {
        turns: 20,
        ..amazes::Config::default()
    };
    let game = amazes::Game::new(amazes::mazes::get(0).maze, config).unwrap();
    let mut summary = pathfind::tree::check::HostileSummary::default();
    for case in 0..cases().div_ceil(4) as u64 {
        summary += pathfind::tree::check::hostile_serde(&game, case, 40, 4, 40);
    }
    assert!(summary.refused > 0 && summary.accepted > 0, "{summary:?}");
}
