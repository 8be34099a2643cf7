//! One car's movement for one pass (`Engine.MoveLimo`, E:776-1249), the forecast
//! (`PrepareToMove`, E:670-768) and the intersection test (`CarInIntersection`, E:1527-1584).
//!
//! The functions work on any [`Traffic`] world: the map, the cars as [`Vehicle`]s, the light
//! states and the hooks for what happens when a car reaches a stop or loses its path. The
//! crate's tick pipeline implements it over its `State`; tests implement it over small
//! hand-made maps.

use crate::geometry::{Heading, Point};
use crate::map::{Map, RoadShape, Signal, Square, TileType};
use crate::movement::{
    MAX_CURVE_SPEED, MAX_STRAIGHT_SPEED, MAX_TILE_STEPS, MAX_TURNS_STOPPED, MovementId, NUM_FUTURE,
    NUM_TAIL, NUM_UNITS_CROSS_ROAD, UNITS_PER_TILE, Vehicle, map_to_tile, quarter_to_tile,
};

/// Half the car's length plus one: `VehicleBitmap.Height / 4 + 1` with the 23-pixel sprite (E:820).
pub const LIMO_HALF_LENGTH: i32 = 23 / 4 + 1;
/// The following distance: `Height * 3 / 4 + 1` (E:1054).
pub const SAFE_DISTANCE: i32 = (23 * 3) / 4 + 1;
/// The look-ahead of the left-turn check: `18 + ((48 + 3 - 1) / 3) * 6` = 114 (E:955-957).
pub const LEFT_TURN_DISTANCE: i32 = SAFE_DISTANCE
    + ((MAX_TILE_STEPS as i32 + MAX_CURVE_SPEED - 1) / MAX_CURVE_SPEED) * MAX_STRAIGHT_SPEED;

/// The world the movement rules run in.
pub trait Traffic {
    /// The map.
    fn map(&self) -> &Map;
    /// The number of cars (players), in movement order.
    fn num_cars(&self) -> usize;
    /// Car `car`.
    fn vehicle(&self, car: usize) -> &Vehicle;
    /// Car `car`, mutably.
    fn vehicle_mut(&mut self, car: usize) -> &mut Vehicle;
    /// `Player.TicksToFullSpeed` of car `car`'s player (ALL_OTHER_CARS_QUARTER_SPEED timer).
    fn ticks_to_full_speed(&self, car: usize) -> i32;
    /// The current state of the light on `tile` ([`Signal::None`] where there is none).
    fn signal(&self, tile: Point) -> Signal;
    /// Sets the light on `tile`.
    fn set_signal(&mut self, tile: Point, signal: Signal);
    /// Car `car`'s centre reached the apex of the bus stop `tile` (`BusStopOffOn`). The engine
    /// does the `Stop(); Go()` afterwards.
    fn arrive_bus_stop(&mut self, car: usize, tile: Point);
    /// Car `car`'s centre reached the apex of the coffee stop `tile` (`CoffeeStopFillUp`).
    fn arrive_coffee_stop(&mut self, car: usize, tile: Point);
    /// Tell car `car`'s player `NO_PATH` (its path ran out or is broken).
    fn no_path(&mut self, car: usize);
    /// `MapTile.GetRandomNext`'s draw: pick an index in `0..options.len()` for car `car`
    /// entering `tile` heading `from`. `options` are the exits the original can pick, in its
    /// order.
    fn random_exit(&mut self, car: usize, tile: Point, from: Heading, options: &[Heading])
    -> usize;
    /// Where the original would have thrown in `MoveLimo`/`PrepareToMove` for car `car` (it
    /// logs an error and clears the path; the engine has already cleared it). Default: nothing.
    fn drive_error(&mut self, car: usize, error: DriveError) {
        let _ = (car, error);
    }
}

