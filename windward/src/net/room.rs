//! The room of a served round: its connections, from the accepted socket to the seat.
//!
//! One thread accepts connections while seats are open; each connection gets a reader thread
//! (frames checked against [`MAX_CLIENT_FRAME`] before allocating, read as the original's
//! framework reads them, handed to the round over a channel) and, once seated, a standby writer
//! thread. Until the round starts, the room seats the connections in the order their `<join>`
//! arrives.
//!
//! **Hostile connections.** At most [`MAX_CONNECTIONS`] connections are open at a time before
//! the round: one more is accepted and closed at once (with a log line while the room is full),
//! so idle connections cannot exhaust the threads (about 1,500 of them once made the accept
//! thread panic, and the listener was gone). A connection that has not sent its `<join>` within
//! [`ServerConfig::join_deadline`] ([`JOIN_DEADLINE`]) of its opening is closed, so that
//! connections that never join (or dribble a frame) cannot keep the places from real players.
//! A thread that cannot be started (the system's limit) closes its connection with a log line;
//! it never panics.

use std::io::{self, Write as _};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::protocol::{ClientMessage, Seat};

use super::incoming::{held_bytes, read_client};
use super::server::{DIRECT_WRITE_WAIT, MAX_INBOX_BYTES, ServerConfig};
use super::{MAX_CLIENT_FRAME, NetError, read_frame_into};

/// Most connections open at a time before the round (joined or not): one more is accepted and
/// closed at once. Ten seats and room for 54 connections that have not joined yet: far more than
/// a round needs (clients join within milliseconds of connecting), and a bound on the threads
/// the room starts (one per connection).
pub const MAX_CONNECTIONS: usize = 64;

/// The default [`ServerConfig::join_deadline`]: 10 s from a connection's opening to its
/// `<join>`. A client sends `<join>` as soon as it has connected (the original's framework, ours
/// and every bot of the kit), so this leaves room for a slow start and caps how long a
/// connection that never joins holds its place.
pub const JOIN_DEADLINE: Duration = Duration::from_secs(10);

/// What the connection threads tell the round.
pub(super) enum Inbound {
    Connected(usize, TcpStream, Arc<Inbox>),
    /// A message (with what was skipped in it), holding `usize` bytes of the sender's inbox.
    Message(usize, ClientMessage, Vec<String>, usize),
    /// A frame that is no usable message (why), holding `usize` bytes of the sender's inbox.
    Unusable(usize, String, usize),
    Dropped(usize, String),
    /// The client's writer has ended: it wrote everything it was given (`true`) or gave up.
    Flushed(usize, bool),
}

/// The bytes a client's messages hold between its reader and the round (bounded by
/// [`MAX_INBOX_BYTES`]): the reader takes room before it hands a message on, waiting while
/// there is none; the round gives it back once the message is applied or ignored.
pub(super) struct Inbox {
    held: Mutex<InboxState>,
    room: Condvar,
}

struct InboxState {
    bytes: usize,
    peak: usize,
    /// The round is over (or the client dropped): the reader reads on until the end of the
    /// stream but hands nothing on.
    closed: bool,
}

