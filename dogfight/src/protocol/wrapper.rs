//! The controller's end of the wrapper protocol, [`Wrapper`]: it drives an external bot program
//! and never waits on it longer than a turn's time limit, never keeps more of a reply line than
//! the line limit, and never blocks on the program's pipes (a reader and a writer thread, joined
//! to the wrapper by bounded channels). What went wrong is a [`Fault`], one per fight.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use super::{Message, parse_reply, reply_is_well_formed, turn_messages};
use crate::{Action, Bot, Game, Move, Side, State};

/// The limits a [`Wrapper`] holds an external program to.
///
/// Each limit has a cap ([`Limits::MAX_TURN_TIME`], [`Limits::MAX_LINE_BYTES`],
/// [`Limits::MAX_QUEUED_TURNS`]): a [`Wrapper`] uses [`Limits::clamped`], so a larger value
/// (even `Duration::MAX` or `usize::MAX`) means the cap, never a panic, an overflow or a huge
/// allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Time the program has for both reply lines of one turn, from the moment the turn's lines
    /// are queued. The original's wrapper had none; 1 s by default, at most
    /// [`Limits::MAX_TURN_TIME`].
    pub turn_time: Duration,
    /// The longest reply line kept, in bytes without the newline; a longer line is a
    /// [`Fault::LineTooLong`] as soon as it overflows (a program may never send the newline).
    /// A well-formed reply is at most a few bytes; 1024 by default, at most
    /// [`Limits::MAX_LINE_BYTES`].
    pub line_bytes: usize,
    /// Turns' worth of lines that may wait for a program that does not read its input before
    /// the wrapper gives up on it ([`Fault::NotReading`]); 64 by default, 1 to
    /// [`Limits::MAX_QUEUED_TURNS`] (the queue is allocated up front). The pipe itself holds
    /// about 64 KiB more.
    pub queued_turns: usize,
}

impl Limits {
    /// The longest turn time a wrapper waits: a day (a longer one is this; no clock overflows).
    pub const MAX_TURN_TIME: Duration = Duration::from_secs(24 * 60 * 60);
    /// The longest reply line a wrapper keeps: 1 MiB.
    pub const MAX_LINE_BYTES: usize = 1 << 20;
    /// The most turns a wrapper queues for a program: 4096 (about 1 MiB of turn lines).
    pub const MAX_QUEUED_TURNS: usize = 4096;

    /// These limits within their caps: `turn_time` at most [`Limits::MAX_TURN_TIME`],
    /// `line_bytes` at most [`Limits::MAX_LINE_BYTES`], `queued_turns` between 1 and
    /// [`Limits::MAX_QUEUED_TURNS`]. [`Wrapper::new`] and [`Wrapper::spawn`] apply it.
    ///
    /// ```
    /// use std::time::Duration;
    /// use dogfight::protocol::Limits;
    ///
    /// let wild = Limits { turn_time: Duration::MAX, line_bytes: usize::MAX, queued_turns: 0 };
    /// let limits = wild.clamped();
    /// assert_eq!(limits.turn_time, Limits::MAX_TURN_TIME);
    /// assert_eq!(limits.line_bytes, Limits::MAX_LINE_BYTES);
    /// assert_eq!(limits.queued_turns, 1);
    /// ```
    pub fn clamped(self) -> Limits {
        Limits {
            turn_time: self.turn_time.min(Limits::MAX_TURN_TIME),
            line_bytes: self.line_bytes.min(Limits::MAX_LINE_BYTES),
            queued_turns: self.queued_turns.clamp(1, Limits::MAX_QUEUED_TURNS),
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            turn_time: Duration::from_secs(1),
            line_bytes: 1024,
            queued_turns: 64,
        }
    }
}

