//! [`WindwardProgram`]: a program speaking the original Windwardopolis II TCP protocol
//! (`TcpServer.cs`, `Framework.cs`) as a [`Bot`] of [`windward::Game`].

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::net::{Shutdown, TcpStream};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use windward::net::{
    MAX_CLIENT_FRAME, MAX_INBOX_BYTES, MAX_ORDERS_PER_TICK, NetError, event_message, held_bytes,
    is_sync, order_of, read_client, read_frame_into,
};
use windward::protocol::{ClientMessage, ProtocolError, Roster, Seat, ServerMessage, frame};
use windward::rules::Event;
use windward::{Action, NUM_PLAYERS, Observation};

use super::net::{Launch, launch_methods, start_fault};
use super::{Program, ProgramError};
use crate::bot::Bot;

/// The time a Windward program that syncs has to answer the messages of one tick (its orders,
/// then a sync for each message: an empty `<move />`), and to send `<join>` and answer
/// `<setup>` with `<ready>` (plus the start-up grace). The lockstep server's
/// `ServerConfig::reply_timeout` is 5 s and then stops waiting; the arena counts a miss as a
/// fault.
pub const WINDWARD_SYNC_LIMIT: Duration = Duration::from_secs(1);

/// How long the arena waits, after the messages of a tick, for the first frame of a program
/// that has never sent a sync (the original kit's clients): it answers the messages it acts on
/// at once, so this is about its reaction time, and a message it does not answer costs this
/// much. Such a program cannot be silent (nothing says it owes an answer), only crash, flood or
/// answer garbage.
pub const WINDWARD_UNSYNCED_WAIT: Duration = Duration::from_millis(50);

/// How long a program has, after `<exit/>`, to close its connection or exit on its own before
/// its input and the connection are closed (then [`EXIT_GRACE`](super::EXIT_GRACE) more to exit,
/// before it is killed). Not a fault: the game is over.
pub const WINDWARD_EXIT_WAIT: Duration = Duration::from_secs(2);

/// Frames read ahead from a program and not yet taken.
const QUEUED_FRAMES: usize = 16;

/// A program playing Windwardopolis II over the original TCP protocol: the arena serves one
/// round to it on 127.0.0.1 (a free port per game, or [`WindwardProgram::port`], e.g. 1707 for
/// the original kit's clients) in its seat, the other seats being the game's other bots, named
/// as the original names the seats it fills (`Roster::builtin`).
///
/// The program connects and sends `<join>`; at the first tick it gets `<setup>` and answers
/// `<ready>` (its first orders). Each tick after, it is sent the `<status>` and
/// `<powerup-status>` messages the tick's events send to its seat (`windward::net::event_message`,
/// built from the state after the tick: the server builds them at the moment the rule fires,
/// which differs only within the tick), and its messages become the orders of the next tick
/// (`windward::net::order_of`, at most [`MAX_ORDERS_PER_TICK`] a tick, the rest wait, as on the
/// server). How long the arena waits for them:
///
/// - a tick in which the program was sent nothing: not at all (what has arrived is taken);
/// - a program that syncs (it has sent an empty `<move />` once, as the lockstep server asks
///   and `bot.py` does): until every message is synced, at most [`WINDWARD_SYNC_LIMIT`], else a
///   `silence` fault;
/// - a program that has never synced (the kit's clients): until its first frame after the
///   messages, at most [`WINDWARD_UNSYNCED_WAIT`], then what has arrived is taken.
///
/// Faults (the default action is no new orders, [`Action::Wait`], so the car drives on along its
/// last path, and the program is killed): `crash` (cannot start, exits, closes the connection,
/// does not read), `silence` (never connects, no `<join>` or `<ready>` in time, a sync missed),
/// `flood` (a frame over [`MAX_CLIENT_FRAME`] bytes, or over [`MAX_INBOX_BYTES`] of messages
/// waiting), `garbage` (a frame that is no message, or anything but `<join>` first; the
/// original server logs and ignores a bad frame of a seated player, the arena is stricter). Parts
/// of a message the original skips (a bad path step, an unknown passenger, a card not held) are
/// skipped and no fault. At the end the program is sent `<exit/>` and has [`WINDWARD_EXIT_WAIT`]
/// to leave on its own (its input and the connection stay open until then), then it is ended.
pub struct WindwardProgram {
    launch: Launch,
    session: Option<Session>,
    fault: Option<String>,
    /// The events heard since the last step.
    heard: Vec<Event>,
    /// The original server's pace for a program that never syncs: one tick of wall-clock time
    /// ([`WindwardProgram::ticks_per_second`]).
    pace: Option<Duration>,
}