impl Inbox {
    fn new() -> Inbox {
        Inbox {
            held: Mutex::new(InboxState {
                bytes: 0,
                peak: 0,
                closed: false,
            }),
            room: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, InboxState> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes `n` bytes of room, waiting while the inbox holds messages and `n` more would pass
    /// the limit. `false` when the inbox is closed.
    fn take(&self, n: usize) -> bool {
        let mut held = self.lock();
        while !held.closed && held.bytes > 0 && held.bytes + n > MAX_INBOX_BYTES {
            held = self.room.wait(held).unwrap_or_else(PoisonError::into_inner);
        }
        if held.closed {
            return false;
        }
        held.bytes += n;
        held.peak = held.peak.max(held.bytes);
        true
    }

    pub(super) fn give_back(&self, n: usize) {
        let mut held = self.lock();
        held.bytes = held.bytes.saturating_sub(n);
        self.room.notify_all();
    }

    pub(super) fn close(&self) {
        self.lock().closed = true;
        self.room.notify_all();
    }

    pub(super) fn peak(&self) -> usize {
        self.lock().peak
    }
}

pub(super) fn log(config: &ServerConfig, line: &str) {
    if config.log {
        eprintln!("windward_server: {line}");
    }
}

/// `now + d`, or `None` (no deadline) when that is past what an `Instant` can hold.
pub(super) fn deadline_after(d: Duration) -> Option<Instant> {
    Instant::now().checked_add(d)
}

/// The time left until `deadline` (`Duration::MAX` without one).
pub(super) fn left_until(deadline: Option<Instant>) -> Duration {
    deadline.map_or(Duration::MAX, |d| {
        d.saturating_duration_since(Instant::now())
    })
}

/// A joined connection, as [`gather`] seats it (the seat's GUID is the server's to give).
pub(super) struct Joined {
    pub(super) conn: usize,
    pub(super) stream: TcpStream,
    pub(super) inbox: Arc<Inbox>,
    pub(super) seat: Seat,
}

/// The room once the round starts: the clients that joined, in join order, and the channel
/// their threads report on.
pub(super) struct Gathered {
    pub(super) joined: Vec<Joined>,
    pub(super) inbound: Receiver<Inbound>,
    /// For the writer threads the round starts.
    pub(super) tx: Sender<Inbound>,
}

/// An open connection of the room.
struct Open {
    stream: TcpStream,
    inbox: Arc<Inbox>,
    /// When its time to send `<join>` ends (`None` once joined, or with no deadline).
    join_by: Option<Instant>,
}

/// The connections of the room before the round, by number (`None` once closed).
struct Lobby<'a> {
    config: &'a ServerConfig,
    connections: Vec<Option<Open>>,
    joined: Vec<(usize, Seat)>,
    /// Connections open, shared with the accept thread.
    open: Arc<AtomicUsize>,
}

impl Lobby<'_> {
    fn give_back(&self, conn: usize, n: usize) {
        if let Some(Some(open)) = self.connections.get(conn) {
            open.inbox.give_back(n);
        }
    }

    /// Closes a connection (once): its reader stops handing messages on and ends.
    fn close(&mut self, conn: usize, reason: &str) {
        log(
            self.config,
            &format!("connection {conn} dropped before the round: {reason}"),
        );
        if let Some(slot) = self.connections.get_mut(conn)
            && let Some(open) = slot.take()
        {
            open.inbox.close();
            let _ = open.stream.shutdown(Shutdown::Both);
            self.open.fetch_sub(1, Ordering::AcqRel);
        }
        self.joined.retain(|j| j.0 != conn);
    }

    /// Closes the connections whose time to join is over; returns when the next one's ends.
    fn close_late(&mut self) -> Option<Instant> {
        let now = Instant::now();
        let late: Vec<usize> = (0..self.connections.len())
            .filter(|&c| {
                matches!(&self.connections[c], Some(Open { join_by: Some(end), .. }) if *end <= now)
            })
            .collect();
        for conn in late {
            let reason = format!(
                "no <join> within {:?} (join_deadline)",
                self.config.join_deadline
            );
            self.close(conn, &reason);
        }
        self.connections
            .iter()
            .filter_map(|c| c.as_ref().and_then(|c| c.join_by))
            .min()
    }

    fn handle(&mut self, what: Inbound) {
        match what {
            Inbound::Connected(conn, stream, inbox) => {
                if self.connections.len() <= conn {
                    self.connections.resize_with(conn + 1, || None);
                }
                self.connections[conn] = Some(Open {
                    stream,
                    inbox,
                    join_by: deadline_after(self.config.join_deadline),
                });
            }
            Inbound::Message(
                conn,
                ClientMessage::Join {
                    name,
                    school,
                    language,
                    ..
                },
                _,
                n,
            ) if !self.joined.iter().any(|j| j.0 == conn) => {
                self.give_back(conn, n);
                let Some(Some(open)) = self.connections.get_mut(conn) else {
                    return; // (closed already)
                };
                open.join_by = None;
                log(
                    self.config,
                    &format!("seat {} joined: {name:?} ({language})", self.joined.len()),
                );
                self.joined.push((
                    conn,
                    Seat {
                        guid: String::new(),
                        name,
                        school,
                        language,
                    },
                ));
            }
            Inbound::Message(conn, other, _, n) => {
                self.give_back(conn, n);
                log(
                    self.config,
                    &format!(
                        "connection {conn}: {} before the round, ignored",
                        root_name(&other)
                    ),
                );
            }
            Inbound::Unusable(conn, reason, n) if self.joined.iter().any(|j| j.0 == conn) => {
                // From a player: ignored, as the original ignores it (F:357-372).
                self.give_back(conn, n);
                log(
                    self.config,
                    &format!("connection {conn}: {reason} before the round, ignored"),
                );
            }
            Inbound::Unusable(conn, reason, _) | Inbound::Dropped(conn, reason) => {
                // A connection that has not joined is closed for a message it cannot use.
                self.close(conn, &reason);
            }
            Inbound::Flushed(..) => {}
        }
    }
}

