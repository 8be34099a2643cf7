//! A whole tick of a round (`Framework.FrameTick` + `Engine.Tick`, F:927-950, E:288-383), and
//! the `step` / `advance` / `run_until` verbs of [`Game`].

use crate::astar::simple_astar;
use crate::game::Game;
use crate::geometry::{Heading, Point};
use crate::map::{Map, Signal};
use crate::movement::Vehicle;
use crate::rules::{self, CardAction, Chance, Draw, Event, Recipient, Status};
use crate::state::{
    Card, NUM_COMPANIES, NUM_PASSENGERS, NUM_PLAYERS, PassengerId, PlayerId, State,
};
use thiserror::Error;

use super::drive::{DriveError, SignalLocks, Traffic};
use super::orders::{PathJoin, join_path};
use super::pass::{ForecastClock, movement_phase};

/// `POST_TO_PLAYER_INTERVAL` (F:91): the broadcast fires when the counter reaches 96, then
/// restarts at 0, so every 97 ticks (and bus-stop or coffee events restart it).
pub const POST_TO_PLAYER_INTERVAL: i32 = 24 * 4;

/// One message from a player, applied at the start of the next tick in arrival order
/// (`ProcessAllMoveMessages`, E:641-664).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Order {
    /// A `<move>`/`<ready>` message: a new path (tiles) and pick-up list; an empty list means
    /// "no change".
    Path {
        /// Who sends it.
        player: PlayerId,
        /// The tiles to drive.
        path: Vec<Point>,
        /// The passengers to pick up, in order of preference.
        pickup: Vec<PassengerId>,
    },
    /// A card message: draw, discard or play a card. It is applied as the engine receives it
    /// (`Engine.PlayerPowerups`): the card is looked up in the hand, then the deck; a card in
    /// neither is still acted on (PLAY answers `POWER_UP_PLAY_NOT_EXIST`, DRAW adds it, §12.4),
    /// as with the original's built-in players. (The network framework drops such a message.)
    Card {
        /// Who sends it.
        player: PlayerId,
        /// What to do.
        action: CardAction,
        /// The card (with its target fields as the player set them).
        card: Card,
    },
}

impl Order {
    /// The player who sent the order.
    pub fn player(&self) -> PlayerId {
        match self {
            Order::Path { player, .. } | Order::Card { player, .. } => *player,
        }
    }

    /// Checks every id the order carries: the sender and a card's target player below
    /// [`NUM_PLAYERS`], the pick-up list's and a card's passenger below [`NUM_PASSENGERS`], a
    /// card's company below [`NUM_COMPANIES`]. [`Game::advance_orders`] drops an order that fails (the
    /// original only ever sees names, and a message whose name resolves to no player or passenger
    /// never reaches its engine), so callers that want to report it check first.
    pub fn validate(&self) -> Result<(), OrderError> {
        let player = self.player();
        if player.index() >= NUM_PLAYERS {
            return Err(OrderError::UnknownPlayer { player: player.0 });
        }
        match self {
            Order::Path { pickup, .. } => {
                if let Some(p) = pickup.iter().find(|p| p.index() >= NUM_PASSENGERS) {
                    return Err(OrderError::UnknownPassenger {
                        player: player.0,
                        passenger: p.0,
                    });
                }
            }
            Order::Card { card, .. } => {
                if let Some(p) = card.passenger.filter(|p| p.index() >= NUM_PASSENGERS) {
                    return Err(OrderError::UnknownPassenger {
                        player: player.0,
                        passenger: p.0,
                    });
                }
                if let Some(t) = card.player.filter(|t| t.index() >= NUM_PLAYERS) {
                    return Err(OrderError::UnknownTarget {
                        player: player.0,
                        target: t.0,
                    });
                }
                if let Some(c) = card.company.filter(|c| c.index() >= NUM_COMPANIES) {
                    return Err(OrderError::UnknownCompany {
                        player: player.0,
                        company: c.0,
                    });
                }
            }
        }
        Ok(())
    }
}

/// An [`Order`] naming a player, passenger or company that does not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OrderError {
    /// The sender is not a player (ids `0..NUM_PLAYERS`, 10).
    #[error("order from player {player}, but players are 0..{NUM_PLAYERS}")]
    UnknownPlayer {
        /// The rejected id.
        player: u8,
    },
    /// A pick-up list or card names a passenger that does not exist (ids `0..NUM_PASSENGERS`, 12).
    #[error(
        "order from player {player} names passenger {passenger}, but passengers are 0..{NUM_PASSENGERS}"
    )]
    UnknownPassenger {
        /// The sender.
        player: u8,
        /// The rejected id.
        passenger: u8,
    },
    /// A card targets a player that does not exist.
    #[error("order from player {player} targets player {target}, but players are 0..{NUM_PLAYERS}")]
    UnknownTarget {
        /// The sender.
        player: u8,
        /// The rejected id.
        target: u8,
    },
    /// A card names a company that does not exist (ids `0..NUM_COMPANIES`, 12).
    #[error(
        "order from player {player} names company {company}, but companies are 0..{NUM_COMPANIES}"
    )]
    UnknownCompany {
        /// The sender.
        player: u8,
        /// The rejected id.
        company: u8,
    },
}

