//! Crate internals re-exported for this crate's integration tests (its unit tests live there, so
//! that `cargo test` compiles the library once). Not part of the public API: no stability promise.
//!
//! Items of the private modules are re-exported here under their module paths; the few private
//! items of public types the tests reach are `#[doc(hidden)] pub` where they are defined.

/// `crate::space`: the BFS kernels.
pub mod space {
    pub use crate::space::*;
}

/// `crate::tree::arena`: UCB1's table of reciprocals.
pub mod tree_arena {
    pub use crate::tree::arena::{RECIPROCAL_TABLE, reciprocal_pair, reciprocals_to};
}
