//! A headless server that speaks the original protocol over TCP (`remote/server.go`), so any
//! CloudWars bot can connect and play.
//!
//! Like the original it holds the world frozen until the expected number of players has sent
//! `play`, answers every request line with one `\r\n`-terminated line, and applies commands
//! between updates. Two pacings:
//!
//! - [`Pacing::RealTime`]: a ticker runs updates at a fixed rate (the original's headless server
//!   uses a 16 ms ticker, about 62.5 per second) and commands apply the moment they arrive.
//! - [`Pacing::Lockstep`]: as fast as the clients allow. Each player's `list` waits until every
//!   connected player has sent `list`; then the server applies the commands queued since the
//!   last update in player order (each answered at once with the result it will have, which
//!   depends only on the player's own cloud), runs one update and answers all the `list`s. The
//!   game is then deterministic for a fixed seed and deterministic clients. A player who stays
//!   silent for [`ServerConfig::lockstep_patience`] while others wait is skipped for that round.
//!
//! Differences from the original, on purpose: the server stops when the win flag is set (unless
//! [`ServerConfig::stop_on_win`] is false) or after [`ServerConfig::max_iterations`], and prints a
//! results line; players are placed with the seeded generator; NaN or infinite moves get
//! `err: invalid move`; the `list` rate is not limited (as in the original). Against hostile
//! connections: at most [`ServerConfig::max_connections`] are served at a time, and before the
//! game starts a connection that does not complete a request line within
//! [`ServerConfig::line_deadline`] ([`LINE_DEADLINE`], 10 s) is closed.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use crate::action::Action;
use crate::cloud::{Cloud, Color, Player, PlayerId};
use crate::protocol::{Command, ProtocolError, Reply, ServerError, list_reply, parse_command};
use crate::rules::{CommandError, Game, move_cloud};
use crate::state::{Config, State, WinReason, WorldParams};

/// How the server paces updates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pacing {
    /// A fixed number of updates per second.
    RealTime {
        /// Updates per second (the original: `1000 / (1000 / 60)` ms, about 62.5).
        iterations_per_second: f64,
    },
    /// One update each time every connected player has sent `list`.
    Lockstep,
}

/// The server's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerConfig {
    /// Board and speed.
    pub config: Config,
    /// The random world and the players' starting vapor.
    pub params: WorldParams,
    /// Seed of the world and of the players' random positions.
    pub seed: u64,
    /// Players to wait for before the world starts (the original's `-rAmount`, 3 by default).
    pub players: usize,
    /// Real-time or lockstep.
    pub pacing: Pacing,
    /// Stop when the win flag is set (the original keeps running).
    pub stop_on_win: bool,
    /// Stop after this many updates at the latest.
    pub max_iterations: u64,
    /// Lockstep: how long the waiting players wait for a silent one before the update runs
    /// without it.
    pub lockstep_patience: Duration,
    /// What happens to the connections when the game is over.
    pub after_end: AfterEnd,
    /// How long one reply may wait for a client that does not read before the server gives
    /// up on that client and closes its connection (its seat counts as disconnected).
    pub write_timeout: Duration,
    /// Most connections served at a time (each has a thread). A connection beyond is closed at
    /// once, with a line on stderr (the original has no limit).
    pub max_connections: usize,
    /// Before the game starts, how long a connection may take to complete a request line
    /// ([`LINE_DEADLINE`] by default): a connection that has not taken a seat must complete its
    /// next line within this time of its opening or of its last reply, a seated player (who may
    /// wait in silence for the others) within this time of the line's first byte. A connection
    /// that does not is closed, with a line on stderr, so that connections that dribble a partial
    /// line (or say nothing) cannot hold every place of [`ServerConfig::max_connections`] while
    /// real players are refused. Once the game has started there is no deadline (the original
    /// has none).
    pub line_deadline: Duration,
}

/// The default [`ServerConfig::line_deadline`]: 10 s. A client writes each request line at once
/// (the original SimAI clients, ours, and a terminal in line mode), so a line is complete
/// within milliseconds; 10 s leaves room for a slow start and a person typing `name` and `play`,
/// and caps how long a connection that never completes a line holds its place.
pub const LINE_DEADLINE: Duration = Duration::from_secs(10);

