//! [`CloudWarsProgram`]: a program speaking the original CloudWars TCP text protocol
//! (`remote/server.go`) as a [`Bot`] of [`cloudwars::Game`].

use std::io::Write;
use std::net::{Shutdown, TcpStream};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use cloudwars::protocol::{Command, ProtocolError, Reply, ServerError, WorldJson, parse_command};
use cloudwars::server::{MAX_LINE, command_reply, lockstep_command};
use cloudwars::{Action, PlayerId, State};

use super::net::{Launch, launch_methods, start_fault};
use super::{Output, Program, ProgramError, reader};
use crate::bot::Bot;

/// The time a CloudWars program has for one step: from the `list` reply with the step's world
/// to its next `list` (the original server is real-time and has no limit; this is the lockstep
/// server's patience, `ServerConfig::lockstep_patience`).
pub const CLOUDWARS_STEP_LIMIT: Duration = Duration::from_secs(2);

/// How long a program has, once its game is over and its connection closed, to exit on its own
/// with its input still open (the wait ends when it exits; not a fault either way), as a
/// Windward program has after `<exit/>`.
pub const CLOUDWARS_EXIT_WAIT: Duration = Duration::from_secs(2);

/// The most requests a CloudWars program may send in one step (any more is a flood): a step
/// needs at most a few (`name`, `type`, `play`, a command, `list`).
pub const CLOUDWARS_REQUESTS_PER_STEP: usize = 100;

/// A program playing CloudWars over the original TCP text protocol: the arena serves one game
/// to it on 127.0.0.1 (a free port per game, or [`CloudWarsProgram::port`]) as the lockstep
/// server does (`cloudwars::server`, `Pacing::Lockstep`), the other players being the game's
/// other bots.
///
/// Each step, the program's pending `list` is answered with the world (its own storm under the
/// name it gave with `name`); its requests up to its next `list` are answered at once, as the
/// server answers them; its first `move` or `kill` of the step is the step's action (checked
/// against its cloud as the lockstep server checks it: `ok` or `err: ...`). A second command in
/// the same step ends the step as a `list` would, and is applied and answered at the start of
/// the next. The step's requests must come within [`CLOUDWARS_STEP_LIMIT`] (plus the start-up
/// grace for connecting and the first step).
///
/// Faults (the default action is no wind, [`Action::Wait`], for the rest of the game, and the
/// program is killed): `crash` (cannot start, exits, closes the connection, stops reading),
/// `silence` (never connects, or no `list` within the limit), `flood` (a line over
/// [`MAX_LINE`] bytes, or over [`CLOUDWARS_REQUESTS_PER_STEP`] requests in a step), `garbage` (a
/// line that is no command: the server's `err: invalid command`). Replies the original gives to
/// other mistakes (a bad name, a wind too strong) are given and are no fault; `quit` is answered
/// `ok` and the player sends no more winds.
///
/// Names: the arena names the seats (`P0`, `P1`, ... in `play`), and no name is reserved. A
/// program's storm is shown to it under the name it gave (`name`); when that is another seat's
/// name, that seat is shown to it with `'` added (`P1'`), so the program still tells its own
/// clouds from the others' and `play` never answers `err: name already taken`.
pub struct CloudWarsProgram {
    launch: Launch,
    session: Option<Session>,
    fault: Option<String>,
    /// Real time: the wall-clock length of one step ([`CloudWarsProgram::real_time`]).
    real_time: Option<Duration>,
}

struct Session {
    program: Program,
    stream: TcpStream,
    lines: Receiver<Output>,
    /// The name the program gave (`name`), shown for its storm.
    name: Option<String>,
    playing: bool,
    /// The program's `list`, answered with the next step's world.
    list_pending: bool,
    /// A command sent after the step's action, for the next step.
    held: Option<String>,
    quit: bool,
    steps: u64,
}

launch_methods!(CloudWarsProgram, CLOUDWARS_STEP_LIMIT);

impl CloudWarsProgram {
    fn with_launch(launch: Launch) -> CloudWarsProgram {
        CloudWarsProgram {
            launch,
            session: None,
            fault: None,
            real_time: None,
        }
    }

    /// Records `fault` (the first of the game) and stops the program.
    fn faulted(&mut self, fault: String) -> Action {
        self.fault.get_or_insert(fault);
        self.session = None;
        Action::Wait
    }

