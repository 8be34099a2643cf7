//! Everything about a car that the tick engine moves.

use super::{Future, Heading, Location, Motion, Point, Tail, map_to_tile};

/// A car as the tick engine sees it: where it is, how fast it goes, its footprint and its
/// path (the movement half of the original `Limo`).
#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vehicle {
    /// Position and in-tile movement.
    pub location: Location,
    /// Speed, stop and flat state.
    pub motion: Motion,
    /// The last centre points and their quarter tiles.
    pub tail: Tail,
    /// The forecast (rebuilt every 7 ticks).
    pub future: Future,
    /// `PathTiles`: the tiles still to drive, usually starting with the tile entered next.
    pub path: Vec<Point>,
}

impl Clone for Vehicle {
    fn clone(&self) -> Vehicle {
        Vehicle {
            location: self.location,
            motion: self.motion,
            tail: self.tail,
            future: self.future,
            path: self.path.clone(),
        }
    }

    /// Reuses the path's buffer, so copying a state into an observation does not allocate.
    fn clone_from(&mut self, source: &Vehicle) {
        // Destructured so that a new field is a compile error here, not a field left stale.
        let Vehicle {
            location,
            motion,
            tail,
            future,
            path,
        } = source;
        self.location = *location;
        self.motion = *motion;
        self.tail = *tail;
        self.future = *future;
        self.path.clone_from(path);
    }
}

impl Vehicle {
    /// A car centred in `tile` heading `heading` (start placement, E:133-176), at speed 1.
    pub fn placed(tile: Point, heading: Heading) -> Vehicle {
        Vehicle {
            location: Location::centered(tile, heading),
            motion: Motion::new(),
            tail: Tail::new(),
            future: Future::new(),
            path: Vec::new(),
        }
    }

    /// `Limo.Reset` then `SetTileLocation` (relocation, LI:190-206 and LI:417-458): path, tail
    /// and forecast cleared, speed 1, the car centred in `tile`. Flat tyre and quarter speed
    /// are kept.
    pub fn relocate(&mut self, tile: Point, heading: Heading) {
        self.path.clear();
        self.tail.clear();
        self.future.clear();
        self.motion.reset();
        self.location = Location::centered(tile, heading);
    }

    /// One step forward (`Limo.Move`, LI:266-293): the centre joins the tail, the forecast
    /// loses a step, the location advances and the stop counter resets.
    #[inline]
    pub fn step(&mut self) {
        self.tail.push(self.location.pos);
        self.future.pop_step();
        self.location.advance();
        self.motion.turns_stopped = 0;
    }

    /// The top speed here (`Limo.MaxSpeed`): 0 when flat, a quarter at quarter speed.
    #[inline]
    pub fn max_speed(&self) -> f32 {
        self.motion.max_speed(self.location.max_speed())
    }

    /// The tile of the front of the car.
    #[inline]
    pub fn front_tile(&self) -> Point {
        map_to_tile(self.location.front())
    }

    /// The tile of the back of the car (`Limo.Back`: the oldest tail point, or the front).
    #[inline]
    pub fn back_tile(&self) -> Point {
        map_to_tile(self.tail.oldest().unwrap_or_else(|| self.location.front()))
    }

    /// Sets quarter speed, clamping the speed to the new top (the `IsQuarterSpeed` setter).
    pub fn set_quarter_speed(&mut self, quarter: bool) {
        let tile_max = self.location.max_speed();
        self.motion.set_quarter(quarter, tile_max);
    }
}