/// What the server does with open connections once the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterEnd {
    /// Keep serving them, as the original does (it never closes: the original SimAI clients crash
    /// on a nil pointer when the connection goes away). `list` shows the final world. A connection
    /// closes when its client leaves, when a reply waits longer than
    /// [`ServerConfig::write_timeout`], or after `idle` without a request, so a client that never
    /// reads (or never speaks) cannot keep the server up; a client that keeps asking can, as with
    /// the original.
    KeepOpen {
        /// How long a connection may stay silent after the end before it is closed.
        idle: Duration,
    },
    /// Close every connection at once.
    Close,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        let config = Config::default();
        ServerConfig {
            config,
            params: WorldParams::default(),
            seed: 1,
            players: 3,
            pacing: Pacing::RealTime {
                iterations_per_second: 62.5,
            },
            stop_on_win: true,
            max_iterations: config.max_iterations().max(0) as u64 + 1,
            lockstep_patience: Duration::from_secs(2),
            after_end: AfterEnd::KeepOpen {
                idle: Duration::from_secs(60),
            },
            write_timeout: Duration::from_secs(5),
            max_connections: 64,
            line_deadline: LINE_DEADLINE,
        }
    }
}

/// How a served game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Updates run.
    pub iteration: u64,
    /// The leader's name (`"no player alive"` or `""` as the original reports it).
    pub leader: String,
    /// Why the win flag is set, or `None` if the game was stopped without it.
    pub reason: Option<WinReason>,
    /// Every player's name and final vapor, in joining order.
    pub players: Vec<(String, f32)>,
}

impl fmt::Display for MatchResult {
    /// `results: iteration 812, leader "P1" (share), P1 1234.5, P2 0`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = match self.reason {
            Some(WinReason::Share) => "share",
            Some(WinReason::Timeout) => "timeout",
            Some(WinReason::NoPlayerAlive) => "no player alive",
            None => "stopped",
        };
        write!(
            f,
            "results: iteration {}, leader {:?} ({reason})",
            self.iteration, self.leader
        )?;
        for (name, vapor) in &self.players {
            write!(f, ", {name} {vapor}")?;
        }
        Ok(())
    }
}

struct Seat {
    /// The player's cloud as it will be after its queued commands (lockstep).
    shadow: Cloud,
    queued: Vec<Action>,
    connected: bool,
    waiting: bool,
}

struct Inner {
    state: State,
    seats: Vec<Seat>,
    started: bool,
    finished: Option<MatchResult>,
    generation: u64,
}

struct Shared {
    game: Game,
    cfg: ServerConfig,
    inner: Mutex<Inner>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// After an update: is the game over?
    fn check_end(&self, inner: &mut Inner) {
        let state = &inner.state;
        let by_win = self.cfg.stop_on_win && state.win_condition();
        if by_win || state.iteration() >= self.cfg.max_iterations {
            inner.finished = Some(result_of(&self.game, state));
        }
    }

    /// Lockstep: if every connected player waits (or `force`), apply the queues and run one
    /// update.
    fn try_round(&self, inner: &mut Inner, force: bool) {
        if !inner.started || inner.finished.is_some() {
            return;
        }
        let active = inner.seats.iter().filter(|s| s.connected).count();
        if active == 0 {
            inner.finished = Some(result_of(&self.game, &inner.state));
            self.changed.notify_all();
            return;
        }
        if !force && inner.seats.iter().any(|s| s.connected && !s.waiting) {
            return;
        }
        for id in 0..inner.seats.len() {
            let queued = std::mem::take(&mut inner.seats[id].queued);
            for action in queued {
                let _ = self
                    .game
                    .apply(&mut inner.state, PlayerId(id as u8), action);
            }
        }
        self.game.update(&mut inner.state);
        for (id, seat) in inner.seats.iter_mut().enumerate() {
            seat.waiting = false;
            if let Some(c) = inner.state.cloud_of(PlayerId(id as u8)) {
                seat.shadow = *c;
            }
        }
        inner.generation += 1;
        self.check_end(inner);
        self.changed.notify_all();
    }
}

fn result_of(game: &Game, state: &State) -> MatchResult {
    let outcome = game.outcome(state);
    MatchResult {
        iteration: state.iteration(),
        leader: state.leader_name().to_owned(),
        reason: outcome.map(|o| o.reason),
        players: state
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let vapor = state.cloud_of(PlayerId(i as u8)).map_or(0.0, |c| c.vapor);
                (p.name.clone(), vapor)
            })
            .collect(),
    }
}

