//! [`Game::validate`]: a [`State`] from outside (read with serde) checked against the game before
//! any rule runs on it.

use pathfind::tree::InvalidState;

use crate::game::Game;
use crate::geometry::Point;
use crate::movement::{MAX_STRAIGHT_SPEED, Vehicle, map_to_tile, movements};
use crate::state::{
    CARD_TICKS, Card, CompanyId, DECK_SIZE, FULL_COFFEE, NUM_COMPANIES, NUM_PASSENGERS,
    NUM_PLAYERS, PassengerId, PlayerId, State,
};

/// The most steps a car may have left to drive between two ticks: one tick accrues at most one
/// step (speed 6 over 6) on top of less than one carried over, so a valid state holds 0, 1 or 2.
const MAX_STEPS_PENDING: i32 = 2;

/// The most cards a hand holds (a deck of [`DECK_SIZE`] drawn to the end).
const MAX_CARDS: usize = DECK_SIZE;
/// The longest stacked slow-down a car can carry: every other player's quarter-speed card
/// (one per deck) at once.
const MAX_SLOW_TICKS: i32 = CARD_TICKS * NUM_PLAYERS as i32;

impl Game {
    /// Checks a state the game did not build (a [`State`] read with serde) against this game
    /// before it is used: every player, passenger and company id in range (cars, cards,
    /// routes, enemies, pick-up lists); each car's position on the map, its movement and step
    /// within the movement tables, its tail and forecast within their arrays, its path on the
    /// map, its speeds finite and its counters (coffee, flat tyre, slow-down) within what the
    /// rules set; passengers and cars agreeing on who rides where; bus stops and coffee stores
    /// on the map; one signal per light of the map. Every method of the game accepts a state
    /// that passes (and the states it advances to) without a panic; the first refused field is
    /// named with its value. The contract's [`validate`](pathfind::tree::Game::validate).
    ///
    /// ```
    /// use windward::{Config, Game, PlayerId, mapgen};
    ///
    /// let game = Game::new(mapgen::default_map(0), Config::default())?;
    /// let mut state = game.initial_state(5);
    /// assert!(game.validate(&state).is_ok());
    /// state.passengers[3].car = Some(PlayerId(100));
    /// let error = game.validate(&state).unwrap_err();
    /// assert_eq!((error.field.as_str(), error.value.as_str()), ("passengers[3].car", "100"));
    /// # Ok::<(), windward::ConfigError>(())
    /// ```
    pub fn validate(&self, state: &State) -> Result<(), InvalidState> {
        let map = self.map();
        let on_map = |field: String, p: Point| {
            if map.square(p).is_some() {
                Ok(())
            } else {
                Err(InvalidState::new(
                    field,
                    format!("({}, {})", p.x, p.y),
                    format!("a tile of the {}x{} map", map.width, map.height),
                ))
            }
        };
        for (i, &stop) in state.company_stops.iter().enumerate() {
            on_map(format!("company_stops[{i}]"), stop)?;
        }
        for (i, &store) in state.coffee_stores.iter().enumerate() {
            on_map(format!("coffee_stores[{i}]"), store)?;
        }
        if state.signals.len() != self.lights().len() {
            return Err(InvalidState::new(
                "signals",
                format!("{} signals", state.signals.len()),
                format!("one per light of the map ({})", self.lights().len()),
            ));
        }
        for (i, passenger) in state.passengers.iter().enumerate() {
            let field = |name: &str| format!("passengers[{i}].{name}");
            for (name, company) in [
                ("lobby", passenger.lobby),
                ("start", passenger.start),
                ("destination", passenger.destination),
            ] {
                company_id(field(name), company)?;
            }
            for (k, &company) in passenger.route.iter().enumerate() {
                company_id(field(&format!("route[{k}]")), Some(company))?;
            }
            for (k, &enemy) in passenger.enemies.iter().enumerate() {
                passenger_id(field(&format!("enemies[{k}]")), Some(enemy))?;
            }
            player_id(field("car"), passenger.car)?;
            if let Some(car) = passenger.car
                && state.players[car.index()].passenger != Some(PassengerId(i as u8))
            {
                return Err(InvalidState::new(
                    field("car"),
                    car.0,
                    "the player whose car carries the passenger",
                ));
            }
        }
        for (p, player) in state.players.iter().enumerate() {
            let field = |name: &str| format!("players[{p}].{name}");
            vehicle(self, &field("car.vehicle"), &player.car.vehicle)?;
            if !(0..=FULL_COFFEE).contains(&player.car.coffee) {
                return Err(InvalidState::new(
                    field("car.coffee"),
                    player.car.coffee,
                    format!("0 to {FULL_COFFEE} servings"),
                ));
            }
            passenger_id(field("passenger"), player.passenger)?;
            if let Some(carried) = player.passenger
                && state.passengers[carried.index()].car != Some(PlayerId(p as u8))
            {
                return Err(InvalidState::new(
                    field("passenger"),
                    carried.0,
                    "a passenger riding in this car",
                ));
            }
            for (name, list) in [("pickup", &player.pickup), ("delivered", &player.delivered)] {
                if list.len() > NUM_PASSENGERS {
                    return Err(InvalidState::new(
                        field(name),
                        format!("{} passengers", list.len()),
                        format!("at most {NUM_PASSENGERS}"),
                    ));
                }
                for (k, &id) in list.iter().enumerate() {
                    passenger_id(field(&format!("{name}[{k}]")), Some(id))?;
                }
            }
            if !player.points.is_finite() {
                return Err(InvalidState::new(
                    field("points"),
                    player.points,
                    "a finite number",
                ));
            }
            for (name, cards) in [("deck", &player.deck[..]), ("hand", &player.hand[..])] {
                if cards.len() > MAX_CARDS {
                    return Err(InvalidState::new(
                        field(name),
                        format!("{} cards", cards.len()),
                        format!("at most {MAX_CARDS}"),
                    ));
                }
                for (k, c) in cards.iter().enumerate() {
                    card(&field(&format!("{name}[{k}]")), c)?;
                }
            }
            for (name, c) in [
                ("in_action", player.in_action),
                ("next_bus_stop", player.next_bus_stop),
                ("this_transit", player.this_transit),
            ] {
                if let Some(c) = c {
                    card(&field(name), &c)?;
                }
            }
            if !(0..=MAX_SLOW_TICKS).contains(&player.ticks_to_full_speed) {
                return Err(InvalidState::new(
                    field("ticks_to_full_speed"),
                    player.ticks_to_full_speed,
                    format!("0 to {MAX_SLOW_TICKS} ticks"),
                ));
            }
        }
        Ok(())
    }
}