enum Incoming {
    Message(ClientMessage, usize),
    Unusable(String),
    TooLong(String),
    Closed(String),
}

struct Session {
    program: Program,
    stream: TcpStream,
    frames: Receiver<Incoming>,
    roster: Roster,
    /// `<setup>` sent and `<ready>` received.
    started: bool,
    /// The program has sent a sync.
    syncs: bool,
    /// Messages sent and not yet synced.
    awaiting: usize,
    inbox: VecDeque<(ClientMessage, usize)>,
    inbox_bytes: usize,
    ticks: u64,
}

launch_methods!(WindwardProgram, WINDWARD_SYNC_LIMIT);

fn spawn_reader(stream: TcpStream) -> Receiver<Incoming> {
    let (tx, rx) = sync_channel(QUEUED_FRAMES);
    thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut body = Vec::new();
        loop {
            let incoming = match read_frame_into(&mut reader, MAX_CLIENT_FRAME, &mut body) {
                Ok(true) => {
                    let mut notes = Vec::new();
                    match read_client(&body, &mut notes) {
                        Ok(msg) => {
                            let held = held_bytes(&msg);
                            Incoming::Message(msg, held)
                        }
                        Err(reason) => Incoming::Unusable(reason),
                    }
                }
                Ok(false) => Incoming::Closed("closed the connection".into()),
                Err(NetError::Protocol(e @ ProtocolError::FrameTooLong { .. })) => {
                    Incoming::TooLong(e.to_string())
                }
                Err(e) => Incoming::Closed(e.to_string()),
            };
            let last = !matches!(incoming, Incoming::Message(..) | Incoming::Unusable(_));
            if tx.send(incoming).is_err() || last {
                return;
            }
        }
    });
    rx
}

impl WindwardProgram {
    fn with_launch(launch: Launch) -> WindwardProgram {
        WindwardProgram {
            launch,
            session: None,
            fault: None,
            heard: Vec::new(),
            pace: None,
        }
    }

    /// Plays a program that never syncs (the original kit's clients) at `ticks` ticks a second of
    /// wall-clock time, as the original server does (`MovesPerSecond`, 96 at its default speed:
    /// rules doc §2): each tick lasts `1/ticks` s, and the messages the program sends meanwhile
    /// are the next tick's orders. Without it, the arena waits at most
    /// [`WINDWARD_UNSYNCED_WAIT`] for such a program's first frame after a tick's messages, and
    /// not at all on a tick without messages. A program that syncs is unaffected. `0` is no pace.
    #[must_use]
    pub fn ticks_per_second(mut self, ticks: u32) -> WindwardProgram {
        self.pace = (ticks > 0).then(|| Duration::from_secs_f64(1.0 / f64::from(ticks)));
        self
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
            .and_then(|r| {
                stream.set_write_timeout(Some(
                    self.launch.turn_limit.max(Duration::from_millis(1)),
                ))?;
                Ok(r)
            })
            .map_err(|e| format!("crash: cannot start: {e}"))?;
        self.session = Some(Session {
            program,
            stream,
            frames: spawn_reader(reading),
            roster: Roster::builtin(),
            started: false,
            syncs: false,
            awaiting: 0,
            inbox: VecDeque::new(),
            inbox_bytes: 0,
            ticks: 0,
        });
        Ok(())
    }
}

