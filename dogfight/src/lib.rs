// Dogfight (codegolf KOTH "3D Discrete Dogfighting Duel", 2014): two players, two planes each, a
// walled 14³ cube, 100 rounds. Each round all planes move one cell, planes sharing a cell die,
// then planes fire along their headings and every plane on a ray dies. The crate docs are the
// README (its examples run as doctests); the module map below says where each concept lives.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

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
//! | [`contract`] | `pathfind::tree::Game` for [`Game`]: the workspace's game contract |
//! | [`protocol`] | the non-Java wrapper's stdin/stdout protocol and a bot-side driver |
//! | `trace` | the golden trace format: read, write, replay (feature `trace`, on by default) |
//! | `replay` | `verify_files`: the workspace's one replay surface (feature `trace`) |
//! | `strategy` | proptest strategies (feature `proptest`) |
//! | `svg` | pictures of a state (feature `svg`) |

pub mod action;
pub mod arena;
pub mod bot;
pub mod contract;
pub mod direction;
pub mod dumb_planes;
pub mod event;
pub mod observation;
pub mod outcome;
pub mod plane;
pub mod protocol;
#[cfg(feature = "trace")]
pub mod replay;
pub mod rules;
pub mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
#[cfg(feature = "svg")]
pub mod svg;
pub mod tensor;
#[cfg(feature = "trace")]
pub mod trace;

pub use action::{Action, Actions, Move};
pub use arena::{Arena, ArenaError, Pos};
pub use bot::{Bot, play_fight, play_match};
pub use direction::{Direction, ParseDirectionError};
pub use event::{Event, Events, PlaneSet};
pub use observation::Observation;
pub use outcome::{EndReason, MatchUp, Outcome};
pub use plane::{Plane, Ray};
pub use rules::{Config, ConfigError, Game, Moves};
pub use state::{PlaneId, Side, State};
