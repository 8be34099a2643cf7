//! windward (being built).
