//! pathfind (being built).