    fn connect(&mut self, seat: usize) -> Result<(), String> {
        let (program, stream) = self.launch.connect(seat).map_err(|e| start_fault(&e))?;
        let reading = stream
            .try_clone()
            .map_err(|e| format!("crash: cannot start: {e}"))?;
        self.session = Some(Session {
            program,
            stream,
            lines: reader(reading, MAX_LINE),
            name: None,
            playing: false,
            list_pending: false,
            held: None,
            quit: false,
            steps: 0,
        });
        Ok(())
    }
}

/// What one request did to the step.
enum Step {
    /// Go on reading.
    More,
    /// The step is over (a `list`, or a second command held for the next step).
    Done,
    /// A fault.
    Fault(String),
}

impl Session {
    fn reply(&mut self, reply: &Reply) -> Result<(), String> {
        self.stream
            .write_all(reply.to_line().as_bytes())
            .map_err(|e| format!("crash: writing a reply: {e}"))
    }

    /// The world for this program: its storm under the name it gave, and another seat that
    /// has that name under [`alias`] of it.
    fn world(game: &cloudwars::Game, state: &State, seat: &str, name: Option<&str>) -> Reply {
        let mut world = WorldJson::from_state(game, state);
        if let Some(name) = name.filter(|name| *name != seat) {
            let names: Vec<&str> = state.players().iter().map(|p| p.name.as_str()).collect();
            // Only a seat's name is aliased (never the rainclouds' empty owner).
            let other = names.contains(&name).then(|| alias(name, &names));
            let shown = |player: &str| {
                if player == seat {
                    Some(name.to_owned())
                } else if player == name {
                    other.clone()
                } else {
                    None
                }
            };
            for cloud in &mut world.clouds {
                if let Some(shown) = shown(&cloud.player) {
                    cloud.player = shown;
                }
            }
            if let Some(shown) = shown(&world.leader) {
                world.leader = shown;
            }
        }
        world.to_json().map_or(Reply::Empty, Reply::World)
    }

    fn request(
        &mut self,
        line: &str,
        game: &cloudwars::Game,
        state: &State,
        player: usize,
        step: &mut Option<Action>,
        shadow: &mut Option<cloudwars::Cloud>,
    ) -> Step {
        let seat = state
            .players()
            .get(player)
            .map_or("", |p| p.name.as_str())
            .to_owned();
        let reply = match parse_command(line.as_bytes()) {
            Err(ProtocolError::InvalidCommand { .. }) => {
                return Step::Fault(format!(
                    "garbage: step {}: {:?} is no command",
                    self.steps,
                    truncated(line)
                ));
            }
            Err(ProtocolError::InvalidMoveInput { .. }) if !self.playing => {
                Reply::Error(ServerError::NotPlaying)
            }
            Err(e) => Reply::Error(e.reply()),
            Ok(Command::Quit) => {
                self.quit = true;
                Reply::Ok
            }
            Ok(Command::Name(name)) => {
                if !self.playing {
                    self.name = Some(name);
                }
                Reply::Ok
            }
            // The seat's colour is the arena's (`Setup` gives each seat one, and the replay page
            // and results use it): a chosen colour is acknowledged, as the server does, but not
            // applied, so two programs cannot pick the same one and become indistinguishable.
            Ok(Command::Type(_)) => Reply::Ok,
            Ok(Command::Play) if self.playing => Reply::Error(ServerError::AlreadyPlaying),
            // No name is taken: the other seats' names (`P0`, `P1`, ...) are the arena's, not
            // players' choices, and one that the program chose is shown to it under an alias.
            Ok(Command::Play) => {
                self.playing = true;
                Reply::GameBegins
            }
            Ok(Command::List) if self.playing => {
                self.list_pending = true;
                return Step::Done;
            }
            Ok(Command::List) => Session::world(game, state, &seat, self.name.as_deref()),
            Ok(Command::Move(_) | Command::Kill) if !self.playing => {
                Reply::Error(ServerError::NotPlaying)
            }
            Ok(Command::Move(_) | Command::Kill) if step.is_some() => {
                self.held = Some(line.to_owned());
                return Step::Done;
            }
            Ok(Command::Move(input)) => {
                self.command(Action::Move(input.wind), player, step, shadow)
            }
            Ok(Command::Kill) => self.command(Action::Kill, player, step, shadow),
        };
        match self.reply(&reply) {
            Ok(()) if self.quit => Step::Done,
            Ok(()) => Step::More,
            Err(fault) => Step::Fault(fault),
        }
    }

