//! The wire types: one value per message, targets by name as the protocol names them.

use crate::geometry::Point;
use crate::map::Map;
use crate::rules::{CardAction, Status};
use crate::state::{CardKind, CompanyId, PassengerId};

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
