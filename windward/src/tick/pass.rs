//! The movement part of `Engine.Tick` (E:332-380): the forecast every 7 ticks, acceleration
//! and accrual, then up to N + 1 movement passes over the cars.

use super::drive::{SignalLocks, Traffic, forecast, move_car};

/// The countdown of `numTicksToPrepareMove` (E:332-346): the forecast runs when it is ≤ 0 and
/// then restarts at 6, so every 7 ticks, and on every tick that applied a path order (which
/// sets it to 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ForecastClock(pub i32);

impl ForecastClock {
    /// Forces a forecast on this tick (a path order was applied).
    pub fn reset(&mut self) {
        self.0 = 0;
    }

    /// `numTicksToPrepareMove-- <= 0`, then 6 when it fired: whether to forecast now.
    pub fn fire(&mut self) -> bool {
        let fire = self.0 <= 0;
        self.0 = if fire { 6 } else { self.0 - 1 };
        fire
    }
}

/// Rebuilds every car's forecast; a car whose forecast throws in the original loses its path.
pub fn forecast_all<T: Traffic + ?Sized>(w: &mut T) {
    for car in 0..w.num_cars() {
        if let Err(e) = forecast(w, car) {
            w.vehicle_mut(car).path.clear();
            w.drive_error(car, e);
        }
    }
}

/// `Accelerate()` and the accrual of `speed / 6` for every car (E:349-355).
pub fn accelerate_all<T: Traffic + ?Sized>(w: &mut T) {
    for car in 0..w.num_cars() {
        let v = w.vehicle_mut(car);
        let tile_max = v.location.max_speed();
        v.motion.tick(tile_max);
    }
}

/// The movement passes (E:358-380): `for iter = N..=0`, stopping when no car has steps left;
/// the last pass (iteration 0, or no progress since the previous pass) makes waiting cars stop
/// or slow down. Returns the number of passes run.
pub fn move_all<T: Traffic + ?Sized>(w: &mut T, locks: &mut SignalLocks) -> usize {
    locks.clear();
    let n = w.num_cars();
    let mut previous = i32::MAX;
    let mut passes = 0;
    for iter in (0..=n).rev() {
        let total: i32 = (0..n).map(|c| w.vehicle(c).motion.steps_remaining).sum();
        if total == 0 {
            break;
        }
        let last_pass = iter == 0 || total == previous;
        previous = total;
        passes += 1;
        for car in 0..n {
            if let Err(e) = move_car(w, car, locks, last_pass) {
                w.vehicle_mut(car).path.clear();
                w.drive_error(car, e);
            }
        }
        if last_pass {
            break;
        }
    }
    passes
}

/// Steps 5–7 of `Engine.Tick`: forecast when due, accelerate, move. (Orders, cards and timers,
/// steps 1–4, come first and belong to the caller.)
pub fn movement_phase<T: Traffic + ?Sized>(
    w: &mut T,
    clock: &mut ForecastClock,
    locks: &mut SignalLocks,
) {
    if clock.fire() {
        forecast_all(w);
    }
    accelerate_all(w);
    move_all(w, locks);
}