/// Where the original throws inside `MoveLimo` or `PrepareToMove` (a path step that is not
/// 4-adjacent, a tile off the map); the engine then clears the player's path (E:339-344,
/// E:372-376, rules §12.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DriveError {
    /// Two consecutive tiles of a turn are not 4-adjacent (`PointsDirection` throws).
    #[error("tiles {from} and {to} are not 4-adjacent")]
    NotAdjacent {
        /// The first tile.
        from: Point,
        /// The second tile.
        to: Point,
    },
    /// A tile the car looks at is off the map (an index out of range in the original).
    #[error("tile {0} is off the map")]
    OffMap(Point),
}

/// The lights locked this tick (`signalsSet`, E:358): once a car has set or passed a light,
/// no other car can change it until the next tick.
#[derive(Debug, Clone)]
pub struct SignalLocks {
    tiles: [Point; 64],
    len: usize,
}

impl Default for SignalLocks {
    fn default() -> SignalLocks {
        SignalLocks::new()
    }
}

impl SignalLocks {
    /// No light locked.
    pub fn new() -> SignalLocks {
        SignalLocks {
            tiles: [Point::new(0, 0); 64],
            len: 0,
        }
    }

    /// Unlocks all (a new tick).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Whether `tile` is locked.
    pub fn contains(&self, tile: Point) -> bool {
        self.tiles[..self.len].contains(&tile)
    }

    /// Locks `tile`.
    pub fn insert(&mut self, tile: Point) {
        if !self.contains(tile) && self.len < self.tiles.len() {
            self.tiles[self.len] = tile;
            self.len += 1;
        }
    }

    /// The locked tiles.
    pub fn tiles(&self) -> &[Point] {
        &self.tiles[..self.len]
    }
}

fn square_at(map: &Map, tile: Point) -> Result<Square, DriveError> {
    map.square(tile).copied().ok_or(DriveError::OffMap(tile))
}

fn heading_between(from: Point, to: Point) -> Result<Heading, DriveError> {
    Heading::between(from, to).ok_or(DriveError::NotAdjacent { from, to })
}

/// `MapSquare.IsStop(direction)` (MS:228-253): a light not green for our axis, or a stop sign
/// on the side we enter from.
pub fn is_stop(square: &Square, signal: Signal, direction: Heading) -> bool {
    if signal != Signal::None {
        return if direction.is_vertical() {
            signal != Signal::NorthSouthGreen
        } else {
            signal != Signal::EastWestGreen
        };
    }
    square.stop_signs.stops(direction)
}

/// `MapTile.GetStraightNext` (MT:381-429): the only or straight exit, `None` entering a T from
/// its stem.
pub fn straight_next(shape: RoadShape, direction: Heading) -> Option<Heading> {
    use Heading::*;
    Some(match shape {
        RoadShape::NorthSouth | RoadShape::EastWest | RoadShape::Intersection => direction,
        RoadShape::NorthUturn => South,
        RoadShape::EastUturn => West,
        RoadShape::SouthUturn => North,
        RoadShape::WestUturn => East,
        RoadShape::TNorth if direction == South => return None,
        RoadShape::TEast if direction == West => return None,
        RoadShape::TSouth if direction == North => return None,
        RoadShape::TWest if direction == East => return None,
        RoadShape::TNorth | RoadShape::TEast | RoadShape::TSouth | RoadShape::TWest => direction,
        RoadShape::CurveNe => curve(direction, North, East, South),
        RoadShape::CurveNw => curve(direction, North, West, South),
        RoadShape::CurveSe => curve(direction, South, East, North),
        RoadShape::CurveSw => curve(direction, South, West, North),
    })
}

fn curve(direction: Heading, when: Heading, then: Heading, otherwise: Heading) -> Heading {
    if direction == when { then } else { otherwise }
}