    /// The step's command, checked as the lockstep server checks it.
    fn command(
        &mut self,
        action: Action,
        player: usize,
        step: &mut Option<Action>,
        shadow: &mut Option<cloudwars::Cloud>,
    ) -> Reply {
        let id = PlayerId(player.min(usize::from(u8::MAX)) as u8);
        let Some(cloud) = shadow.as_mut() else {
            return Reply::Error(match action {
                Action::Kill => ServerError::AlreadyDead,
                _ => ServerError::InvalidMove,
            });
        };
        if action == Action::Kill && cloud.is_dead() {
            return Reply::Error(ServerError::AlreadyDead);
        }
        let result = lockstep_command(cloud, id, action);
        if result.is_ok() {
            *step = Some(action);
        }
        command_reply(result)
    }
}

/// The name another seat named `name` is shown under to a program that chose `name`: `name`
/// with `'` added until it is no seat's name (`P1` becomes `P1'`).
fn alias(name: &str, names: &[&str]) -> String {
    let mut alias = format!("{name}'");
    while names.contains(&alias.as_str()) {
        alias.push('\'');
    }
    alias
}

/// At most 80 characters of `line`, for a fault message.
fn truncated(line: &str) -> String {
    line.chars().take(80).collect()
}

impl CloudWarsProgram {
    /// Plays in real time, as the original server does (`remote/server.go`: the world moves on at
    /// its own pace whatever the clients do): each step lasts `step` of wall-clock time (in
    /// `play cloudwars --real-time`, `every` iterations at the world's `GameSpeed`, 0.1 s by
    /// default), during which the program's requests are answered as they come (a `list` with
    /// the world of the step) and its first `move` or `kill` is the step's action. A program that
    /// says nothing in a step (one that sleeps between moves, as the original Go repository's
    /// `myAi.go` sleeps 2 s) just has no action in it: no `silence` fault in this mode.
    #[must_use]
    pub fn real_time(mut self, step: Duration) -> CloudWarsProgram {
        self.real_time = Some(step);
        self
    }

    fn act_in_real_time(
        &mut self,
        game: &cloudwars::Game,
        state: &State,
        player: usize,
        step_time: Duration,
    ) -> Action {
        let deadline = Instant::now() + step_time;
        let Some(session) = self.session.as_mut() else {
            return Action::Wait;
        };
        if session.quit {
            std::thread::sleep(step_time);
            return Action::Wait;
        }
        session.steps += 1;
        let seat = state
            .players()
            .get(player)
            .map_or("", |p| p.name.as_str())
            .to_owned();
        let mut shadow = state.cloud_of(PlayerId(player.min(255) as u8)).copied();
        let mut step: Option<Action> = None;
        let mut requests = 0;
        let mut pending = session.held.take();
        loop {
            if session.list_pending {
                // Answered at once, with this step's world.
                session.list_pending = false;
                let world = Session::world(game, state, &seat, session.name.as_deref());
                if let Err(fault) = session.reply(&world) {
                    return self.faulted(fault);
                }
            }
            if session.held.is_some() {
                // A second command this step: it is the next step's.
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                return step.unwrap_or(Action::Wait);
            }
            let line = match pending.take() {
                Some(line) => line,
                None => match session.next_line(deadline) {
                    Ok(Some(line)) => line,
                    Ok(None) => return step.unwrap_or(Action::Wait),
                    Err(fault) => return self.faulted(fault),
                },
            };
            requests += 1;
            if requests > CLOUDWARS_REQUESTS_PER_STEP {
                let steps = session.steps;
                return self.faulted(format!(
                    "flood: step {steps}: more than {CLOUDWARS_REQUESTS_PER_STEP} requests"
                ));
            }
            if let Step::Fault(fault) =
                session.request(&line, game, state, player, &mut step, &mut shadow)
            {
                return self.faulted(fault);
            }
        }
    }
}