/// A bound server, ready to [`run`](Server::run).
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Binds the listening socket (use `127.0.0.1:0` for a free loopback port) and builds the
    /// world from the seed.
    pub fn bind(addr: impl ToSocketAddrs, cfg: ServerConfig) -> io::Result<Server> {
        let game = Game::new(cfg.config)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let state = game.new_world(&cfg.params, cfg.seed);
        let listener = TcpListener::bind(addr)?;
        Ok(Server {
            listener,
            shared: Arc::new(Shared {
                game,
                cfg,
                inner: Mutex::new(Inner {
                    state,
                    seats: Vec::new(),
                    started: false,
                    finished: None,
                    generation: 0,
                }),
                changed: Condvar::new(),
            }),
        })
    }

    /// The address clients connect to.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the game is over and every connection has closed (see
    /// [`ServerConfig::after_end`]), then returns the result.
    pub fn run(self) -> io::Result<MatchResult> {
        let (result, lingering) = self.run_until_end()?;
        lingering.wait();
        Ok(result)
    }

    /// Serves until the game is over and returns its result at once, with the connections that
    /// are still being served (with [`AfterEnd::KeepOpen`]); no new connection is accepted.
    pub fn run_until_end(self) -> io::Result<(MatchResult, Lingering)> {
        self.listener.set_nonblocking(true)?;
        let ticker = match self.shared.cfg.pacing {
            Pacing::RealTime {
                iterations_per_second,
            } => {
                let shared = Arc::clone(&self.shared);
                let period = Duration::from_secs_f64(1.0 / iterations_per_second.max(1e-3));
                Some(thread::spawn(move || run_ticker(&shared, period)))
            }
            Pacing::Lockstep => None,
        };
        let mut connections: Vec<thread::JoinHandle<()>> = Vec::new();
        loop {
            if self.shared.lock().finished.is_some() {
                break;
            }
            match self.listener.accept() {
                Ok((stream, peer)) => {
                    connections.retain(|c| !c.is_finished());
                    let cap = self.shared.cfg.max_connections;
                    if connections.len() >= cap {
                        eprintln!(
                            "cloudwars_server: connection from {peer} refused: {cap} connections \
                             are open, the most served at a time (max_connections)"
                        );
                        drop(stream);
                        continue;
                    }
                    let shared = Arc::clone(&self.shared);
                    connections.push(thread::spawn(move || {
                        let _ = serve_connection(&shared, stream, peer);
                    }));
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    thread::sleep(Duration::from_millis(5));
                }
                Err(e) => return Err(e),
            }
        }
        drop(self.listener);
        if let Some(t) = ticker {
            let _ = t.join();
        }
        let result = self.shared.lock().finished.clone();
        let lingering = Lingering { connections };
        if self.shared.cfg.after_end == AfterEnd::Close {
            lingering.wait();
            return Ok((
                result.expect("the loop ends only when finished"),
                Lingering {
                    connections: Vec::new(),
                },
            ));
        }
        Ok((result.expect("the loop ends only when finished"), lingering))
    }
}

/// The connections still open after the game's end (see [`AfterEnd::KeepOpen`]).
#[derive(Debug)]
pub struct Lingering {
    connections: Vec<thread::JoinHandle<()>>,
}

impl Lingering {
    /// Waits until every connection has closed (each one is bounded: see [`AfterEnd::KeepOpen`]).
    pub fn wait(self) {
        for c in self.connections {
            let _ = c.join();
        }
    }
}

fn run_ticker(shared: &Shared, period: Duration) {
    let mut next = Instant::now() + period;
    loop {
        let now = Instant::now();
        if next > now {
            thread::sleep(next - now);
        }
        next += period;
        let mut inner = shared.lock();
        if inner.finished.is_some() {
            return;
        }
        if inner.started {
            shared.game.update(&mut inner.state);
            shared.check_end(&mut inner);
            shared.changed.notify_all();
        }
    }
}

/// The longest request line the server buffers; longer input is answered as one line (the
/// original has no limit).
pub const MAX_LINE: usize = 64 * 1024;

struct Session {
    name: String,
    color: Color,
    me: Option<PlayerId>,
}

/// Marks the seat disconnected however the connection ends (even by a panic in its thread), so
/// a lockstep round never waits for a seat nobody serves.
struct Seated<'a> {
    shared: &'a Shared,
    session: Session,
}

impl Drop for Seated<'_> {
    fn drop(&mut self) {
        if let Some(id) = self.session.me {
            let mut inner = self.shared.lock();
            inner.seats[id.index()].connected = false;
            self.shared.try_round(&mut inner, false);
        }
    }
}

