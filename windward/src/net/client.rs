//! The client side: [`Client`] (connect, join, send, receive) and [`run_bot`], the driver that
//! turns a [`NetBot`] into a program for the original server or ours.

use std::io::{BufReader, Write as _};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use crate::protocol::{ClientMessage, Roster, ServerMessage, WireCard, parse_server};
use crate::rules::Event;
use crate::state::{NUM_PLAYERS, PlayerId};
use crate::tick::Order;
use crate::{Config, Game, State};

use super::view::View;
use super::{MAX_SERVER_FRAME, NetError, read_frame_into, sync, write_frame_to};

/// Who a client says it is in `<join>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Join {
    /// Player name.
    pub name: String,
    /// School.
    pub school: String,
    /// Programming language.
    pub language: String,
    /// A 32×32 PNG (sent base64).
    pub avatar_png: Vec<u8>,
}

impl Join {
    /// A player named `name`, language `Rust`, no school, the default avatar.
    pub fn new(name: &str) -> Join {
        Join {
            name: name.to_string(),
            school: String::new(),
            language: "Rust".to_string(),
            avatar_png: super::default_avatar_png(),
        }
    }

    /// The `<join>` message.
    pub fn message(&self) -> ClientMessage {
        ClientMessage::Join {
            name: self.name.clone(),
            school: self.school.clone(),
            language: self.language.clone(),
            avatar: Some(super::base64(&self.avatar_png)),
        }
    }
}

/// A connection to a Windward server.
#[derive(Debug)]
pub struct Client {
    writer: TcpStream,
    reader: BufReader<TcpStream>,
    /// The last frame read (kept to be reused).
    frame: Vec<u8>,
}

impl Client {
    /// Connects (e.g. to `("127.0.0.1", DEFAULT_PORT)`).
    pub fn connect(addr: impl ToSocketAddrs) -> Result<Client, NetError> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        Ok(Client {
            reader: BufReader::new(stream.try_clone()?),
            frame: Vec::new(),
            writer: stream,
        })
    }

    /// Gives up waiting for the server after `timeout` (`None`: wait for ever).
    pub fn set_read_timeout(&self, timeout: Option<Duration>) -> Result<(), NetError> {
        Ok(self.writer.set_read_timeout(timeout)?)
    }

    /// Sends a message.
    pub fn send(&mut self, msg: &ClientMessage) -> Result<(), NetError> {
        write_frame_to(&mut self.writer, &msg.to_xml())?;
        Ok(self.writer.flush()?)
    }

    /// Sends `<join>`.
    pub fn join(&mut self, join: &Join) -> Result<(), NetError> {
        self.send(&join.message())
    }

    /// Receives the next message; `None` when the server closed the connection.
    pub fn recv(&mut self) -> Result<Option<ServerMessage>, NetError> {
        if !read_frame_into(&mut self.reader, MAX_SERVER_FRAME, &mut self.frame)? {
            return Ok(None);
        }
        Ok(Some(parse_server(&self.frame)?))
    }

    /// Sends an engine order as the protocol message for it (`<move>`, or `<order>` with the
    /// card's targets named through `roster`); `ready` makes a path order a `<ready>`.
    pub fn send_order(
        &mut self,
        order: &Order,
        roster: &Roster,
        ready: bool,
    ) -> Result<(), NetError> {
        self.send(&order_message(order, roster, ready))
    }
}

/// A path order with neither path nor pick-up list: "no change" on the wire, so the driver does
/// not send it (on our server it would read as a lockstep sync).
pub fn is_noop(order: &Order) -> bool {
    matches!(order, Order::Path { path, pickup, .. } if path.is_empty() && pickup.is_empty())
}

/// The protocol message for an engine order.
pub fn order_message(order: &Order, roster: &Roster, ready: bool) -> ClientMessage {
    match order {
        Order::Path { path, pickup, .. } if ready => ClientMessage::Ready {
            path: path.clone(),
            pickup: pickup.clone(),
        },
        Order::Path { path, pickup, .. } => ClientMessage::Move {
            path: path.clone(),
            pickup: pickup.clone(),
        },
        Order::Card { action, card, .. } => ClientMessage::Order {
            action: *action,
            card: WireCard {
                kind: card.kind,
                company: card.company,
                passenger: card.passenger,
                player: card.player.map(|p| roster.seat(p).name.clone()),
                ok_to_play: false,
            },
        },
    }
}

