//! A bot's view of the round, rebuilt from what the server sent: the game and initial state from
//! the `<setup>` ([`SetupMessage::to_game`]), then every `<status>` and `<powerup-status>`
//! applied to it, so a bot can run the engine for lookahead on exactly what it knows.

use thiserror::Error;

use crate::geometry::{Heading, Point};
use crate::protocol::{
    PassengerWhere, RebuildError, Roster, Seat, ServerMessage, SetupMessage, WireCard,
};
use crate::rules::{Event, Recipient};
use crate::state::{Card, NUM_PLAYERS, PlayerId};
use crate::{Config, Game, State};

/// A server message whose numbers the view cannot take (a hostile or broken server): the
/// message is rejected and the view stays as it was.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ViewError {
    /// A car reported on a tile outside the map.
    #[error("status: the car of {guid} is at {tile}, off the {width}x{height} map")]
    CarOffMap {
        /// The player's guid.
        guid: String,
        /// The tile the message gave.
        tile: Point,
        /// Map width in tiles.
        width: i32,
        /// Map height in tiles.
        height: i32,
    },
}

/// What one bot knows.
#[derive(Debug, Clone)]
pub struct View {
    /// The game rebuilt from the `<setup>`.
    pub game: Game,
    /// The round as last reported. Unknown parts (other players' decks and hands, the exact
    /// in-tile position of cars, the generator) are guesses; see [`SetupMessage::to_game`].
    pub state: State,
    /// The seats, as the `<setup>` named them.
    pub roster: Roster,
    /// The receiving player.
    pub me: PlayerId,
    /// Every player's score as last reported (with partial credit).
    pub scores: [f32; NUM_PLAYERS],
}

impl View {
    /// The view at the start of a round. `seed` drives the view's own chance outcomes.
    pub fn from_setup(
        setup: &SetupMessage,
        config: Config,
        seed: u64,
    ) -> Result<View, RebuildError> {
        let me = setup
            .my_index()
            .ok_or(RebuildError::Incomplete("my-guid is not a player"))?;
        let (game, state) = setup.to_game(config, seed)?;
        let roster = Roster {
            seats: core::array::from_fn(|i| {
                let p = &setup.players[i];
                Seat {
                    guid: p.guid.clone(),
                    name: p.name.clone(),
                    school: p.school.clone(),
                    language: p.language.clone(),
                }
            }),
        };
        Ok(View {
            game,
            state,
            roster,
            me: PlayerId(me as u8),
            scores: [0.0; NUM_PLAYERS],
        })
    }

    fn seat_of_guid(&self, guid: &str) -> Option<PlayerId> {
        self.roster
            .seats
            .iter()
            .position(|s| s.guid == guid)
            .map(|i| PlayerId(i as u8))
    }

    fn card(&self, w: &WireCard) -> Card {
        Card {
            kind: w.kind,
            company: w.company,
            passenger: w.passenger,
            player: w
                .player
                .as_deref()
                .and_then(|n| self.roster.player_named(n)),
            ok_to_play: w.ok_to_play,
        }
    }

    /// Applies a `<status>` or `<powerup-status>` and returns the event it reports (as the
    /// engine's [`Event`], for bots written against the engine). `<setup>` and `<exit/>` give
    /// `None`; so does a message naming an unknown player. A status whose numbers do not fit the
    /// game (a car off the map, e.g. `limo-y="2147483647"`) is rejected with a [`ViewError`] and
    /// changes nothing.
    pub fn apply(&mut self, msg: &ServerMessage) -> Result<Option<Event>, ViewError> {
        if let ServerMessage::Status { players, .. } = msg {
            let map = self.game.map();
            for sp in players {
                if map.square(sp.limo).is_none() {
                    return Err(ViewError::CarOffMap {
                        guid: sp.guid.clone(),
                        tile: sp.limo,
                        width: map.width,
                        height: map.height,
                    });
                }
            }
        }
        Ok(self.apply_checked(msg))
    }

    fn apply_checked(&mut self, msg: &ServerMessage) -> Option<Event> {
        match msg {
            ServerMessage::Status {
                status,
                player_guid,
                players,
                passengers,
                path,
                pickup,
            } => {
                let about = self.seat_of_guid(player_guid)?;
                for sp in players {
                    let Some(id) = self.seat_of_guid(&sp.guid) else {
                        continue;
                    };
                    let next = sp.next_bus_stop.as_ref().map(|c| self.card(c));
                    let transit = sp.transit.as_ref().map(|c| self.card(c));
                    let pl = &mut self.state.players[id.index()];
                    self.scores[id.index()] = sp.score;
                    pl.car.coffee = sp.coffee;
                    pl.passenger = sp.passenger;
                    if let Some(d) = sp.last_delivered {
                        // A passenger is delivered at most once per player and round.
                        if !pl.delivered.contains(&d) {
                            pl.delivered.push(d);
                        }
                    }
                    pl.next_bus_stop = next;
                    pl.this_transit = transit;
                    let heading = Heading::from_angle(sp.angle);
                    if pl.car.tile() != sp.limo || pl.car.vehicle.location.angle() != sp.angle {
                        pl.car.place(sp.limo, heading);
                    }
                }
                for sp in passengers {
                    let car = match &sp.at {
                        PassengerWhere::Travelling(name) => self.roster.player_named(name),
                        _ => None,
                    };
                    let ps = &mut self.state.passengers[sp.passenger.index()];
                    ps.destination = sp.destination;
                    ps.route = sp.route.iter().copied().collect();
                    ps.car = car;
                    ps.lobby = match sp.at {
                        PassengerWhere::Lobby(c) => Some(c),
                        _ => None,
                    };
                }
                let me = &mut self.state.players[self.me.index()];
                me.car.vehicle.path.clone_from(path);
                me.pickup = pickup.iter().copied().collect();
                Some(Event {
                    to: if about == self.me {
                        Recipient::Only
                    } else {
                        Recipient::All
                    },
                    about,
                    status: *status,
                    card: None,
                })
            }
            ServerMessage::PowerUpStatus {
                played_by,
                status,
                card,
                deck,
                hand,
            } => {
                let about = self.seat_of_guid(played_by)?;
                let card = self.card(card);
                let deck = deck.iter().map(|c| self.card(c)).collect();
                let hand = hand.iter().map(|c| self.card(c)).collect();
                let me = &mut self.state.players[self.me.index()];
                me.deck = deck;
                me.hand = hand;
                Some(Event {
                    to: Recipient::Only,
                    about,
                    status: *status,
                    card: Some(card),
                })
            }
            ServerMessage::Setup(_) | ServerMessage::Exit => None,
        }
    }
}
