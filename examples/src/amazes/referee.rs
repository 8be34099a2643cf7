//! A referee for real player programs, as the CodeCup judge ran them: each program is a child
//! process; on its turn it gets (`Start` on Red's first turn) the 4 corridor lines and the
//! distance on stdin and must answer one move line on stdout within the time limit. A crash,
//! closed pipe, timeout, or bad line hands the player to the jury (`T` every turn, score 0), the
//! program is killed, and the game goes on. After sudden death both programs get `Quit`; after a
//! normal end they are expected to exit by themselves (rules doc §4, A11).

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use amazes::{Action, End, Fault, Game, Outcome, Player, Pose, TurnEvent};

/// The longest line the referee keeps; a longer one is reported as too long as soon as it
/// overflows (its length then reads as `READ_LIMIT + 1`), and the rest is discarded.
const READ_LIMIT: usize = 4096;

/// What a program's output pipe delivered.
#[derive(Debug)]
enum Output {
    Line(String),
    TooLong(usize),
    Closed,
}

/// One running player program.
struct Program {
    child: Option<Child>,
    /// Text for the program's stdin, written by a thread of its own: a program that never
    /// reads can fill the pipe, and then only that thread blocks, never the referee.
    stdin: Option<Sender<String>>,
    lines: Option<Receiver<Output>>,
}

fn writer(mut stdin: ChildStdin) -> Sender<String> {
    let (tx, rx) = channel::<String>();
    thread::spawn(move || {
        for text in rx {
            if stdin.write_all(text.as_bytes()).is_err() || stdin.flush().is_err() {
                return;
            }
        }
    });
    tx
}

impl Program {
    fn spawn(command: &[String]) -> Result<Program, String> {
        let (exe, args) = command
            .split_first()
            .ok_or_else(|| "empty program command".to_owned())?;
        let mut child = Command::new(exe)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{exe}: {e}"))?;
        let stdin = child.stdin.take().map(writer);
        let stdout = child.stdout.take();
        // Bounded: a program that floods lines is slowed down, the referee's memory is not.
        let (tx, rx) = sync_channel(64);
        if let Some(stdout) = stdout {
            thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut line = Vec::new();
                let mut overflow = false;
                let mut byte = [0u8; 4096];
                loop {
                    let n = match reader.read(&mut byte) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Output::Closed);
                            return;
                        }
                        Ok(n) => n,
                    };
                    for &b in &byte[..n] {
                        if b == b'\n' {
                            // An overlong line was reported when it overflowed.
                            if !overflow
                                && tx
                                    .send(Output::Line(String::from_utf8_lossy(&line).into_owned()))
                                    .is_err()
                            {
                                return;
                            }
                            line.clear();
                            overflow = false;
                        } else if line.len() < READ_LIMIT {
                            line.push(b);
                        } else if !overflow {
                            // Report at once: a program may never send the newline.
                            overflow = true;
                            if tx.send(Output::TooLong(READ_LIMIT + 1)).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        }
        Ok(Program {
            child: Some(child),
            stdin,
            lines: Some(rx),
        })
    }

    /// A player whose program never started: every turn is a crash.
    fn dead() -> Program {
        Program {
            child: None,
            stdin: None,
            lines: None,
        }
    }

    fn send(&mut self, text: &str) -> bool {
        match self.stdin.as_mut() {
            Some(stdin) => stdin.send(text.to_owned()).is_ok(),
            None => false,
        }
    }

    /// One answer within `limit`, as an action.
    fn answer(&mut self, limit: Duration) -> Action {
        let Some(lines) = self.lines.as_ref() else {
            return Action::Fault(Fault::Crash);
        };
        match lines.recv_timeout(limit) {
            Ok(Output::Line(text)) => Action::from_line(&text),
            Ok(Output::TooLong(n)) => Action::Fault(Fault::TooLong(n)),
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => Action::Fault(Fault::Crash),
            Err(RecvTimeoutError::Timeout) => Action::Fault(Fault::Timeout),
        }
    }

    fn kill(&mut self) {
        self.stdin = None;
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Closes stdin and waits up to `grace` for the program to exit, then kills it.
    fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        if let Some(mut child) = self.child.take() {
            let deadline = Instant::now() + grace;
            loop {
                match child.try_wait() {
                    Ok(Some(_)) => return,
                    Ok(None) if Instant::now() < deadline => {
                        thread::sleep(Duration::from_millis(5))
                    }
                    _ => {
                        let _ = child.kill();
                        let _ = child.wait();
                        return;
                    }
                }
            }
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Referee settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Time a program has for one answer (the 2010 limit is unknown: rules doc A7).
    pub turn_limit: Duration,
    /// How long programs may take to exit at the end before they are killed.
    pub exit_grace: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            turn_limit: Duration::from_secs(1),
            exit_grace: Duration::from_millis(500),
        }
    }
}

/// The result of a refereed game.
#[derive(Debug, Clone)]
pub struct Report {
    /// Scores, end and faults.
    pub outcome: Outcome,
    /// Every turn, in order.
    pub events: Vec<TurnEvent>,
    /// The start poses.
    pub starts: [Pose; 2],
}

/// Runs one game between two programs (`commands[0]` is Red). Never panics or hangs on a
/// misbehaving program; a program that cannot be started plays as if it crashed at once.
pub fn run_game(
    game: &Game,
    starts: [Pose; 2],
    commands: [&[String]; 2],
    settings: Settings,
) -> Result<Report, String> {
    let mut state = game.initial_state_with(starts).map_err(|e| e.to_string())?;
    let mut programs = [
        Program::spawn(commands[0]).unwrap_or_else(|_| Program::dead()),
        Program::spawn(commands[1]).unwrap_or_else(|_| Program::dead()),
    ];
    let mut events = Vec::new();
    while state.end().is_none() {
        let p = state.to_move();
        let program = &mut programs[p.index()];
        let action = if state.fault(p).is_some() {
            // The jury plays; the program is no longer asked.
            Action::Fault(Fault::Crash)
        } else {
            let mut text = String::new();
            if state.is_start() {
                text.push_str("Start\n");
            }
            text.push_str(&game.observe(&state, state.to_move()).to_string());
            if program.send(&text) {
                program.answer(settings.turn_limit)
            } else {
                Action::Fault(Fault::Crash)
            }
        };
        if let Action::Fault(_) = action {
            program.kill();
        }
        events.push(game.advance(&mut state, &action));
    }
    if let Some(End::SuddenDeath { .. }) = state.end() {
        for p in Player::BOTH {
            programs[p.index()].send("Quit\n");
        }
    }
    for program in &mut programs {
        program.finish(settings.exit_grace);
    }
    let outcome = game
        .outcome(&state)
        .ok_or_else(|| "game did not end".to_owned())?;
    Ok(Report {
        outcome,
        events,
        starts,
    })
}
