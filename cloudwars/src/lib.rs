//! cloudwars (being built).
