//! The server side: the engine behind the original's TCP protocol.
//!
//! The connections are those of the [`room`]: one thread accepts them while seats are open
//! (at most [`MAX_CONNECTIONS`](super::MAX_CONNECTIONS) at a time, each closed unless it joins
//! within [`ServerConfig::join_deadline`]); each client gets a reader thread (frames checked
//! against [`MAX_CLIENT_FRAME`](super::MAX_CLIENT_FRAME) before allocating, read as the original's
//! framework reads them, handed to the round over a channel) and a standby writer thread.
//!
//! **Many orders.** The original applies every message queued since the last tick, in arrival
//! order, at the start of the next one (`ProcessAllMoveMessages`, E:641-664), each path order with
//! its own A* join and `NO_PATH`. This server does the same for up to [`MAX_ORDERS_PER_TICK`]
//! messages of one client per tick, far more than any bot sends (one per message it receives);
//! the rest wait, in order, for the following ticks. What a client has sent and the round has not
//! yet applied is held up to [`MAX_INBOX_BYTES`]: once that is full its reader stops reading, so
//! TCP flow control slows the sender down. A flood of orders thus costs the round a bounded
//! amount of work per tick and the server a bounded amount of memory per client, and delays
//! only the flooder's own orders ([`RoundReport::deferred`], [`RoundReport::peak_inbox`]).
//!
//! **Bad messages.** As in the original, a seated client is never dropped for what it says: bad
//! XML, an unknown message (`<hello/>`), a second `<join>` and a card message that names an
//! unknown card are logged and ignored, a path is cut at its first bad element and unknown names
//! in a pick-up list are skipped (F:357-372, F:407-415, F:634-665). A connection that has not
//! joined is closed for a message it cannot use, as the original closes it. Frames over the
//! limit, a connection that breaks and a client that does not read are dropped.
//!
//! **The end.** After `<exit/>` the round waits until every live client's writer has written what
//! is queued ([`ServerConfig::flush_timeout`] at most, and a client that takes no byte for
//! [`ServerConfig::write_timeout`] is given up as during the round), then for the clients to close
//! their side, so that a slow reader gets every frame before [`Server::run`] returns.
//!
//! **Writes.** The round writes each frame itself (no hand-off: the kernel's send buffer takes it at once) with a write timeout of at most
//! [`DIRECT_WRITE_WAIT`]; a frame that does not fit in that time, and every frame after it while
//! some are still queued, goes to the writer through a bounded queue
//! ([`ServerConfig::queue_frames`]), which keeps writing until no byte has gone out for
//! [`ServerConfig::write_timeout`]. So the round never waits for a peer longer than
//! [`DIRECT_WRITE_WAIT`] at a time: a client whose queue is full, whose writes stall, that sends
//! an oversized or truncated frame, or that disconnects is dropped with a log line, and its car
//! goes on as the original's does (it follows its last path, then drives at random).
//!
//! A `<status>` goes to every seat with the same body but for the recipient's own `<path>` and
//! `<pick-up>`: the server writes the shared part once per event (`StatusFrames`).
//!
//! Messages are built from the engine's state at the moment the rule fires
//! ([`Game::advance_observed`]), byte for byte as the original server builds them (with `\r\n`
//! line ends, as the original wrote on Windows); orders are applied at the start of the next
//! tick. Seats nobody joined are played in-process by the bots `fill` gives, fed the same
//! messages.

use std::collections::VecDeque;
use std::io::{self, Write as _};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::thread;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::protocol::{ClientMessage, Roster, Seat, ServerMessage};
use crate::rules::{self, Event, Recipient};
use crate::state::{Card, NUM_PLAYERS, PlayerId};
use crate::tick::Order;
use crate::{Game, State};

use super::client::{NetBot, is_noop};
use super::room::{
    self, Gathered, Inbound, Inbox, JOIN_DEADLINE, Joined, deadline_after, is_wait, left_until, log,
};
use super::view::View;
use super::{NetError, is_sync};

/// How fast the round runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pace {
    /// The original's real-time pace: `ticks_per_second` ticks a second (the original's
    /// `MovesPerSecond` is 96, rules §2); the server never waits for clients.
    RealTime {
        /// Ticks per second.
        ticks_per_second: u32,
    },
    /// As fast as the clients allow: after each tick the server waits until every client it
    /// sent messages to has answered each with a sync (see the [module docs](super)), so a round
    /// is reproducible. A client that does not sync within [`ServerConfig::reply_timeout`] is
    /// not waited for again.
    Lockstep,
}

