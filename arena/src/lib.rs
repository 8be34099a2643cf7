#![doc = include_str!("../README.md")]
//!
//! # Features
//!
//! One per game (`dogfight`, `tron3d`, `cloudwars`, `amazes`, `windward`), all on by default:
//! each brings the game's [`Playable`] and adapters. A bot author's crate may enable only its
//! own game (`default-features = false, features = ["tournament", "dogfight"]`).
//!
//! `tournament` (on by default): the runner and [`Tournament`], program bots ([`program`]:
//! child processes, their containment and sandbox), [`results`], [`stats`], the progress bars
//! and the pages the runner records ([`viewer::MatchPage`], [`viewer::Recorder`]); it turns on
//! Windward's `net` feature (the Windward program bots and `adapt::WireBot`). Without it
//! the crate is the one [`Bot`], each game's [`Playable`], the adapters and the replay page of
//! given states ([`viewer::write_html`]), without building rayon, indicatif, serde, landlock
//! and the rest: what a crate that plays games its own way needs (the Python package takes
//! `default-features = false` and the five games).
//!
//! # Modules
//!
//! - [`bot`]: the one bot shape ([`Bot`]) for any game of the `pathfind::tree::Game` contract;
//! - [`adapt`]: the games' own bot shapes as [`Bot`]s and back (Dogfight's, Windward's network
//!   client's, with `tournament`);
//! - [`playable`]: what the runner and the pages need of a game beyond the contract
//!   ([`Playable`], implemented here for the five games);
//! - [`tournament`]: the builder ([`Tournament`]);
//! - [`runner`]: the runner under it (seats, seeds, threads, shards, watchers);
//! - [`program`]: programs in any language as players, in each game's original protocol
//!   ([`program::ProgramBot`]);
//! - [`results`]: the results table, results files and `merge`;
//! - [`stats`]: is my bot stronger: the SPRT of paired games, Elo with error bars, ratings of a
//!   pool;
//! - [`viewer`]: the replay page of a game, one self-contained HTML file;
//! - [`output`]: writing a file a user named, never replacing what is not a regular file.
//!
//! `tournament`, `runner`, `program`, `results` and `stats` are the feature `tournament`.

#[cfg(any(
    feature = "dogfight",
    all(feature = "windward", feature = "tournament")
))]
pub mod adapt;
pub mod bot;
mod error;
mod games;
#[doc(hidden)]
pub mod internals;
pub mod output;
pub mod playable;
#[cfg(feature = "tournament")]
pub mod program;
#[cfg(feature = "tournament")]
pub mod results;
#[cfg(feature = "tournament")]
pub mod runner;
#[cfg(feature = "tournament")]
pub mod stats;
#[cfg(feature = "tournament")]
pub mod tournament;
pub mod viewer;

pub use bot::Bot;
pub use error::{BoxError, Error};
#[cfg(feature = "windward")]
pub use games::WINDWARD_RECORDING_STRIDE;
pub use playable::Playable;
#[cfg(feature = "tournament")]
pub use results::{Results, Shard};
#[cfg(feature = "tournament")]
pub use runner::{Entry, Seat};
#[cfg(feature = "tournament")]
pub use tournament::{Report, Tournament};