/// The exits `MapTile.GetRandomNext` (MT:296-373) can draw from: `Err(exit)` when the shape
/// forces one, else the candidates in the original's order. The original draws
/// `rand.Next(choices - 1)` and skips the reverse heading, so when the reverse is not among
/// the choices the last choice can never be drawn (entering a T's bar from its stem side).
pub fn random_exit_options(
    shape: RoadShape,
    direction: Heading,
    out: &mut [Heading; 4],
) -> Result<usize, Heading> {
    use Heading::*;
    let choices: &[Heading] = match shape {
        RoadShape::NorthSouth | RoadShape::EastWest => return Err(direction),
        RoadShape::Intersection => &[North, East, South, West],
        RoadShape::NorthUturn => return Err(South),
        RoadShape::EastUturn => return Err(West),
        RoadShape::SouthUturn => return Err(North),
        RoadShape::WestUturn => return Err(East),
        RoadShape::TNorth => &[North, East, West],
        RoadShape::TEast => &[North, East, South],
        RoadShape::TSouth => &[East, South, West],
        RoadShape::TWest => &[North, South, West],
        RoadShape::CurveNe => return Err(curve(direction, North, East, South)),
        RoadShape::CurveNw => return Err(curve(direction, North, West, South)),
        RoadShape::CurveSe => return Err(curve(direction, South, East, North)),
        RoadShape::CurveSw => return Err(curve(direction, South, West, North)),
    };
    let n = choices.len() - 1;
    let back = direction.reverse();
    let mut k = 0;
    for &c in choices {
        if c != back && k < n {
            out[k] = c;
            k += 1;
        }
    }
    Ok(k)
}

/// `CarInIntersection(p, tile, look)` (E:1527-1584): another car near enough has `tile` in its
/// first `look` forecast steps, or has a tail quarter in it. A car whose tail is in a dead-end
/// tile while heading opposite to us is ignored there, so cars can pass in bus-stop spurs.
pub fn car_in_intersection<T: Traffic + ?Sized>(w: &T, car: usize, tile: Point, look: i32) -> bool {
    let me = w.vehicle(car);
    let pos = me.location.pos;
    for other in 0..w.num_cars() {
        if other == car {
            continue;
        }
        let q = w.vehicle(other);
        let qp = q.location.pos;
        if (pos.x - qp.x).abs() > look + UNITS_PER_TILE
            || (pos.y - qp.y).abs() > look + UNITS_PER_TILE
        {
            continue;
        }
        if q.future.enters_tile_within(tile, look) {
            return true;
        }
        if q.tail.touches_tile(tile) {
            let square = w.map().square(tile).copied().unwrap_or(Square::PARK);
            if square.kind.is_driveable()
                && square.shape.is_uturn()
                && q.location.direction() == me.location.direction().reverse()
            {
                continue;
            }
            return true;
        }
    }
    false
}

/// `PrepareToMove` (E:670-768): rebuilds car `car`'s forecast of up to 90 steps along its path,
/// stopping at a stop sign (lights count as green) or where the way on is not known.
pub fn forecast<T: Traffic + ?Sized>(w: &mut T, car: usize) -> Result<(), DriveError> {
    let (mut location, path_len) = {
        let v = w.vehicle(car);
        (v.location, v.path.len())
    };
    let mut map_start = location.tile();
    let mut future = crate::movement::Future::new();
    future.add(location.pos);
    let mut path_offset = 0usize;
    let mut result = Ok(());
    let tables = crate::movement::movements();
    let mut budget = NUM_FUTURE;
    while budget > 0 {
        // The steps inside the tile, in a tight loop (the same as `advance` + `add` one by one).
        let table = tables.get(location.movement);
        let last = table.len() - 1;
        while budget > 0 && (location.offset as usize) < last {
            let m = table.moves()[location.offset as usize];
            location.pos = Point::new(location.pos.x + m.dx as i32, location.pos.y + m.dy as i32);
            location.offset += 1;
            future.add(location.pos);
            budget -= 1;
        }
        if budget == 0 {
            break;
        }
        budget -= 1;
        let next_tile = location.next_tile();
        let square_next = match square_at(w.map(), next_tile) {
            Ok(s) => s,
            Err(e) => {
                result = Err(e);
                break;
            }
        };
        let dir_on = location.direction();
        if next_tile != map_start {
            if square_next.stop_signs.stops(dir_on) {
                break;
            }
            // `ptMapStart = Point.Empty`: later tiles are compared with (0, 0) (E:713).
            map_start = Point::new(0, 0);
        }
        location.advance();
        future.add(location.pos);
        let next_tile = map_to_tile(location.next_position());
        let path = &w.vehicle(car).path;
        if path_offset < path_len && path[path_offset] == next_tile {
            path_offset += 1;
        }
        let mut dest = None;
        if path_len > path_offset {
            let target = path[path_offset];
            if (target.x - next_tile.x).abs() + (target.y - next_tile.y).abs() == 1 {
                dest = Heading::between(next_tile, target);
            }
        }
        let dest = match dest.or_else(|| straight_next(square_next.shape, dir_on)) {
            Some(d) => d,
            None => break,
        };
        location.enter(location.pos, MovementId::new(dir_on, dest));
    }
    w.vehicle_mut(car).future = future;
    result
}

