//! The client protocol of the original server (rules §10, R:65-314, `TcpServer.cs`): framed XML
//! messages in both directions, parsed into typed values and written back in the original layout,
//! so a bot can talk to the original server with this crate and rebuild its view of the game.
//!
//! Server messages are written as .NET's `XDocument.ToString()` writes them (two-space indent, CRLF,
//! ` />` closings, `true`/`false`, shortest round-trip floats); client messages as the Python
//! sample client's `ElementTree.tostring` (no whitespace). Parsing accepts any well-formed layout.
//!
//! ```
//! use windward::protocol::{ClientMessage, parse_client, frame, read_frame};
//! use windward::{Point, PassengerId};
//! let msg = ClientMessage::Move {
//!     path: vec![Point::new(3, 4), Point::new(3, 5)],
//!     pickup: vec![PassengerId::from_name("Tim Cook").unwrap()],
//! };
//! let xml = msg.to_xml();
//! assert_eq!(xml, "<move><path>3,4;3,5;</path><pick-up>Tim Cook;</pick-up></move>");
//! assert_eq!(parse_client(xml.as_bytes()).unwrap(), msg);
//! let bytes = frame(&xml);
//! let (body, used) = read_frame(&bytes).unwrap().unwrap();
//! assert_eq!((body, used), (xml.as_bytes(), bytes.len()));
//! ```

use core::fmt::Write as _;

use thiserror::Error;

use crate::geometry::Point;
use crate::map::{Map, RoadShape, Signal, Square, StopSigns, TileType};
use crate::rules::{CardAction, Status};
use crate::state::{CardKind, CompanyId, PassengerId};
use crate::xml::{self, Element, XmlError, escape};

/// A malformed message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// Not well-formed XML.
    #[error("message XML: {0}")]
    Xml(#[from] XmlError),
    /// A root element this side of the protocol does not send.
    #[error("unexpected message <{found}>")]
    UnknownMessage {
        /// The root element's name.
        found: String,
    },
    /// A required element or attribute is missing.
    #[error("<{element}> lacks {what}")]
    Missing {
        /// The element.
        element: String,
        /// The missing attribute or child.
        what: &'static str,
    },
    /// A value that cannot be read.
    #[error("<{element}> {what}={value:?} is invalid")]
    BadValue {
        /// The element.
        element: String,
        /// The attribute or child.
        what: &'static str,
        /// The rejected text.
        value: String,
    },
    /// A frame whose length prefix is negative or larger than the limit.
    #[error("frame length {length} exceeds the limit of {limit} bytes")]
    FrameTooLong {
        /// The length prefix.
        length: u32,
        /// The limit.
        limit: u32,
    },
}

/// Largest frame accepted by [`read_frame`] (the original sends at most a few hundred kilobytes).
pub const MAX_FRAME: u32 = 16 << 20;

/// Frames a message: a 4-byte little-endian length, then the UTF-8 bytes (`TcpServer.cs:50-65`).
pub fn frame(message: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + 4);
    out.extend_from_slice(&(message.len() as u32).to_le_bytes());
    out.extend_from_slice(message.as_bytes());
    out
}

/// Reads one frame from the front of `buf`: `Ok(None)` if more bytes are needed, else the message
/// body and the number of bytes consumed.
pub fn read_frame(buf: &[u8]) -> Result<Option<(&[u8], usize)>, ProtocolError> {
    let Some(head) = buf.get(..4) else {
        return Ok(None);
    };
    let length = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
    if length > MAX_FRAME {
        return Err(ProtocolError::FrameTooLong {
            length,
            limit: MAX_FRAME,
        });
    }
    let end = 4 + length as usize;
    Ok(buf.get(4..end).map(|body| (body, end)))
}

/// A card as the protocol names it: targets by name (players are known by name on the wire).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WireCard {
    /// Which card.
    pub kind: CardKind,
    /// Named company.
    pub company: Option<CompanyId>,
    /// Named passenger.
    pub passenger: Option<PassengerId>,
    /// Named player.
    pub player: Option<String>,
    /// `ok-to-play` (server messages only).
    pub ok_to_play: bool,
}

impl WireCard {
    /// A card without targets.
    pub fn new(kind: CardKind) -> WireCard {
        WireCard {
            kind,
            company: None,
            passenger: None,
            player: None,
            ok_to_play: false,
        }
    }

    /// The card's display name (`PowerUp.Name`, PU:161-187), e.g. "1.2X delivery score for passenger
    /// Tim Cook"; the `{0}` of an unset target stays, as in the original.
    pub fn display_name(&self) -> String {
        let fill = |s: &str, v: Option<&str>| match v {
            Some(v) => s.replace("{0}", v),
            None => s.to_string(),
        };
        match self.kind {
            CardKind::MultDeliveringPassenger => fill(
                "1.2X delivery score for passenger {0}",
                self.passenger.map(|p| p.name()),
            ),
            CardKind::MultDeliverAtCompany => fill(
                "1.2X delivery score to destination {0}",
                self.company.map(|c| c.name()),
            ),
            CardKind::MovePassenger => fill(
                "Move passenger {0} to random bus stop.",
                self.passenger.map(|p| p.name()),
            ),
            CardKind::ChangeDestination => fill(
                "Change destination for player {0} passenger to random company.",
                self.player.as_deref(),
            ),
            CardKind::MultDeliveryQuarterSpeed => {
                "Double delivery score, limo runs at 1/4 speed.".to_string()
            }
            CardKind::AllOtherCarsQuarterSpeed => {
                "Drop all cars to 1/4 speed for 30 seconds.".to_string()
            }
            CardKind::StopCar => fill("Stop limo {0} for 30 seconds.", self.player.as_deref()),
            CardKind::RelocateAllCars => "Relocate all cars to random locations.".to_string(),
            CardKind::RelocateAllPassengers => {
                "Relocate all passengers waiting at companies to random companies.".to_string()
            }
        }
    }
}