fn serve_connection(shared: &Shared, stream: TcpStream, peer: SocketAddr) -> io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_millis(50)))?;
    // A client that does not read its replies blocks a write: give up on it after this long.
    // One reply at a time is ever pending per connection (the next request is read only once
    // the reply is written), so the queue per client is bounded by one reply.
    stream.set_write_timeout(Some(shared.cfg.write_timeout.max(Duration::from_millis(1))))?;
    stream.set_nodelay(true)?;
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let mut seated = Seated {
        shared,
        session: Session {
            name: format!("unknown [{peer}]"),
            color: Color::Red,
            me: None,
        },
    };
    let session = &mut seated.session;
    let mut line = Vec::new();
    let mut last_request = Instant::now();
    // Before the game starts: when the time to complete the current line began.
    let mut line_clock = Instant::now();
    loop {
        let (finished, started) = {
            let inner = shared.lock();
            (inner.finished.is_some(), inner.started)
        };
        if finished {
            match shared.cfg.after_end {
                AfterEnd::Close => break Ok(()),
                AfterEnd::KeepOpen { idle } if last_request.elapsed() >= idle => break Ok(()),
                AfterEnd::KeepOpen { .. } => {}
            }
        } else if !started {
            if session.me.is_some() && line.is_empty() {
                // A seated player may wait in silence: its clock starts with a line's first byte.
                line_clock = Instant::now();
            } else if line_clock.elapsed() >= shared.cfg.line_deadline {
                eprintln!(
                    "cloudwars_server: connection from {peer} closed: no complete request line \
                     within {:?} before the game started (line_deadline; {} bytes of a line \
                     pending)",
                    shared.cfg.line_deadline,
                    line.len()
                );
                break Ok(());
            }
        }
        // What has arrived, up to a newline, one read at a time: `read_until` would go on reading
        // a line that trickles in and never come back to the deadline above.
        let room = MAX_LINE.saturating_sub(line.len());
        let at_eof = match reader.fill_buf() {
            Ok([]) => true,
            Ok(buf) => {
                let buf = &buf[..buf.len().min(room)];
                let n = buf
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(buf.len(), |i| i + 1);
                line.extend_from_slice(&buf[..n]);
                reader.consume(n);
                false
            }
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock
                        | io::ErrorKind::TimedOut
                        | io::ErrorKind::Interrupted
                ) =>
            {
                continue;
            }
            Err(e) => break Err(e),
        };
        last_request = Instant::now();
        if at_eof {
            // End of stream: a last line without its newline is still a request.
            if !line.is_empty() {
                let (reply, _) = respond(shared, session, &line);
                let _ = writer.write_all(reply.to_line().as_bytes());
            }
            break Ok(());
        }
        if !line.ends_with(b"\n") && line.len() < MAX_LINE {
            // The peer closed in the middle of a line: answered at the next read (EOF).
            continue;
        }
        // A line (or MAX_LINE bytes without a newline, answered as one line).
        let (reply, quit) = respond(shared, session, &line);
        line.clear();
        if let Err(e) = writer.write_all(reply.to_line().as_bytes()) {
            break Err(e);
        }
        line_clock = Instant::now();
        if quit {
            break Ok(());
        }
    }
}

/// One request, one reply (and whether to close the connection).
fn respond(shared: &Shared, session: &mut Session, line: &[u8]) -> (Reply, bool) {
    let not_ready = |inner: &Inner| !inner.started;
    match parse_command(line) {
        Err(ProtocolError::InvalidMoveInput { .. }) => {
            let inner = shared.lock();
            let err = if session.me.is_none() {
                ServerError::NotPlaying
            } else if not_ready(&inner) {
                ServerError::WaitForPlayers
            } else {
                ServerError::InvalidInput
            };
            (Reply::Error(err), false)
        }
        Err(e) => (Reply::Error(e.reply()), false),
        Ok(Command::Quit) => (Reply::Ok, true),
        Ok(Command::Name(name)) => {
            session.name = name;
            (Reply::Ok, false)
        }
        Ok(Command::Type(color)) => {
            session.color = color;
            (Reply::Ok, false)
        }
        Ok(Command::List) => (list(shared, session), false),
        Ok(Command::Play) => (play(shared, session), false),
        Ok(Command::Move(input)) => (command(shared, session, Action::Move(input.wind)), false),
        Ok(Command::Kill) => (command(shared, session, Action::Kill), false),
    }
}