/// What one call of [`move_car`] ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveEnd {
    /// No steps left (or a flat tyre).
    Done,
    /// Waiting in this pass to see whether the way clears (returns early, not the last pass).
    Waiting,
    /// Stopped or slowed down.
    Stopped,
}

/// `MoveLimo(plyr, signalsSet, lastPass)` (E:776-1249): moves car `car` as far as its steps,
/// the lights, stop signs, oncoming and leading cars allow in this pass.
pub fn move_car<T: Traffic + ?Sized>(
    w: &mut T,
    car: usize,
    locks: &mut SignalLocks,
    last_pass: bool,
) -> Result<MoveEnd, DriveError> {
    {
        let v = w.vehicle_mut(car);
        if v.motion.flat {
            return Ok(MoveEnd::Done);
        }
        // E:784-795: a car stopped 20 times moves 6 steps without looking.
        if v.motion.turns_stopped >= MAX_TURNS_STOPPED {
            let tile_max = v.location.max_speed();
            v.motion.accelerate(tile_max);
            v.motion.force_move = true;
            v.motion.steps_remaining = MAX_STRAIGHT_SPEED;
        } else {
            v.motion.force_move = false;
        }
    }
    while w.vehicle(car).motion.steps_remaining > 0 {
        let (location, force) = {
            let v = w.vehicle(car);
            (v.location, v.motion.force_move)
        };
        let front_tile = map_to_tile(location.front());
        let front_next_tile = map_to_tile(location.front_next_step());
        let square = square_at(w.map(), front_next_tile)?;
        let direction = location.direction();

        if !force && front_tile != front_next_tile {
            let signal = w.signal(front_next_tile);
            let mut stop = is_stop(&square, signal, direction);
            if signal != Signal::None {
                let car_in = car_in_intersection(w, car, front_next_tile, LIMO_HALF_LENGTH);
                let locked = locks.contains(front_next_tile);
                if !locked && car_in && !last_pass {
                    return Ok(MoveEnd::Waiting);
                }
                if !locked {
                    locks.insert(front_next_tile);
                }
                if stop && !locked {
                    if car_in {
                        // Ask for the light: the cross axis turns yellow, so nobody enters.
                        w.set_signal(
                            front_next_tile,
                            if direction.is_vertical() {
                                Signal::EastWestYellow
                            } else {
                                Signal::NorthSouthYellow
                            },
                        );
                    } else {
                        stop = false;
                        w.set_signal(
                            front_next_tile,
                            if direction.is_vertical() {
                                Signal::NorthSouthGreen
                            } else {
                                Signal::EastWestGreen
                            },
                        );
                    }
                }
            }
            if stop && !square.stop_signs.is_empty() && w.vehicle(car).motion.stopped {
                let look = LIMO_HALF_LENGTH + NUM_UNITS_CROSS_ROAD;
                if !car_in_intersection(w, car, front_next_tile, look) {
                    stop = false;
                    w.vehicle_mut(car).motion.go();
                }
                if stop && !last_pass {
                    return Ok(MoveEnd::Waiting);
                }
            }
            if stop {
                w.vehicle_mut(car).motion.stop();
                return Ok(MoveEnd::Stopped);
            }
            if !w.vehicle(car).path.is_empty()
                && square.shape.is_junction()
                && let Some(end) = left_turn_check(w, car, front_tile, front_next_tile, last_pass)?
            {
                return Ok(end);
            }
        }

        if !force && let Some(end) = following_check(w, car, last_pass) {
            return Ok(end);
        }

        if location.is_move_inside_tile() {
            let (centre_tile, apex) = {
                let v = w.vehicle_mut(car);
                v.step();
                v.motion.steps_remaining -= 1;
                let l = &v.location;
                (l.tile(), l.offset as usize == l.len() / 2)
            };
            if apex {
                let kind = w.map().square(centre_tile).map(|s| s.kind);
                match kind {
                    Some(TileType::BusStop) => {
                        w.arrive_bus_stop(car, centre_tile);
                        let m = &mut w.vehicle_mut(car).motion;
                        m.stop();
                        m.go();
                    }
                    Some(TileType::CoffeeStop) => {
                        w.arrive_coffee_stop(car, centre_tile);
                        let m = &mut w.vehicle_mut(car).motion;
                        m.stop();
                        m.go();
                    }
                    _ => {}
                }
            }
            continue;
        }

        // The inter-tile step, then the movement through the tile entered (E:1159-1247).
        let next_tile = {
            let v = w.vehicle_mut(car);
            v.step();
            v.motion.steps_remaining -= 1;
            let next_tile = map_to_tile(v.location.next_position());
            if let Some(i) = v.path.iter().position(|&t| t == next_tile) {
                v.path.drain(..=i);
            }
            next_tile
        };
        let mut dest = None;
        if let Some(&target) = w.vehicle(car).path.first() {
            if (target.x - next_tile.x).abs() + (target.y - next_tile.y).abs() == 1 {
                if square_at(w.map(), target)?.kind.is_driveable() {
                    dest = Heading::between(next_tile, target);
                } else {
                    w.no_path(car);
                    w.vehicle_mut(car).path.clear();
                }
            } else {
                w.no_path(car);
                w.vehicle_mut(car).path.clear();
            }
        }
        let mut no_path = false;
        let dest = match dest {
            Some(d) => d,
            None => {
                no_path = true;
                let mut options = [Heading::North; 4];
                match random_exit_options(square.shape, direction, &mut options) {
                    Err(forced) => forced,
                    Ok(n) => {
                        let i = w.random_exit(car, front_next_tile, direction, &options[..n]);
                        options[i.min(n - 1)]
                    }
                }
            }
        };
        {
            let v = w.vehicle_mut(car);
            let pos = v.location.pos;
            v.location.enter(pos, MovementId::new(direction, dest));
            let tile_max = v.location.max_speed();
            v.motion.clamp_on_entry(tile_max);
        }
        if no_path {
            w.no_path(car);
        }
    }
    Ok(MoveEnd::Done)
}