/// A message from a bot to the server.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ClientMessage {
    /// `<join name school language><avatar>base64</avatar></join>`.
    Join {
        /// Player name.
        name: String,
        /// School.
        school: String,
        /// Programming language.
        language: String,
        /// Base64 of a 32×32 PNG.
        avatar: Option<String>,
    },
    /// `<ready>`: the answer to `<setup>`, with the first path and pick-up list.
    Ready {
        /// Tiles to drive (empty: no change).
        path: Vec<Point>,
        /// Passengers to pick up, in order (empty: no change).
        pickup: Vec<PassengerId>,
    },
    /// `<move>`: a new path and/or pick-up list.
    Move {
        /// Tiles to drive (empty: no change).
        path: Vec<Point>,
        /// Passengers to pick up, in order (empty: no change).
        pickup: Vec<PassengerId>,
    },
    /// `<order action><powerup .../></order>`: draw, discard or play a card.
    Order {
        /// What to do.
        action: CardAction,
        /// The card (targets by name).
        card: WireCard,
    },
}

/// A player in the `<setup>` message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SetupPlayer {
    /// The player's id on the wire.
    pub guid: String,
    /// Programming language.
    pub language: String,
    /// School.
    pub school: String,
    /// Name.
    pub name: String,
    /// The car's tile.
    pub limo: Point,
    /// The car's angle (0 north, 90 east).
    pub angle: i32,
}

/// A passenger in the `<setup>` message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SetupPassenger {
    /// Who.
    pub passenger: PassengerId,
    /// Points for delivering them.
    pub points: u8,
    /// Their lobby.
    pub lobby: Option<CompanyId>,
    /// Their destination.
    pub destination: Option<CompanyId>,
    /// Later destinations.
    pub route: Vec<CompanyId>,
    /// Enemies.
    pub enemies: Vec<PassengerId>,
}

/// The `<setup>` message: everything a bot knows at the start.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SetupMessage {
    /// The receiving player's guid.
    pub my_guid: String,
    /// The map as the server sends it: light states are not sent (every light reads as
    /// NORTH_SOUTH_GREEN, their starting state), nor are start positions.
    pub map: Map,
    /// The receiving player's deck.
    pub powerups: Vec<WireCard>,
    /// All players.
    pub players: Vec<SetupPlayer>,
    /// Coffee stores: name and stop.
    pub stores: Vec<(String, Point)>,
    /// Companies and their bus stops.
    pub companies: Vec<(CompanyId, Point)>,
    /// All passengers.
    pub passengers: Vec<SetupPassenger>,
}

/// A player in a `<status>` message.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StatusPlayer {
    /// Guid.
    pub guid: String,
    /// Score this game (with partial credit).
    pub score: f32,
    /// Sum of earlier games' scores.
    pub total_score: f32,
    /// Coffee servings.
    pub coffee: i32,
    /// Hand limit.
    pub cards_max: i32,
    /// The car's tile.
    pub limo: Point,
    /// The car's angle.
    pub angle: i32,
    /// The passenger aboard.
    pub passenger: Option<PassengerId>,
    /// The last passenger delivered.
    pub last_delivered: Option<PassengerId>,
    /// The card waiting for the next bus stop.
    pub next_bus_stop: Option<WireCard>,
    /// The transit card in effect.
    pub transit: Option<WireCard>,
}

/// Where a passenger is, in a `<status>` message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PassengerWhere {
    /// In the car of the named player.
    Travelling(String),
    /// In a company's lobby.
    Lobby(CompanyId),
    /// Done (rules §12.1).
    Done,
}

/// A passenger in a `<status>` message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StatusPassenger {
    /// Who.
    pub passenger: PassengerId,
    /// Destination.
    pub destination: Option<CompanyId>,
    /// Where they are.
    pub at: PassengerWhere,
    /// Later destinations.
    pub route: Vec<CompanyId>,
}

/// A message from the server to a bot.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ServerMessage {
    /// `<setup>`.
    Setup(Box<SetupMessage>),
    /// `<status>`: a status code about a player, the state of all players and passengers, and the
    /// receiver's own path and pick-up list.
    Status {
        /// The status code.
        status: Status,
        /// The player it is about.
        player_guid: String,
        /// All players.
        players: Vec<StatusPlayer>,
        /// All passengers.
        passengers: Vec<StatusPassenger>,
        /// The receiver's path.
        path: Vec<Point>,
        /// The receiver's pick-up list.
        pickup: Vec<PassengerId>,
    },
    /// `<powerup-status>`: a card event, with the receiver's deck and hand.
    PowerUpStatus {
        /// Guid of the player who played the card.
        played_by: String,
        /// The status code.
        status: Status,
        /// The card.
        card: WireCard,
        /// The receiver's deck.
        deck: Vec<WireCard>,
        /// The receiver's hand.
        hand: Vec<WireCard>,
    },
    /// `<exit/>`.
    Exit,
}

fn missing(el: &Element, what: &'static str) -> ProtocolError {
    ProtocolError::Missing {
        element: el.name.clone(),
        what,
    }
}

fn bad(el: &Element, what: &'static str, value: &str) -> ProtocolError {
    ProtocolError::BadValue {
        element: el.name.clone(),
        what,
        value: value.to_string(),
    }
}

fn attr<'a>(el: &'a Element, name: &'static str) -> Result<&'a str, ProtocolError> {
    el.attr(name).ok_or_else(|| missing(el, name))
}

fn num<T: core::str::FromStr>(el: &Element, name: &'static str) -> Result<T, ProtocolError> {
    let v = attr(el, name)?;
    v.trim().parse().map_err(|_| bad(el, name, v))
}

fn float(el: &Element, name: &'static str) -> Result<f32, ProtocolError> {
    let v = attr(el, name)?;
    match v.trim() {
        "NaN" => Ok(f32::NAN),
        "INF" | "Infinity" => Ok(f32::INFINITY),
        "-INF" | "-Infinity" => Ok(f32::NEG_INFINITY),
        t => t.parse().map_err(|_| bad(el, name, v)),
    }
}

fn boolean(el: &Element, name: &'static str) -> Result<bool, ProtocolError> {
    let v = attr(el, name)?;
    match v.trim() {
        "true" | "True" => Ok(true),
        "false" | "False" => Ok(false),
        _ => Err(bad(el, name, v)),
    }
}

fn company_named(el: &Element, what: &'static str, v: &str) -> Result<CompanyId, ProtocolError> {
    CompanyId::from_name(v.trim()).ok_or_else(|| bad(el, what, v))
}

fn passenger_named(
    el: &Element,
    what: &'static str,
    v: &str,
) -> Result<PassengerId, ProtocolError> {
    PassengerId::from_name(v.trim()).ok_or_else(|| bad(el, what, v))
}

fn opt_company(el: &Element, name: &'static str) -> Result<Option<CompanyId>, ProtocolError> {
    el.attr(name)
        .map(|v| company_named(el, name, v))
        .transpose()
}