impl Session {
    /// Takes one frame the reader has (waiting until `deadline`, or not at all without one):
    /// `Ok(false)` when there was none.
    fn take(&mut self, deadline: Option<Instant>) -> Result<bool, String> {
        let incoming = match deadline {
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.frames.recv_timeout(left) {
                    Ok(incoming) => incoming,
                    Err(RecvTimeoutError::Timeout) => return Ok(false),
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(self.crash("closed the connection"));
                    }
                }
            }
            None => match self.frames.try_recv() {
                Ok(incoming) => incoming,
                Err(TryRecvError::Empty) => return Ok(false),
                Err(TryRecvError::Disconnected) => {
                    return Err(self.crash("closed the connection"));
                }
            },
        };
        match incoming {
            Incoming::Message(msg, _) if is_sync(&msg) => {
                self.syncs = true;
                self.awaiting = self.awaiting.saturating_sub(1);
            }
            Incoming::Message(msg, held) => {
                if matches!(msg, ClientMessage::Ready { .. }) {
                    // `<ready>` answers the setup and is its sync.
                    self.awaiting = self.awaiting.saturating_sub(usize::from(!self.started));
                    self.started = true;
                }
                self.inbox_bytes += held;
                self.inbox.push_back((msg, held));
                if self.inbox_bytes > MAX_INBOX_BYTES {
                    return Err(format!(
                        "flood: tick {}: more than {MAX_INBOX_BYTES} bytes of messages waiting",
                        self.ticks
                    ));
                }
            }
            Incoming::Unusable(reason) => {
                return Err(format!("garbage: tick {}: {reason}", self.ticks));
            }
            Incoming::TooLong(reason) => {
                return Err(format!("flood: tick {}: {reason}", self.ticks));
            }
            Incoming::Closed(reason) => return Err(self.crash(&reason)),
        }
        Ok(true)
    }

    fn crash(&mut self, what: &str) -> String {
        match self.program.exited() {
            Some(status) => format!("crash: tick {}: the program exited ({status})", self.ticks),
            None => format!("crash: tick {}: {what}", self.ticks),
        }
    }

    /// Waits for frames until `done` holds or `deadline` passes (`Ok(false)`), then takes what
    /// has arrived.
    fn wait(&mut self, deadline: Instant, done: impl Fn(&Session) -> bool) -> Result<bool, String> {
        while !done(self) {
            if !self.take(Some(deadline))? {
                return Ok(false);
            }
        }
        while self.take(None)? {}
        Ok(true)
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.stream
            .write_all(bytes)
            .map_err(|e| format!("crash: tick {}: writing a message: {e}", self.ticks))
    }

    /// `<join>`, `<setup>`, `<ready>`.
    fn start(
        &mut self,
        game: &windward::Game,
        seen: &Observation,
        deadline: Instant,
    ) -> Result<(), String> {
        let (me, ticks) = (seen.viewer, self.ticks);
        // `<join>` first: the original closes a connection that sends anything else.
        if !self.take(Some(deadline))? {
            return Err(format!("silence: tick {ticks}: no <join> in time"));
        }
        let join = match self.inbox.pop_front() {
            Some((
                ClientMessage::Join {
                    name,
                    school,
                    language,
                    ..
                },
                held,
            )) => {
                self.inbox_bytes -= held;
                Seat {
                    guid: self.roster.seat(me).guid.clone(),
                    name,
                    school,
                    language,
                }
            }
            Some(_) => return Err(format!("garbage: tick {ticks}: a message before <join>")),
            None => return Err(format!("garbage: tick {ticks}: a sync before <join>")),
        };
        self.roster.seats[me.index() % NUM_PLAYERS] = join;
        let setup = ServerMessage::Setup(Box::new(self.roster.setup(game, &seen.state, me)));
        self.send(&frame(&setup.to_xml()))?;
        self.awaiting = 1;
        match self.wait(deadline, |s| s.started)? {
            true => Ok(()),
            false => Err(format!("silence: tick {ticks}: no <ready> in time")),
        }
    }

    /// The orders of the messages waiting, at most [`MAX_ORDERS_PER_TICK`].
    fn orders(&mut self, seen: &Observation) -> Action {
        let mut orders = Vec::new();
        let mut state = None;
        for _ in 0..MAX_ORDERS_PER_TICK {
            let Some((msg, held)) = self.inbox.pop_front() else {
                break;
            };
            self.inbox_bytes -= held;
            let state = state.get_or_insert_with(|| seen.state.clone());
            if let Ok(Some(order)) = order_of(&self.roster, state, seen.viewer, msg) {
                orders.push(order);
            }
        }
        if orders.is_empty() {
            Action::Wait
        } else {
            Action::Orders(orders)
        }
    }
}

impl Drop for WindwardProgram {
    fn drop(&mut self) {
        if let Some(session) = &mut self.session {
            // The end of the round, as the server ends it; the program is then killed.
            let _ = session
                .stream
                .write_all(&frame(&ServerMessage::Exit.to_xml()));
            let _ = session.stream.shutdown(Shutdown::Both);
        }
    }
}

impl Bot<windward::Game> for WindwardProgram {
    fn name(&self) -> String {
        self.launch.name.clone()
    }

