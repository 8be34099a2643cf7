//! The tick engine: cars that drive exactly like the original's (rules §2 and §4).
//!
//! [`drive`] holds one car's movement for one pass (`MoveLimo`), the forecast
//! (`PrepareToMove`) and the traffic checks (lights, stop signs, left turns, following
//! distance, the force-move of a stuck car). [`orders`] joins a new path to a car's position
//! (`PlayerOrders`). [`pass`] runs the per-tick movement part of `Engine.Tick` over any
//! [`drive::Traffic`] world.

pub mod drive;
pub mod orders;
pub mod pass;

pub use drive::{DriveError, MoveEnd, SignalLocks, Traffic};

#[cfg(test)]
mod tests;
