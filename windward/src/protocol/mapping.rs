//! The state↔message mapping: the messages a player receives built from a [`State`](crate::State),
//! and a game rebuilt from a `<setup>` message.

use thiserror::Error;

use crate::geometry::Point;
use crate::map::{RoadShape, Signal, StopSigns, TileType};
use crate::rules::Status;
use crate::state::{CardKind, CompanyId, PassengerId};

use super::wire::*;

/// Builds the `<setup>` message the server would send to `me` for a game.
pub fn setup_message(
    game: &crate::Game,
    state: &crate::State,
    me: crate::PlayerId,
) -> SetupMessage {
    let mut map = game.map.clone();
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
