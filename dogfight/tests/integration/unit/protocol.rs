//! The tests of `dogfight::protocol` that lived beside its code.

use dogfight::protocol::*;
use dogfight::{Action, Bot, Direction, Game, Move, Plane, Pos, Side, State};
use std::io::Write;

#[test]
fn every_message_round_trips() {
    for line in [
        "NEW CONTEST 14 100",
        "NEW OPPONENT 10",
        "NEW FIGHT 3 1 2",
        "ROUNDS LEFT 0",
        "NEW TURN",
        "alive 0 5 0 S 0",
        "alive 13 4 11 SD 1",
        "dead 0 0 0 N 0",
    ] {
        assert_eq!(Message::parse(line).unwrap().to_string(), line);
    }
}

#[test]
fn malformed_lines_are_typed_errors() {
    assert!(matches!(
        Message::parse("HELLO"),
        Err(ProtocolError::Unknown { .. })
    ));
    assert!(matches!(
        Message::parse("NEW FIGHT 1 2"),
        Err(ProtocolError::WordCount { expected: 5, .. })
    ));
    let err = Message::parse("alive 1 2 3 SN 0").unwrap_err();
    assert_eq!(
        err,
        ProtocolError::BadField {
            text: "alive 1 2 3 SN 0".into(),
            field: "direction",
            value: "SN".into()
        }
    );
    assert!(Message::parse("ROUNDS LEFT -1").is_err());
    assert!(Message::parse("alive 1 2 3 S 300").is_err());
    assert!(Message::parse("alive 01 2 3 S 0").is_err());
    assert!(Message::parse("").is_err());
}

#[test]
fn replies_are_read_like_the_controller() {
    assert_eq!(parse_reply("S 0 1"), Move::new(Direction::S, false, true));
    assert_eq!(parse_reply("SED 1 0").to_string(), "SED 1 0");
    assert_eq!(parse_reply("NSEW 0 0").direction.as_str(), "NW");
    for bad in ["garbage", "s 1 1", "SU 1 1 ", "", "S 2 0", "S 0", "S  0 0"] {
        assert_eq!(
            parse_reply(bad),
            Move::new(Direction::N, false, false),
            "{bad:?}"
        );
    }
}

#[test]
fn reply_lines_keep_the_engine_meaning() {
    let plane = Plane::new(Pos::new(3, 3, 3), Direction::S);
    assert_eq!(reply_line(&plane, None), "S 0 0");
    assert_eq!(
        reply_line(&plane, Some(Move::new(Direction::ZERO, true, true))),
        "S 0 1"
    );
    let dead = Plane {
        alive: false,
        ..plane
    };
    assert_eq!(reply_line(&dead, Some(Move::turn(Direction::S))), "N 0 0");
}

/// One end of an in-memory pipe.
struct PipeWriter(std::sync::mpsc::Sender<Vec<u8>>);
struct PipeReader {
    from: std::sync::mpsc::Receiver<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
}

impl Write for PipeWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .send(bytes.to_vec())
            .map_err(|_| std::io::ErrorKind::BrokenPipe)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl std::io::Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.buffer.len() {
            match self.from.recv() {
                Ok(bytes) => {
                    self.buffer = bytes;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buffer.len() - self.at);
        out[..n].copy_from_slice(&self.buffer[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn pipe() -> (PipeWriter, std::io::BufReader<PipeReader>) {
    let (to, from) = std::sync::mpsc::channel();
    let reader = PipeReader {
        from,
        buffer: Vec::new(),
        at: 0,
    };
    (PipeWriter(to), std::io::BufReader::new(reader))
}

/// Turns to the first direction that keeps it clear of the walls, shooting whenever it can.
struct Shooter;

impl Bot for Shooter {
    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        let moves = side.planes().map(|id| {
            let plane = state.plane(id);
            plane
                .possible_directions()
                .iter()
                .map(|&d| Move::new(d, true, true))
                .find(|&mv| {
                    !plane
                        .simulate_move(mv, game.arena())
                        .is_suicidal(game.arena())
                })
        });
        Action { moves }
    }
}

#[test]
fn a_bot_behind_the_wrapper_plays_exactly_like_the_bot_itself() {
    let game = Game::default();
    let (to_bot, bot_input) = pipe();
    let (from_bot, bot_output) = pipe();
    let program = std::thread::spawn(move || run_bot(&mut Shooter, bot_input, from_bot));
    let mut wrapped = Wrapper::new(&game, bot_output, to_bot, Limits::default());
    let through_pipes = dogfight::play_match(&game, &mut Shooter, &mut wrapped, 3);
    assert_eq!(wrapped.fault(), None);
    drop(wrapped);
    let turns = program.join().unwrap().unwrap();
    let direct = dogfight::play_match(&game, &mut Shooter, &mut Shooter, 3);
    assert_eq!(through_pipes, direct);
    assert!(turns > 3);
}

#[test]
fn a_silent_program_is_reported() {
    let game = Game::default();
    let mut wrapper = Wrapper::new(&game, &b""[..], std::io::sink(), Limits::default());
    let action = wrapper.act(&game, &game.initial_state(0), Side::P2);
    assert_eq!(action, Action::none());
    assert_eq!(wrapper.fault(), Some(&Fault::Crash { round: 1 }));
}

#[test]
fn the_driver_rejects_broken_turns() {
    struct Idle;
    impl Bot for Idle {
        fn act(&mut self, _: &Game, _: &State, _: Side) -> Action {
            Action::none()
        }
    }
    let truncated = "NEW TURN\nalive 0 5 0 S 0\n";
    assert!(matches!(
        run_bot(&mut Idle, truncated.as_bytes(), Vec::new()),
        Err(DriverError::Unexpected { line: 2, .. })
    ));
    let interrupted = "NEW TURN\nalive 0 5 0 S 0\nNEW TURN\n";
    assert!(run_bot(&mut Idle, interrupted.as_bytes(), Vec::new()).is_err());
    let stray = "alive 0 5 0 S 0\n";
    assert!(run_bot(&mut Idle, stray.as_bytes(), Vec::new()).is_err());
    let endless = "NEW TURN".repeat(100);
    assert!(matches!(
        run_bot(&mut Idle, endless.as_bytes(), Vec::new()),
        Err(DriverError::LineTooLong {
            line: 1,
            limit: 256
        })
    ));
    let huge = "NEW CONTEST 1000 100\n";
    assert!(matches!(
        run_bot(&mut Idle, huge.as_bytes(), Vec::new()),
        Err(DriverError::Arena { line: 1, .. })
    ));
    let garbage = "NEW FIGHT x 0 0\n";
    assert!(matches!(
        run_bot(&mut Idle, garbage.as_bytes(), Vec::new()),
        Err(DriverError::Protocol { line: 1, .. })
    ));
}
