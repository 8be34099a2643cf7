//! Is my bot stronger? The statistics of bot tests: the sequential probability ratio test of
//! paired games ([`sprt`]: pentanomial and trinomial counts, Elo and normalized Elo with their
//! intervals, LOS) and the ratings of a pool of bots with error bars ([`rating`]: Bradley–Terry for
//! two-player results, Plackett–Luce for finishing orders of more players).

pub mod rating;
pub mod sprt;