/// The [`Traffic`] world of a [`State`]: the tick engine drives the players' cars, calls the
/// bus-stop and coffee rules, and reports `NO_PATH`.
pub struct StateTraffic<'a, C: Chance + ?Sized> {
    /// The game.
    pub game: &'a Game,
    /// The round.
    pub state: &'a mut State,
    /// Where random outcomes come from.
    pub chance: &'a mut C,
    /// Where status messages go.
    pub events: &'a mut Vec<Event>,
    /// Errors where the original would have thrown (and cleared the path).
    pub errors: u32,
}

impl<C: Chance + ?Sized> Traffic for StateTraffic<'_, C> {
    #[inline]
    fn map(&self) -> &Map {
        self.game.map()
    }
    #[inline]
    fn num_cars(&self) -> usize {
        NUM_PLAYERS
    }
    #[inline]
    fn vehicle(&self, car: usize) -> &Vehicle {
        &self.state.players[car].car.vehicle
    }
    #[inline]
    fn vehicle_mut(&mut self, car: usize) -> &mut Vehicle {
        &mut self.state.players[car].car.vehicle
    }
    #[inline]
    fn ticks_to_full_speed(&self, car: usize) -> i32 {
        self.state.players[car].ticks_to_full_speed
    }
    #[inline]
    fn signal(&self, tile: Point) -> Signal {
        self.game
            .light_index(tile)
            .map_or(Signal::None, |i| self.state.signals[i])
    }
    fn set_signal(&mut self, tile: Point, signal: Signal) {
        if let Some(i) = self.game.light_index(tile) {
            self.state.signals[i] = signal;
        }
    }
    fn arrive_bus_stop(&mut self, car: usize, tile: Point) {
        let car_tile = self.state.players[car].car.vehicle.location.tile();
        let player = PlayerId(car as u8);
        if rules::bus_stop_arrival(self.state, player, tile, car_tile, self.chance, self.events) {
            self.state.ticks_since_update = 0;
        }
    }
    fn arrive_coffee_stop(&mut self, car: usize, tile: Point) {
        let player = PlayerId(car as u8);
        if rules::coffee_stop_arrival(self.state, player, tile, self.events) {
            self.state.ticks_since_update = 0;
        }
    }
    fn no_path(&mut self, car: usize) {
        self.events.push(no_path_event(PlayerId(car as u8)));
    }
    fn random_exit(
        &mut self,
        car: usize,
        _tile: Point,
        _from: Heading,
        options: &[Heading],
    ) -> usize {
        self.chance
            .pick(Draw::RandomNext(PlayerId(car as u8)), options.len())
    }
    fn drive_error(&mut self, _car: usize, _error: DriveError) {
        self.errors += 1;
    }
}

fn no_path_event(player: PlayerId) -> Event {
    Event {
        to: Recipient::Only,
        about: player,
        status: Status::NoPath,
        card: None,
    }
}

/// Applies one queued order (E:641-664, E:1608-1702). An order that fails
/// [`Order::validate`] changes nothing.
pub fn apply_order<C: Chance + ?Sized>(
    game: &Game,
    state: &mut State,
    order: &Order,
    events: &mut Vec<Event>,
    _chance: &mut C,
) {
    if order.validate().is_err() {
        return;
    }
    match order {
        Order::Path {
            player,
            path,
            pickup,
        } => {
            let vehicle = &mut state.players[player.index()].car.vehicle;
            let join = join_path(vehicle, path, |a, b| simple_astar(game.map(), a, b));
            if join == PathJoin::AStarJoin {
                events.push(no_path_event(*player));
            }
            rules::apply_pickup_list(state, *player, pickup);
            state.ticks_to_forecast = 0;
        }
        Order::Card {
            player,
            action,
            card,
        } => {
            // The engine-level message (E:1705-1780) as the built-in AIs send it and the traces
            // record it: a card object that may be in neither the hand nor the deck (then PLAY is
            // POWER_UP_PLAY_NOT_EXIST and DRAW duplicates it, §12.4).
            let car_tile = state.players[player.index()].car.vehicle.location.tile();
            let slot = rules::find_card(state, *player, card);
            rules::card_action(state, *player, *action, slot, *card, car_tile, events);
        }
    }
}