impl Pace {
    /// The original's pace: 96 ticks a second.
    pub const ORIGINAL: Pace = Pace::RealTime {
        ticks_per_second: 96,
    };
}

/// The server's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// Where to listen (default `127.0.0.1:1707`).
    pub addr: SocketAddr,
    /// How many clients to wait for (0..=10); the other seats are played in-process.
    pub clients: usize,
    /// How fast to run.
    pub pace: Pace,
    /// The round's seed (setup and every chance outcome).
    pub seed: u64,
    /// How long to wait for the clients to join and to answer `<setup>` with `<ready>`.
    pub join_timeout: Duration,
    /// How long a connection may stay in the room without sending its `<join>` before it is
    /// closed ([`JOIN_DEADLINE`], 10 s, by default), counted from its opening: idle connections
    /// cannot hold the [`MAX_CONNECTIONS`](super::MAX_CONNECTIONS) places for the whole
    /// [`ServerConfig::join_timeout`].
    pub join_deadline: Duration,
    /// [`Pace::Lockstep`]: how long to wait for a client's syncs.
    pub reply_timeout: Duration,
    /// How long a client's writer thread may go without writing a byte of a queued frame
    /// before the client is dropped (the round's own writes wait at most
    /// [`DIRECT_WRITE_WAIT`], or this if shorter).
    pub write_timeout: Duration,
    /// How many frames may wait for a client's writer before the client is dropped.
    pub queue_frames: usize,
    /// The longest the end of a round waits for the clients' writers to write what is queued
    /// (ending with `<exit/>`) and for the clients to close.
    pub flush_timeout: Duration,
    /// Log joins, drops, ignored messages and the result line to stderr.
    pub log: bool,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], super::DEFAULT_PORT)),
            clients: NUM_PLAYERS,
            pace: Pace::ORIGINAL,
            seed: 1,
            join_timeout: Duration::from_secs(60),
            join_deadline: JOIN_DEADLINE,
            reply_timeout: Duration::from_secs(5),
            write_timeout: Duration::from_secs(5),
            queue_frames: 1024,
            flush_timeout: Duration::from_secs(30),
            log: true,
        }
    }
}

/// The result of a served round.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundReport {
    /// Who sat where.
    pub roster: Roster,
    /// Which seats were clients (the others were played in-process).
    pub remote: [bool; NUM_PLAYERS],
    /// Final scores (with partial credit).
    pub scores: [f32; NUM_PLAYERS],
    /// Deliveries.
    pub delivered: [usize; NUM_PLAYERS],
    /// Ticks played.
    pub ticks: u32,
    /// Clients dropped during the round, with the reason.
    pub dropped: Vec<(PlayerId, String)>,
    /// Messages sent to clients.
    pub messages_sent: u64,
    /// Per seat: the most bytes its client's messages held at once while they waited for the
    /// round (at most [`MAX_INBOX_BYTES`] plus one message).
    pub peak_inbox: [usize; NUM_PLAYERS],
    /// Per seat: how many times one of its client's messages waited a tick longer because the
    /// client had sent more than [`MAX_ORDERS_PER_TICK`] since the last tick.
    pub deferred: [u64; NUM_PLAYERS],
    /// Per seat: the most of its client's messages applied in one tick (at most
    /// [`MAX_ORDERS_PER_TICK`]).
    pub busiest_tick: [usize; NUM_PLAYERS],
    /// Per seat: messages (or parts of them) ignored as the original ignores them.
    pub ignored: [u64; NUM_PLAYERS],
    /// The time from the first tick to the end of the last one (the join and ready wait
    /// excluded).
    pub round_time: Duration,
}

impl RoundReport {
    /// The results line: `result: tick T; 1. NAME (seat S) SCORE points, D deliveries; 2. ...`,
    /// best first (ties keep seat order).
    pub fn results_line(&self) -> String {
        let mut order: Vec<usize> = (0..NUM_PLAYERS).collect();
        order.sort_by(|&a, &b| self.scores[b].total_cmp(&self.scores[a]));
        let mut line = format!("result: tick {}", self.ticks);
        for (rank, &i) in order.iter().enumerate() {
            line.push_str(&format!(
                "; {}. {} (seat {i}) {} points, {} deliveries",
                rank + 1,
                self.roster.seats[i].name,
                self.scores[i],
                self.delivered[i]
            ));
        }
        line
    }
}

/// The longest the round's thread waits in one write to a client before handing the rest of the
/// frame to the client's writer thread.
pub const DIRECT_WRITE_WAIT: Duration = Duration::from_millis(2);