    fn new_game(&mut self, _game: &windward::Game, player: usize, _seed: u64) {
        self.session = None;
        self.fault = None;
        self.heard.clear();
        if let Err(fault) = self.connect(player) {
            self.fault = Some(fault);
        }
    }

    /// One tick (see the [type docs](WindwardProgram)).
    fn act(&mut self, game: &windward::Game, seen: &Observation, _player: usize) -> Action {
        let limit = self.launch.turn_limit;
        let grace = self.launch.startup_grace;
        let tick_end = self.pace.map(|tick| Instant::now() + tick);
        let Some(session) = self.session.as_mut() else {
            self.heard.clear();
            return Action::Wait;
        };
        session.ticks += 1;
        if !session.started {
            self.heard.clear();
            let deadline = Instant::now() + limit.saturating_add(grace);
            return match session.start(game, seen, deadline) {
                Ok(()) => session.orders(seen),
                Err(fault) => self.faulted(fault),
            };
        }
        let me = seen.viewer;
        let scoreboard = [0.0f32; NUM_PLAYERS];
        let mut bytes = Vec::new();
        let mut sent = 0;
        for ev in self.heard.drain(..) {
            if let Some(msg) = event_message(&session.roster, &seen.state, me, &ev, &scoreboard) {
                bytes.extend_from_slice(&frame(&msg.to_xml()));
                sent += 1;
            }
        }
        let waited = if sent > 0 {
            if let Err(fault) = session.send(&bytes) {
                return self.faulted(fault);
            }
            session.awaiting += sent;
            if session.syncs {
                let deadline = Instant::now() + limit;
                session.wait(deadline, |s| s.awaiting == 0)
            } else if let Some(tick_end) = tick_end {
                // The original's pace: the whole tick, whatever arrives.
                session.wait(tick_end, |_| false).map(|_| true)
            } else {
                let deadline = Instant::now() + WINDWARD_UNSYNCED_WAIT;
                let before = session.inbox.len();
                let synced = session.syncs;
                session
                    .wait(deadline, move |s| {
                        s.inbox.len() > before || s.syncs != synced
                    })
                    .map(|_| true)
            }
        } else if let (Some(tick_end), false) = (tick_end, session.syncs) {
            session.wait(tick_end, |_| false).map(|_| true)
        } else {
            session.wait(Instant::now(), |_| true)
        };
        match waited {
            Ok(true) => session.orders(seen),
            Ok(false) => {
                let (ticks, awaiting) = (session.ticks, session.awaiting);
                self.faulted(format!(
                    "silence: tick {ticks}: {awaiting} messages not synced within {limit:?}"
                ))
            }
            Err(fault) => self.faulted(fault),
        }
    }

    fn hear(&mut self, _game: &windward::Game, events: &windward::Events, _player: usize) {
        if self.session.is_some() {
            self.heard.extend(events.iter().cloned());
        }
    }

    /// Ends the round as the server does (`<exit/>`), closes the connection and the program's
    /// input, and gives the program [`EXIT_GRACE`](super::EXIT_GRACE) to exit before it is
    /// killed: all on the game's thread, before the game's end lets that thread go (a program
    /// dies with the thread that started it: [`super::dies_with_parent`]).
    fn game_over(&mut self, _game: &windward::Game, _outcome: &windward::Outcome, _player: usize) {
        if let Some(mut session) = self.session.take() {
            let _ = session
                .stream
                .write_all(&frame(&ServerMessage::Exit.to_xml()));
            // The program leaves on its own once it has read `<exit/>` (the kit's clients close
            // their connection and exit): its input and the connection stay open until it has,
            // at most WINDWARD_EXIT_WAIT. Closing them at once, as before, raced the message:
            // the kit's Python client saw its exit in 2 games of 8.
            let deadline = Instant::now() + WINDWARD_EXIT_WAIT;
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() || session.program.exited().is_some() {
                    break;
                }
                match session
                    .frames
                    .recv_timeout(left.min(Duration::from_millis(20)))
                {
                    Ok(Incoming::Closed(_)) | Err(RecvTimeoutError::Disconnected) => break,
                    Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                }
            }
            let _ = session.stream.shutdown(Shutdown::Both);
            session.program.finish(super::EXIT_GRACE);
        }
    }

    fn fault(&self) -> Option<String> {
        self.fault.clone()
    }
}