/// A bot that plays over the wire: it sees the engine's view rebuilt from the messages
/// ([`View`]) and answers with engine orders, which the driver sends as messages. The shape is
/// that of an in-process bot (setup, then what happened), so one bot serves both.
pub trait NetBot {
    /// The `<setup>` arrived: the first orders (the first path order becomes `<ready>`).
    fn setup(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>);
    /// A `<status>` or `<powerup-status>` arrived, already applied to `state`; `events` holds
    /// the one event it reports.
    fn after_message(
        &mut self,
        game: &Game,
        state: &State,
        me: PlayerId,
        events: &[Event],
        out: &mut Vec<Order>,
    );
}

/// How [`run_bot`] plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RunOptions {
    /// Answer every message with a sync (see [`Pace::Lockstep`](super::Pace::Lockstep)). Leave
    /// off against the original server, where an empty `<move />` also resets the forecast clock.
    pub lockstep: bool,
    /// Return after `<exit/>` (else wait for another `<setup>` or the end of the connection, as
    /// the original clients do).
    pub stop_at_exit: bool,
    /// The tick limit of the rebuilt game.
    pub config: Config,
    /// Seed of the view's own chance outcomes.
    pub seed: u64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            lockstep: false,
            stop_at_exit: true,
            config: Config::default(),
            seed: 0,
        }
    }
}

/// How a [`run_bot`] session ended.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSummary {
    /// Messages received.
    pub messages: u64,
    /// Every player's score as last reported.
    pub scores: [f32; NUM_PLAYERS],
    /// Our seat.
    pub me: Option<PlayerId>,
    /// `<exit/>` came (else the server closed the connection first).
    pub exited: bool,
}

/// Plays `bot` on the server at `addr`: join, then for every `<setup>` the bot's first orders
/// (as `<ready>`), for every status its answer, until `<exit/>` (or the connection ends).
pub fn run_bot(
    addr: impl ToSocketAddrs,
    join: &Join,
    bot: &mut dyn NetBot,
    options: RunOptions,
) -> Result<RunSummary, NetError> {
    let mut client = Client::connect(addr)?;
    client.join(join)?;
    let mut view: Option<View> = None;
    let mut summary = RunSummary {
        messages: 0,
        scores: [0.0; NUM_PLAYERS],
        me: None,
        exited: false,
    };
    let mut out: Vec<Order> = Vec::new();
    let mut batch: Vec<u8> = Vec::new();
    loop {
        let Some(msg) = client.recv()? else {
            return Ok(summary);
        };
        summary.messages += 1;
        out.clear();
        match &msg {
            ServerMessage::Setup(setup) => {
                let v = View::from_setup(setup, options.config, options.seed)?;
                bot.setup(&v.game, &v.state, v.me, &mut out);
                summary.me = Some(v.me);
                let mut ready_sent = false;
                for order in out.iter().filter(|o| !is_noop(o)) {
                    let ready = !ready_sent && matches!(order, Order::Path { .. });
                    ready_sent |= ready;
                    client.send_order(order, &v.roster, ready)?;
                }
                if !ready_sent {
                    client.send(&ClientMessage::Ready {
                        path: Vec::new(),
                        pickup: Vec::new(),
                    })?;
                }
                view = Some(v);
            }
            ServerMessage::Exit => {
                summary.exited = true;
                if options.stop_at_exit {
                    return Ok(summary);
                }
            }
            _ => {
                let Some(v) = view.as_mut() else {
                    return Err(NetError::Unexpected {
                        expected: "<setup> first",
                        got: "status".into(),
                    });
                };
                // The answers and the sync go out in one write.
                batch.clear();
                if let Some(ev) = v.apply(&msg)? {
                    bot.after_message(&v.game, &v.state, v.me, &[ev], &mut out);
                    for order in out.iter().filter(|o| !is_noop(o)) {
                        let xml = order_message(order, &v.roster, false).to_xml();
                        batch.extend_from_slice(&crate::protocol::frame(&xml));
                    }
                }
                summary.scores = v.scores;
                if options.lockstep {
                    batch.extend_from_slice(&crate::protocol::frame(&sync().to_xml()));
                }
                if !batch.is_empty() {
                    client.writer.write_all(&batch)?;
                    client.writer.flush()?;
                }
            }
        }
    }
}
