//! dogfight (being built).
