//! The white-box tests of each library module, one file per module (`src/map.rs` → `map.rs`):
//! they lived beside the code as `#[cfg(test)]` modules, which made `cargo test` compile the
//! whole library a second time. What they reach beyond the public API is `#[doc(hidden)]` in the
//! library, or re-exported by its hidden `internals` module (the items of private modules).

mod astar;
mod contract;
mod geometry;
mod map;
mod mapgen;
mod movement;
mod movement_location;
mod movement_motion;
mod movement_trail;
mod net_avatar;
mod net_incoming;
mod net_server;
mod net_view;
mod protocol;
mod protocol_write;
mod setup;
mod state;
mod svg;
mod tick;
mod tick_orders;
mod xml;
