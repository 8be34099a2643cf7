//! Crate internals re-exported for this crate's integration tests (its unit tests live there, so
//! that `cargo test` compiles the library once). Not part of the public API: no stability promise.
//!
//! Items of the private modules are re-exported here under their module paths; the few private
//! items of public modules the tests reach are `#[doc(hidden)] pub` where they are defined.

/// `crate::movement`'s private modules.
pub mod movement {
    pub mod location {
        pub use crate::movement::location::*;
    }
    pub mod motion {
        pub use crate::movement::motion::*;
    }
    pub mod trail {
        pub use crate::movement::trail::*;
    }
}

/// `crate::net`'s private modules.
#[cfg(feature = "net")]
pub mod net {
    pub mod avatar {
        pub use crate::net::avatar::*;
    }
    pub mod incoming {
        pub use crate::net::incoming::*;
    }
}

/// `crate::protocol`'s private modules.
pub mod protocol {
    pub mod write {
        pub use crate::protocol::write::*;
    }
}
