//! The white-box tests of each library module, one file per module (`src/map.rs` → `map.rs`):
//! they lived beside the code as `#[cfg(test)]` modules, which made `cargo test` compile the
//! whole library a second time. What they reach beyond the public API is `#[doc(hidden)]` in the
//! library.

mod cloud;
mod contract;
mod fixtures;
mod physics;
mod protocol;
mod replay;
mod rules;
mod svg;
mod sweep;
mod update;