fn opt_passenger(el: &Element, name: &'static str) -> Result<Option<PassengerId>, ProtocolError> {
    el.attr(name)
        .map(|v| passenger_named(el, name, v))
        .transpose()
}

/// `x,y;x,y;` (empty entries ignored).
fn parse_path(el: &Element) -> Result<Vec<Point>, ProtocolError> {
    let mut out = Vec::new();
    for item in el.text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let (x, y) = item.split_once(',').ok_or_else(|| bad(el, "path", item))?;
        let x = x.trim().parse().map_err(|_| bad(el, "path", item))?;
        let y = y.trim().parse().map_err(|_| bad(el, "path", item))?;
        out.push(Point::new(x, y));
    }
    Ok(out)
}

fn parse_names(el: &Element) -> Result<Vec<PassengerId>, ProtocolError> {
    el.text
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|n| passenger_named(el, "pick-up", n))
        .collect()
}

fn parse_card(el: &Element) -> Result<WireCard, ProtocolError> {
    let name = attr(el, "card")?;
    let kind = CardKind::from_name(name.trim()).ok_or_else(|| bad(el, "card", name))?;
    Ok(WireCard {
        kind,
        company: opt_company(el, "company")?,
        passenger: opt_passenger(el, "passenger")?,
        player: el.attr("player").map(str::to_string),
        ok_to_play: match el.attr("ok-to-play") {
            Some(_) => boolean(el, "ok-to-play")?,
            None => false,
        },
    })
}

fn status_of(el: &Element) -> Result<Status, ProtocolError> {
    let v = attr(el, "status")?;
    Status::from_name(v.trim()).ok_or_else(|| bad(el, "status", v))
}

/// Parses a message a bot sends.
pub fn parse_client(bytes: &[u8]) -> Result<ClientMessage, ProtocolError> {
    let root = xml::parse(bytes)?;
    let path_and_pickup =
        |root: &Element| -> Result<(Vec<Point>, Vec<PassengerId>), ProtocolError> {
            let path = root
                .child("path")
                .map(parse_path)
                .transpose()?
                .unwrap_or_default();
            let pickup = root
                .child("pick-up")
                .map(parse_names)
                .transpose()?
                .unwrap_or_default();
            Ok((path, pickup))
        };
    match root.name.as_str() {
        "join" => Ok(ClientMessage::Join {
            name: attr(&root, "name")?.to_string(),
            school: root.attr("school").unwrap_or("").to_string(),
            language: root.attr("language").unwrap_or("").to_string(),
            avatar: root.child("avatar").map(|a| a.text.trim().to_string()),
        }),
        "ready" => {
            let (path, pickup) = path_and_pickup(&root)?;
            Ok(ClientMessage::Ready { path, pickup })
        }
        "move" => {
            let (path, pickup) = path_and_pickup(&root)?;
            Ok(ClientMessage::Move { path, pickup })
        }
        "order" => {
            let a = attr(&root, "action")?;
            let action = CardAction::from_name(a.trim()).ok_or_else(|| bad(&root, "action", a))?;
            let card = parse_card(
                root.child("powerup")
                    .ok_or_else(|| missing(&root, "<powerup>"))?,
            )?;
            Ok(ClientMessage::Order { action, card })
        }
        other => Err(ProtocolError::UnknownMessage {
            found: other.to_string(),
        }),
    }
}

fn push_attr(out: &mut String, name: &str, value: &str) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    escape(value, out);
    out.push('"');
}

fn path_text(path: &[Point]) -> String {
    let mut s = String::new();
    for p in path {
        let _ = write!(s, "{},{};", p.x, p.y);
    }
    s
}

fn names_text(list: &[PassengerId]) -> String {
    let mut s = String::new();
    for p in list {
        s.push_str(p.name());
        s.push(';');
    }
    s
}

impl ClientMessage {
    /// The message as the sample client writes it.
    pub fn to_xml(&self) -> String {
        let mut s = String::new();
        match self {
            ClientMessage::Join {
                name,
                school,
                language,
                avatar,
            } => {
                s.push_str("<join");
                push_attr(&mut s, "name", name);
                push_attr(&mut s, "school", school);
                push_attr(&mut s, "language", language);
                match avatar {
                    Some(a) => {
                        s.push_str("><avatar>");
                        escape(a, &mut s);
                        s.push_str("</avatar></join>");
                    }
                    None => s.push_str(" />"),
                }
            }
            ClientMessage::Ready { path, pickup } | ClientMessage::Move { path, pickup } => {
                let tag = if matches!(self, ClientMessage::Ready { .. }) {
                    "ready"
                } else {
                    "move"
                };
                if path.is_empty() && pickup.is_empty() {
                    let _ = write!(s, "<{tag} />");
                    return s;
                }
                let _ = write!(s, "<{tag}>");
                if !path.is_empty() {
                    let _ = write!(s, "<path>{}</path>", path_text(path));
                }
                if !pickup.is_empty() {
                    s.push_str("<pick-up>");
                    escape(&names_text(pickup), &mut s);
                    s.push_str("</pick-up>");
                }
                let _ = write!(s, "</{tag}>");
            }
            ClientMessage::Order { action, card } => {
                s.push_str("<order");
                push_attr(&mut s, "action", action.name());
                s.push_str("><powerup");
                push_attr(&mut s, "card", card.kind.name());
                if let Some(c) = card.company {
                    push_attr(&mut s, "company", c.name());
                }
                if let Some(p) = card.passenger {
                    push_attr(&mut s, "passenger", p.name());
                }
                if let Some(p) = &card.player {
                    push_attr(&mut s, "player", p);
                }
                s.push_str(" /></order>");
            }
        }
        s
    }
}

/// .NET `XmlConvert.ToString(float)`: shortest round-trip digits, `NaN`, `INF`, `-INF`.
fn float_text(v: f32) -> String {
    if v.is_nan() {
        "NaN".to_string()
    } else if v.is_infinite() {
        if v > 0.0 {
            "INF".to_string()
        } else {
            "-INF".to_string()
        }
    } else {
        format!("{v}")
    }
}

/// Writes server messages the way `XDocument.ToString()` lays them out.
struct Writer {
    out: String,
    depth: usize,
}