/// Why a program's fight went wrong. After any fault but [`Fault::Garbage`] the program is
/// stopped (killed if the wrapper started it) and its planes get no moves (they fly straight)
/// for the rest of the match; a garbage line is read as the original reads it (`N 0 0`).
///
/// Its text is one line that starts with its kind ([`Fault::kind`]: the fault words of every
/// game of the `arena` crate), then the round: `silence: round 3: no reply within 1000 ms`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Fault {
    /// No complete reply within the turn's time limit.
    #[error("silence: round {round}: no reply within {limit_ms} ms")]
    Timeout {
        /// The limit, in milliseconds.
        limit_ms: u64,
        /// The round (1-based) that was waiting.
        round: u16,
    },
    /// The program's output ended (it exited or crashed) or could not be read.
    #[error("crash: round {round}: the program's output ended")]
    Crash {
        /// The round (1-based) that was waiting, 0 before the first turn.
        round: u16,
    },
    /// A reply line longer than the limit.
    #[error("flood: round {round}: a line longer than {limit} bytes")]
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
        /// The round (1-based).
        round: u16,
    },
    /// A reply that is not `DIRECTION CHANGE SHOOT`; the original reads it as `N 0 0`.
    #[error("garbage: round {round}: reply {line:?} read as N 0 0")]
    Garbage {
        /// The rejected line (at most 64 bytes of it, lossily decoded).
        line: String,
        /// The round (1-based).
        round: u16,
    },
    /// The program stopped reading its input: its pipe and the queue are full.
    #[error("silence: round {round}: not reading, {turns} turns of input queued unread")]
    NotReading {
        /// The queue's limit, in turns.
        turns: usize,
        /// The round (1-based).
        round: u16,
    },
    /// The program could not be started or its input pipe broke.
    #[error("crash: {0}")]
    Io(String),
    /// The program ended, as the process that started it saw (the `arena`'s program bots):
    /// `kind` is `crash`, or the limit that ended it (`limit: cpu time`), `how` its exit code
    /// or signal (`exit code 3`, `killed by SIGSEGV`). The wrapper itself reports
    /// [`Fault::Crash`], which knows no more than that the output ended.
    #[error("{kind}: round {round}: {how}")]
    Ended {
        /// `crash`, or `limit: WHAT`.
        kind: String,
        /// The round (1-based) that was waiting, 0 before the first turn.
        round: u16,
        /// The exit code or the signal.
        how: String,
    },
}

impl Fault {
    /// One word for tables, the first of its text: `silence` (a timeout, or input left unread),
    /// `crash` (the output ended, the program could not be started or its input broke),
    /// `flood` (a line over the limit), `garbage` (a malformed reply), `limit` (a program
    /// ended by one of the arena's resource limits: [`Fault::Ended`]).
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Timeout { .. } | Fault::NotReading { .. } => "silence",
            Fault::Crash { .. } | Fault::Io(_) => "crash",
            Fault::LineTooLong { .. } => "flood",
            Fault::Garbage { .. } => "garbage",
            Fault::Ended { kind, .. } => {
                if kind.starts_with("limit") {
                    "limit"
                } else {
                    "crash"
                }
            }
        }
    }

    /// The round (1-based) it happened in; 0 before the first turn, or when the program could
    /// not be started ([`Fault::Io`]).
    pub const fn round(&self) -> u16 {
        match self {
            Fault::Timeout { round, .. }
            | Fault::Crash { round }
            | Fault::LineTooLong { round, .. }
            | Fault::Garbage { round, .. }
            | Fault::NotReading { round, .. }
            | Fault::Ended { round, .. } => *round,
            Fault::Io(_) => 0,
        }
    }

    /// Whether the program is given up after this fault.
    pub const fn is_fatal(&self) -> bool {
        !matches!(self, Fault::Garbage { .. })
    }
}

/// What the reader thread delivers.
#[derive(Debug)]
enum Output {
    Line(String),
    TooLong,
    Closed,
}

/// Reads `input` into lines of at most `limit` bytes; stops at the end, on an error, or when the
/// wrapper is gone. The channel is bounded, so a flooding program is slowed, memory is not used.
fn reader(mut input: impl Read, limit: usize, lines: SyncSender<Output>) {
    let mut line = Vec::with_capacity(limit.min(256));
    let mut overflow = false;
    let mut chunk = [0u8; 4096];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) | Err(_) => {
                let _ = lines.send(Output::Closed);
                return;
            }
            Ok(n) => n,
        };
        for &byte in &chunk[..n] {
            if byte == b'\n' {
                // An overlong line was reported when it overflowed.
                if !overflow {
                    let text = String::from_utf8_lossy(&line).into_owned();
                    if lines.send(Output::Line(text)).is_err() {
                        return;
                    }
                }
                line.clear();
                overflow = false;
            } else if line.len() < limit {
                line.push(byte);
            } else if !overflow {
                overflow = true;
                if lines.send(Output::TooLong).is_err() {
                    return;
                }
            }
        }
    }
}

/// Writes queued text to `output` until the queue closes or a write fails.
fn writer(mut output: impl Write, queue: Receiver<String>) {
    for text in queue {
        if output.write_all(text.as_bytes()).is_err() || output.flush().is_err() {
            return;
        }
    }
}

