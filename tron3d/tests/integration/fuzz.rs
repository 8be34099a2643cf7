//! Fuzz-style tests on stable Rust (issue 12): random bytes and mutations of the crate's own
//! shipped and generated files into every public reader, and random in-range and out-of-range
//! commands into the engine. Each case asserts that nothing panics; time and memory are bounded
//! by construction:
//!
//! - every input is at most [`MAX_INPUT`] bytes longer than its seed file, and every reader
//!   checks declared counts against its documented limit (`tron3d::format::MAX_*`,
//!   `tron3d::MAX_*`) before allocating for them, so a case allocates in proportion to its input;
//! - a replayed or simulated game has at most `MAX_GAME_ROUNDS` rounds (the engine step is
//!   O(vertices + commands)), so a case runs in bounded time without any timer.
//!
//! `cargo test -p tron3d --test integration fuzz::` runs [`DEFAULT_CASES`] cases per target (a few seconds);
//! `CONTEST_FUZZ_CASES=100000 cargo test --profile fuzz -p tron3d --test integration fuzz::` is the long run
//! (the `fuzz` profile: release speed with overflow checks on).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tron3d::format::{Cnf, T3d, parse_map};
use tron3d::generate::Preset;
use tron3d::replay::{run_original, verify_text};
use tron3d::{Actions, Config, Game, Movement};

const DEFAULT_CASES: usize = 2000;
const MAX_INPUT: usize = 4096;
const MAX_GAME_ROUNDS: u32 = 12;

fn cases() -> usize {
    std::env::var("CONTEST_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// Tokens the formats use, so mutations reach deep into the readers.
const DICTIONARY: &[&str] = &[
    "vertices",
    "spawn",
    "bonus",
    "tron3d",
    "v1.2",
    "v1.0",
    "map",
    "nb_players",
    "nb_bikes",
    "nb_rounds",
    "bonus_round",
    "turbo_duration",
    "ghost_duration",
    "score_bonus",
    "secgame",
    "names",
    "round",
    "score",
    "status",
    "bikes",
    "actions",
    "movements",
    "-1",
    "-8",
    "-99",
    "0",
    "1",
    "2147483647",
    "-2147483648",
    "99999999999",
    "1025",
    "n",
    "t",
    "g",
    "p",
    "\n",
    " ",
    "é",
];

/// One random mutation of `input`: flip, insert, delete, duplicate a span, splice a token.
fn mutate(rng: &mut Pcg64Mcg, input: &mut Vec<u8>, limit: usize) {
    let rounds = rng.random_range(1..=8);
    for _ in 0..rounds {
        let len = input.len();
        match rng.random_range(0..6) {
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                input[i] ^= 1 << rng.random_range(0..8);
            }
            1 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(64));
                input.drain(i..i + n);
            }
            2 if len > 0 && len < limit => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(256).min(limit - len));
                let span = input[i..i + n].to_vec();
                let at = rng.random_range(0..=input.len());
                input.splice(at..at, span);
            }
            3 if len < limit => {
                let token = DICTIONARY[rng.random_range(0..DICTIONARY.len())];
                let at = rng.random_range(0..=len);
                input.splice(at..at, token.bytes());
            }
            4 if len > 0 => {
                // Replace a number-like span by a random integer, often an extreme one.
                let i = rng.random_range(0..len);
                let end = (i + rng.random_range(1..8)).min(len);
                let n: i64 = match rng.random_range(0..4) {
                    0 => rng.random_range(-10..2000),
                    1 => i64::from(rng.random::<i32>()),
                    2 => rng.random(),
                    _ => i64::from(i32::MAX),
                };
                input.splice(i..end, n.to_string().bytes());
            }
            _ => {
                if len < limit {
                    let at = rng.random_range(0..=len);
                    input.insert(at, rng.random());
                }
            }
        }
    }
}