impl Writer {
    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }
    fn open(&mut self, tag: &str, attrs: &[(&str, String)]) {
        self.indent();
        self.out.push('<');
        self.out.push_str(tag);
        for (k, v) in attrs {
            push_attr(&mut self.out, k, v);
        }
        self.out.push_str(">\r\n");
        self.depth += 1;
    }
    fn close(&mut self, tag: &str) {
        self.depth -= 1;
        self.indent();
        let _ = write!(self.out, "</{tag}>\r\n");
    }
    fn empty(&mut self, tag: &str, attrs: &[(&str, String)]) {
        self.indent();
        self.out.push('<');
        self.out.push_str(tag);
        for (k, v) in attrs {
            push_attr(&mut self.out, k, v);
        }
        self.out.push_str(" />\r\n");
    }
    fn text(&mut self, tag: &str, text: &str) {
        self.indent();
        let _ = write!(self.out, "<{tag}>");
        escape(text, &mut self.out);
        let _ = write!(self.out, "</{tag}>\r\n");
    }
    /// An element with children, or ` />` when there are none.
    fn group(
        &mut self,
        tag: &str,
        attrs: &[(&str, String)],
        n: usize,
        mut body: impl FnMut(&mut Writer),
    ) {
        if n == 0 {
            self.empty(tag, attrs);
        } else {
            self.open(tag, attrs);
            body(self);
            self.close(tag);
        }
    }
    fn finish(mut self) -> String {
        // XDocument.ToString() has no line end after the root.
        while self.out.ends_with("\r\n") {
            self.out.truncate(self.out.len() - 2);
        }
        self.out
    }
}

fn card_attrs(c: &WireCard) -> Vec<(&'static str, String)> {
    let mut a = vec![
        ("card", c.kind.name().to_string()),
        ("ok-to-play", c.ok_to_play.to_string()),
    ];
    if let Some(x) = c.company {
        a.push(("company", x.name().to_string()));
    }
    if let Some(x) = c.passenger {
        a.push(("passenger", x.name().to_string()));
    }
    if let Some(x) = &c.player {
        a.push(("player", x.clone()));
    }
    a
}

impl ServerMessage {
    /// The message in the original server's layout.
    pub fn to_xml(&self) -> String {
        let mut w = Writer {
            out: String::new(),
            depth: 0,
        };
        match self {
            ServerMessage::Exit => w.empty("exit", &[]),
            ServerMessage::Setup(m) => {
                w.open(
                    "setup",
                    &[
                        ("game-start", "true".into()),
                        ("my-guid", m.my_guid.clone()),
                    ],
                );
                let map_attrs = [
                    ("width", m.map.width.to_string()),
                    ("height", m.map.height.to_string()),
                    ("units-tile", crate::map::UNITS_PER_TILE.to_string()),
                ];
                w.group("map", &map_attrs, m.map.squares.len(), |w| {
                    for (i, sq) in m.map.squares.iter().enumerate() {
                        let p = m.map.point(i);
                        let mut a = vec![
                            ("x", p.x.to_string()),
                            ("y", p.y.to_string()),
                            ("type", sq.kind.name().to_string()),
                        ];
                        if sq.kind.is_driveable() {
                            a.push(("direction", sq.shape.name().to_string()));
                            if !sq.stop_signs.is_empty() {
                                a.push(("stop-sign", sq.stop_signs.to_flags_string()));
                            }
                            if sq.signal != Signal::None {
                                a.push(("signal", "true".to_string()));
                            }
                        }
                        w.empty("tile", &a);
                    }
                });
                w.group("powerups", &[], m.powerups.len(), |w| {
                    for c in &m.powerups {
                        let mut a = vec![
                            ("name", c.display_name()),
                            ("card", c.kind.name().to_string()),
                        ];
                        if let Some(x) = c.company {
                            a.push(("company", x.name().to_string()));
                        }
                        if let Some(x) = c.passenger {
                            a.push(("passenger", x.name().to_string()));
                        }
                        w.empty("powerup", &a);
                    }
                });
                w.group("players", &[], m.players.len(), |w| {
                    for p in &m.players {
                        w.empty(
                            "player",
                            &[
                                ("guid", p.guid.clone()),
                                ("language", p.language.clone()),
                                ("school", p.school.clone()),
                                ("name", p.name.clone()),
                                ("limo-x", p.limo.x.to_string()),
                                ("limo-y", p.limo.y.to_string()),
                                ("limo-angle", p.angle.to_string()),
                            ],
                        );
                    }
                });
                w.group("stores", &[], m.stores.len(), |w| {
                    for (name, p) in &m.stores {
                        let a = [
                            ("name", name.clone()),
                            ("bus-stop-x", p.x.to_string()),
                            ("bus-stop-y", p.y.to_string()),
                        ];
                        w.empty("store", &a);
                    }
                });
                w.group("companies", &[], m.companies.len(), |w| {
                    for (c, p) in &m.companies {
                        let a = [
                            ("name", c.name().to_string()),
                            ("bus-stop-x", p.x.to_string()),
                            ("bus-stop-y", p.y.to_string()),
                        ];
                        w.empty("company", &a);
                    }
                });
                w.group("passengers", &[], m.passengers.len(), |w| {
                    for p in &m.passengers {
                        let mut a = vec![
                            ("name", p.passenger.name().to_string()),
                            ("points-delivered", p.points.to_string()),
                        ];
                        if let Some(l) = p.lobby {
                            a.push(("lobby", l.name().to_string()));
                        }
                        if let Some(d) = p.destination {
                            a.push(("destination", d.name().to_string()));
                        }
                        w.group("passenger", &a, p.route.len() + p.enemies.len(), |w| {
                            for r in &p.route {
                                w.text("route", r.name());
                            }
                            for e in &p.enemies {
                                w.text("enemy", e.name());
                            }
                        });
                    }
                });
                w.close("setup");
            }
            ServerMessage::Status {
                status,
                player_guid,
                players,
                passengers,
                path,
                pickup,
            } => {
                w.open(
                    "status",
                    &[
                        ("status", status.name().to_string()),
                        ("player-guid", player_guid.clone()),
                    ],
                );
                w.group("players", &[], players.len(), |w| {
                    for p in players {
                        let mut a = vec![
                            ("guid", p.guid.clone()),
                            ("score", float_text(p.score)),
                            ("total-score", float_text(p.total_score)),
                            ("coffee-servings", p.coffee.to_string()),
                            ("cards-max", p.cards_max.to_string()),
                            ("limo-x", p.limo.x.to_string()),
                            ("limo-y", p.limo.y.to_string()),
                            ("limo-angle", p.angle.to_string()),
                        ];
                        if let Some(x) = p.passenger {
                            a.push(("passenger", x.name().to_string()));
                        }
                        if let Some(x) = p.last_delivered {
                            a.push(("last-delivered", x.name().to_string()));
                        }
                        let n = usize::from(p.next_bus_stop.is_some())
                            + usize::from(p.transit.is_some());
                        w.group("player", &a, n, |w| {
                            if let Some(c) = &p.next_bus_stop {
                                w.empty("next-bus-stop", &card_attrs(c));
                            }
                            if let Some(c) = &p.transit {
                                w.empty("transit", &card_attrs(c));
                            }
                        });
                    }
                });
                w.group("passengers", &[], passengers.len(), |w| {
                    for p in passengers {
                        let mut a = vec![("name", p.passenger.name().to_string())];
                        if let Some(d) = p.destination {
                            a.push(("destination", d.name().to_string()));
                        }
                        match &p.at {
                            PassengerWhere::Travelling(driver) => {
                                a.push(("status", "travelling".to_string()));
                                a.push(("limo-driver", driver.clone()));
                            }
                            PassengerWhere::Lobby(c) => {
                                a.push(("lobby", c.name().to_string()));
                                a.push(("status", "lobby".to_string()));
                            }
                            PassengerWhere::Done => a.push(("status", "done".to_string())),
                        }
                        if !p.route.is_empty() {
                            let names: Vec<&str> = p.route.iter().map(|c| c.name()).collect();
                            a.push(("route", names.join(";")));
                        }
                        w.empty("passenger", &a);
                    }
                });
                w.text("path", &path_text(path));
                w.text("pick-up", &names_text(pickup));
                w.close("status");
            }
            ServerMessage::PowerUpStatus {
                played_by,
                status,
                card,
                deck,
                hand,
            } => {
                w.open(
                    "powerup-status",
                    &[
                        ("played-by", played_by.clone()),
                        ("status", status.name().to_string()),
                    ],
                );
                w.empty("card", &card_attrs(card));
                w.group("cards-deck", &[], deck.len(), |w| {
                    for c in deck {
                        w.empty("card", &card_attrs(c));
                    }
                });
                w.group("cards-hand", &[], hand.len(), |w| {
                    for c in hand {
                        w.empty("card", &card_attrs(c));
                    }
                });
                w.close("powerup-status");
            }
        }
        w.finish()
    }
}

