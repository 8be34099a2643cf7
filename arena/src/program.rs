//! Programs in any language as players: [`Program`], a child process spoken to in lines over its
//! standard input and output, and [`ProgramBot`], a program playing as a [`Bot`] in the game's
//! ORIGINAL protocol, so the original contests' bots play unchanged.
//!
//! `cmd:PROGRAM ARG...` on `play`'s `--bots` is a command line ([`command_line`]): the program
//! and its arguments, split into words as a POSIX shell splits them, with quote removal only
//! (the `shell-words` crate). Words are separated by spaces; `'...'` keeps everything inside as it
//! is, `"..."` keeps everything but `\"`, `\\`, `\$` and `` \` `` (a backslash before them is
//! dropped), and outside quotes a backslash keeps the next character; so a quoted argument may
//! hold spaces and commas (`cmd:python3 "my bot.py" --name 'a, b'`; `play --bots` splits bots
//! only at commas outside quotes). Nothing is expanded (no `$VARIABLE`, `~`, `*` or `;`: they are
//! plain characters), a word that starts with `#` starts a comment to the end, and a quote left
//! open is an error ([`ProgramError::Quoting`]) before any game.
//!
//! | game | protocol | time per move |
//! |---|---|---|
//! | Amazes | the CodeCup 2010 judge's: `Start` on Red's first turn, then each turn the 4 corridor lines and the distance; the answer is one move line; `Quit` after sudden death | [`AMAZES_TURN_LIMIT`] (the 2010 limit is unknown: rules doc A7), plus [`STARTUP_GRACE`] for the first answer of a game |
//! | Tron3D | ours, [`tron3d::protocol`] (the kit compiles its players in): the parameters and the map once, then each round the scores, walls, items and bikes; the answer is one `moves` line; `end` and the final scores at the end | [`TRON3D_TURN_LIMIT`] (the kit has none), plus [`STARTUP_GRACE`] for the first answer of a game |
//! | CloudWars ([`CloudWarsProgram`]) | the original TCP text protocol (`remote/server.go`), the arena as the lockstep server of one game: each step the program's `list` is answered with the world, and its requests up to its next `list` are the step's (the first `move` or `kill` its command) | [`CLOUDWARS_STEP_LIMIT`] per step (the original is real-time: this is the lockstep server's patience), plus [`STARTUP_GRACE`] to connect and for the first step |
//! | Windward ([`WindwardProgram`]) | the original TCP protocol (`TcpServer.cs`): `<join>`, `<setup>`, `<ready>`, then each tick the tick's messages to its seat; its messages are the next tick's orders | [`WINDWARD_SYNC_LIMIT`] for a program that syncs (each message answered by an empty `<move />`), [`WINDWARD_UNSYNCED_WAIT`] for one that never does (the original kit's), nothing on a tick without messages; plus [`STARTUP_GRACE`] to connect and `<join>` |
//!
//! CloudWars and Windward programs are network clients, as in the original contests: for each game
//! the arena listens on 127.0.0.1 (a free port, or one given with `.port(1707)`), starts the program
//! with every `{port}` in its arguments replaced by the port ([`with_port`]) and
//! [`PORT_VARIABLE`] (`CONTEST_PORT`) set to it, and waits for its connection. Their standard input
//! is a pipe kept open until the game is over (the original Windward kit's client quits when its
//! input ends); their standard output and error both go to the seat's file.
//!
//! # Containment
//!
//! Every program is started through [`Containment`] ([`contain`]): in a PID namespace of its own,
//! so that it and everything it starts are killed whole when its game ends, its bot is dropped or
//! the arena dies (SIGKILL included); with resource limits ([`Limits`]); in a Landlock sandbox
//! where the kernel has one; with a clean environment, a scratch folder per seat and game, and a
//! capped standard error. The defaults are on; [`ProgramBot::containment`] (and the same method of
//! the network bots) changes them. The crate README's "Running bots you did not write" says what
//! is contained and what is not.
//!
//! # Limits and faults
//!
//! A line from a program is at most [`LINE_LIMIT`] bytes (longer is reported as soon as it
//! overflows, and the rest of it is discarded), at most [`QUEUED_LINES`] lines wait unread (a
//! flooding program is slowed down, never the arena's memory), and its standard error goes to a
//! file per seat when one is given ([`ProgramBot::stderr_to`], and the same method of the network
//! bots), else nowhere. A program that
//! cannot be started, crashes, stays silent past the time limit, floods or answers garbage gets a
//! fault ([`Bot::fault`]) and the game's documented default action (Amazes: the jury plays `T`
//! every turn and the player scores 0; Tron3D: no more commands, as the kit's `Null` player, so
//! its bikes explode at their next required move); the game always finishes and the process is
//! killed. When a game ends, a program is told as its protocol says ([`Bot::game_over`]), its
//! input is closed and it gets [`EXIT_GRACE`] to exit before it is killed. The process is also
//! killed when the bot is dropped, so no program outlives its game.
//!
//! A fault is one line ([`Bot::fault`]), the same in all five games: its kind first, then where
//! (`turn N` in Amazes, `round N` in Tron3D and Dogfight, `step N` in CloudWars, `tick N` in
//! Windward, when the game had begun), then what happened:
//!
//! | kind | what the program did | e.g. |
//! |---|---|---|
//! | `crash` | could not be started, exited (the exit code or the signal said), closed its output or connection, or stopped taking its input | `crash: round 3: killed by SIGSEGV` |
//! | `silence` | no answer within the time limit (never connected, a missed sync, input left unread) | `silence: turn 12: no answer within 1s` |
//! | `flood` | a line longer than the limit, or more requests or messages than a step allows | `flood: turn 1: a line longer than 4096 bytes` |
//! | `garbage` | an answer that cannot be read, or that the protocol forbids | `garbage: step 4: "hello" is no command` |
//! | `limit: WHAT` | went over one of its resource limits (memory, CPU time, ...) | `limit: memory` |
//!
//! The first fault of each bot in each game is kept: counted per bot in the results table and
//! printed under it with its game, step and reason ([`crate::results::Results::fault_lines`]),
//! kept in the results file ([`crate::results::GameRecord::faults`] and
//! [`crate::results::GameRecord::fault_steps`]), and shown on the replay page from the step
//! where it happened ([`crate::viewer`]).