/// The controller's side of the protocol, as a [`Bot`]: it forwards every call to an external
/// bot program over its stdin/stdout, as the original `PlaneWrapper` does, so a program written
/// for the 2014 tournament plays local matches against any Rust bot, within [`Limits`].
///
/// Construction sends `NEW CONTEST <size> <rounds>`; [`Bot::new_opponent`] and
/// [`Bot::new_fight`] send their lines; [`Bot::act`] sends `ROUNDS LEFT`, `NEW TURN` and the four
/// plane lines of [`Game::observe`], then waits at most [`Limits::turn_time`] for two replies,
/// read with [`parse_reply`] (a malformed reply becomes `N 0 0`, as in the original, and is
/// reported as [`Fault::Garbage`]). Where the original would hang or crash (no reply, the output
/// ends, a line without end, input never read) the wrapper records a fatal [`Fault`], stops the
/// program, and answers "no moves" from then on. [`Wrapper::fault`] gives the current fight's
/// fault; [`Bot::fight_fault`] reports it to fight runners.
///
/// ```
/// use dogfight::protocol::{Fault, Limits, Wrapper};
/// use dogfight::{Bot, Direction, Game, Move, Side};
///
/// let game = Game::default();
/// // A scripted "program": its replies are already written; what it is sent is dropped.
/// let replies = "SE 0 1\ngarbage\n";
/// let mut wrapper = Wrapper::new(&game, replies.as_bytes(), std::io::sink(), Limits::default());
/// let action = wrapper.act(&game, &game.initial_state(0), Side::P1);
/// assert_eq!(action.moves[0], Some(Move::new("SE".parse()?, false, true)));
/// assert_eq!(action.moves[1], Some(Move::new(Direction::N, false, false)));
/// assert_eq!(wrapper.fault().map(Fault::kind), Some("garbage"));
/// // Then the output ends: a crash, and the planes fly straight.
/// let action = wrapper.act(&game, &game.initial_state(0), Side::P1);
/// assert_eq!(action.moves, [None, None]);
/// assert_eq!(wrapper.fault().map(Fault::kind), Some("crash"));
/// # Ok::<(), dogfight::ParseDirectionError>(())
/// ```
#[derive(Debug)]
pub struct Wrapper {
    limits: Limits,
    /// Text for the program's input; `None` once the program is given up.
    input: Option<SyncSender<String>>,
    output: Option<Receiver<Output>>,
    /// The program, when the wrapper started it: killed when given up or dropped.
    child: Option<Child>,
    /// The fault of the current fight: a fatal one stays for every later fight.
    fault: Option<Fault>,
    /// Extra time for the program's first answer ([`Wrapper::with_startup_grace`]).
    startup_grace: Duration,
    /// Whether the program has been asked for a turn yet.
    asked: bool,
}

impl Wrapper {
    /// Connects to a bot program that reads `output` and writes `input`, each served by a thread
    /// of its own, and sends it `NEW CONTEST`. The threads end when the streams end or fail, or
    /// when the wrapper is dropped and they next touch their channel. `limits` are used
    /// [`clamped`](Limits::clamped) to their caps.
    pub fn new(
        game: &Game,
        input: impl Read + Send + 'static,
        output: impl Write + Send + 'static,
        limits: Limits,
    ) -> Wrapper {
        // Before anything is allocated or timed: `sync_channel` allocates its whole bound, and
        // `Instant + turn_time` panics past the clock's range.
        let limits = limits.clamped();
        let (lines_to, lines) = sync_channel(2);
        let line_bytes = limits.line_bytes;
        thread::spawn(move || reader(input, line_bytes, lines_to));
        let (queue, queued) = sync_channel(limits.queued_turns);
        thread::spawn(move || writer(output, queued));
        let mut wrapper = Wrapper {
            limits,
            input: Some(queue),
            output: Some(lines),
            child: None,
            fault: None,
            startup_grace: Duration::ZERO,
            asked: false,
        };
        wrapper.send(
            &[Message::NewContest {
                arena_size: game.arena().size(),
                rounds: game.config().rounds.into(),
            }],
            0,
        );
        wrapper
    }

