//! amazes (being built).