use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, Command};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::thread;
use std::time::Duration;

// Without a game with program bots, the bot side is unused (the `Program` shape still serves).
#[cfg_attr(not(feature = "amazes"), allow(unused_imports))]
use crate::bot::Bot;

#[cfg(feature = "cloudwars")]
mod cloudwars;
pub mod contain;
mod net;
#[cfg(feature = "windward")]
mod windward;

#[cfg(feature = "cloudwars")]
pub use self::cloudwars::{
    CLOUDWARS_EXIT_WAIT, CLOUDWARS_REQUESTS_PER_STEP, CLOUDWARS_STEP_LIMIT, CloudWarsProgram,
};
pub use self::contain::Start;
pub use self::contain::{
    Contained, Containment, Limits, Protections, SEAT_VARIABLE, STDERR_CAP, exit_fault,
};
pub use self::net::{PORT_VARIABLE, with_port};
#[cfg(feature = "windward")]
pub use self::windward::{
    WINDWARD_EXIT_WAIT, WINDWARD_SYNC_LIMIT, WINDWARD_UNSYNCED_WAIT, WindwardProgram,
};
#[cfg(feature = "tron3d")]
mod tron3d_bot;

/// Makes the process `command` starts die with the thread that starts it, so that no program bot
/// outlives an arena that is interrupted or killed (Linux: `prctl(PR_SET_PDEATHSIG, SIGKILL)`,
/// also when the arena died between the fork and the call; elsewhere it does nothing, and a
/// program is only killed when its bot is dropped). Start programs from a thread that lives as
/// long as they do (a game's thread does).
pub fn dies_with_parent(command: &mut Command) -> &mut Command {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: the closure runs in the child between fork and exec and makes only two
        // async-signal-safe system calls (prctl, getppid), allocating nothing.
        #[allow(unsafe_code)]
        unsafe {
            let parent = std::process::id() as libc::pid_t;
            command.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                if libc::getppid() != parent {
                    // The arena died before the call: nothing would kill this process later.
                    return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
                }
                Ok(())
            });
        }
    }
    command
}

/// The longest line kept from a program, in bytes (the newline excluded).
pub const LINE_LIMIT: usize = 4096;