/// The status broadcast before a tick (F:939-946): when the counter has reached 96, every
/// player is told `NO_PATH` (empty path) or `UPDATE`, and the counter restarts.
pub fn status_broadcast(state: &mut State, events: &mut Vec<Event>) {
    if state.ticks_since_update >= POST_TO_PLAYER_INTERVAL {
        for (i, pl) in state.players.iter().enumerate() {
            events.push(Event {
                to: Recipient::Only,
                about: PlayerId(i as u8),
                status: if pl.car.vehicle.path.is_empty() {
                    Status::NoPath
                } else {
                    Status::Update
                },
                card: None,
            });
        }
        state.ticks_since_update = 0;
    } else {
        state.ticks_since_update += 1;
    }
}

/// `Engine.Tick()` (E:288-383) after the broadcast: queued orders, instant cards, timers, the
/// forecast every 7 ticks, acceleration, and the movement passes.
pub fn engine_tick<C: Chance + ?Sized>(
    game: &Game,
    state: &mut State,
    orders: &[Order],
    chance: &mut C,
    events: &mut Vec<Event>,
) {
    for order in orders {
        apply_order(game, state, order, events, chance);
    }
    engine_tick_after_orders(game, state, chance, events);
}

/// `Engine.Tick()` after the queued orders: instant cards, timers and movement (shared by the
/// order-level and the action-level `advance`).
#[doc(hidden)]
pub fn engine_tick_after_orders<C: Chance + ?Sized>(
    game: &Game,
    state: &mut State,
    chance: &mut C,
    events: &mut Vec<Event>,
) {
    for i in 0..NUM_PLAYERS {
        if state.players[i].in_action.is_some() {
            rules::process_powerup(game, state, PlayerId(i as u8), chance, events);
        }
    }
    rules::tick_timers(state);
    movement(game, state, chance, events);
}

/// Steps 5–7 of `Engine.Tick`: the forecast when due, acceleration and the movement passes.
pub fn movement<C: Chance + ?Sized>(
    game: &Game,
    state: &mut State,
    chance: &mut C,
    events: &mut Vec<Event>,
) {
    let mut clock = ForecastClock(state.ticks_to_forecast);
    let mut locks = SignalLocks::new();
    let mut world = StateTraffic {
        game,
        state,
        chance,
        events,
        errors: 0,
    };
    movement_phase(&mut world, &mut clock, &mut locks);
    world.state.ticks_to_forecast = clock.0;
}

/// What [`Game::run_until`] stopped on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RunEnd {
    /// The round is over (8 deliveries or the tick limit).
    RoundOver,
    /// The predicate held after this many ticks.
    Condition(u32),
    /// The tick budget ran out.
    Budget,
}

impl Game {
    /// Advances `state` by one tick in place (`FrameTick`: the game-over check, the status
    /// broadcast, then `Engine.Tick`), with the orders that arrived since the last tick, in
    /// arrival order. Random outcomes come from `chance` (the state's own generator:
    /// [`Game::advance_orders`]). Status messages are appended to `events`. A finished round
    /// ([`State::is_over`]) does not change; an order that fails [`Order::validate`] is dropped.
    pub fn advance_with<C: Chance + ?Sized>(
        &self,
        state: &mut State,
        orders: &[Order],
        chance: &mut C,
        events: &mut Vec<Event>,
    ) {
        if state.is_over() {
            return;
        }
        status_broadcast(state, events);
        state.tick += 1;
        engine_tick(self, state, orders, chance, events);
    }

    /// The allocation-free form of [`Game::advance_orders`]: the tick's status messages are
    /// appended to `events` (not cleared first), which allocates only while the buffer grows.
    pub fn advance_orders_into(
        &self,
        state: &mut State,
        orders: &[Order],
        events: &mut Vec<Event>,
    ) {
        let mut rng = state.rng.clone();
        self.advance_with(state, orders, &mut rng, events);
        state.rng = rng;
    }

    /// Runs up to `max_ticks` ticks with no orders, stopping early when the round ends or when
    /// `stop(state, events_of_this_tick)` returns true (e.g. "a bus-stop event about me").
    /// `events` is cleared before each tick and holds the last tick's events afterwards.
    pub fn run_until(
        &self,
        state: &mut State,
        max_ticks: u32,
        events: &mut Vec<Event>,
        mut stop: impl FnMut(&State, &[Event]) -> bool,
    ) -> RunEnd {
        for t in 1..=max_ticks {
            if state.is_over() {
                return RunEnd::RoundOver;
            }
            events.clear();
            self.advance_orders_into(state, &[], events);
            if stop(state, events) {
                return RunEnd::Condition(t);
            }
        }
        if state.is_over() {
            RunEnd::RoundOver
        } else {
            RunEnd::Budget
        }
    }
}