fn parse_setup(root: &Element) -> Result<SetupMessage, ProtocolError> {
    let map_el = root.child("map").ok_or_else(|| missing(root, "<map>"))?;
    let (width, height): (i32, i32) = (num(map_el, "width")?, num(map_el, "height")?);
    if !(1..=1000).contains(&width) || !(1..=1000).contains(&height) {
        return Err(bad(map_el, "width", &format!("{width}x{height}")));
    }
    let mut map = Map::filled(width, height);
    for t in map_el.children_named("tile") {
        let (x, y): (i32, i32) = (num(t, "x")?, num(t, "y")?);
        let ty = attr(t, "type")?;
        let kind = TileType::from_name(ty).ok_or_else(|| bad(t, "type", ty))?;
        let shape = match t.attr("direction") {
            Some(d) => RoadShape::from_name(d).ok_or_else(|| bad(t, "direction", d))?,
            None => RoadShape::Intersection,
        };
        let stop_signs = match t.attr("stop-sign") {
            Some(s) => StopSigns::from_flags_string(s).ok_or_else(|| bad(t, "stop-sign", s))?,
            None => StopSigns::NONE,
        };
        let signal = match t.attr("signal") {
            Some(_) if boolean(t, "signal")? => Signal::NorthSouthGreen,
            _ => Signal::None,
        };
        let sq = map
            .square_mut(Point::new(x, y))
            .ok_or_else(|| bad(t, "x", &format!("{x},{y}")))?;
        *sq = Square {
            kind,
            shape,
            stop_signs,
            signal,
            start: None,
        };
    }
    let list = |name: &'static str| {
        root.child(name)
            .map(|e| e.children.as_slice())
            .unwrap_or(&[])
    };
    let powerups = list("powerups")
        .iter()
        .map(parse_card)
        .collect::<Result<_, _>>()?;
    let players = list("players")
        .iter()
        .map(|p| {
            Ok(SetupPlayer {
                guid: attr(p, "guid")?.to_string(),
                language: p.attr("language").unwrap_or("").to_string(),
                school: p.attr("school").unwrap_or("").to_string(),
                name: attr(p, "name")?.to_string(),
                limo: Point::new(num(p, "limo-x")?, num(p, "limo-y")?),
                angle: num(p, "limo-angle")?,
            })
        })
        .collect::<Result<_, ProtocolError>>()?;
    let stores = list("stores")
        .iter()
        .map(|s| {
            Ok((
                attr(s, "name")?.to_string(),
                Point::new(num(s, "bus-stop-x")?, num(s, "bus-stop-y")?),
            ))
        })
        .collect::<Result<_, ProtocolError>>()?;
    let companies = list("companies")
        .iter()
        .map(|c| {
            let n = attr(c, "name")?;
            Ok((
                company_named(c, "name", n)?,
                Point::new(num(c, "bus-stop-x")?, num(c, "bus-stop-y")?),
            ))
        })
        .collect::<Result<_, ProtocolError>>()?;
    let passengers = list("passengers")
        .iter()
        .map(|p| {
            let n = attr(p, "name")?;
            Ok(SetupPassenger {
                passenger: passenger_named(p, "name", n)?,
                points: num(p, "points-delivered")?,
                lobby: opt_company(p, "lobby")?,
                destination: opt_company(p, "destination")?,
                route: p
                    .children_named("route")
                    .map(|r| company_named(r, "route", &r.text))
                    .collect::<Result<_, _>>()?,
                enemies: p
                    .children_named("enemy")
                    .map(|e| passenger_named(e, "enemy", &e.text))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect::<Result<_, ProtocolError>>()?;
    Ok(SetupMessage {
        my_guid: attr(root, "my-guid")?.to_string(),
        map,
        powerups,
        players,
        stores,
        companies,
        passengers,
    })
}

/// Parses a message the server sends.
pub fn parse_server(bytes: &[u8]) -> Result<ServerMessage, ProtocolError> {
    let root = xml::parse(bytes)?;
    let list = |name: &'static str| {
        root.child(name)
            .map(|e| e.children.as_slice())
            .unwrap_or(&[])
    };
    match root.name.as_str() {
        "exit" => Ok(ServerMessage::Exit),
        "setup" => Ok(ServerMessage::Setup(Box::new(parse_setup(&root)?))),
        "status" => {
            let players = list("players")
                .iter()
                .map(|p| {
                    Ok(StatusPlayer {
                        guid: attr(p, "guid")?.to_string(),
                        score: float(p, "score")?,
                        total_score: float(p, "total-score")?,
                        coffee: num(p, "coffee-servings")?,
                        cards_max: num(p, "cards-max")?,
                        limo: Point::new(num(p, "limo-x")?, num(p, "limo-y")?),
                        angle: num(p, "limo-angle")?,
                        passenger: opt_passenger(p, "passenger")?,
                        last_delivered: opt_passenger(p, "last-delivered")?,
                        next_bus_stop: p.child("next-bus-stop").map(parse_card).transpose()?,
                        transit: p.child("transit").map(parse_card).transpose()?,
                    })
                })
                .collect::<Result<_, ProtocolError>>()?;
            let passengers = list("passengers")
                .iter()
                .map(|p| {
                    let n = attr(p, "name")?;
                    let st = attr(p, "status")?;
                    let at = match st {
                        "travelling" => {
                            PassengerWhere::Travelling(attr(p, "limo-driver")?.to_string())
                        }
                        "lobby" => {
                            PassengerWhere::Lobby(company_named(p, "lobby", attr(p, "lobby")?)?)
                        }
                        "done" => PassengerWhere::Done,
                        _ => return Err(bad(p, "status", st)),
                    };
                    let route = match p.attr("route") {
                        Some(r) => r
                            .split(';')
                            .filter(|s| !s.trim().is_empty())
                            .map(|c| company_named(p, "route", c))
                            .collect::<Result<_, _>>()?,
                        None => Vec::new(),
                    };
                    Ok(StatusPassenger {
                        passenger: passenger_named(p, "name", n)?,
                        destination: opt_company(p, "destination")?,
                        at,
                        route,
                    })
                })
                .collect::<Result<_, ProtocolError>>()?;
            Ok(ServerMessage::Status {
                status: status_of(&root)?,
                player_guid: attr(&root, "player-guid")?.to_string(),
                players,
                passengers,
                path: root
                    .child("path")
                    .map(parse_path)
                    .transpose()?
                    .unwrap_or_default(),
                pickup: root
                    .child("pick-up")
                    .map(parse_names)
                    .transpose()?
                    .unwrap_or_default(),
            })
        }
        "powerup-status" => Ok(ServerMessage::PowerUpStatus {
            played_by: attr(&root, "played-by")?.to_string(),
            status: status_of(&root)?,
            card: parse_card(root.child("card").ok_or_else(|| missing(&root, "<card>"))?)?,
            deck: list("cards-deck")
                .iter()
                .map(parse_card)
                .collect::<Result<_, _>>()?,
            hand: list("cards-hand")
                .iter()
                .map(parse_card)
                .collect::<Result<_, _>>()?,
        }),
        other => Err(ProtocolError::UnknownMessage {
            found: other.to_string(),
        }),
    }
}

/// Builds the `<setup>` message the server would send to `me` for a game.
pub fn setup_message(
    game: &crate::Game,
    state: &crate::State,
    me: crate::PlayerId,
) -> SetupMessage {
    let mut map = game.map().clone();
    for sq in map.squares.iter_mut() {
        sq.start = None;
        if !sq.kind.is_driveable() {
            sq.shape = RoadShape::Intersection;
            sq.stop_signs = StopSigns::NONE;
            sq.signal = Signal::None;
        } else if sq.signal != Signal::None {
            sq.signal = Signal::NorthSouthGreen;
        }
    }
    let wire = wire_card;
    SetupMessage {
        my_guid: format!("player-{}", me.0),
        map,
        powerups: state.player(me).deck.iter().map(wire).collect(),
        players: (0..crate::NUM_PLAYERS)
            .map(|i| {
                let pl = &state.players[i];
                SetupPlayer {
                    guid: format!("player-{i}"),
                    language: "Rust".to_string(),
                    school: String::new(),
                    name: crate::PlayerId(i as u8).name().to_string(),
                    limo: pl.car.tile(),
                    angle: pl.car.vehicle.location.angle(),
                }
            })
            .collect(),
        stores: state
            .coffee_stores
            .iter()
            .enumerate()
            .map(|(i, &p)| (crate::state::coffee_store_name(i).to_string(), p))
            .collect(),
        companies: CompanyId::all()
            .map(|c| (c, state.company_stops[c.index()]))
            .collect(),
        passengers: PassengerId::all()
            .map(|p| {
                let ps = &state.passengers[p.index()];
                SetupPassenger {
                    passenger: p,
                    points: p.points(),
                    lobby: ps.lobby,
                    destination: ps.destination,
                    route: ps.route.to_vec(),
                    enemies: ps.enemies.to_vec(),
                }
            })
            .collect(),
    }
}

/// Why a `<setup>` message cannot be turned into a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RebuildError {
    /// The message does not list 10 players, 12 companies and 12 passengers, or `my-guid` is
    /// not among the players.
    #[error("setup message: {0}")]
    Incomplete(&'static str),
    /// A player's car is not on a straight road along its heading.
    #[error("player {player}: limo at {tile} angle {angle} is not a start position")]
    BadStart {
        /// Index in the message.
        player: usize,
        /// The tile.
        tile: Point,
        /// The angle.
        angle: i32,
    },
    /// The map is not valid.
    #[error(transparent)]
    Game(#[from] crate::game::GameError),
    /// The setup values do not fit the map.
    #[error(transparent)]
    Setup(#[from] crate::setup::SetupError),
}

impl SetupMessage {
    /// The receiver's index in [`SetupMessage::players`] (the `Players` order).
    pub fn my_index(&self) -> Option<usize> {
        self.players.iter().position(|p| p.guid == self.my_guid)
    }

    /// Rebuilds the game as the receiving bot sees it: the map (with the cars' tiles marked as start
    /// positions, which the message does not send), and the initial state with every car, company,
    /// coffee store and passenger as sent. Only the receiver's deck is sent; the other players'
    /// decks are unknown and rebuilt as the 7 cards every deck holds plus 6 of the multiplier cards
    /// the receiver does not hold (a guess: the real ones are secret). `seed` drives later chance.
    pub fn to_game(
        &self,
        config: crate::Config,
        seed: u64,
    ) -> Result<(crate::Game, crate::State), RebuildError> {
        use crate::state::{NUM_COMPANIES, NUM_PASSENGERS, NUM_PLAYERS};
        let me = self
            .my_index()
            .ok_or(RebuildError::Incomplete("my-guid is not a player"))?;
        if self.players.len() != NUM_PLAYERS {
            return Err(RebuildError::Incomplete("10 players"));
        }
        if self.companies.len() != NUM_COMPANIES || self.passengers.len() != NUM_PASSENGERS {
            return Err(RebuildError::Incomplete("12 companies and 12 passengers"));
        }
        let mut map = self.map.clone();
        let mut starts = [(Point::default(), crate::Heading::North); NUM_PLAYERS];
        for (i, p) in self.players.iter().enumerate() {
            let heading = crate::Heading::from_angle(p.angle);
            let axis = if heading.is_vertical() {
                RoadShape::NorthSouth
            } else {
                RoadShape::EastWest
            };
            match map.square_mut(p.limo) {
                Some(sq) if sq.kind == TileType::Road && sq.shape == axis => {
                    sq.start = Some(heading)
                }
                _ => {
                    return Err(RebuildError::BadStart {
                        player: i,
                        tile: p.limo,
                        angle: p.angle,
                    });
                }
            }
            starts[i] = (p.limo, heading);
        }
        let mut company_stops = [Point::default(); NUM_COMPANIES];
        for &(c, stop) in &self.companies {
            company_stops[c.index()] = stop;
        }
        let mut passengers: Vec<crate::setup::PassengerSetup> = Vec::with_capacity(NUM_PASSENGERS);
        for id in PassengerId::all() {
            let p = self
                .passengers
                .iter()
                .find(|p| p.passenger == id)
                .ok_or(RebuildError::Incomplete("a passenger is missing"))?;
            passengers.push(crate::setup::PassengerSetup {
                destination: p
                    .destination
                    .ok_or(RebuildError::Incomplete("a passenger has no destination"))?,
                route: p.route.iter().copied().collect(),
                enemies: p.enemies.iter().copied().collect(),
            });
        }
        let passengers: [crate::setup::PassengerSetup; NUM_PASSENGERS] = passengers
            .try_into()
            .map_err(|_| RebuildError::Incomplete("12 passengers"))?;
        let to_card = |w: &WireCard| crate::Card {
            kind: w.kind,
            passenger: w.passenger,
            company: w.company,
            player: w
                .player
                .as_deref()
                .and_then(|n| self.players.iter().position(|p| p.name == n))
                .map(|i| crate::PlayerId(i as u8)),
            ok_to_play: w.ok_to_play,
        };
        let mine: smallvec::SmallVec<[crate::Card; 13]> =
            self.powerups.iter().map(to_card).collect();
        let unknown: smallvec::SmallVec<[crate::Card; 13]> = crate::setup::multiplier_cards()
            .into_iter()
            .filter(|c| !mine.contains(c))
            .take(6)
            .chain(CardKind::FIXED.iter().map(|&k| crate::Card::new(k)))
            .collect();
        let decks = core::array::from_fn(|i| {
            if i == me {
                mine.clone()
            } else {
                unknown.clone()
            }
        });
        let setup = crate::Setup {
            starts,
            company_stops,
            coffee_stores: self.stores.iter().map(|s| s.1).collect(),
            passengers,
            decks,
        };
        let game = crate::Game::new(map, config)?;
        let state = game.state_from_setup(&setup, seed)?;
        Ok((game, state))
    }
}

fn wire_card(c: &crate::Card) -> WireCard {
    WireCard {
        kind: c.kind,
        company: c.company,
        passenger: c.passenger,
        player: c.player.map(|p| p.name().to_string()),
        ok_to_play: c.ok_to_play,
    }
}

/// The `<status>` message the server sends to `to` about `about` (R:167-220, R:253-314), with the
/// built-in players' names as guids (`player-<index>`). `scoreboard` is each player's sum of earlier
/// games (`total-score`).
pub fn status_message(
    state: &crate::State,
    to: crate::PlayerId,
    about: crate::PlayerId,
    status: Status,
    scoreboard: &[f32; crate::NUM_PLAYERS],
) -> ServerMessage {
    let players = (0..crate::NUM_PLAYERS)
        .map(|i| {
            let pl = &state.players[i];
            let id = crate::PlayerId(i as u8);
            let tile = pl.car.tile();
            StatusPlayer {
                guid: format!("player-{i}"),
                score: crate::rules::score(state, id, tile),
                total_score: scoreboard[i],
                coffee: pl.car.coffee,
                cards_max: crate::rules::max_hand(crate::rules::raw_score(state, id, tile)) as i32,
                limo: tile,
                angle: pl.car.vehicle.location.angle(),
                passenger: pl.passenger,
                last_delivered: pl.delivered.last().copied(),
                next_bus_stop: pl.next_bus_stop.as_ref().map(wire_card),
                transit: pl.this_transit.as_ref().map(wire_card),
            }
        })
        .collect();
    let passengers = PassengerId::all()
        .map(|p| {
            let ps = &state.passengers[p.index()];
            let at = match (ps.car, ps.lobby) {
                (Some(driver), _) => PassengerWhere::Travelling(driver.name().to_string()),
                (None, Some(c)) => PassengerWhere::Lobby(c),
                (None, None) => PassengerWhere::Done,
            };
            StatusPassenger {
                passenger: p,
                destination: ps.destination,
                at,
                route: ps.route.to_vec(),
            }
        })
        .collect();
    let me = state.player(to);
    ServerMessage::Status {
        status,
        player_guid: format!("player-{}", about.0),
        players,
        passengers,
        path: me.car.vehicle.path.clone(),
        pickup: me.pickup.to_vec(),
    }
}

/// The `<powerup-status>` message the server sends to `to` for a card event of `played_by`,
/// with `to`'s deck and hand (R:228-251).
pub fn powerup_status_message(
    state: &crate::State,
    to: crate::PlayerId,
    played_by: crate::PlayerId,
    status: Status,
    card: &crate::Card,
) -> ServerMessage {
    let me = state.player(to);
    ServerMessage::PowerUpStatus {
        played_by: format!("player-{}", played_by.0),
        status,
        card: wire_card(card),
        deck: me.deck.iter().map(wire_card).collect(),
        hand: me.hand.iter().map(wire_card).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_join_round_trip() {
        let order = ClientMessage::Order {
            action: CardAction::Play,
            card: WireCard {
                player: Some("Penny".into()),
                ..WireCard::new(CardKind::StopCar)
            },
        };
        assert_eq!(
            order.to_xml(),
            "<order action=\"PLAY\"><powerup card=\"STOP_CAR\" player=\"Penny\" /></order>"
        );
        assert_eq!(parse_client(order.to_xml().as_bytes()).unwrap(), order);
        let join = ClientMessage::Join {
            name: "A&B".into(),
            school: "S".into(),
            language: "Rust".into(),
            avatar: None,
        };
        assert_eq!(parse_client(join.to_xml().as_bytes()).unwrap(), join);
        assert_eq!(
            parse_client(b"<ready />").unwrap(),
            ClientMessage::Ready {
                path: vec![],
                pickup: vec![]
            }
        );
    }

    #[test]
    fn bad_messages_are_typed_errors() {
        assert!(matches!(
            parse_client(b"<fly/>"),
            Err(ProtocolError::UnknownMessage { .. })
        ));
        assert!(matches!(
            parse_client(b"<move><path>1,2;x</path></move>"),
            Err(ProtocolError::BadValue { what: "path", .. })
        ));
        assert!(matches!(
            parse_client(b"<move><pick-up>Nobody;</pick-up></move>"),
            Err(ProtocolError::BadValue {
                what: "pick-up",
                ..
            })
        ));
        assert!(matches!(
            parse_client(b"<order action='PLAY'/>"),
            Err(ProtocolError::Missing { .. })
        ));
        assert!(matches!(
            parse_server(b"<status/>"),
            Err(ProtocolError::Missing { .. })
        ));
        assert!(matches!(parse_client(b"<move"), Err(ProtocolError::Xml(_))));
        assert!(matches!(
            read_frame(&[0xff, 0xff, 0xff, 0xff]),
            Err(ProtocolError::FrameTooLong { .. })
        ));
        assert_eq!(read_frame(&[3, 0, 0, 0, b'a']).unwrap(), None);
    }

    #[test]
    fn setup_message_round_trips() {
        let game =
            crate::Game::new(crate::mapgen::default_map(2), crate::Config::default()).unwrap();
        let state = game.initial_state(5);
        let msg = ServerMessage::Setup(Box::new(setup_message(&game, &state, crate::PlayerId(3))));
        let xml = msg.to_xml();
        assert!(
            xml.starts_with("<setup game-start=\"true\" my-guid=\"player-3\">\r\n  <map width=")
        );
        assert_eq!(parse_server(xml.as_bytes()).unwrap(), msg);
    }

    #[test]
    fn a_setup_message_rebuilds_the_game() {
        let game =
            crate::Game::new(crate::mapgen::default_map(1), crate::Config::default()).unwrap();
        let state = game.initial_state(9);
        let me = crate::PlayerId(4);
        let msg = setup_message(&game, &state, me);
        let parsed =
            match parse_server(ServerMessage::Setup(Box::new(msg)).to_xml().as_bytes()).unwrap() {
                ServerMessage::Setup(m) => m,
                other => panic!("{other:?}"),
            };
        let (g2, s2) = parsed.to_game(crate::Config::default(), 0).unwrap();
        assert_eq!(g2.stops(), game.stops());
        assert_eq!(s2.passengers, state.passengers);
        assert_eq!(s2.company_stops, state.company_stops);
        assert_eq!(s2.coffee_stores, state.coffee_stores);
        assert_eq!(s2.players[4].deck, state.players[4].deck);
        for i in 0..crate::NUM_PLAYERS {
            assert_eq!(s2.players[i].car, state.players[i].car, "car {i}");
        }
        // The status message a bot receives round-trips too.
        let st = status_message(&state, me, crate::PlayerId(1), Status::Update, &[0.0; 10]);
        assert_eq!(parse_server(st.to_xml().as_bytes()).unwrap(), st);
        let pu = powerup_status_message(
            &state,
            me,
            me,
            Status::PowerUpPlayed,
            &state.players[4].deck[0],
        );
        assert_eq!(parse_server(pu.to_xml().as_bytes()).unwrap(), pu);
    }

    #[test]
    fn status_and_powerup_status_round_trip() {
        let card = WireCard {
            company: Some(CompanyId(3)),
            ok_to_play: true,
            ..WireCard::new(CardKind::MultDeliverAtCompany)
        };
        let status = ServerMessage::Status {
            status: Status::PassengerDelivered,
            player_guid: "g1".into(),
            players: vec![StatusPlayer {
                guid: "g1".into(),
                score: 4.3,
                total_score: 0.0,
                coffee: 2,
                cards_max: 3,
                limo: Point::new(4, 5),
                angle: 90,
                passenger: Some(PassengerId(2)),
                last_delivered: None,
                next_bus_stop: Some(card.clone()),
                transit: None,
            }],
            passengers: vec![
                StatusPassenger {
                    passenger: PassengerId(2),
                    destination: Some(CompanyId(1)),
                    at: PassengerWhere::Travelling("Penny".into()),
                    route: vec![CompanyId(4), CompanyId(5)],
                },
                StatusPassenger {
                    passenger: PassengerId(3),
                    destination: None,
                    at: PassengerWhere::Done,
                    route: vec![],
                },
            ],
            path: vec![Point::new(1, 2)],
            pickup: vec![],
        };
        let xml = status.to_xml();
        assert!(xml.contains("score=\"4.3\""), "{xml}");
        assert!(xml.contains("<pick-up></pick-up>"), "{xml}");
        assert_eq!(parse_server(xml.as_bytes()).unwrap(), status);
        let pu = ServerMessage::PowerUpStatus {
            played_by: "g1".into(),
            status: Status::PowerUpPlayed,
            card: card.clone(),
            deck: vec![WireCard::new(CardKind::RelocateAllCars)],
            hand: vec![],
        };
        assert_eq!(parse_server(pu.to_xml().as_bytes()).unwrap(), pu);
        assert_eq!(
            parse_server(ServerMessage::Exit.to_xml().as_bytes()).unwrap(),
            ServerMessage::Exit
        );
        assert_eq!(ServerMessage::Exit.to_xml(), "<exit />");
    }
}
