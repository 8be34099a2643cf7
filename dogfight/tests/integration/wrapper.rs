//! `protocol::Wrapper` against real misbehaving child programs (issue 12): each case is bounded
//! in time by the wrapper's own limits (a turn limit, a 64-byte line, a 2-turn queue), never by
//! the program; a wrapper that waited on the program would hang these tests, not fail them.
//! Programs expected to answer get a 30 s turn, far above a busy machine's start-up time; only the
//! sleeping program and the one that never reads, whose waits are the point, get a short one.
#![cfg(unix)]

use std::process::Command;
use std::time::Duration;

use dogfight::protocol::{Fault, Limits, Wrapper};
use dogfight::{Action, Bot, Direction, Game, Move, Side, State, play_fight};

/// The short turn of the timeout test.
const SHORT_TURN: Duration = Duration::from_millis(300);

fn limits() -> Limits {
    Limits {
        turn_time: Duration::from_secs(30),
        line_bytes: 64,
        queued_turns: 2,
    }
}

/// `sh -c SCRIPT` behind a wrapper (the wrapper appends `14 100`, which become `$0` and `$1`).
fn shell(script: &str) -> (Game, Wrapper) {
    shell_with(script, limits())
}

fn shell_with(script: &str, limits: Limits) -> (Game, Wrapper) {
    let game = Game::default();
    let wrapper =
        Wrapper::spawn(Command::new("sh").arg("-c").arg(script), &game, limits).expect("sh starts");
    (game, wrapper)
}

fn one_turn(game: &Game, wrapper: &mut Wrapper) -> Action {
    wrapper.act(game, &game.initial_state(0), Side::P1)
}

/// Answers every turn with two `S 0 0` lines.
const POLITE: &str =
    r#"while read l; do if [ "$l" = "NEW TURN" ]; then echo "S 0 0"; echo "S 0 0"; fi; done"#;

#[test]
fn a_polite_program_plays_without_fault() {
    let (game, mut wrapper) = shell(POLITE);
    for _ in 0..3 {
        let action = one_turn(&game, &mut wrapper);
        assert_eq!(action.moves, [Some(Move::slide(Direction::S)); 2]);
    }
    assert_eq!(wrapper.fault(), None);
    assert!(wrapper.is_running());
}

#[test]
fn a_sleeping_program_times_out_and_is_stopped() {
    let short = Limits {
        turn_time: SHORT_TURN,
        ..limits()
    };
    let (game, mut wrapper) = shell_with("sleep 50", short);
    assert_eq!(one_turn(&game, &mut wrapper), Action::none());
    assert_eq!(
        wrapper.fault(),
        Some(&Fault::Timeout {
            limit_ms: 300,
            round: 1
        })
    );
    assert!(!wrapper.is_running());
    // Given up: later turns answer at once, without waiting again.
    assert_eq!(one_turn(&game, &mut wrapper), Action::none());
}

#[test]
fn an_endless_line_is_cut_at_the_limit() {
    let (game, mut wrapper) = shell("cat /dev/zero");
    assert_eq!(one_turn(&game, &mut wrapper), Action::none());
    assert_eq!(
        wrapper.fault(),
        Some(&Fault::LineTooLong {
            limit: 64,
            round: 1
        })
    );
}

#[test]
fn a_program_that_never_reads_is_given_up() {
    // It answers every turn at once but never reads, so its input pipe fills (about 64 KiB,
    // some 600 turns), then the 2-turn queue; the wrapper never blocks on the pipe.
    // Its fault is found when a write to its full pipe has waited a whole turn: a short one.
    let short = Limits {
        turn_time: SHORT_TURN,
        ..limits()
    };
    let (game, mut wrapper) = shell_with("yes 'N 0 0'", short);
    let state = State::new(game.initial_state(0).planes());
    let mut turns = 0;
    while wrapper.is_running() && turns < 20_000 {
        wrapper.act(&game, &state, Side::P1);
        turns += 1;
    }
    assert!(
        matches!(wrapper.fault(), Some(Fault::NotReading { turns: 2, .. })),
        "{:?} after {turns} turns",
        wrapper.fault()
    );
}