/// Runs `target` on `cases()` inputs: half mutations of a seed file, the rest random bytes.
fn fuzz(name: &str, seeds: &[String], mut target: impl FnMut(&str)) {
    let mut rng = Pcg64Mcg::seed_from_u64(name.bytes().map(u64::from).sum());
    let mut buf = Vec::new();
    for case in 0..cases() {
        buf.clear();
        if case % 4 == 3 {
            let n = rng.random_range(0..512);
            buf.extend((0..n).map(|_| rng.random::<u8>()));
        } else {
            let seed = &seeds[case % seeds.len()];
            buf.extend_from_slice(seed.as_bytes());
            mutate(&mut rng, &mut buf, seed.len() + MAX_INPUT);
        }
        let text = String::from_utf8_lossy(&buf);
        target(&text);
    }
}

fn shipped(ext: &str) -> Vec<String> {
    Preset::ALL
        .iter()
        .map(|p| {
            let path = format!("{}/boards/{}.{ext}", env!("CARGO_MANIFEST_DIR"), p.name());
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .collect()
}

/// A short recorded game on a small board (so thousands of replays stay cheap).
fn short_t3d(seed: u32) -> String {
    let config = Config {
        nb_rounds: MAX_GAME_ROUNDS,
        bonus_round: 3,
        ..Preset::Grid.config()
    };
    let game = Game::new(Preset::Grid.board(), config).unwrap();
    run_original(&game, &["Demo"; 4], seed).unwrap().write()
}

#[test]
fn fuzz_map_reader() {
    fuzz("map", &shipped("map"), |text| {
        if let Ok(board) = parse_map("fuzz", text) {
            assert!(board.nb_vertices() <= tron3d::MAX_VERTICES);
            let _ = Game::new(board, Config::default());
        }
    });
}

#[test]
fn fuzz_cnf_reader() {
    let mut seeds = shipped("cnf");
    // A resumed board, so the body reader is reached from a .cnf too.
    let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
    let t3d = T3d::parse(&short_t3d(5)).unwrap();
    let board = t3d.boards.last().unwrap();
    let resumed = Cnf {
        round: board.round,
        scores: board.scores.clone(),
        resume: Some((board.vertices.clone(), board.bikes.clone())),
        ..Cnf::new("grid13", *game.config())
    };
    seeds.push(resumed.write());
    let grid = Preset::Grid.board();
    fuzz("cnf", &seeds, |text| {
        if let Ok(cnf) = Cnf::parse(text)
            && let Ok(game) = cnf.game(grid.clone())
            && let Ok(mut state) = cnf.initial_state(&game, 1)
        {
            let mut actions = Actions::new();
            for _ in 0..MAX_GAME_ROUNDS {
                if state.is_over() {
                    break;
                }
                game.demo_actions(&mut state, &mut actions);
                game.advance_commands(&mut state, &actions);
            }
        }
    });
}

#[test]
fn fuzz_t3d_reader_and_replay() {
    let seeds = vec![short_t3d(1), short_t3d(2)];
    let grid = Preset::Grid.board();
    fuzz("t3d", &seeds, |text| {
        if let Ok(record) = T3d::parse(text) {
            assert!(record.rounds.len() <= tron3d::MAX_ROUNDS as usize);
        }
        // The replay reads, builds the game and replays every recorded round.
        let _ = verify_text("fuzz", grid.clone(), text);
    });
}

/// The program protocol's readers (`tron3d::protocol`): a header, rounds and the end as the arena
/// writes them, mutated, read as a program reads them (and each round rebuilt as a state), and
/// answers as the arena reads them.
#[test]
fn fuzz_protocol_readers() {
    use tron3d::protocol::{Message, Reader, parse_moves, write_end, write_header, write_round};
    let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
    let mut state = game.initial_state(3);
    let mut actions = Actions::new();
    let mut seed = String::new();
    write_header(&mut seed, &game, 2);
    for _ in 0..3 {
        write_round(&mut seed, &game, &state);
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    write_end(&mut seed, state.scores());
    let answers = "moves 0 1 0 4 17 1\nmoves\nmoves -1 -99 0\n".to_owned();
    fuzz("protocol", &[seed, answers], |text| {
        for line in text.lines() {
            let _ = parse_moves(line);
        }
        let mut reader = Reader::new(text.as_bytes());
        if let Ok(header) = reader.read_header() {
            // At most one message per line of input: the loop ends.
            while let Ok(message) = reader.read_message(&header.game) {
                match message {
                    Message::Round(round) => {
                        let _ = round.to_state(&header.game, 1);
                    }
                    Message::End(_) => break,
                }
            }
        }
    });
}

#[test]
fn fuzz_engine_with_in_range_and_out_of_range_commands() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let games: Vec<Game> = [Preset::Cube, Preset::Icosphere, Preset::Grid]
        .into_iter()
        .map(|p| {
            let config = Config {
                nb_rounds: MAX_GAME_ROUNDS,
                bonus_round: 2,
                ..p.config()
            };
            Game::new(p.board(), config).unwrap()
        })
        .collect();
    let mut actions = Actions::new();
    let mut buf = Vec::new();
    let mut listed = Vec::new();
    let mut joint = Vec::new();
    for case in 0..cases() {
        let game = &games[case % games.len()];
        let mut state = game.initial_state(rng.random());
        let n = game.board().nb_vertices() as i32;
        let bikes = game.nb_bikes() as i32;
        while !state.is_over() {
            actions.clear();
            for p in 0..game.config().nb_players as u8 {
                game.legal_movements(&state, p, &mut buf);
                for _ in 0..rng.random_range(0..5) {
                    let m = match rng.random_range(0..4) {
                        0 if !buf.is_empty() => buf[rng.random_range(0..buf.len())],
                        1 => Movement {
                            bike: rng.random_range(-2..bikes + 2),
                            to: rng.random_range(-2..n + 2),
                            use_item: rng.random(),
                        },
                        2 => Movement {
                            bike: rng.random(),
                            to: rng.random(),
                            use_item: rng.random(),
                        },
                        _ => Movement {
                            bike: rng.random_range(0..bikes),
                            to: -99,
                            use_item: false,
                        },
                    };
                    // Players beyond the game (and beyond MAX_PLAYERS) are accepted and ignored.
                    let player = if rng.random_range(0..20) == 0 {
                        rng.random()
                    } else {
                        p
                    };
                    actions.push(player, m);
                }
            }
            let before: Vec<i32> = state.scores().to_vec();
            if rng.random_range(0..3) == 0 {
                // Through the game contract: a random listed joint action per player, with an
                // out-of-range movement now and then.
                joint.clear();
                for p in 0..game.config().nb_players {
                    pathfind::tree::Game::legal_actions(game, &state, p, &mut listed);
                    let mut action = listed[rng.random_range(0..listed.len())].clone();
                    if rng.random_range(0..4) == 0 {
                        action.push(Movement {
                            bike: rng.random(),
                            to: rng.random(),
                            use_item: rng.random(),
                        });
                    }
                    joint.push(action);
                }
                pathfind::tree::Game::advance(game, &mut state, &joint);
            } else {
                game.advance_commands(&mut state, &actions);
            }
            assert!(state.scores().iter().zip(&before).all(|(a, b)| a >= b));
        }
        assert!(game.outcome(&state).is_some());
    }
}

/// Issue 22: states read with serde are validated before use. Real states' JSON, corrupted
/// (ids, vertices, counts and numbers out of range, elements missing or repeated), is refused
/// by `Game::validate` or is safe for every method of the contract (`check::hostile_serde`).
#[test]
fn fuzz_corrupted_deserialized_states() {
    let config = Config {
        nb_rounds: 60,
        bonus_round: 6,
        ..Preset::Cube.config()
    };
    let game = Game::new(Preset::Cube.board(), config).unwrap();
    let mut summary = pathfind::tree::check::HostileSummary::default();
    for case in 0..cases().div_ceil(4) as u64 {
        summary +=
            pathfind::tree::check::hostile_serde(&game, case, 60, 4, MAX_GAME_ROUNDS as usize);
    }
    assert!(summary.refused > 0 && summary.accepted > 0, "{summary:?}");
}
