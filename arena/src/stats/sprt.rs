//! Paired games, the SPRT and Elo (being written).