#[test]
fn a_program_that_exits_is_a_crash_in_every_later_fight() {
    let (game, mut wrapper) = shell("exit 0");
    let mut straight = Straight;
    for fight in 0..3 {
        wrapper.new_fight(&game, fight, 0, fight);
        let outcome = play_fight(&game, &mut straight, &mut wrapper);
        assert!(outcome.round >= 1);
        assert_eq!(
            wrapper.fight_fault().as_ref().map(Fault::kind),
            Some("crash"),
            "fight {fight}"
        );
    }
}

#[test]
fn garbage_is_read_as_the_original_reads_it_and_reported_per_fight() {
    let (game, mut wrapper) =
        shell(r#"while read l; do [ "$l" = "NEW TURN" ] && echo hello && echo "S 0 1"; done"#);
    let action = one_turn(&game, &mut wrapper);
    assert_eq!(
        action.moves,
        [
            Some(Move::new(Direction::N, false, false)),
            Some(Move::new(Direction::S, false, true))
        ]
    );
    assert_eq!(
        wrapper.fault(),
        Some(&Fault::Garbage {
            line: "hello".into(),
            round: 1
        })
    );
    assert!(wrapper.is_running());
    // A new fight starts clean; the program is still played.
    wrapper.new_fight(&game, 1, 0, 0);
    assert_eq!(wrapper.fight_fault(), None);
}

#[test]
fn a_missing_program_is_an_error() {
    let game = Game::default();
    assert!(
        Wrapper::spawn(
            &mut Command::new("/nonexistent/dogfight-bot"),
            &game,
            limits()
        )
        .is_err()
    );
}

struct Straight;

impl Bot for Straight {
    fn act(&mut self, _: &Game, _: &State, _: Side) -> Action {
        Action::none()
    }
}

/// Issue 22: limits whose arithmetic overflows (`Duration::MAX` turns, `usize::MAX` queues) or
/// whose queue would not fit in memory (`1 << 40` turns) are clamped to their documented caps
/// before anything is allocated or timed; the wrapper plays as with the caps.
#[test]
fn overflowing_limits_are_clamped_not_a_panic_or_an_abort() {
    let game = Game::default();
    for queued_turns in [usize::MAX, 1 << 40, 0] {
        let wild = Limits {
            turn_time: Duration::MAX,
            line_bytes: usize::MAX,
            queued_turns,
        };
        let replies = "S 0 0\nS 0 0\n";
        let mut wrapper = Wrapper::new(&game, replies.as_bytes(), std::io::sink(), wild);
        let limits = wrapper.limits();
        assert_eq!(limits.turn_time, Limits::MAX_TURN_TIME);
        assert_eq!(limits.line_bytes, Limits::MAX_LINE_BYTES);
        assert_eq!(
            limits.queued_turns,
            queued_turns.clamp(1, Limits::MAX_QUEUED_TURNS)
        );
        let action = one_turn(&game, &mut wrapper);
        assert_eq!(
            action.moves,
            [Some(Move::new(Direction::S, false, false)); 2]
        );
        assert_eq!(wrapper.fault(), None);
    }
}

/// A program slow to start (a second before its first answer, as an interpreter on a busy
/// machine) gets the start-up grace on its first turn only: a later turn as slow times out.
#[test]
fn the_startup_grace_covers_the_first_answer_only() {
    let short = Limits {
        turn_time: SHORT_TURN,
        ..limits()
    };
    let slow = r#"while read l; do if [ "$l" = "NEW TURN" ]; then sleep 1; echo "S 0 0"; echo "S 0 0"; fi; done"#;
    let game = Game::default();
    let mut wrapper = Wrapper::spawn(Command::new("sh").arg("-c").arg(slow), &game, short)
        .expect("sh starts")
        .with_startup_grace(Duration::from_secs(60));
    let action = one_turn(&game, &mut wrapper);
    assert_eq!(action.moves, [Some(Move::slide(Direction::S)); 2]);
    assert_eq!(wrapper.fault(), None);
    assert_eq!(one_turn(&game, &mut wrapper), Action::none());
    assert!(matches!(
        wrapper.fault(),
        Some(Fault::Timeout { round: 1, .. })
    ));
}
