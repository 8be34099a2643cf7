//! The white-box tests of each library module, one file per module (`src/map.rs` → `map.rs`):
//! they lived beside the code as `#[cfg(test)]` modules, which made `cargo test` compile the
//! whole library a second time. What they reach beyond the public API is `#[doc(hidden)]` in the
//! library.

mod action;
mod contract;
mod explorer;
mod generate;
mod knowledge;
mod local;
mod maze;
mod mazes;
mod svg;
mod view;