/// Accepts connections on `listener` (at most [`MAX_CONNECTIONS`] open) until `wanted` clients
/// have joined or [`ServerConfig::join_timeout`] has passed, closing those that do not join in
/// time ([`ServerConfig::join_deadline`]) or send what a connection that has not joined cannot
/// use; the connections that come later are closed.
pub(super) fn gather(
    listener: TcpListener,
    config: &ServerConfig,
    wanted: usize,
) -> Result<Gathered, NetError> {
    let (tx, inbound) = mpsc::channel::<Inbound>();
    let accepting = Arc::new(AtomicBool::new(wanted > 0));
    let open = Arc::new(AtomicUsize::new(0));
    if wanted > 0 {
        listener.set_nonblocking(true)?;
        let (tx, accepting, open) = (tx.clone(), Arc::clone(&accepting), Arc::clone(&open));
        let write_wait = config
            .write_timeout
            .clamp(Duration::from_millis(1), DIRECT_WRITE_WAIT);
        let log_refusals = config.log;
        thread::Builder::new()
            .name("windward accept".into())
            .spawn(move || accept(&listener, write_wait, &accepting, &open, &tx, log_refusals))?;
    }
    let mut lobby = Lobby {
        config,
        connections: Vec::new(),
        joined: Vec::new(),
        open,
    };
    // A join timeout too long for an `Instant` waits without a deadline.
    let deadline = deadline_after(config.join_timeout);
    while lobby.joined.len() < wanted {
        let next_late = lobby.close_late();
        let wait = left_until(deadline).min(left_until(next_late));
        match inbound.recv_timeout(wait) {
            Ok(what) => lobby.handle(what),
            Err(RecvTimeoutError::Timeout)
                if deadline.is_none_or(|d| Instant::now() < d) && next_late.is_some() => {}
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                log(
                    config,
                    &format!("{} of {wanted} clients joined in time", lobby.joined.len()),
                );
                break;
            }
        }
    }
    accepting.store(false, Ordering::Relaxed);
    let mut joined = Vec::with_capacity(lobby.joined.len());
    for (conn, seat) in std::mem::take(&mut lobby.joined) {
        let Open { stream, inbox, .. } = lobby.connections[conn].take().ok_or(NetError::Closed)?;
        joined.push(Joined {
            conn,
            stream,
            inbox,
            seat,
        });
    }
    // Connections that came too late.
    for open in lobby.connections.into_iter().flatten() {
        open.inbox.close();
        let _ = open.stream.shutdown(Shutdown::Both);
    }
    Ok(Gathered {
        joined,
        inbound,
        tx,
    })
}

/// The accept thread: announces each connection (before its reader starts, so the round knows
/// the connection before its first message) while at most [`MAX_CONNECTIONS`] are open, and
/// closes the ones beyond at once.
fn accept(
    listener: &TcpListener,
    write_wait: Duration,
    accepting: &AtomicBool,
    open: &AtomicUsize,
    tx: &Sender<Inbound>,
    log_refusals: bool,
) {
    let mut conn = 0;
    let mut full = false;
    while accepting.load(Ordering::Relaxed) {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(_) => {
                thread::sleep(Duration::from_millis(2));
                continue;
            }
        };
        if open.load(Ordering::Acquire) >= MAX_CONNECTIONS {
            if !full && log_refusals {
                eprintln!(
                    "windward_server: {MAX_CONNECTIONS} connections are open, the most before \
                     the round (MAX_CONNECTIONS): closing new ones until one closes"
                );
            }
            full = true;
            drop(stream);
            continue;
        }
        full = false;
        let setup = stream
            .set_nonblocking(false)
            .and_then(|()| stream.set_nodelay(true))
            .and_then(|()| stream.set_write_timeout(Some(write_wait)))
            .and_then(|()| stream.try_clone());
        let Ok(reader) = setup else {
            continue;
        };
        let inbox = Arc::new(Inbox::new());
        open.fetch_add(1, Ordering::AcqRel);
        if tx
            .send(Inbound::Connected(conn, stream, Arc::clone(&inbox)))
            .is_err()
        {
            return;
        }
        if let Err(e) = spawn_reader(conn, reader, inbox, tx.clone()) {
            // (the round closes the connection, as for any that breaks)
            let reason = format!("its reader thread could not be started: {e}");
            if tx.send(Inbound::Dropped(conn, reason)).is_err() {
                return;
            }
        }
        conn += 1;
    }
}