fn list(shared: &Shared, session: &Session) -> Reply {
    let mut inner = shared.lock();
    if let (Pacing::Lockstep, Some(id)) = (shared.cfg.pacing, session.me)
        && inner.started
        && inner.finished.is_none()
    {
        let generation = inner.generation;
        inner.seats[id.index()].waiting = true;
        shared.try_round(&mut inner, false);
        let deadline = Instant::now() + shared.cfg.lockstep_patience;
        while inner.generation == generation && inner.finished.is_none() {
            let now = Instant::now();
            if now >= deadline {
                // Someone is silent: update without them.
                shared.try_round(&mut inner, true);
                continue;
            }
            inner = shared
                .changed
                .wait_timeout(inner, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
    list_reply(&shared.game, &inner.state)
}

fn play(shared: &Shared, session: &mut Session) -> Reply {
    if session.me.is_some() {
        return Reply::Error(ServerError::AlreadyPlaying);
    }
    let mut inner = shared.lock();
    if inner.state.players().iter().any(|p| p.name == session.name) {
        return Reply::Error(ServerError::NameTaken);
    }
    if inner.seats.len() >= shared.cfg.players {
        return Reply::Error(ServerError::MaxPlayers);
    }
    let player = Player {
        name: session.name.clone(),
        color: session.color,
    };
    let vapor = shared.cfg.params.player_vapor;
    let inner = &mut *inner;
    match shared
        .game
        .add_player(&mut inner.state, player, None, vapor)
    {
        Ok(id) => {
            let shadow = *inner.state.cloud_of(id).expect("just added");
            inner.seats.push(Seat {
                shadow,
                queued: Vec::new(),
                connected: true,
                waiting: false,
            });
            session.me = Some(id);
            if inner.seats.len() >= shared.cfg.players {
                inner.started = true;
                shared.changed.notify_all();
            }
            Reply::GameBegins
        }
        Err(_) => Reply::Error(ServerError::MaxPlayers),
    }
}

fn command(shared: &Shared, session: &Session, action: Action) -> Reply {
    let Some(id) = session.me else {
        return Reply::Error(ServerError::NotPlaying);
    };
    let mut inner = shared.lock();
    let inner = &mut *inner;
    if action == Action::Kill {
        let dead = match shared.cfg.pacing {
            Pacing::Lockstep => inner.seats[id.index()].shadow.is_dead(),
            Pacing::RealTime { .. } => inner.state.cloud_of(id).is_none_or(Cloud::is_dead),
        };
        if dead {
            return Reply::Error(ServerError::AlreadyDead);
        }
    } else if !inner.started {
        return Reply::Error(ServerError::WaitForPlayers);
    }
    if !inner.started {
        // The original answers `ok` to a kill while frozen but changes nothing.
        return Reply::Ok;
    }
    let result = match shared.cfg.pacing {
        Pacing::RealTime { .. } => shared.game.apply(&mut inner.state, id, action),
        Pacing::Lockstep => {
            let seat = &mut inner.seats[id.index()];
            let result = lockstep_command(&mut seat.shadow, id, action);
            if result.is_ok() {
                seat.queued.push(action);
            }
            result
        }
    };
    command_reply(result)
}

/// A command in lockstep: checked against (and applied to) `shadow`, the player's cloud as it
/// will be once the commands queued before this one in the update are applied, so it is answered
/// at once with the result it will have (which depends only on the player's own cloud). `Ok`:
/// queue it (a `kill` of a dead cloud is `AlreadyDead` for `player`). Shared by [`Pacing::Lockstep`] and the arena's program bots.
pub fn lockstep_command(
    shadow: &mut Cloud,
    player: PlayerId,
    action: Action,
) -> Result<(), CommandError> {
    match action {
        Action::Move(wind) => move_cloud(shadow, wind).map(|_| ()),
        Action::Wait => Ok(()),
        Action::Kill if shadow.is_dead() => Err(CommandError::AlreadyDead(player)),
        Action::Kill => {
            shadow.vapor = 0.0;
            Ok(())
        }
    }
}

/// The reply to a command of a seated player in a started game: `ok`, `err: you're already dead`
/// or `err: invalid move`.
pub fn command_reply(result: Result<(), CommandError>) -> Reply {
    match result {
        Ok(()) => Reply::Ok,
        Err(CommandError::AlreadyDead(_)) => Reply::Error(ServerError::AlreadyDead),
        Err(_) => Reply::Error(ServerError::InvalidMove),
    }
}
