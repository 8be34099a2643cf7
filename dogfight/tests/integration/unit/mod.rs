//! The white-box tests of each library module, one file per module (`src/map.rs` → `map.rs`):
//! they lived beside the code as `#[cfg(test)]` modules, which made `cargo test` compile the
//! whole library a second time. What they reach beyond the public API is `#[doc(hidden)]` in the
//! library.

mod action;
mod arena;
mod bot;
mod contract;
mod direction;
mod dumb_planes;
mod event;
mod plane;
mod protocol;
mod rules;
mod state;
mod svg;
mod tensor;
mod trace;
