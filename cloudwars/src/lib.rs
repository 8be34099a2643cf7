#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod action;
pub mod client;
pub mod cloud;
pub mod contract;
pub mod error;
pub mod event;
pub mod observation;
pub mod outcome;
pub mod physics;
pub mod protocol;
pub mod replay;
pub mod rules;
pub mod server;
pub mod setup;
pub mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
#[cfg(feature = "svg")]
pub mod svg;
mod sweep;
pub mod tensor;
mod update;

pub use action::{Action, Actions};
pub use cloud::{Cloud, Color, Player, PlayerId, Uid, Vec2};
pub use event::{Event, Events};
pub use observation::Observation;
pub use outcome::{Outcome, WinReason};
pub use protocol::{Command, JsonError, ProtocolError, Reply, ServerError, WorldJson};
#[allow(deprecated)]
pub use rules::WorldError;
pub use rules::{CloudSpec, CommandError, ConfigError, Game, move_cloud};
pub use state::{Config, Leader, MAX_PLAYERS, Setup, State, WindGrid, WindStrength, WorldParams};