/// Most messages of one client the round applies in one tick; the rest wait, in order, for the
/// next ticks (see the [module docs](self)).
pub const MAX_ORDERS_PER_TICK: usize = 8;

/// Most bytes a client's messages may hold while they wait for the round (about their size in
/// memory, see [`RoundReport::peak_inbox`]); while it is full the client's reader stops reading.
/// It holds at least one message of the largest frame
/// ([`MAX_CLIENT_FRAME`](super::MAX_CLIENT_FRAME)).
pub const MAX_INBOX_BYTES: usize = 1 << 20;

/// The most lines about ignored messages logged per seat (later ones are only counted in
/// [`RoundReport::ignored`]).
const IGNORED_LOG_LINES: u64 = 20;

/// A connected client.
struct Remote {
    conn: usize,
    stream: TcpStream,
    inbox: Arc<Inbox>,
    /// Frames handed to the writer thread and not yet written: the round writes directly only
    /// when this is zero, so frames keep their order.
    backlog: Arc<AtomicUsize>,
    queue: SyncSender<Vec<u8>>,
    /// Sequence numbers of the messages sent and not yet synced (lockstep).
    awaiting: VecDeque<u64>,
    /// Whether the server still waits for this client's syncs.
    syncs: bool,
    ready: bool,
}

enum Player {
    Remote(Remote),
    Gone,
    Local {
        bot: Box<dyn NetBot>,
        view: Option<Box<View>>,
    },
}

/// A Windward server bound to its address.
pub struct Server {
    listener: TcpListener,
    game: Game,
    config: ServerConfig,
}