fn spawn_reader(
    conn: usize,
    stream: TcpStream,
    inbox: Arc<Inbox>,
    tx: Sender<Inbound>,
) -> io::Result<()> {
    thread::Builder::new()
        .name(format!("windward reader {conn}"))
        .spawn(move || {
            let mut reader = io::BufReader::new(stream);
            let mut body = Vec::new();
            loop {
                match read_frame_into(&mut reader, MAX_CLIENT_FRAME, &mut body) {
                    Ok(true) => {}
                    Ok(false) => {
                        let _ = tx.send(Inbound::Dropped(conn, "disconnected".to_string()));
                        return;
                    }
                    Err(e) => {
                        let _ = tx.send(Inbound::Dropped(conn, e.to_string()));
                        return;
                    }
                }
                let mut notes = Vec::new();
                let what = read_client(&body, &mut notes);
                let held = match &what {
                    Ok(m) => held_bytes(m) + notes.iter().map(String::len).sum::<usize>(),
                    Err(reason) => reason.len() + size_of::<Inbound>(),
                };
                // Once the round is over (or the client dropped) the reader reads on to the end
                // of the stream, handing nothing on, so that closing the socket does not reset
                // what is still being sent to the client.
                if !inbox.take(held) {
                    continue;
                }
                let sent = match what {
                    Ok(m) => tx.send(Inbound::Message(conn, m, notes, held)),
                    Err(reason) => tx.send(Inbound::Unusable(conn, reason, held)),
                };
                if sent.is_err() {
                    return;
                }
            }
        })
        .map(drop)
}

/// Starts the writer thread of a seated client: it writes the frames of its bounded queue
/// (`frames` of them) until no byte has gone out for `stall`, and reports how it ended. An error
/// when the thread cannot be started.
pub(super) fn spawn_writer(
    conn: usize,
    mut stream: TcpStream,
    frames: usize,
    stall: Duration,
    backlog: Arc<AtomicUsize>,
    tx: Sender<Inbound>,
) -> io::Result<SyncSender<Vec<u8>>> {
    let (queue, rx) = mpsc::sync_channel::<Vec<u8>>(frames);
    thread::Builder::new()
        .name(format!("windward writer {conn}"))
        .spawn(move || {
            let mut write_all = || {
                for frame in &rx {
                    let mut done = 0;
                    let mut progress = Instant::now();
                    while done < frame.len() {
                        match stream.write(&frame[done..]) {
                            Ok(0) => return Err("connection closed".to_string()),
                            Ok(n) => {
                                done += n;
                                progress = Instant::now();
                            }
                            Err(e) if is_wait(&e) && progress.elapsed() < stall => {}
                            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                            Err(e) => return Err(format!("write failed: {e}")),
                        }
                    }
                    backlog.fetch_sub(1, Ordering::AcqRel);
                }
                Ok(())
            };
            let written = match write_all() {
                Err(reason) => {
                    let _ = tx.send(Inbound::Dropped(conn, reason));
                    false
                }
                // Queue closed (the round is over or the client was dropped) and every frame
                // written: the client sees the end of the stream after the last one.
                Ok(()) => {
                    let _ = stream.flush();
                    let _ = stream.shutdown(Shutdown::Write);
                    true
                }
            };
            let _ = tx.send(Inbound::Flushed(conn, written));
        })?;
    Ok(queue)
}

/// A write that timed out (`SO_SNDTIMEO`: `WouldBlock` on Unix, `TimedOut` on Windows).
pub(super) fn is_wait(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

fn root_name(msg: &ClientMessage) -> &'static str {
    match msg {
        ClientMessage::Join { .. } => "<join>",
        ClientMessage::Ready { .. } => "<ready>",
        ClientMessage::Move { .. } => "<move>",
        ClientMessage::Order { .. } => "<order>",
    }
}
