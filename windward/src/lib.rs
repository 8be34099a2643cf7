#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod action;
pub mod astar;
pub mod builtin;
pub mod contract;
pub mod event;
pub mod game;
pub mod geometry;
#[doc(hidden)]
pub mod internals;
pub mod map;
pub mod mapgen;
pub mod movement;
#[cfg(feature = "net")]
pub mod net;
pub mod observation;
pub mod outcome;
pub mod protocol;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
#[cfg(feature = "svg")]
pub mod svg;
pub mod tensor;
pub mod tick;
pub mod trace;
mod validate;
pub mod xml;

pub use action::{Action, Pickup};
pub use contract::MostlyWait;
pub use event::{Event, Events, Recipient};
#[allow(deprecated)]
pub use game::GameError;
pub use game::{Config, ConfigError, Game};
pub use geometry::{Heading, Point};
pub use map::{Map, MapError, MapStats, RoadShape, Signal, Square, StopSigns, TileType};
pub use observation::Observation;
pub use outcome::{EndReason, Outcome};
pub use rules::{CardAction, Chance, Status};
pub use setup::{Setup, SetupError};
pub use state::{
    Car, Card, CardKind, CompanyId, NUM_COMPANIES, NUM_PASSENGERS, NUM_PLAYERS, Passenger,
    PassengerId, Player, PlayerId, State,
};
pub use tick::{Order, OrderError, RunEnd};
