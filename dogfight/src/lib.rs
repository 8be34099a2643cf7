#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

//! # The game in one paragraph
//!
//! Two players each fly two planes in a walled 14×14×14 cube for at most 100 rounds. Each
//! round every plane moves one cell (straight, diagonally, turning or just changing lanes within
//! the turn rule), then planes sharing a cell collide and die, then every plane that asks and
//! whose gun is cool fires along its heading; the bullet hits every plane on the line, friends
//! included. A side with no plane left loses; after the last round the side with more planes
//! wins.
//!
//! # Map of the crate
//!
//! | module | concept |
//! |---|---|
//! | [`direction`] | the 26 directions and the turn rule |
//! | [`arena`] | the cube, cells, wall distances, start positions |
//! | [`plane`] | a plane and the original's helper API (reach, shoot range, `is_suicidal`) |
//! | [`action`] | orders: [`Move`], [`Action`], [`Actions`] |
//! | [`state`] | [`Side`], [`PlaneId`], [`State`] |
//! | [`rules`] | [`Game`]: one round, legal moves, the end of a fight |
//! | [`event`] | what a round did |
//! | [`outcome`] | fight results and match-up scores |
//! | [`bot`] | the [`Bot`] trait and fight/match runners |
//! | [`protocol`] | the non-Java wrapper's stdin/stdout protocol and a bot-side driver |
//! | [`trace`] | the golden trace format: read, write, replay (feature `trace`, on by default) |
//! | [`strategy`] | proptest strategies (feature `proptest`) |

pub mod action;
pub mod arena;
pub mod bot;
pub mod direction;
pub mod event;
pub mod outcome;
pub mod plane;
pub mod protocol;
pub mod rules;
pub mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
#[cfg(feature = "trace")]
pub mod trace;

pub use action::{Action, Actions, Move};
pub use arena::{Arena, ArenaError, Pos};
pub use bot::{Bot, play_fight, play_match};
pub use direction::{Direction, ParseDirectionError};
pub use event::{Event, Events, PlaneSet};
pub use outcome::{EndReason, MatchUp, Outcome};
pub use plane::{Plane, Ray};
pub use rules::{Config, ConfigError, Game, Moves};
pub use state::{PlaneId, Side, State};
