//! The white-box tests of each library module, one file per module (`src/map.rs` → `map.rs`):
//! they lived beside the code as `#[cfg(test)]` modules, which made `cargo test` compile the
//! whole library a second time. What they reach beyond the public API, the library re-exports
//! from its hidden `internals` module.

mod graph;
mod grid;
mod palette;
mod replay;
mod search;
mod tree;
mod tree_ismcts;
mod tree_tensor;