impl Server {
    /// Binds the listening socket (before any client can connect).
    pub fn bind(game: Game, config: ServerConfig) -> io::Result<Server> {
        let listener = TcpListener::bind(config.addr)?;
        Ok(Server {
            listener,
            game,
            config,
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves one round: waits for the clients to join (seats in join order), fills the other
    /// seats with `fill(seat)`, sends `<setup>`, waits for `<ready>`, runs the round, sends
    /// `<exit/>`, waits for the clients to get what is queued (see the [module docs](self)) and
    /// returns the result (also logged as the results line).
    pub fn run(
        self,
        fill: &mut dyn FnMut(PlayerId) -> Box<dyn NetBot>,
    ) -> Result<RoundReport, NetError> {
        let (game, state, mut io) = Io::new(self, fill)?;
        io.play(&game, state)
    }
}

/// A message waiting to become an order: the tag it sorts by, the seat, the message and the
/// inbox bytes it holds.
struct Pending {
    tag: u64,
    player: PlayerId,
    msg: ClientMessage,
    held: usize,
}

/// Everything of a round but the game and its state (so that the round's messages can be sent
/// from inside the tick, from the state of each moment, without copying it).
struct Io {
    config: ServerConfig,
    roster: Roster,
    players: Vec<Player>,
    inbound: Receiver<Inbound>,
    /// Messages waiting to become orders at the next tick.
    pending: Vec<Pending>,
    seq: u64,
    unsolicited: u64,
    dropped: Vec<(PlayerId, String)>,
    messages_sent: u64,
    /// The tick being played (for the log).
    tick: u32,
    deferred: [u64; NUM_PLAYERS],
    busiest_tick: [usize; NUM_PLAYERS],
    ignored: [u64; NUM_PLAYERS],
    peak_inbox: [usize; NUM_PLAYERS],
}

/// A random (version 4) GUID, as `Guid.NewGuid()` makes them.
fn guid(rng: &mut Pcg64Mcg) -> String {
    let a: u128 = rng.random();
    let a = (a & !(0xF << 76) | (0x4 << 76)) & !(0x3 << 62) | (0x2 << 62);
    let h = format!("{a:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

/// The frames of one `<status>` for every recipient: the body up to `<path>` is the same for
/// all (it is built and written once); the tail (`<path>`, `<pick-up>`, `</status>`) is the
/// recipient's. Byte for byte what `frame(&roster.status(state, to, ..).to_xml())` gives.
#[doc(hidden)]
pub struct StatusFrames {
    shared: String,
    status: rules::Status,
}

impl StatusFrames {
    /// The shared part of the status about `about`, built from `state`.
    pub fn new(
        roster: &Roster,
        state: &State,
        about: PlayerId,
        status: rules::Status,
        scoreboard: &[f32; NUM_PLAYERS],
    ) -> StatusFrames {
        let mut msg = roster.status(state, about, about, status, scoreboard);
        if let ServerMessage::Status { path, pickup, .. } = &mut msg {
            path.clear();
            pickup.clear();
        }
        let mut shared = msg.to_xml();
        let cut = shared.rfind("<path").unwrap_or(shared.len());
        shared.truncate(cut);
        StatusFrames { shared, status }
    }

    /// Appends the frame for recipient `to` to `out`.
    pub fn frame_for(&self, state: &State, to: PlayerId, out: &mut Vec<u8>) {
        let me = state.player(to);
        let tail = ServerMessage::Status {
            status: self.status,
            player_guid: String::new(),
            players: Vec::new(),
            passengers: Vec::new(),
            path: me.car.vehicle.path.clone(),
            pickup: me.pickup.to_vec(),
        }
        .to_xml();
        let tail = &tail[tail.rfind("<path").unwrap_or(0)..];
        let length = self.shared.len() + tail.len();
        out.extend_from_slice(&(length as u32).to_le_bytes());
        out.extend_from_slice(self.shared.as_bytes());
        out.extend_from_slice(tail.as_bytes());
    }
}

impl Io {
    /// Accepts the clients (the [room](super::room)) and seats everybody: the round's game, its
    /// initial state and the rest of the round.
    fn new(
        server: Server,
        fill: &mut dyn FnMut(PlayerId) -> Box<dyn NetBot>,
    ) -> Result<(Game, State, Io), NetError> {
        let Server {
            listener,
            game,
            config,
        } = server;
        let wanted = config.clients.min(NUM_PLAYERS);
        let Gathered {
            joined,
            inbound,
            tx,
        } = room::gather(listener, &config, wanted)?;
        let mut rng = Pcg64Mcg::seed_from_u64(
            config.seed
                ^ std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64),
        );
        // Seats: the clients in join order, then the in-process players.
        let mut players = Vec::with_capacity(NUM_PLAYERS);
        let mut dropped = Vec::new();
        let builtin = Roster::builtin();
        let mut seats: Vec<Seat> = Vec::with_capacity(NUM_PLAYERS);
        let mut joined = joined.into_iter();
        for i in 0..NUM_PLAYERS {
            let me = PlayerId(i as u8);
            match joined.next() {
                Some(Joined {
                    conn,
                    stream,
                    inbox,
                    mut seat,
                }) => {
                    seat.guid = guid(&mut rng);
                    let backlog = Arc::new(AtomicUsize::new(0));
                    let queue = stream.try_clone().and_then(|writer| {
                        room::spawn_writer(
                            conn,
                            writer,
                            config.queue_frames,
                            config.write_timeout,
                            Arc::clone(&backlog),
                            tx.clone(),
                        )
                    });
                    match queue {
                        Ok(queue) => players.push(Player::Remote(Remote {
                            conn,
                            stream,
                            inbox,
                            backlog,
                            queue,
                            awaiting: VecDeque::new(),
                            syncs: config.pace == Pace::Lockstep,
                            ready: false,
                        })),
                        Err(e) => {
                            // (the system's limit on threads): the car drives on as a dropped
                            // client's does.
                            let reason = format!("its writer thread could not be started: {e}");
                            log(
                                &config,
                                &format!("seat {i} ({}) dropped: {reason}", seat.name),
                            );
                            inbox.close();
                            let _ = stream.shutdown(Shutdown::Both);
                            dropped.push((me, reason));
                            players.push(Player::Gone);
                        }
                    }
                    seats.push(seat);
                }
                None => {
                    let mut seat = builtin.seats[i].clone();
                    seat.guid = guid(&mut rng);
                    seats.push(seat);
                    players.push(Player::Local {
                        bot: fill(me),
                        view: None,
                    });
                }
            }
        }
        let roster = Roster {
            seats: seats.try_into().map_err(|_| NetError::Closed)?,
        };
        let state = game.initial_state(config.seed);
        let io = Io {
            config,
            roster,
            players,
            inbound,
            pending: Vec::new(),
            seq: 0,
            unsolicited: u64::MAX / 2,
            dropped,
            messages_sent: 0,
            tick: 0,
            deferred: [0; NUM_PLAYERS],
            busiest_tick: [0; NUM_PLAYERS],
            ignored: [0; NUM_PLAYERS],
            peak_inbox: [0; NUM_PLAYERS],
        };
        Ok((game, state, io))
    }

    fn seat_of_conn(&self, conn: usize) -> Option<usize> {
        self.players
            .iter()
            .position(|p| matches!(p, Player::Remote(r) if r.conn == conn))
    }

    fn drop_seat(&mut self, seat: usize, reason: String) {
        if let Player::Remote(r) = &self.players[seat] {
            r.inbox.close();
            self.peak_inbox[seat] = r.inbox.peak();
            let _ = r.stream.shutdown(Shutdown::Both);
            log(
                &self.config,
                &format!(
                    "seat {seat} ({}) dropped at tick {}: {reason}; its car drives on",
                    self.roster.seats[seat].name, self.tick
                ),
            );
            self.dropped.push((PlayerId(seat as u8), reason));
            self.players[seat] = Player::Gone;
        }
    }

    /// Counts (and logs, up to [`IGNORED_LOG_LINES`] per seat) what the round ignored of a
    /// seat's messages, as the original ignores it.
    fn note_ignored(&mut self, seat: usize, what: &str) {
        self.ignored[seat] += 1;
        if self.ignored[seat] <= IGNORED_LOG_LINES {
            let more = if self.ignored[seat] == IGNORED_LOG_LINES {
                " (further ones are only counted)"
            } else {
                ""
            };
            log(
                &self.config,
                &format!(
                    "seat {seat} ({}) at tick {}: {what}; ignored{more}",
                    self.roster.seats[seat].name, self.tick
                ),
            );
        }
    }

    /// Gives a seat's inbox bytes back (its message was applied or ignored).
    fn give_back(&self, seat: usize, n: usize) {
        if let Player::Remote(r) = &self.players[seat] {
            r.inbox.give_back(n);
        }
    }

    /// Handles one thing a connection thread reported.
    fn inbound(&mut self, what: Inbound) {
        match what {
            Inbound::Connected(_, stream, inbox) => {
                inbox.close();
                let _ = stream.shutdown(Shutdown::Both);
            }
            Inbound::Dropped(conn, reason) => {
                if let Some(seat) = self.seat_of_conn(conn) {
                    self.drop_seat(seat, reason);
                }
            }
            Inbound::Flushed(..) => {}
            Inbound::Unusable(conn, reason, n) => {
                if let Some(seat) = self.seat_of_conn(conn) {
                    self.give_back(seat, n);
                    self.note_ignored(seat, &reason);
                }
            }
            Inbound::Message(conn, msg, notes, n) => {
                let Some(seat) = self.seat_of_conn(conn) else {
                    return;
                };
                for note in &notes {
                    self.note_ignored(seat, note);
                }
                let Player::Remote(r) = &mut self.players[seat] else {
                    return;
                };
                if is_sync(&msg) {
                    r.awaiting.pop_front();
                    r.inbox.give_back(n);
                    return;
                }
                if matches!(msg, ClientMessage::Join { .. }) {
                    r.inbox.give_back(n);
                    self.note_ignored(seat, "<join> from a seated client");
                    return;
                }
                if matches!(msg, ClientMessage::Ready { .. }) {
                    r.ready = true;
                }
                let tag = match r.awaiting.front() {
                    Some(&t) if r.syncs => t,
                    _ => {
                        self.unsolicited += 1;
                        self.unsolicited
                    }
                };
                self.pending.push(Pending {
                    tag,
                    player: PlayerId(seat as u8),
                    msg,
                    held: n,
                });
            }
        }
    }

    /// Writes a frame to a client: directly while nothing waits in its writer's queue (for at
    /// most [`DIRECT_WRITE_WAIT`]), else (and for the rest of a frame that did not fit) through
    /// the bounded queue. Returns whether the client is still there.
    fn write_frame(&mut self, seat: usize, frame: &[u8]) -> bool {
        let Player::Remote(r) = &mut self.players[seat] else {
            return false;
        };
        let mut done = 0;
        if r.backlog.load(Ordering::Acquire) == 0 {
            while done < frame.len() {
                match (&r.stream).write(&frame[done..]) {
                    Ok(0) => {
                        self.drop_seat(seat, "connection closed".into());
                        return false;
                    }
                    Ok(n) => done += n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) if is_wait(&e) => break,
                    Err(e) => {
                        self.drop_seat(seat, format!("write failed: {e}"));
                        return false;
                    }
                }
            }
            if done == frame.len() {
                return true;
            }
        }
        r.backlog.fetch_add(1, Ordering::AcqRel);
        match r.queue.try_send(frame[done..].to_vec()) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.drop_seat(seat, "send queue full (not reading)".into());
                false
            }
            Err(TrySendError::Disconnected(_)) => {
                self.drop_seat(seat, "writer gone".into());
                false
            }
        }
    }

    /// Counts a frame written to a client (and awaits its sync in lockstep).
    fn sent(&mut self, seat: usize, tag: u64) {
        if let Player::Remote(r) = &mut self.players[seat] {
            self.messages_sent += 1;
            if r.syncs {
                r.awaiting.push_back(tag);
            }
        }
    }

    /// Sends a message to a seat: written for a client, played at once for an in-process bot.
    fn send(&mut self, game: &Game, seat: usize, msg: &ServerMessage) {
        self.seq += 1;
        let tag = self.seq;
        match &mut self.players[seat] {
            Player::Gone => {}
            Player::Remote(_) => {
                let frame = crate::protocol::frame(&msg.to_xml());
                if self.write_frame(seat, &frame) {
                    self.sent(seat, tag);
                }
            }
            Player::Local { bot, view } => {
                let me = PlayerId(seat as u8);
                let mut out = Vec::new();
                match msg {
                    ServerMessage::Setup(setup) => {
                        if let Ok(v) = View::from_setup(setup, *game.config(), self.config.seed) {
                            bot.setup(&v.game, &v.state, me, &mut out);
                            *view = Some(Box::new(v));
                        }
                    }
                    _ => {
                        if let Some(v) = view.as_mut()
                            && let Ok(Some(ev)) = v.apply(msg)
                        {
                            bot.after_message(&v.game, &v.state, me, &[ev], &mut out);
                        }
                    }
                }
                for order in out.into_iter().filter(|o| !is_noop(o)) {
                    let msg = super::client::order_message(&order, &self.roster, false);
                    self.pending.push(Pending {
                        tag,
                        player: me,
                        msg,
                        held: 0,
                    });
                }
            }
        }
    }

    /// Sends the messages for events that just fired, built from `state` as it is now.
    fn send_events(
        &mut self,
        game: &Game,
        state: &State,
        events: &[Event],
        scoreboard: &[f32; NUM_PLAYERS],
    ) {
        let mut frame = Vec::new();
        for ev in events {
            let seats = match ev.to {
                Recipient::All => 0..NUM_PLAYERS,
                Recipient::Only => ev.about.index()..ev.about.index() + 1,
            };
            // A status's body is shared by its recipients: written once for the clients.
            let shared = (ev.card.is_none()
                && self.players[seats.clone()]
                    .iter()
                    .filter(|p| matches!(p, Player::Remote(_)))
                    .count()
                    > 1)
            .then(|| StatusFrames::new(&self.roster, state, ev.about, ev.status, scoreboard));
            for to in seats {
                let id = PlayerId(to as u8);
                if let (Some(shared), Player::Remote(_)) = (&shared, &self.players[to]) {
                    self.seq += 1;
                    let tag = self.seq;
                    frame.clear();
                    shared.frame_for(state, id, &mut frame);
                    if self.write_frame(to, &frame) {
                        self.sent(to, tag);
                    }
                    continue;
                }
                if let Some(msg) = event_message(&self.roster, state, id, ev, scoreboard) {
                    self.send(game, to, &msg);
                }
            }
        }
    }

    /// The queued messages as orders for the next tick, in the order of the messages they
    /// answer (then unsolicited ones in arrival order), at most [`MAX_ORDERS_PER_TICK`] of each
    /// client (the rest stay queued, in order, for the next ticks). A card the player neither
    /// holds nor can draw is dropped, as the original framework drops it (F:745-755).
    fn take_orders(&mut self, state: &mut State, orders: &mut Vec<Order>) {
        orders.clear();
        self.pending.sort_by_key(|p| p.tag);
        let mut taken = [0usize; NUM_PLAYERS];
        let mut kept = Vec::new();
        for p in std::mem::take(&mut self.pending) {
            let seat = p.player.index();
            if matches!(self.players[seat], Player::Remote(_)) {
                if taken[seat] == MAX_ORDERS_PER_TICK {
                    self.deferred[seat] += 1;
                    kept.push(p);
                    continue;
                }
                taken[seat] += 1;
                self.busiest_tick[seat] = self.busiest_tick[seat].max(taken[seat]);
            }
            self.give_back(seat, p.held);
            let remote = matches!(self.players[seat], Player::Remote(_));
            match order_of(&self.roster, state, p.player, p.msg) {
                Ok(Some(order)) => orders.push(order),
                Ok(None) => {}
                // (the in-process bots' card orders the round drops silently)
                Err(note) if remote || note.must_match => self.note_ignored(seat, &note.reason),
                Err(_) => {}
            }
        }
        self.pending = kept;
    }

    fn drain(&mut self) {
        while let Ok(what) = self.inbound.try_recv() {
            self.inbound(what);
        }
    }

    /// Waits until `done` holds for every live client, or the timeout; returns the seats that
    /// were still being waited for.
    fn wait_for(&mut self, timeout: Duration, done: impl Fn(&Remote) -> bool) -> Vec<usize> {
        let deadline = deadline_after(timeout);
        loop {
            self.drain();
            let waiting: Vec<usize> = (0..NUM_PLAYERS)
                .filter(|&i| matches!(&self.players[i], Player::Remote(r) if !done(r)))
                .collect();
            if waiting.is_empty() {
                return waiting;
            }
            match self.inbound.recv_timeout(left_until(deadline)) {
                Ok(what) => self.inbound(what),
                Err(_) => return waiting,
            }
        }
    }

    fn play(&mut self, game: &Game, mut state: State) -> Result<RoundReport, NetError> {
        let scoreboard = [0.0f32; NUM_PLAYERS];
        for seat in 0..NUM_PLAYERS {
            let msg = ServerMessage::Setup(Box::new(self.roster.setup(
                game,
                &state,
                PlayerId(seat as u8),
            )));
            self.send(game, seat, &msg);
        }
        // `<ready>` answers the setup (and is its sync).
        for seat in self.wait_for(self.config.join_timeout, |r| r.ready) {
            self.drop_seat(seat, "no <ready> in time".into());
        }
        for p in &mut self.players {
            if let Player::Remote(r) = p {
                r.awaiting.clear();
            }
        }
        let mut orders: Vec<Order> = Vec::new();
        let mut events: Vec<Event> = Vec::new();
        let period = match self.config.pace {
            Pace::RealTime { ticks_per_second } => {
                Some(Duration::from_secs(1) / ticks_per_second.max(1))
            }
            Pace::Lockstep => None,
        };
        let started = Instant::now();
        let mut next_tick = started;
        while !state.is_over() {
            if let Some(period) = period {
                next_tick += period;
                let now = Instant::now();
                if next_tick > now {
                    thread::sleep(next_tick - now);
                } else if now - next_tick > period * 96 {
                    next_tick = now; // far behind: do not race to catch up
                }
            }
            self.drain();
            self.tick = state.tick + 1;
            self.take_orders(&mut state, &mut orders);
            events.clear();
            let mut rng = state.rng.clone();
            // The messages are built from the state of each moment, as the rules fire.
            let mut seen = |s: &State, ev: &[Event]| self.send_events(game, s, ev, &scoreboard);
            game.advance_observed(&mut state, &orders, &mut rng, &mut events, &mut seen);
            state.rng = rng;
            if period.is_none() {
                let timeout = self.config.reply_timeout;
                for seat in self.wait_for(timeout, |r| !r.syncs || r.awaiting.is_empty()) {
                    if let Player::Remote(r) = &mut self.players[seat] {
                        r.syncs = false;
                        r.awaiting.clear();
                        log(
                            &self.config,
                            &format!(
                                "seat {seat}: no sync within {timeout:?}; not waiting for it again"
                            ),
                        );
                    }
                }
            }
        }
        let round_time = started.elapsed();
        let mut scores = [0.0; NUM_PLAYERS];
        let mut delivered = [0; NUM_PLAYERS];
        for i in 0..NUM_PLAYERS {
            let p = PlayerId(i as u8);
            scores[i] = rules::score(&state, p, state.player(p).car.tile());
            delivered[i] = state.player(p).delivered.len();
        }
        for seat in 0..NUM_PLAYERS {
            self.send(game, seat, &ServerMessage::Exit);
        }
        let remote = core::array::from_fn(|i| {
            matches!(self.players[i], Player::Remote(_))
                || self.dropped.iter().any(|d| d.0.index() == i)
        });
        self.flush();
        let report = RoundReport {
            roster: self.roster.clone(),
            remote,
            scores,
            delivered,
            ticks: state.tick,
            dropped: self.dropped.clone(),
            messages_sent: self.messages_sent,
            peak_inbox: self.peak_inbox,
            deferred: self.deferred,
            busiest_tick: self.busiest_tick,
            ignored: self.ignored,
            round_time,
        };
        log(&self.config, &report.results_line());
        Ok(report)
    }

    /// The end of the round: every live client's writer writes what is queued (ending with
    /// `<exit/>`) and closes its side; then the clients close theirs. Bounded by
    /// [`ServerConfig::flush_timeout`], and a client that takes no byte for
    /// [`ServerConfig::write_timeout`] is given up.
    fn flush(&mut self) {
        let deadline = deadline_after(self.config.flush_timeout);
        let mut writing = Vec::new();
        let mut reading = Vec::new();
        let mut streams = Vec::new();
        for (seat, p) in self.players.iter_mut().enumerate() {
            if let Player::Remote(r) = std::mem::replace(p, Player::Gone) {
                // From now on the reader hands nothing on, and reads on to the end of the stream.
                r.inbox.close();
                self.peak_inbox[seat] = r.inbox.peak();
                writing.push(r.conn);
                reading.push(r.conn);
                // Dropping the queue's sender ends the writer once it has written the rest.
                let Remote { stream, queue, .. } = r;
                drop(queue);
                streams.push(stream);
            }
        }
        // Late messages of a live client are ignored: they free nothing that is waited for.
        while !writing.is_empty() {
            match self.inbound.recv_timeout(left_until(deadline)) {
                Ok(Inbound::Flushed(conn, written)) => {
                    writing.retain(|&c| c != conn);
                    if !written {
                        reading.retain(|&c| c != conn);
                    }
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
        // Then the clients that got everything close their side (a reader ends at the end of
        // the stream): closing ours first, with their last messages unread, could reset the
        // connection before they read the end. They get at most `write_timeout` for it.
        let linger = match (deadline_after(self.config.write_timeout), deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        while !reading.is_empty() && writing.is_empty() {
            match self.inbound.recv_timeout(left_until(linger)) {
                Ok(Inbound::Dropped(conn, _)) => reading.retain(|&c| c != conn),
                Ok(_) => {}
                Err(_) => break,
            }
        }
        // What is left is given up: the readers still reading stop.
        for s in streams {
            let _ = s.shutdown(Shutdown::Both);
        }
        if !writing.is_empty() {
            log(
                &self.config,
                &format!(
                    "{} clients had not taken every frame within {:?}",
                    writing.len(),
                    self.config.flush_timeout
                ),
            );
        }
    }
}

/// Why a message of a seated client became no order: the original's framework logs it and goes
/// on (F:737-755).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    /// What the log says.
    pub reason: String,
    /// The card names a player nobody is, and its kind must match one (logged whoever sent it).
    pub must_match: bool,
}

/// The engine order a seated client's message `msg` of `player` makes at the start of a tick
/// (`ProcessAllMoveMessages`, E:641-664): `<ready>` and `<move>` a path order, `<order>` a card
/// order once the card is found in the player's hand or draw pile (else [`Ignored`], as the
/// original framework drops it, F:745-755); `<join>` none. Card targets are named through
/// `roster`. Shared by the server's round and the arena's program bots.
pub fn order_of(
    roster: &Roster,
    state: &mut State,
    player: PlayerId,
    msg: ClientMessage,
) -> Result<Option<Order>, Ignored> {
    match msg {
        ClientMessage::Ready { path, pickup } | ClientMessage::Move { path, pickup } => {
            Ok(Some(Order::Path {
                player,
                path,
                pickup,
            }))
        }
        ClientMessage::Order { action, card } => {
            let target = card.player.as_deref().map(|n| roster.player_named(n));
            let ignored = |must_match| Ignored {
                reason: format!("could not find requested card {}", card.kind.name()),
                must_match,
            };
            if target == Some(None) && !card.kind.takes_target() {
                // A card that must match a player nobody is (F:737-750).
                return Err(ignored(true));
            }
            let wanted = Card {
                kind: card.kind,
                company: card.company,
                passenger: card.passenger,
                player: target.flatten(),
                ok_to_play: false,
            };
            if rules::find_card(state, player, &wanted).is_some() {
                Ok(Some(Order::Card {
                    player,
                    action,
                    card: wanted,
                }))
            } else {
                Err(ignored(false))
            }
        }
        ClientMessage::Join { .. } => Ok(None),
    }
}

/// The message that event `ev` sends to seat `to`, built from `state` as it is (`None` when `to`
/// is not told): a `<powerup-status>` for a card event, else a `<status>` with `scoreboard`.
/// Shared by the server's round and the arena's program bots.
pub fn event_message(
    roster: &Roster,
    state: &State,
    to: PlayerId,
    ev: &Event,
    scoreboard: &[f32; NUM_PLAYERS],
) -> Option<ServerMessage> {
    let told = match ev.to {
        Recipient::All => true,
        Recipient::Only => ev.about == to,
    };
    if !told {
        return None;
    }
    Some(match &ev.card {
        Some(card) => roster.powerup_status(state, to, ev.about, ev.status, card),
        None => roster.status(state, to, ev.about, ev.status, scoreboard),
    })
}