/// Lines read ahead from a program and not yet asked for, at most.
pub const QUEUED_LINES: usize = 64;

/// Why a program could not be started.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    /// `cmd:` with nothing after it.
    #[error("an empty command line (cmd: needs a program)")]
    Empty,
    /// A command line with a quote left open ([`command_line`]).
    #[error("{line}: a quote is left open (quote a word with '...' or \"...\")")]
    Quoting {
        /// The command line.
        line: String,
    },
    /// The system could not start the program.
    #[error("{program}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The program is not a file, nor found on `PATH`.
    #[error("{program}: no such program (not a file, nor found on PATH)")]
    NotFound {
        /// The program.
        program: String,
    },
    /// The standard error file could not be created.
    #[error("{path}: {source}")]
    Stderr {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The program's scratch folder could not be made.
    #[error("cannot make a scratch folder in {path}: {source}")]
    Scratch {
        /// The folder it was to be made in.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The sandbox could not be set up (Landlock refused a rule).
    #[error("{program}: cannot set up the sandbox: {reason}")]
    Sandbox {
        /// The program.
        program: String,
        /// What Landlock said.
        reason: String,
    },
    /// The port a network program bot is to be served on could not be bound (in use, or
    /// privileged).
    #[error("cannot serve on 127.0.0.1:{port}: {source}")]
    Port {
        /// The port (0: a free one).
        port: u16,
        /// What the system said.
        source: std::io::Error,
    },
    /// A network program exited before it connected to the arena.
    #[error("{program} exited ({status}) before connecting to port {port}")]
    ExitedAtOnce {
        /// The program.
        program: String,
        /// How it ended.
        status: std::process::ExitStatus,
        /// The port it was given.
        port: u16,
    },
    /// A network program did not connect to the arena in time.
    #[error("{program} did not connect to port {port} within {waited:?}")]
    NeverConnected {
        /// The program.
        program: String,
        /// The port it was given.
        port: u16,
        /// How long the arena waited.
        waited: Duration,
    },
}

/// What a program answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// One line (without its newline and carriage return).
    Line(String),
    /// A line longer than [`LINE_LIMIT`] bytes (its length so far).
    TooLong(usize),
    /// The program closed its output or exited.
    Closed,
    /// Nothing within the time limit.
    Timeout,
}

/// What the reader thread delivers.
pub(crate) enum Output {
    Line(String),
    TooLong(usize),
    Closed,
}