/// The left-turn yield (E:915-1046): turning left into a crossing or T, wait for oncoming cars.
fn left_turn_check<T: Traffic + ?Sized>(
    w: &mut T,
    car: usize,
    front_tile: Point,
    front_next_tile: Point,
    last_pass: bool,
) -> Result<Option<MoveEnd>, DriveError> {
    let (pt_next, pos) = {
        let v = w.vehicle(car);
        let path = &v.path;
        let mut pt_next = path[0];
        let mut ind = 1;
        if pt_next == front_tile && ind < path.len() {
            pt_next = path[ind];
            ind += 1;
        }
        if pt_next == front_next_tile && ind < path.len() {
            pt_next = path[ind];
        }
        (pt_next, v.location.pos)
    };
    if pt_next == front_next_tile {
        return Ok(None);
    }
    let dir_enter = heading_between(front_tile, front_next_tile)?;
    let dir_exit = heading_between(front_next_tile, pt_next)?;
    if dir_enter == dir_exit || dir_exit != crate::movement::left_of(dir_enter) {
        return Ok(None);
    }
    for other in 0..w.num_cars() {
        if other == car {
            continue;
        }
        let q = w.vehicle(other);
        let qp = q.location.pos;
        let reach = LEFT_TURN_DISTANCE + UNITS_PER_TILE;
        if (pos.x - qp.x).abs() > reach || (pos.y - qp.y).abs() > reach {
            continue;
        }
        if q.motion.stopped && map_to_tile(q.location.front()) != front_next_tile {
            continue;
        }
        let mut wait = q.location.tile() == front_next_tile;
        if !wait {
            let mut num_steps = LEFT_TURN_DISTANCE;
            for step in q.future.entries() {
                if quarter_to_tile(step.quarter) == front_next_tile {
                    // Oncoming only if heading opposite to us (first future tile off its centre tile).
                    let centre = q.location.tile();
                    let mut dir_q = None;
                    for qs in q.future.entries() {
                        let t = quarter_to_tile(qs.quarter);
                        if t != centre {
                            dir_q = Some(heading_between(centre, t)?);
                            break;
                        }
                    }
                    if let Some(d) = dir_q
                        && d.reverse() != dir_enter
                    {
                        break;
                    }
                    wait = true;
                    break;
                }
                num_steps -= step.steps as i32;
                if num_steps <= 0 {
                    break;
                }
            }
        }
        if !wait {
            continue;
        }
        if !last_pass && q.motion.steps_remaining > 0 {
            return Ok(Some(MoveEnd::Waiting));
        }
        w.vehicle_mut(car).motion.stop();
        return Ok(Some(MoveEnd::Stopped));
    }
    Ok(None)
}

