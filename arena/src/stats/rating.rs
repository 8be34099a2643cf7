//! Ratings of a pool of bots (being written).
