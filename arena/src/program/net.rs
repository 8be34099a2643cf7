//! What the network program bots (CloudWars, Windward) share: the listening socket on
//! 127.0.0.1, the program started with its port, the wait for its connection, and the settings
//! a bot author or `play` gives ([`Launch`]).

// Without CloudWars and Windward (a bot author's crate with only the games it plays), only the
// port helpers are used: the launch machinery is compiled but idle, and says nothing about it.
#![cfg_attr(
    not(any(feature = "cloudwars", feature = "windward")),
    allow(dead_code, unused_imports, unused_macros)
)]

use std::io::ErrorKind;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::thread;
use std::time::{Duration, Instant};

use super::contain::{Containment, Output, Start};
use super::{Program, ProgramError, STARTUP_GRACE, command_line, exists};

/// The environment variable that carries the port to a network program (as does `{port}` in its
/// arguments).
pub const PORT_VARIABLE: &str = "CONTEST_PORT";

/// How a network program bot is started and timed: its command line, where its output goes,
/// the port it is served on and its time limits.
#[derive(Debug)]
pub(crate) struct Launch {
    pub(crate) name: String,
    pub(crate) command: Vec<String>,
    pub(crate) stderr: Option<PathBuf>,
    /// A port given by the caller, bound once for the bot's life; else a free port per game.
    pub(crate) fixed: Option<TcpListener>,
    pub(crate) turn_limit: Duration,
    pub(crate) startup_grace: Duration,
    pub(crate) containment: Containment,
}

impl Launch {
    pub(crate) fn new(name: String, command: Vec<String>, turn_limit: Duration) -> Launch {
        Launch {
            name,
            command,
            stderr: None,
            fixed: None,
            turn_limit,
            startup_grace: STARTUP_GRACE,
            containment: Containment::default(),
        }
    }

    /// The launch of `cmd:PROGRAM ARG...` (the text after `cmd:`), named `cmd:` and the
    /// program's file name; a program that does not exist is an error.
    pub(crate) fn from_command_line(
        text: &str,
        turn_limit: Duration,
    ) -> Result<Launch, ProgramError> {
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
        Ok(Launch::new(format!("cmd:{file}"), command, turn_limit))
    }

    /// Serves the program on `port` of 127.0.0.1 (bound now: a port in use is an error here).
    pub(crate) fn bind(&mut self, port: u16) -> Result<(), ProgramError> {
        let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
            .map_err(|source| ProgramError::Port { port, source })?;
        self.fixed = Some(listener);
        Ok(())
    }

    /// Starts the program for a new game and waits for its connection, at most the time limit
    /// plus the start-up grace. The program's `{port}` arguments become the port, and
    /// `CONTEST_PORT` is set to it.
    pub(crate) fn connect(&self, seat: usize) -> Result<(Program, TcpStream), ProgramError> {
        let fresh;
        let listener = match &self.fixed {
            Some(listener) => {
                // Connections left from an earlier game's program are not this game's.
                listener
                    .set_nonblocking(true)
                    .map_err(|source| ProgramError::Port { port: 0, source })?;
                while listener.accept().is_ok() {}
                listener
            }
            None => {
                fresh = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
                    .map_err(|source| ProgramError::Port { port: 0, source })?;
                &fresh
            }
        };
        let port = listener
            .local_addr()
            .map_err(|source| ProgramError::Port { port: 0, source })?
            .port();
        listener
            .set_nonblocking(true)
            .map_err(|source| ProgramError::Port { port, source })?;
        let command = with_port(&self.command, port);
        let start = Start {
            command: &command,
            seat: Some(seat),
            port: Some((port, PORT_VARIABLE)),
            extra_args: &[],
            output: Output::ToFile,
            stderr: self.stderr.as_deref(),
        };
        let mut program = Program::start(&self.containment, &start)?;
        let waited = self.turn_limit.saturating_add(self.startup_grace);
        let deadline = Instant::now() + waited;
        loop {
            match listener.accept() {
                Ok((stream, _)) => {
                    let ready = stream
                        .set_nonblocking(false)
                        .and_then(|()| stream.set_nodelay(true));
                    if ready.is_ok() {
                        return Ok((program, stream));
                    }
                }
                Err(e)
                    if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
                Err(source) => return Err(ProgramError::Port { port, source }),
            }
            if let Some(status) = program.exited() {
                return Err(ProgramError::ExitedAtOnce {
                    program: self.command[0].clone(),
                    status,
                    port,
                });
            }
            if Instant::now() >= deadline {
                return Err(ProgramError::NeverConnected {
                    program: self.command[0].clone(),
                    port,
                    waited,
                });
            }
            // Polled: `accept` has no timeout in std, and a program may also exit meanwhile.
            thread::sleep(Duration::from_millis(2));
        }
    }
}

/// `command` with every `{port}` in it replaced by `port`.
pub fn with_port(command: &[String], port: u16) -> Vec<String> {
    let port = port.to_string();
    command
        .iter()
        .map(|arg| arg.replace("{port}", &port))
        .collect()
}

/// The kind of fault a failed start is (`crash` for a program that cannot start or exits,
/// `silence` for one that never connects), with the error.
pub(crate) fn start_fault(error: &ProgramError) -> String {
    match error {
        ProgramError::NeverConnected { .. } => format!("silence: {error}"),
        _ => format!("crash: cannot start: {error}"),
    }
}

/// Generates the builder methods every network program bot has, delegating to its `launch`.
macro_rules! launch_methods {
    ($type:ident, $default_limit:expr) => {
        impl $type {
            /// The program `command` (program and arguments, `{port}` replaced by the port),
            /// named `name` in tables.
            pub fn new(name: impl Into<String>, command: Vec<String>) -> $type {
                $type::with_launch(Launch::new(name.into(), command, $default_limit))
            }

            /// The bot of `cmd:PROGRAM ARG...` (the text after `cmd:`), named `cmd:` and the
            /// program's file name.
            ///
            /// A program that does not exist is an error here, before any game starts.
            pub fn from_command_line(text: &str) -> Result<$type, ProgramError> {
                Launch::from_command_line(text, $default_limit).map($type::with_launch)
            }

            /// Writes the program's standard output and error to `path` (one file per seat),
            /// not nowhere.
            #[must_use]
            pub fn stderr_to(mut self, path: PathBuf) -> $type {
                self.launch.stderr = Some(path);
                self
            }

            /// How the program is contained (default
            /// [`Containment::default`](crate::program::Containment): limits and sandbox on;
            /// the sandbox lets it connect to its game's port only).
            #[must_use]
            pub fn containment(mut self, containment: crate::program::Containment) -> $type {
                self.launch.containment = containment;
                self
            }

            /// Serves the program on `port` of 127.0.0.1 instead of a free port per game (for
            /// clients that only know one port). The port is bound now, and a port in use is
            /// an error ([`ProgramError::Port`]); only one bot at a time can hold a port, so
            /// games with this bot must be played one at a time.
            pub fn port(mut self, port: u16) -> Result<$type, ProgramError> {
                self.launch.bind(port)?;
                Ok(self)
            }

            /// The time the program has for one step's answer.
            #[must_use]
            pub fn turn_limit(mut self, limit: Duration) -> $type {
                self.launch.turn_limit = limit;
                self
            }

            /// Extra time for connecting and the first answer of a game (default
            /// [`STARTUP_GRACE`](crate::program::STARTUP_GRACE)).
            #[must_use]
            pub fn startup_grace(mut self, grace: Duration) -> $type {
                self.launch.startup_grace = grace;
                self
            }
        }
    };
}

pub(crate) use launch_methods;
