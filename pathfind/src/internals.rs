//! Crate internals re-exported for this crate's integration tests (its unit tests live there, so
//! that `cargo test` compiles the library once). Not part of the public API: no stability promise.
//!
//! Items of the private modules are re-exported here under their module paths; the few private
//! items of public types the tests reach are `#[doc(hidden)] pub` where they are defined.

/// `crate::graph`.
pub mod graph {
    pub use crate::graph::*;
}

/// `crate::grid`.
pub mod grid {
    pub use crate::grid::*;
}

/// `crate::search`.
pub mod search {
    pub use crate::search::*;
}

/// `crate::space`.
pub mod space {
    pub use crate::space::*;
}

/// `crate::tree`'s private modules.
pub mod tree {
    /// `crate::tree::arena`.
    pub mod arena {
        pub use crate::tree::arena::*;
    }
    /// `crate::tree::config`.
    pub mod config {
        pub use crate::tree::config::*;
    }
    /// `crate::tree::ismcts`.
    pub mod ismcts {
        pub use crate::tree::ismcts::*;
    }
    /// `crate::tree::tensor`.
    pub mod tensor {
        pub use crate::tree::tensor::*;
    }
}