impl Session {
    /// The program's next line before `deadline`: `Ok(None)` when none came in time, a fault for
    /// a line too long or a closed connection.
    fn next_line(&mut self, deadline: Instant) -> Result<Option<String>, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        let steps = self.steps;
        match self.lines.recv_timeout(left) {
            Ok(Output::Line(line)) => Ok(Some(line)),
            Ok(Output::TooLong(_)) => Err(format!(
                "flood: step {steps}: a line longer than {MAX_LINE} bytes"
            )),
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                let how = self.program.exited().map_or_else(
                    || "closed the connection".to_owned(),
                    |s| format!("exited ({s})"),
                );
                Err(format!("crash: step {steps}: the program {how}"))
            }
            Err(RecvTimeoutError::Timeout) => Ok(None),
        }
    }
}

/// The end of a game, when the bot is dropped: the connection closes (the program's next read
/// or `list` sees the end of the stream), then the program has [`CLOUDWARS_EXIT_WAIT`] to exit
/// on its own with its input still open, then its input closes and it has
/// [`EXIT_GRACE`](super::EXIT_GRACE) more before it is killed.
impl Drop for CloudWarsProgram {
    fn drop(&mut self) {
        if let Some(mut session) = self.session.take() {
            let _ = session.stream.shutdown(Shutdown::Both);
            session.program.wait(CLOUDWARS_EXIT_WAIT);
            session.program.finish(super::EXIT_GRACE);
        }
    }
}

impl Bot<cloudwars::Game> for CloudWarsProgram {
    fn name(&self) -> String {
        self.launch.name.clone()
    }

    fn new_game(&mut self, _game: &cloudwars::Game, player: usize, _seed: u64) {
        self.session = None;
        self.fault = None;
        if let Err(fault) = self.connect(player) {
            self.fault = Some(fault);
        }
    }

    /// One step of the lockstep protocol (see the [type docs](CloudWarsProgram)), or of the
    /// real-time one ([`CloudWarsProgram::real_time`]).
    fn act(&mut self, game: &cloudwars::Game, state: &State, player: usize) -> Action {
        if let Some(step) = self.real_time {
            return self.act_in_real_time(game, state, player, step);
        }
        let limit = self.launch.turn_limit;
        let grace = self.launch.startup_grace;
        let Some(session) = self.session.as_mut() else {
            return Action::Wait;
        };
        if session.quit {
            return Action::Wait;
        }
        session.steps += 1;
        let deadline = Instant::now()
            + if session.steps == 1 {
                limit.saturating_add(grace)
            } else {
                limit
            };
        let seat = state
            .players()
            .get(player)
            .map_or("", |p| p.name.as_str())
            .to_owned();
        if session.list_pending {
            session.list_pending = false;
            let world = Session::world(game, state, &seat, session.name.as_deref());
            if let Err(fault) = session.reply(&world) {
                return self.faulted(fault);
            }
        }
        let mut shadow = state.cloud_of(PlayerId(player.min(255) as u8)).copied();
        let mut step: Option<Action> = None;
        let mut requests = 0;
        if let Some(line) = session.held.take() {
            requests += 1;
            match session.request(&line, game, state, player, &mut step, &mut shadow) {
                Step::More => {}
                Step::Done => return step.unwrap_or(Action::Wait),
                Step::Fault(fault) => return self.faulted(fault),
            }
        }
        loop {
            let line = match session.next_line(deadline) {
                Ok(Some(line)) => line,
                Err(fault) => return self.faulted(fault),
                Ok(None) => {
                    let steps = session.steps;
                    return self.faulted(format!(
                        "silence: step {steps}: no list within {:?}",
                        if steps == 1 {
                            limit.saturating_add(grace)
                        } else {
                            limit
                        }
                    ));
                }
            };
            requests += 1;
            if requests > CLOUDWARS_REQUESTS_PER_STEP {
                let steps = session.steps;
                return self.faulted(format!(
                    "flood: step {steps}: more than {CLOUDWARS_REQUESTS_PER_STEP} requests"
                ));
            }
            match session.request(&line, game, state, player, &mut step, &mut shadow) {
                Step::More => {}
                Step::Done => return step.unwrap_or(Action::Wait),
                Step::Fault(fault) => return self.faulted(fault),
            }
        }
    }

    fn fault(&self) -> Option<String> {
        self.fault.clone()
    }
}