/// One running program, contained ([`contain`]): killed whole when dropped.
pub struct Program {
    process: Option<Contained>,
    /// Text for the program's stdin, written by a thread of its own: a program that never reads
    /// can fill the pipe, and then only that thread blocks, never the game.
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

/// Reads lines of at most `limit` bytes from `stdout` on a thread of its own, at most
/// [`QUEUED_LINES`] ahead of the reader.
pub(crate) fn reader(stdout: impl Read + Send + 'static, limit: usize) -> Receiver<Output> {
    let (tx, rx) = sync_channel(QUEUED_LINES);
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = Vec::new();
        let mut overflow = false;
        let mut bytes = [0u8; 4096];
        loop {
            let n = match reader.read(&mut bytes) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Output::Closed);
                    return;
                }
                Ok(n) => n,
            };
            for &b in &bytes[..n] {
                if b == b'\n' {
                    // An overlong line was reported when it overflowed.
                    if !overflow {
                        let text = String::from_utf8_lossy(&line);
                        let text = text.trim_end_matches('\r').to_owned();
                        if tx.send(Output::Line(text)).is_err() {
                            return;
                        }
                    }
                    line.clear();
                    overflow = false;
                } else if line.len() < limit {
                    line.push(b);
                } else if !overflow {
                    // Report at once: a program may never send the newline.
                    overflow = true;
                    if tx.send(Output::TooLong(limit + 1)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

impl Program {
    /// Starts `command` (the program, then its arguments) contained as [`Containment::default`]
    /// says, its standard error to `stderr` (a file, created or truncated, capped) or discarded.
    pub fn spawn(command: &[String], stderr: Option<&PathBuf>) -> Result<Program, ProgramError> {
        Program::start(
            &Containment::default(),
            &Start {
                command,
                seat: None,
                port: None,
                extra_args: &[],
                output: contain::Output::Piped,
                stderr: stderr.map(PathBuf::as_path),
            },
        )
    }

    /// Starts `launch` contained as `containment` says. A line program
    /// ([`contain::Output::Piped`]) is read in lines; a network client's output goes to its
    /// file, and its standard input is a pipe that stays open (nothing is written to it) until
    /// the program is killed, since some clients quit when their input ends.
    pub fn start(containment: &Containment, launch: &Start<'_>) -> Result<Program, ProgramError> {
        let mut process = containment.spawn(launch)?;
        let stdin = process.take_stdin().map(writer);
        let lines = process.take_stdout().map(|out| reader(out, LINE_LIMIT));
        Ok(Program {
            process: Some(process),
            stdin,
            lines,
        })
    }

    /// How the program ended, once it has (`None` while it runs, and after [`Program::kill`]).
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.process.as_mut()?.try_wait()
    }

    /// The fault of a program whose output closed, `at` saying when (`round 5`): how it
    /// ended ([`contain::exit_fault`]: `crash: round 5: exit code 3`, `crash: round 5: killed
    /// by SIGSEGV`, `limit: cpu time: round 5: killed by SIGXCPU`), waiting a moment for it to
    /// end; `crash: round 5: closed its output` when it still runs.
    pub fn closed_fault(&mut self, at: &str) -> String {
        let Some(process) = self.process.as_mut() else {
            return format!("crash: {at}: closed its output");
        };
        match process.wait_timeout(Duration::from_millis(500)) {
            Some(status) => {
                let (kind, detail) = process.exit_fault(status);
                format!("{kind}: {at}: {detail}")
            }
            None => format!("crash: {at}: closed its output"),
        }
    }

    /// Waits at most `limit` for the program to exit on its own, its input left open; how it
    /// ended, if it did.
    pub fn wait(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        self.process.as_mut()?.wait_timeout(limit)
    }

    /// Sends `text` (whole lines); false once the program's input is closed.
    pub fn send(&mut self, text: &str) -> bool {
        match self.stdin.as_mut() {
            Some(stdin) => stdin.send(text.to_owned()).is_ok(),
            None => false,
        }
    }

    /// The program's next line, waiting at most `limit`.
    pub fn answer(&mut self, limit: Duration) -> Answer {
        let Some(lines) = self.lines.as_ref() else {
            return Answer::Closed;
        };
        match lines.recv_timeout(limit) {
            Ok(Output::Line(text)) => Answer::Line(text),
            Ok(Output::TooLong(n)) => Answer::TooLong(n),
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => Answer::Closed,
            Err(RecvTimeoutError::Timeout) => Answer::Timeout,
        }
    }

    /// Kills the program and every process it started.
    pub fn kill(&mut self) {
        self.stdin = None;
        if let Some(mut process) = self.process.take() {
            process.kill();
        }
    }

    /// Closes the program's input and waits up to `grace` for it to exit, then kills it (and
    /// whatever it left running).
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        if let Some(mut process) = self.process.take() {
            process.wait_timeout(grace);
            process.kill();
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The time an Amazes program has for one answer (the 2010 limit is unknown: rules doc A7).
pub const AMAZES_TURN_LIMIT: Duration = Duration::from_secs(1);

/// The time a Tron3D program has for one round's answer. The kit has no limit of its own (its
/// players are compiled into the judge, which waits for them); one second is what our Dogfight
/// and Amazes programs get, over a hundred times what the Python sample's flood fill needs (under
/// 8 ms a round, whole game included, on the largest shipped board, 866 vertices, on a loaded
/// 2-core machine), and leaves room for a busy machine. A game of 200 rounds thus takes at
/// most 200 s per program that answers at the last moment.
pub const TRON3D_TURN_LIMIT: Duration = Duration::from_secs(1);

/// How long a program may take to exit once its game is over and its input is closed, before it
/// is killed (not a fault: the game is over); [`ProgramBot::exit_grace`] changes it.
pub const EXIT_GRACE: Duration = Duration::from_millis(500);

/// Added to the time limit of a program's first answer of a game: starting the program (an
/// interpreter loading, say) is not counted against its first move.
pub const STARTUP_GRACE: Duration = Duration::from_secs(10);

/// The command line after `cmd:`: the program and its arguments, split into words as a POSIX
/// shell splits them, with quote removal only (see the [module docs](self)): `'my bot.py' -x "a,
/// b"` is `my bot.py`, `-x`, `a, b`. A quote left open is [`ProgramError::Quoting`]; an empty
/// line is no error here (no words).
///
/// ```
/// use arena::program::command_line;
/// assert_eq!(command_line("python3 'my bot.py' --name \"a, b\"")?, ["python3", "my bot.py", "--name", "a, b"]);
/// assert!(command_line("python3 'my bot.py").is_err());
/// # Ok::<(), arena::program::ProgramError>(())
/// ```
pub fn command_line(text: &str) -> Result<Vec<String>, ProgramError> {
    shell_words::split(text).map_err(|_| ProgramError::Quoting {
        line: text.to_owned(),
    })
}

/// Whether `program` names a file (a path) or a file on `PATH` (a bare name).
fn exists(program: &str) -> bool {
    let path = std::path::Path::new(program);
    if path.components().count() > 1 {
        return path.is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(path).is_file()))
}

/// A program playing as a [`Bot`] in the game's original protocol: a fresh process per game,
/// killed when the game is over (or when the bot is dropped).
#[cfg_attr(not(any(feature = "amazes", feature = "tron3d")), allow(dead_code))]
pub struct ProgramBot {
    name: String,
    command: Vec<String>,
    stderr: Option<PathBuf>,
    turn_limit: Duration,
    startup_grace: Duration,
    exit_grace: Duration,
    program: Option<Program>,
    containment: Containment,
    /// The fault of the current game, once the program had one.
    fault: Option<String>,
    /// Answers asked for in the current game.
    turns: u64,
}

#[cfg_attr(not(any(feature = "amazes", feature = "tron3d")), allow(dead_code))]
impl ProgramBot {
    /// The program `command` (program and arguments), named `name` in tables.
    pub fn new(name: impl Into<String>, command: Vec<String>) -> ProgramBot {
        ProgramBot {
            name: name.into(),
            command,
            stderr: None,
            turn_limit: AMAZES_TURN_LIMIT,
            startup_grace: STARTUP_GRACE,
            exit_grace: EXIT_GRACE,
            program: None,
            containment: Containment::default(),
            fault: None,
            turns: 0,
        }
    }

    /// How the program is contained (default [`Containment::default`]: limits and sandbox on).
    #[must_use]
    pub fn containment(mut self, containment: Containment) -> ProgramBot {
        self.containment = containment;
        self
    }

    /// The bot of `cmd:PROGRAM ARG...` (the text after `cmd:`), named `cmd:` and the program's
    /// file name.
    ///
    /// A program that does not exist is an error here, before any game starts.
    pub fn from_command_line(text: &str) -> Result<ProgramBot, ProgramError> {
        let command = command_line(text)?;
        let program = command.first().ok_or(ProgramError::Empty)?;
        if !exists(program) {
            return Err(ProgramError::NotFound {
                program: program.clone(),
            });
        }
        let file = std::path::Path::new(program)
            .file_name()
            .map_or_else(|| program.clone(), |f| f.to_string_lossy().into_owned());
        Ok(ProgramBot::new(format!("cmd:{file}"), command))
    }

    /// Writes the program's standard error to `path` (one file per seat), not nowhere.
    #[must_use]
    pub fn stderr_to(mut self, path: PathBuf) -> ProgramBot {
        self.stderr = Some(path);
        self
    }

    /// The time the program has for one answer.
    #[must_use]
    pub fn turn_limit(mut self, limit: Duration) -> ProgramBot {
        self.turn_limit = limit;
        self
    }

    /// Extra time for the first answer of a game (default [`STARTUP_GRACE`]).
    #[must_use]
    pub fn startup_grace(mut self, grace: Duration) -> ProgramBot {
        self.startup_grace = grace;
        self
    }

    /// The time the program has to exit once its game is over (default [`EXIT_GRACE`]).
    #[must_use]
    pub fn exit_grace(mut self, grace: Duration) -> ProgramBot {
        self.exit_grace = grace;
        self
    }

    /// Starts the program afresh for a game in which it sits in `seat`.
    fn restart(&mut self, seat: usize) {
        if let Some(mut old) = self.program.take() {
            old.kill();
        }
        self.fault = None;
        self.turns = 0;
        let start = Start {
            command: &self.command,
            seat: Some(seat),
            port: None,
            extra_args: &[],
            output: contain::Output::Piped,
            stderr: self.stderr.as_deref(),
        };
        match Program::start(&self.containment, &start) {
            Ok(program) => self.program = Some(program),
            Err(error) => self.fault = Some(format!("crash: cannot start: {error}")),
        }
    }

    /// The time limit of the next answer: the turn limit, plus the start-up grace for the first
    /// answer of a game (`self.turns` counts the answers asked for, this one included).
    fn limit(&self) -> Duration {
        if self.turns == 1 {
            self.turn_limit.saturating_add(self.startup_grace)
        } else {
            self.turn_limit
        }
    }

    /// Closes the program's input and lets it exit ([`ProgramBot::exit_grace`]) once the game
    /// is over.
    fn finish(&mut self) {
        if let Some(program) = self.program.as_mut() {
            program.finish(self.exit_grace);
        }
    }

    /// Records `fault` (the first of the game) and kills the program.
    fn faulted(&mut self, fault: String) {
        self.fault.get_or_insert(fault);
        if let Some(program) = self.program.as_mut() {
            program.kill();
        }
    }
}

#[cfg(feature = "amazes")]
impl Bot<amazes::Game> for ProgramBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _game: &amazes::Game, player: usize, _seed: u64) {
        self.restart(player);
    }

    /// The CodeCup judge's turn: `Start` before Red's first view, the view's 5 lines, one move
    /// line back within the limit. A fault hands the player to the jury for the rest of the game
    /// (`Action::Fault`: `T` every turn, score 0).
    fn act(&mut self, _game: &amazes::Game, view: &amazes::View, player: usize) -> amazes::Action {
        use amazes::{Action, Fault};
        if self.fault.is_some() {
            return Action::Fault(Fault::Crash);
        }
        let mut text = String::new();
        if player == 0 && self.turns == 0 {
            text.push_str("Start\n");
        }
        text.push_str(&view.to_string());
        self.turns += 1;
        let limit = self.limit();
        let Some(program) = self.program.as_mut() else {
            return Action::Fault(Fault::Crash);
        };
        let turn = self.turns;
        let mut closed = None;
        let action = if program.send(&text) {
            match program.answer(limit) {
                Answer::Line(line) => Action::from_line(&line),
                Answer::TooLong(n) => Action::Fault(Fault::TooLong(n)),
                Answer::Closed => {
                    closed = Some(program.closed_fault(&format!("turn {turn}")));
                    Action::Fault(Fault::Crash)
                }
                Answer::Timeout => Action::Fault(Fault::Timeout),
            }
        } else {
            Action::Fault(Fault::Crash)
        };
        if let Some(fault) = closed {
            self.faulted(fault);
        } else if let Action::Fault(fault) = &action {
            let text = match fault {
                Fault::Crash => format!("crash: turn {turn}: {fault}"),
                Fault::Timeout => format!("silence: turn {turn}: no answer within {limit:?}"),
                // Longer than the reader keeps (it stops there): the line's length is unknown.
                Fault::TooLong(n) if *n > LINE_LIMIT => {
                    format!("flood: turn {turn}: a line longer than {LINE_LIMIT} bytes")
                }
                Fault::TooLong(_) => format!("flood: turn {turn}: {fault}"),
                _ => format!("garbage: turn {turn}: {fault}"),
            };
            self.faulted(text);
        }
        action
    }

    /// After sudden death the program is sent `Quit`, as the CodeCup judge does (rules doc A11,
    /// P13); after the 150 turns nothing, since a program then ends by itself (L94-95). Either
    /// way its input is then closed and it gets [`EXIT_GRACE`] to exit.
    fn game_over(&mut self, _game: &amazes::Game, outcome: &amazes::Outcome, _player: usize) {
        if let (Some(program), amazes::End::SuddenDeath { .. }) =
            (self.program.as_mut(), outcome.end)
        {
            program.send("Quit\n");
        }
        self.finish();
    }

    fn fault(&self) -> Option<String> {
        self.fault.clone()
    }
}
