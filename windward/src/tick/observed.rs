//! The tick with a look at every moment a status message is due: the original server builds each
//! `<status>` / `<powerup-status>` as the rule fires (`Framework.StatusMessage`), in the middle of a
//! movement pass, so a car that has already moved this pass shows its new position and the cars
//! after it their old one. A server that sends the original's bytes builds its messages from the
//! state at those moments; [`Game::advance_observed`] hands it the state and the new events each
//! time, in the order the original sends them.

use crate::game::Game;
use crate::geometry::{Heading, Point};
use crate::map::{Map, Signal};
use crate::movement::Vehicle;
use crate::rules::{self, Chance, Event};
use crate::state::{NUM_PLAYERS, PlayerId, State};

use super::drive::{DriveError, SignalLocks, Traffic};
use super::pass::{ForecastClock, movement_phase};
use super::round::{Order, StateTraffic, apply_order, status_broadcast};

/// Called with the state and the events just emitted, each time a rule emits some.
pub trait EventObserver {
    /// `events` are the new events; `state` is the round at the moment they fired.
    fn events(&mut self, state: &State, events: &[Event]);
}

impl<F: FnMut(&State, &[Event])> EventObserver for F {
    fn events(&mut self, state: &State, events: &[Event]) {
        self(state, events)
    }
}

/// Runs `f` (which may append to `events`) and shows the observer what it appended.
pub fn observe_step<O: EventObserver + ?Sized>(
    state: &mut State,
    events: &mut Vec<Event>,
    observer: &mut O,
    f: impl FnOnce(&mut State, &mut Vec<Event>),
) {
    let before = events.len();
    f(state, events);
    if events.len() > before {
        observer.events(state, &events[before..]);
    }
}

/// A [`StateTraffic`] that shows the observer the state after every bus-stop, coffee-stop and
/// `NO_PATH` event of the movement passes.
struct ObservedTraffic<'a, 'o, C: Chance + ?Sized, O: EventObserver + ?Sized> {
    inner: StateTraffic<'a, C>,
    observer: &'o mut O,
}

impl<C: Chance + ?Sized, O: EventObserver + ?Sized> ObservedTraffic<'_, '_, C, O> {
    fn after(&mut self, before: usize) {
        if self.inner.events.len() > before {
            self.observer
                .events(self.inner.state, &self.inner.events[before..]);
        }
    }
}

impl<C: Chance + ?Sized, O: EventObserver + ?Sized> Traffic for ObservedTraffic<'_, '_, C, O> {
    #[inline]
    fn map(&self) -> &Map {
        self.inner.map()
    }
    #[inline]
    fn num_cars(&self) -> usize {
        self.inner.num_cars()
    }
    #[inline]
    fn vehicle(&self, car: usize) -> &Vehicle {
        self.inner.vehicle(car)
    }
    #[inline]
    fn vehicle_mut(&mut self, car: usize) -> &mut Vehicle {
        self.inner.vehicle_mut(car)
    }
    #[inline]
    fn ticks_to_full_speed(&self, car: usize) -> i32 {
        self.inner.ticks_to_full_speed(car)
    }
    #[inline]
    fn signal(&self, tile: Point) -> Signal {
        self.inner.signal(tile)
    }
    fn set_signal(&mut self, tile: Point, signal: Signal) {
        self.inner.set_signal(tile, signal)
    }
    fn arrive_bus_stop(&mut self, car: usize, tile: Point) {
        let before = self.inner.events.len();
        self.inner.arrive_bus_stop(car, tile);
        self.after(before);
    }
    fn arrive_coffee_stop(&mut self, car: usize, tile: Point) {
        let before = self.inner.events.len();
        self.inner.arrive_coffee_stop(car, tile);
        self.after(before);
    }
    fn no_path(&mut self, car: usize) {
        let before = self.inner.events.len();
        self.inner.no_path(car);
        self.after(before);
    }
    fn random_exit(
        &mut self,
        car: usize,
        tile: Point,
        from: Heading,
        options: &[Heading],
    ) -> usize {
        self.inner.random_exit(car, tile, from, options)
    }
    fn drive_error(&mut self, car: usize, error: DriveError) {
        self.inner.drive_error(car, error)
    }
}

/// [`super::round::movement`] showing the observer every event as it fires.
pub fn movement_observed<C: Chance + ?Sized, O: EventObserver + ?Sized>(
    game: &Game,
    state: &mut State,
    chance: &mut C,
    events: &mut Vec<Event>,
    observer: &mut O,
) {
    let mut clock = ForecastClock(state.ticks_to_forecast);
    let mut locks = SignalLocks::new();
    let mut world = ObservedTraffic {
        inner: StateTraffic {
            game,
            state,
            chance,
            events,
            errors: 0,
        },
        observer,
    };
    movement_phase(&mut world, &mut clock, &mut locks);
    world.inner.state.ticks_to_forecast = clock.0;
}

impl Game {
    /// [`Game::advance_with`], showing `observer` the state each time status events fire: after
    /// the broadcast (before the tick counter moves), after each order, each instant card, and
    /// each bus-stop, coffee-stop or `NO_PATH` event of the movement passes. The tick itself is
    /// the same as [`Game::advance_with`]'s.
    pub fn advance_observed<C: Chance + ?Sized, O: EventObserver + ?Sized>(
        &self,
        state: &mut State,
        orders: &[Order],
        chance: &mut C,
        events: &mut Vec<Event>,
        observer: &mut O,
    ) {
        if state.is_over() {
            return;
        }
        observe_step(state, events, observer, status_broadcast);
        state.tick += 1;
        for order in orders {
            observe_step(state, events, observer, |s, e| {
                apply_order(self, s, order, e, chance)
            });
        }
        for i in 0..NUM_PLAYERS {
            if state.players[i].in_action.is_some() {
                observe_step(state, events, observer, |s, e| {
                    rules::process_powerup(self, s, PlayerId(i as u8), chance, e)
                });
            }
        }
        rules::tick_timers(state);
        movement_observed(self, state, chance, events, observer);
    }
}
