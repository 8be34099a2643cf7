//! The state↔message mapping: the messages a player receives built from a [`State`](crate::State),
//! and a game rebuilt from a `<setup>` message.

use thiserror::Error;

use crate::geometry::Point;
use crate::map::{RoadShape, Signal, StopSigns, TileType};
use crate::rules::Status;
use crate::state::{CardKind, CompanyId, PassengerId};

use super::wire::*;

/// Who sits in each seat, as the wire names them: the guid (`my-guid`, `player-guid`,
/// `played-by`), the name (cards' `player=`, `limo-driver`), school and language (`<setup>`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seat {
    /// The player's id on the wire.
    pub guid: String,
    /// The player's name.
    pub name: String,
    /// School.
    pub school: String,
    /// Programming language.
    pub language: String,
}

/// The ten seats of a round.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Roster {
    /// Seat `i` is player `i`.
    pub seats: [Seat; crate::NUM_PLAYERS],
}

impl Default for Roster {
    fn default() -> Self {
        Roster::builtin()
    }
}

impl Roster {
    /// Ten built-in players: guid `player-<index>`, the original's names (`Sheldon Cooper`, ...),
    /// school `Windward`, language `C#`, as the original fills seats nobody joined.
    pub fn builtin() -> Roster {
        Roster {
            seats: core::array::from_fn(|i| Seat {
                guid: format!("player-{i}"),
                name: crate::PlayerId(i as u8).name().to_string(),
                school: "Windward".to_string(),
                language: "C#".to_string(),
            }),
        }
    }

    /// The seat of `player`.
    pub fn seat(&self, player: crate::PlayerId) -> &Seat {
        &self.seats[player.index() % crate::NUM_PLAYERS]
    }

    fn card(&self, c: &crate::Card) -> WireCard {
        WireCard {
            kind: c.kind,
            company: c.company,
            passenger: c.passenger,
            player: c.player.map(|p| self.seat(p).name.clone()),
            ok_to_play: c.ok_to_play,
        }
    }

    /// The player a card's `player=` names, by seat name.
    pub fn player_named(&self, name: &str) -> Option<crate::PlayerId> {
        self.seats
            .iter()
            .position(|s| s.name == name)
            .map(|i| crate::PlayerId(i as u8))
    }
}

/// [`Roster::setup`] with the built-in roster.
pub fn setup_message(
    game: &crate::Game,
    state: &crate::State,
    me: crate::PlayerId,
) -> SetupMessage {
    Roster::builtin().setup(game, state, me)
}

/// [`Roster::status`] with the built-in roster.
pub fn status_message(
    state: &crate::State,
    to: crate::PlayerId,
    about: crate::PlayerId,
    status: Status,
    scoreboard: &[f32; crate::NUM_PLAYERS],
) -> ServerMessage {
    Roster::builtin().status(state, to, about, status, scoreboard)
}

/// [`Roster::powerup_status`] with the built-in roster.
pub fn powerup_status_message(
    state: &crate::State,
    to: crate::PlayerId,
    played_by: crate::PlayerId,
    status: Status,
    card: &crate::Card,
) -> ServerMessage {
    Roster::builtin().powerup_status(state, to, played_by, status, card)
}

impl Roster {
    /// Builds the `<setup>` message the server sends to `me` at the start of a round (R:65-157).
    pub fn setup(
        &self,
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
        SetupMessage {
            my_guid: self.seat(me).guid.clone(),
            map,
            powerups: state.player(me).deck.iter().map(|c| self.card(c)).collect(),
            players: (0..crate::NUM_PLAYERS)
                .map(|i| {
                    let pl = &state.players[i];
                    let seat = &self.seats[i];
                    SetupPlayer {
                        guid: seat.guid.clone(),
                        language: seat.language.clone(),
                        school: seat.school.clone(),
                        name: seat.name.clone(),
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
    Game(#[from] crate::game::ConfigError),
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

impl Roster {
    /// The `<status>` message the server sends to `to` about `about` (R:167-220, R:253-314).
    /// `scoreboard` is each player's sum of earlier
    /// games (`total-score`).
    pub fn status(
        &self,
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
                    guid: self.seats[i].guid.clone(),
                    score: crate::rules::score(state, id, tile),
                    total_score: scoreboard[i],
                    coffee: pl.car.coffee,
                    cards_max: crate::rules::max_hand(crate::rules::raw_score(state, id, tile))
                        as i32,
                    limo: tile,
                    angle: pl.car.vehicle.location.angle(),
                    passenger: pl.passenger,
                    last_delivered: pl.delivered.last().copied(),
                    next_bus_stop: pl.next_bus_stop.as_ref().map(|c| self.card(c)),
                    transit: pl.this_transit.as_ref().map(|c| self.card(c)),
                }
            })
            .collect();
        let passengers = PassengerId::all()
            .map(|p| {
                let ps = &state.passengers[p.index()];
                let at = match (ps.car, ps.lobby) {
                    (Some(driver), _) => PassengerWhere::Travelling(self.seat(driver).name.clone()),
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
            player_guid: self.seat(about).guid.clone(),
            players,
            passengers,
            path: me.car.vehicle.path.clone(),
            pickup: me.pickup.to_vec(),
        }
    }

    /// The `<powerup-status>` message the server sends to `to` for a card event of `played_by`,
    /// with `to`'s deck and hand (R:228-251).
    pub fn powerup_status(
        &self,
        state: &crate::State,
        to: crate::PlayerId,
        played_by: crate::PlayerId,
        status: Status,
        card: &crate::Card,
    ) -> ServerMessage {
        let me = state.player(to);
        ServerMessage::PowerUpStatus {
            played_by: self.seat(played_by).guid.clone(),
            status,
            card: self.card(card),
            deck: me.deck.iter().map(|c| self.card(c)).collect(),
            hand: me.hand.iter().map(|c| self.card(c)).collect(),
        }
    }
}