    /// Starts `command` with `<arena size> <rounds>` appended (the original's argv), piped
    /// stdin/stdout and stderr discarded, and connects to it. The process is killed when the
    /// wrapper gives up on it or is dropped, as the original's `close()` destroys it.
    pub fn spawn(command: &mut Command, game: &Game, limits: Limits) -> std::io::Result<Wrapper> {
        let mut child = command
            .arg(game.arena().size().to_string())
            .arg(game.config().rounds.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::other("the program has no pipes"));
        };
        let mut wrapper = Wrapper::new(game, stdout, stdin, limits);
        wrapper.child = Some(child);
        Ok(wrapper)
    }

    /// Gives the program `grace` more than [`Limits::turn_time`] for its first answer (at most
    /// [`Limits::MAX_TURN_TIME`]): an interpreter's start-up on a busy machine can take longer
    /// than a turn, and the original controller had no time limit at all. Later turns get
    /// `turn_time` alone.
    pub fn with_startup_grace(mut self, grace: Duration) -> Wrapper {
        self.startup_grace = grace.min(Limits::MAX_TURN_TIME);
        self
    }

    /// The limits in force (the ones given, [`clamped`](Limits::clamped)).
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The current fight's fault, if any (a fatal fault stays for every later fight).
    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    /// Whether the program is still played (no fatal fault yet).
    pub fn is_running(&self) -> bool {
        self.input.is_some()
    }

    fn record(&mut self, fault: Fault) {
        if fault.is_fatal() {
            self.stop();
            self.fault = Some(fault);
        } else if self.fault.is_none() {
            self.fault = Some(fault);
        }
    }

    /// Gives the program up: closes the channels and kills it if the wrapper started it.
    fn stop(&mut self) {
        self.input = None;
        self.output = None;
        if let Some(mut child) = self.child.take() {
            // Errors only mean that it has already exited.
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn send(&mut self, messages: &[Message], round: u16) {
        let Some(input) = self.input.as_ref() else {
            return;
        };
        let mut text = String::with_capacity(32 * messages.len());
        for message in messages {
            text.push_str(&message.to_string());
            text.push('\n');
        }
        // A full queue may only mean that the writer thread has not run yet: retry until the
        // turn's time is up before calling the program stalled.
        let deadline = Instant::now() + self.limits.turn_time;
        let mut pending = text;
        let sent = loop {
            match input.try_send(pending) {
                Err(TrySendError::Full(text)) if Instant::now() < deadline => {
                    pending = text;
                    thread::sleep(Duration::from_millis(1));
                }
                other => break other,
            }
        };
        match sent {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => self.record(Fault::NotReading {
                turns: self.limits.queued_turns,
                round,
            }),
            // The writer thread ended: the program's input is closed, so it has exited or
            // will never read again; its output tells which, but it cannot play either way.
            Err(TrySendError::Disconnected(_)) => self.record(Fault::Crash { round }),
        }
    }

    fn receive(&mut self, deadline: Instant, round: u16) -> Option<Move> {
        let output = self.output.as_ref()?;
        let left = deadline.saturating_duration_since(Instant::now());
        match output.recv_timeout(left) {
            Ok(Output::Line(text)) => {
                if !reply_is_well_formed(&text) {
                    let mut line = text;
                    if line.len() > 64 {
                        let mut end = 64;
                        while !line.is_char_boundary(end) {
                            end -= 1;
                        }
                        line.truncate(end);
                    }
                    let mv = parse_reply(&line);
                    self.record(Fault::Garbage { line, round });
                    return Some(mv);
                }
                Some(parse_reply(&text))
            }
            Ok(Output::TooLong) => {
                self.record(Fault::LineTooLong {
                    limit: self.limits.line_bytes,
                    round,
                });
                None
            }
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.record(Fault::Crash { round });
                None
            }
            Err(RecvTimeoutError::Timeout) => {
                self.record(Fault::Timeout {
                    limit_ms: u64::try_from(self.limits.turn_time.as_millis()).unwrap_or(u64::MAX),
                    round,
                });
                None
            }
        }
    }
}

impl Drop for Wrapper {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Bot for Wrapper {
    fn new_opponent(&mut self, fights: u32) {
        self.send(&[Message::NewOpponent { fights }], 0);
    }

    fn new_fight(&mut self, _game: &Game, fight: u32, my_score: u32, enemy_score: u32) {
        if !self.fault.as_ref().is_some_and(Fault::is_fatal) {
            self.fault = None;
        }
        self.send(
            &[Message::NewFight {
                fight,
                my_score,
                enemy_score,
            }],
            0,
        );
    }

    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        let round = state.round.saturating_add(1);
        let seen = game.observe_side(state, side);
        self.send(&turn_messages(game, &seen, Side::P1), round);
        let grace = if self.asked {
            Duration::ZERO
        } else {
            self.startup_grace
        };
        self.asked = true;
        let deadline = Instant::now() + self.limits.turn_time + grace;
        let first = self.receive(deadline, round);
        let second = self.receive(deadline, round);
        if !self.is_running() {
            // A half-answered turn of a program given up counts as no answer.
            return Action::none();
        }
        Action {
            moves: [first, second],
        }
    }

    fn fight_fault(&self) -> Option<Fault> {
        self.fault.clone()
    }
}