/// Following distance (E:1052-1113): our first 18 forecast steps must not run into another
/// car's tail quarters, unless that car is flat or at quarter speed (and we are not) and we can
/// pass it before it recovers.
fn following_check<T: Traffic + ?Sized>(w: &mut T, car: usize, last_pass: bool) -> Option<MoveEnd> {
    let end = following_decision(&*w, car, last_pass)?;
    if end == MoveEnd::Stopped {
        let m = &mut w.vehicle_mut(car).motion;
        m.decelerate();
        m.turns_stopped += 1;
    }
    Some(end)
}

fn following_decision<T: Traffic + ?Sized>(w: &T, car: usize, last_pass: bool) -> Option<MoveEnd> {
    let reach = (NUM_FUTURE + NUM_TAIL) as i32 + UNITS_PER_TILE;
    let me = w.vehicle(car);
    let pos = me.location.pos;
    let my_max = me.max_speed();
    let my_quarter = me.motion.quarter;
    for other in 0..w.num_cars() {
        if other == car {
            continue;
        }
        let q = w.vehicle(other);
        let qp = q.location.pos;
        if (pos.x - qp.x).abs() > reach || (pos.y - qp.y).abs() > reach {
            continue;
        }
        let mut remaining = SAFE_DISTANCE;
        for step in me.future.entries() {
            let mut slow = q.tail.quarters().contains(&step.quarter);
            if slow && (q.motion.flat || (q.motion.quarter && !my_quarter)) {
                let to_leader = (pos.x - qp.x).abs() + (pos.y - qp.y).abs();
                // f32 division, truncated (E:1075): 14 / (our top - their top).
                let to_pass = ((NUM_TAIL as i32 * 2) as f32 / (my_max - q.max_speed())) as i32 + 1;
                let to_clear = (to_leader + to_pass) * MAX_STRAIGHT_SPEED + 1;
                if q.motion.flat && to_clear < q.motion.ticks_to_fix_flat {
                    slow = false;
                }
                if q.motion.quarter && to_clear < w.ticks_to_full_speed(other) {
                    slow = false;
                }
            }
            if slow {
                if !last_pass && q.motion.steps_remaining > 0 {
                    return Some(MoveEnd::Waiting);
                }
                return Some(MoveEnd::Stopped);
            }
            remaining -= step.steps as i32;
            if remaining <= 0 {
                break;
            }
        }
    }
    None
}
