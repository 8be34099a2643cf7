//! The tick engine: cars that drive exactly like the original's (rules §2 and §4).
//!
//! [`drive`] holds one car's movement for one pass (`MoveLimo`), the forecast
//! (`PrepareToMove`) and the traffic checks (lights, stop signs, left turns, following
//! distance, the force-move of a stuck car). [`orders`] joins a new path to a car's position
//! (`PlayerOrders`). [`pass`] runs the per-tick movement part of `Engine.Tick` over any
//! [`drive::Traffic`] world. [`round`] is a whole tick of a round over a [`State`](crate::State)
//! (`FrameTick` + `Engine.Tick`) and the [`Game::step_orders`](crate::Game::step_orders) /
//! [`Game::advance_orders`](crate::Game::advance_orders) / [`Game::run_until`](crate::Game::run_until) verbs.

pub mod drive;
pub mod observed;
pub mod orders;
pub mod pass;
pub mod replay;
pub mod round;
#[cfg(feature = "proptest")]
pub mod strategy;

pub use drive::{DriveError, MoveEnd, SignalLocks, Traffic};
pub use round::{Order, OrderError, RunEnd, StateTraffic};