fn id_error(field: String, value: u8, what: &str, count: usize) -> InvalidState {
    InvalidState::new(field, value, format!("a {what} below {count}"))
}

fn player_id(field: String, id: Option<PlayerId>) -> Result<(), InvalidState> {
    match id {
        Some(id) if id.index() >= NUM_PLAYERS => Err(id_error(field, id.0, "player", NUM_PLAYERS)),
        _ => Ok(()),
    }
}

fn passenger_id(field: String, id: Option<PassengerId>) -> Result<(), InvalidState> {
    match id {
        Some(id) if id.index() >= NUM_PASSENGERS => {
            Err(id_error(field, id.0, "passenger", NUM_PASSENGERS))
        }
        _ => Ok(()),
    }
}

fn company_id(field: String, id: Option<CompanyId>) -> Result<(), InvalidState> {
    match id {
        Some(id) if id.index() >= NUM_COMPANIES => {
            Err(id_error(field, id.0, "company", NUM_COMPANIES))
        }
        _ => Ok(()),
    }
}

fn card(field: &str, card: &Card) -> Result<(), InvalidState> {
    passenger_id(format!("{field}.passenger"), card.passenger)?;
    company_id(format!("{field}.company"), card.company)?;
    player_id(format!("{field}.player"), card.player)
}

fn vehicle(game: &Game, field: &str, v: &Vehicle) -> Result<(), InvalidState> {
    let map = game.map();
    let location = &v.location;
    if location.movement.index() >= 16 {
        return Err(InvalidState::new(
            format!("{field}.location.movement"),
            location.movement.index(),
            "one of the 16 movements",
        ));
    }
    let steps = movements().get(location.movement).len();
    if usize::from(location.offset) > steps {
        return Err(InvalidState::new(
            format!("{field}.location.offset"),
            location.offset,
            format!("at most the movement's {steps} steps"),
        ));
    }
    if map.square(map_to_tile(location.pos)).is_none() {
        return Err(InvalidState::new(
            format!("{field}.location.pos"),
            format!("({}, {})", location.pos.x, location.pos.y),
            format!("a point of the {}x{} map", map.width, map.height),
        ));
    }
    if let Some((name, value)) = v.tail.foreign_field() {
        return Err(InvalidState::new(
            format!("{field}.tail.{name}"),
            value,
            "within the tail's ring",
        ));
    }
    if let Some(len) = v.future.foreign_len() {
        return Err(InvalidState::new(
            format!("{field}.future.len"),
            len,
            "within the forecast's capacity",
        ));
    }
    for (k, &tile) in v.path.iter().enumerate() {
        if map.square(tile).is_none() {
            return Err(InvalidState::new(
                format!("{field}.path[{k}]"),
                format!("({}, {})", tile.x, tile.y),
                format!("a tile of the {}x{} map", map.width, map.height),
            ));
        }
    }
    let motion = &v.motion;
    for (name, value) in [("raw_speed", motion.raw_speed), ("accrued", motion.accrued)] {
        if !value.is_finite() {
            return Err(InvalidState::new(
                format!("{field}.motion.{name}"),
                value,
                "a finite number",
            ));
        }
    }
    // Between ticks `accrue` leaves the fractional part of the accrued steps (E:349-355) and at
    // most a step or two to drive; the speed never passes the straight top speed. A hostile
    // value beyond these overflowed the movement pass's step sum (the long fuzz run found
    // `accrued = 2147483647`).
    let top = MAX_STRAIGHT_SPEED as f32;
    if !(0.0..=top).contains(&motion.raw_speed) {
        return Err(InvalidState::new(
            format!("{field}.motion.raw_speed"),
            motion.raw_speed,
            format!("0 to {top} (the straight top speed)"),
        ));
    }
    if !(0.0..1.0).contains(&motion.accrued) {
        return Err(InvalidState::new(
            format!("{field}.motion.accrued"),
            motion.accrued,
            "the fraction of a step left by the last tick, in [0, 1)",
        ));
    }
    if !(0..=MAX_STEPS_PENDING).contains(&motion.steps_remaining) {
        return Err(InvalidState::new(
            format!("{field}.motion.steps_remaining"),
            motion.steps_remaining,
            format!("0 to {MAX_STEPS_PENDING}"),
        ));
    }
    if !(0..=CARD_TICKS).contains(&motion.ticks_to_fix_flat) {
        return Err(InvalidState::new(
            format!("{field}.motion.ticks_to_fix_flat"),
            motion.ticks_to_fix_flat,
            format!("0 to {CARD_TICKS} ticks"),
        ));
    }
    Ok(())
}
