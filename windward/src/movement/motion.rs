//! The f32 speed model of `Limo` (LI:62-245, E:349-355, E:1234-1239).

use super::MAX_STRAIGHT_SPEED;

/// A car's speed state. All arithmetic is `f32` in the original's order.
///
/// `speed` is the stored value; [`Motion::speed`] reads 0 while the tyre is flat, as the
/// original getter does (LI:62-66).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion {
    /// The stored speed (map units per 6 ticks).
    pub raw_speed: f32,
    /// Fractional steps carried to the next tick (`AccruedSteps`).
    pub accrued: f32,
    /// Whole steps left this tick (`StepsRemaining`).
    pub steps_remaining: i32,
    /// Stopped at a stop sign, light or behind a car (`IsStopped`).
    pub stopped: bool,
    /// Stop or slow-down events since the last step (`NumTurnsStopped`).
    pub turns_stopped: i32,
    /// Moving without looking this tick (`IsForceMove`).
    pub force_move: bool,
    /// Flat tyre: no movement at all (`IsFlatTire`).
    pub flat: bool,
    /// Ticks until the flat is fixed (`TickCountToFixFlat`).
    pub ticks_to_fix_flat: i32,
    /// Quarter speed (`IsQuarterSpeed`).
    pub quarter: bool,
}

impl Default for Motion {
    fn default() -> Motion {
        Motion::new()
    }
}

impl Motion {
    /// A fresh car: speed 1, nothing pending (`Limo.Reset`, LI:190-206).
    pub const fn new() -> Motion {
        Motion {
            raw_speed: 1.0,
            accrued: 0.0,
            steps_remaining: 0,
            stopped: false,
            turns_stopped: 0,
            force_move: false,
            flat: false,
            ticks_to_fix_flat: 0,
            quarter: false,
        }
    }

    /// `Limo.Reset` (new game or relocation): speed 1, no accrued steps, not stopped, no force
    /// move. Flat tyre, its timer and quarter speed are kept (§12.8).
    pub fn reset(&mut self) {
        self.raw_speed = 1.0;
        self.turns_stopped = 0;
        self.accrued = 0.0;
        self.steps_remaining = 0;
        self.stopped = false;
        self.force_move = false;
    }

    /// The speed as the original reads it: 0 while flat.
    #[inline]
    pub fn speed(&self) -> f32 {
        if self.flat { 0.0 } else { self.raw_speed }
    }

    /// The top speed on a movement whose top is `tile_max` (6 or 3): 0 when flat, a quarter
    /// (`tile_max / 4.0f`) at quarter speed (LI:71-79).
    #[inline]
    pub fn max_speed(&self, tile_max: i32) -> f32 {
        if self.flat {
            0.0
        } else if self.quarter {
            tile_max as f32 / 4.0f32
        } else {
            tile_max as f32
        }
    }

    /// `Accelerate`: `speed = min(speed + 0.05f, max)` (LI:232-235).
    #[inline]
    pub fn accelerate(&mut self, tile_max: i32) {
        self.raw_speed = (self.speed() + 0.05f32).min(self.max_speed(tile_max));
    }

    /// `Decelerate`: `speed = max(speed - 0.1f, 0)` (LI:241-245).
    #[inline]
    pub fn decelerate(&mut self) {
        self.raw_speed = (self.speed() - 0.1f32).max(0.0);
    }

    /// Adds `speed / 6` to the accrued steps and moves the whole part to `steps_remaining`
    /// (E:349-355).
    #[inline]
    pub fn accrue(&mut self) {
        self.accrued += self.speed() / MAX_STRAIGHT_SPEED as f32;
        self.steps_remaining = self.accrued as i32;
        self.accrued -= self.steps_remaining as f32;
    }

    /// `Accelerate` then [`Motion::accrue`]: the per-tick speed update (E:349-355).
    #[inline]
    pub fn tick(&mut self, tile_max: i32) {
        self.accelerate(tile_max);
        self.accrue();
    }

    /// `Stop()`: speed 0, no steps, stopped, one more stop event (LI:207-214).
    #[inline]
    pub fn stop(&mut self) {
        self.raw_speed = 0.0;
        self.steps_remaining = 0;
        self.accrued = 0.0;
        self.stopped = true;
        self.turns_stopped += 1;
    }

    /// `Go()`: speed 1 and exactly one step left this tick (LI:219-226).
    #[inline]
    pub fn go(&mut self) {
        self.raw_speed = 1.0;
        self.steps_remaining = 1;
        self.accrued = 0.0;
        self.stopped = false;
        self.turns_stopped = 0;
    }

    /// Sets the flat tyre (`IsFlatTire = true` sets the stored speed to 0, LI:95-104).
    pub fn set_flat(&mut self, flat: bool) {
        if flat {
            self.raw_speed = 0.0;
        }
        self.flat = flat;
    }

    /// Sets quarter speed and clamps the speed to the new top (LI:149-157).
    pub fn set_quarter(&mut self, quarter: bool, tile_max: i32) {
        self.quarter = quarter;
        self.raw_speed = self.speed().min(self.max_speed(tile_max));
    }

    /// The clamp on entering a slower movement: `speed = max` and `steps_remaining` loses
    /// `(int)(diff + 0.9f)` (E:1234-1239). Returns whether it applied.
    #[inline]
    pub fn clamp_on_entry(&mut self, tile_max: i32) -> bool {
        let max = self.max_speed(tile_max);
        if max < self.speed() {
            let diff = self.speed() - max;
            self.raw_speed = max;
            self.steps_remaining = (self.steps_remaining - (diff + 0.9f32) as i32).max(0);
            true
        } else {
            false
        }
    }
}
