//! Fuzz-style robustness (issue 12), on stable Rust with a small seeded mutator: random bytes
//! and mutations of the crate's own valid inputs (controller lines, replies, whole controller
//! transcripts, golden-format traces generated here) go into every public parser and reader, and
//! random in-range and out-of-range states and moves into the engine. Every case must return
//! (a value or a typed error) without panicking.
//!
//! Bounded time, by construction: inputs are at most a few KiB of protocol text or one mutated
//! trace line (a 100-round fight, ~25 KiB); a parsed trace replays at most
//! `trace::MAX_TURNS` rounds; an engine case plays at most 200 rounds. Bounded allocation: the
//! readers check declared sizes against their documented limits before allocating (tested
//! directly at the end with `allocation-counter`).
//!
//! `cargo test -p dogfight --test integration fuzz::` runs 3,000 cases per target;
//! `CONTEST_FUZZ_CASES=100000 cargo test --profile fuzz -p dogfight --test integration fuzz::` runs the long one.

use dogfight::protocol::{MAX_LINE_BYTES, Message, parse_reply, run_bot, turn_messages};
use dogfight::trace::{MAX_TURNS, Trace, TraceError, read_jsonl};
use dogfight::{
    Action, Actions, Bot, Direction, Game, Move, Plane, Pos, Side, State, bot::play_fight_from,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn cases() -> u64 {
    std::env::var("CONTEST_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3_000)
}

/// Words that often break number and field readers.
const NASTY: [&[u8]; 12] = [
    b"-1",
    b"99999999999",
    b"4294967296",
    b"-128",
    b"127",
    b"null",
    b"\xc3\xa9",
    b"1e400",
    b"[]",
    b"{}",
    b" ",
    b"\n",
];

/// One random edit of `input`: flip, insert, delete, duplicate a span, splice a nasty word, or
/// truncate. The result is never longer than `input` plus 4 KiB.
fn mutate(rng: &mut Pcg64Mcg, input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let at = if out.is_empty() {
            0
        } else {
            rng.random_range(0..out.len())
        };
        match rng.random_range(0..6) {
            0 if !out.is_empty() => out[at] ^= 1 << rng.random_range(0..8),
            1 => out.insert(at, rng.random()),
            2 if !out.is_empty() => {
                out.remove(at);
            }
            3 if !out.is_empty() => {
                let end = (at + rng.random_range(1..64)).min(out.len());
                let span = out[at..end].to_vec();
                if out.len() + span.len() <= input.len() + 4096 {
                    out.splice(at..at, span);
                }
            }
            4 => {
                let word = NASTY[rng.random_range(0..NASTY.len())];
                let end = (at + rng.random_range(0..4)).min(out.len());
                out.splice(at..end, word.iter().copied());
            }
            _ => out.truncate(at),
        }
    }
    out
}

fn random_bytes(rng: &mut Pcg64Mcg, max: usize) -> Vec<u8> {
    let n = rng.random_range(0..=max);
    (0..n).map(|_| rng.random()).collect()
}

/// A fuzz input: random bytes (one case in four) or a mutation of one of `seeds`.
fn input(rng: &mut Pcg64Mcg, seeds: &[Vec<u8>]) -> Vec<u8> {
    if rng.random_range(0..4) == 0 {
        random_bytes(rng, 512)
    } else {
        let seed = rng.random_range(0..seeds.len());
        mutate(rng, &seeds[seed])
    }
}

/// Turns firing at random, from the valid directions and sometimes from all 27.
struct Wild(Pcg64Mcg);

impl Bot for Wild {
    fn act(&mut self, _: &Game, state: &State, side: Side) -> Action {
        let rng = &mut self.0;
        Action {
            moves: side.planes().map(|id| {
                let plane = state.plane(id);
                let possible = plane.possible_directions();
                let direction = if possible.is_empty() || rng.random_range(0..4) == 0 {
                    Direction::from_index(rng.random_range(0..27)).expect("27 directions")
                } else {
                    possible[rng.random_range(0..possible.len())]
                };
                (rng.random_range(0..8) != 0)
                    .then(|| Move::new(direction, rng.random(), rng.random()))
            }),
        }
    }
}

/// A recorded fight between two wild bots, as one golden-format JSON line.
fn generated_trace(seed: u64) -> String {
    let game = Game::default();
    let mut trace = Trace::new(format!("fuzz-{seed}"), &game, game.initial_state(0));
    let mut p1 = Wild(Pcg64Mcg::seed_from_u64(seed));
    let mut p2 = Wild(Pcg64Mcg::seed_from_u64(seed + 1));
    let outcome = play_fight_from(&game, game.initial_state(0), [&mut p1, &mut p2], |round| {
        trace.push(round)
    });
    trace.finish(Some(outcome));
    trace.to_json()
}

/// What the controller sends one side over a fight between two wild bots.
fn generated_transcript(seed: u64) -> String {
    let game = Game::default();
    let mut text = String::from("NEW CONTEST 14 100\nNEW OPPONENT 10\nNEW FIGHT 0 0 0\n");
    let mut p1 = Wild(Pcg64Mcg::seed_from_u64(seed));
    let mut p2 = Wild(Pcg64Mcg::seed_from_u64(seed + 1));
    play_fight_from(&game, game.initial_state(0), [&mut p1, &mut p2], |round| {
        let seen = game.observe_side(&round.before, Side::P2);
        for message in turn_messages(&game, &seen, Side::P1) {
            text.push_str(&message.to_string());
            text.push('\n');
        }
    });
    text
}

#[test]
fn controller_lines_and_replies_never_panic() {
    let mut rng = Pcg64Mcg::seed_from_u64(12);
    let seeds: Vec<Vec<u8>> = [
        "NEW CONTEST 14 100",
        "NEW OPPONENT 10",
        "NEW FIGHT 3 1 2",
        "ROUNDS LEFT 0",
        "NEW TURN",
        "alive 0 5 0 S 0",
        "alive 13 4 11 SD 1",
        "dead 0 0 0 N 0",
        "SE 0 1",
        "NSEWUD 1 1",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    for _ in 0..cases() {
        let bytes = input(&mut rng, &seeds);
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(message) = Message::parse(&text) {
            // What parses prints back to a line that parses to the same message.
            assert_eq!(Message::parse(&message.to_string()), Ok(message));
        }
        let _ = parse_reply(&text).to_string();
    }
}

#[test]
fn the_bot_driver_never_panics_on_controller_transcripts() {
    struct Echo;
    impl Bot for Echo {
        fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
            // Exercise the engine on whatever state the driver built.
            let next = game.step_joint(state, &Actions::new(Action::none(), Action::none()));
            let _ = game.outcome(&next);
            let _ = side;
            Action::none()
        }
    }
    let mut rng = Pcg64Mcg::seed_from_u64(13);
    let seeds: Vec<Vec<u8>> = (0..4)
        .map(|seed| generated_transcript(seed).into_bytes())
        .collect();
    for _ in 0..cases() {
        let bytes = input(&mut rng, &seeds);
        let mut sink = Vec::new();
        match run_bot(&mut Echo, &bytes[..], &mut sink) {
            Ok(turns) => assert_eq!(
                sink.iter().filter(|&&b| b == b'\n').count() as u64,
                turns * 2
            ),
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
}

#[test]
fn trace_readers_never_panic_and_replay_what_they_read() {
    let mut rng = Pcg64Mcg::seed_from_u64(14);
    let seeds: Vec<Vec<u8>> = (0..4)
        .map(|seed| generated_trace(seed).into_bytes())
        .collect();
    // The unmutated traces replay.
    for seed in &seeds {
        let trace = Trace::from_json(std::str::from_utf8(seed).unwrap()).unwrap();
        assert!(trace.replay().is_ok());
    }
    for case in 0..cases() {
        let bytes = input(&mut rng, &seeds);
        let text = String::from_utf8_lossy(&bytes);
        let parsed = if case % 2 == 0 {
            Trace::from_json(&text).map(|t| vec![t])
        } else {
            read_jsonl(&text)
        };
        if let Ok(traces) = parsed {
            for trace in traces {
                // A mutated trace may disagree with the engine: a typed mismatch, not a panic.
                let _ = trace.replay();
            }
        }
    }
}

fn random_plane(rng: &mut Pcg64Mcg) -> Plane {
    let coordinate = |rng: &mut Pcg64Mcg| match rng.random_range(0..4) {
        0 => rng.random::<i8>(),
        _ => rng.random_range(-1..=14),
    };
    Plane {
        alive: rng.random_range(0..5) != 0,
        pos: Pos::new(coordinate(rng), coordinate(rng), coordinate(rng)),
        heading: Direction::from_index(rng.random_range(0..27)).expect("27 directions"),
        cooldown: if rng.random() {
            rng.random()
        } else {
            rng.random_range(0..=1)
        },
    }
}

#[test]
fn the_engine_never_panics_on_any_state_or_move() {
    let mut rng = Pcg64Mcg::seed_from_u64(15);
    let mut buf = Vec::new();
    for _ in 0..cases() {
        let size = if rng.random() {
            14
        } else {
            rng.random_range(4..=100)
        };
        let game = Game::new(
            dogfight::Arena::new(size).unwrap(),
            dogfight::Config {
                rounds: rng.random_range(1..=200),
                ..dogfight::Config::default()
            },
        )
        .unwrap();
        let planes = std::array::from_fn(|_| random_plane(&mut rng));
        let round = if rng.random_range(0..8) == 0 {
            rng.random()
        } else {
            0
        };
        let mut state = State::new(planes).with_round(round);
        let mut wild = Wild(Pcg64Mcg::seed_from_u64(rng.random()));
        for _ in 0..200 {
            for side in [Side::P1, Side::P2] {
                game.legal_side_actions(&state, side, &mut buf);
                let _ = game.observe_side(&state, side);
            }
            let actions = Actions::new(
                wild.act(&game, &state, Side::P1),
                wild.act(&game, &state, Side::P2),
            );
            let next = game.step_joint(&state, &actions);
            game.advance_joint(&mut state, &actions);
            assert_eq!(next, state);
            if game.outcome(&state).is_some() {
                break;
            }
        }
    }
}

#[test]
fn readers_reject_declared_sizes_above_their_limits_before_allocating() {
    // A trace line over the limit: rejected by its length, with no allocation.
    let long = " ".repeat(dogfight::trace::MAX_LINE_BYTES + 1);
    let mut result = None;
    let info = allocation_counter::measure(|| result = Some(Trace::from_json(&long)));
    assert!(
        matches!(result, Some(Err(TraceError::LineTooLong { .. }))),
        "{result:?}"
    );
    assert_eq!(info.count_total, 0);
    // Too many turns: rejected before any turn is read.
    let turn = r#"{"round":1}"#;
    let turns = vec![turn; MAX_TURNS + 1].join(",");
    let line = generated_trace(1);
    let at = line.find("\"turns\":[").unwrap() + "\"turns\":[".len();
    // Keys are written sorted, so "turns" is the last one.
    assert!(line.ends_with("]}"));
    let line = format!("{}{turns}]}}", &line[..at]);
    assert!(matches!(
        Trace::from_json(&line),
        Err(TraceError::TooManyTurns {
            turns: 10_001,
            limit: 10_000,
            ..
        })
    ));
    // A controller line without end: the driver stops at its limit.
    let endless = vec![b'A'; 10 * MAX_LINE_BYTES];
    let info = allocation_counter::measure(|| {
        assert!(
            run_bot(
                &mut Wild(Pcg64Mcg::seed_from_u64(1)),
                &endless[..],
                std::io::sink()
            )
            .is_err()
        );
    });
    assert!(info.bytes_max < 4 * MAX_LINE_BYTES as u64, "{info:?}");
}

/// Issue 22: states read with serde are validated before use. Real states' JSON, corrupted
/// (positions, headings, cooldowns and rounds out of range, planes missing or repeated), is
/// refused by serde or by `Game::validate`, or is safe for every method of the contract
/// (`pathfind::tree::check::hostile_serde`).
#[test]
fn corrupted_deserialized_states_are_refused_or_safe() {
    let game = Game::default();
    let mut summary = pathfind::tree::check::HostileSummary::default();
    for case in 0..cases().div_ceil(4) {
        summary += pathfind::tree::check::hostile_serde(&game, case, 60, 4, 30);
    }
    assert!(summary.refused > 0 && summary.accepted > 0, "{summary:?}");
}

/// Issue 22: wrapper limits whose arithmetic overflows (`Duration::MAX` turns) or whose queue
/// would not fit in memory (`usize::MAX`, `1 << 40` turns) are clamped, never a panic or an
/// abort; the wrapper then plays a scripted program's turn (each case starts two threads, so
/// it runs on a twentieth of the cases).
#[test]
fn wrapper_limits_that_overflow() {
    use dogfight::protocol::{Limits, Wrapper};
    use std::time::Duration;
    const TIMES: [Duration; 5] = [
        Duration::from_secs(30),
        Duration::from_secs(u64::MAX),
        Duration::MAX,
        Duration::from_nanos(u64::MAX),
        Duration::new(u64::MAX, 999_999_999),
    ];
    const SIZES: [usize; 6] = [0, 1, 64, 1 << 40, usize::MAX - 1, usize::MAX];
    let game = Game::default();
    let mut rng = Pcg64Mcg::seed_from_u64(0x11_0022);
    for _ in 0..cases().div_ceil(20) {
        let limits = Limits {
            turn_time: TIMES[rng.random_range(0..TIMES.len())],
            line_bytes: SIZES[rng.random_range(0..SIZES.len())],
            queued_turns: SIZES[rng.random_range(0..SIZES.len())],
        };
        let mut wrapper = Wrapper::new(&game, &b"S 0 0\nN 0 1\n"[..], std::io::sink(), limits);
        assert_eq!(wrapper.limits(), limits.clamped());
        let _ = wrapper.act(&game, &game.initial_state(0), dogfight::Side::P1);
    }
}
