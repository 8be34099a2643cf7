//! Crate internals re-exported for this crate's integration tests (its unit tests live there, so
//! that `cargo test` compiles the library once). Not part of the public API: no stability promise.

#[cfg(feature = "svg")]
pub use crate::svg::{int as svg_int, percent as svg_percent};
