//! The searches of `pathfind::tree` for any [`Engine`], as one value a Python object holds.

use std::time::Duration;

use pathfind::tree::{FlatMonteCarlo, InformationSetMcts, SearchConfig, Uct};
use pyo3::prelude::*;

use crate::engine::{Engine, error};

/// Which search, with its state (tree arena, statistics, random generator) kept between
/// decisions so a bot reuses its allocations.
pub enum Search<G: Engine> {
    /// [`FlatMonteCarlo`].
    Flat(FlatMonteCarlo<G>),
    /// [`Uct`]: plain UCT on alternating moves, decoupled where players move together.
    Uct(Uct<G>),
    /// [`InformationSetMcts`] on the player's belief.
    IsMcts(InformationSetMcts<G::Hidden>),
}

/// The names Python knows the searches by.
pub const KINDS: [&str; 4] = [
    "FlatMonteCarlo",
    "Uct",
    "DecoupledUct",
    "InformationSetMcts",
];

/// A [`SearchConfig`] from Python's keyword arguments, checked.
pub fn config(
    iterations: u32,
    time: Option<f64>,
    exploration: f64,
    mixing: f64,
    max_playout_steps: u32,
    seed: u64,
) -> PyResult<SearchConfig> {
    let time = match time {
        None => None,
        Some(t) if t.is_finite() && t >= 0.0 => {
            Some(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX))
        }
        Some(t) if t == f64::INFINITY => None,
        Some(t) => {
            return Err(error(format!(
                "time must be a number of seconds ≥ 0, got {t}"
            )));
        }
    };
    if !exploration.is_finite() || exploration < 0.0 {
        return Err(error(format!(
            "exploration must be a finite number ≥ 0, got {exploration}"
        )));
    }
    if !(0.0..=1.0).contains(&mixing) {
        return Err(error(format!("mixing must lie in [0, 1], got {mixing}")));
    }
    Ok(SearchConfig {
        iterations,
        time,
        exploration,
        mixing,
        max_playout_steps,
        seed,
    })
}

impl<G: Engine> Search<G> {
    /// The search `kind` names.
    pub fn new(kind: &str, config: SearchConfig, iterations_per_sample: u32) -> PyResult<Self> {
        Ok(match kind {
            "FlatMonteCarlo" => Search::Flat(FlatMonteCarlo::new(config)),
            "Uct" | "DecoupledUct" => Search::Uct(Uct::new(config)),
            "InformationSetMcts" => Search::IsMcts(
                InformationSetMcts::new(config)
                    .with_iterations_per_sample(iterations_per_sample.max(1)),
            ),
            other => {
                return Err(error(format!(
                    "unknown search {other:?} (the searches: {})",
                    KINDS.join(", ")
                )));
            }
        })
    }

    /// Searches `state` for `player` (already checked against the game) and answers its action.
    pub fn choose(
        &mut self,
        game: &std::sync::Arc<G>,
        state: &G::State,
        player: usize,
    ) -> Option<G::Action> {
        match self {
            Search::Flat(search) => search.choose(game, state, player),
            Search::Uct(search) => search.choose(game, state, player),
            Search::IsMcts(search) => {
                let hidden = G::hidden(game);
                let belief = G::belief(game, state, player);
                search.choose(hidden.get(), &belief, player)
            }
        }
    }

    /// The root actions of the last decision: (action, visits, mean return).
    pub fn stats(&self) -> Vec<(G::Action, u32, f64)> {
        fn collect<'a, A: Clone + 'a>(
            stats: impl Iterator<Item = pathfind::tree::ActionStats<'a, A>>,
        ) -> Vec<(A, u32, f64)> {
            stats
                .map(|s| (s.action.clone(), s.visits, s.mean))
                .collect()
        }
        match self {
            Search::Flat(search) => collect(search.stats()),
            Search::Uct(search) => collect(search.stats()),
            Search::IsMcts(search) => collect(search.stats()),
        }
    }

    /// The iterations the last decision ran.
    pub fn iterations(&self) -> u32 {
        match self {
            Search::Flat(search) => search.iterations(),
            Search::Uct(search) => search.iterations(),
            Search::IsMcts(search) => search.iterations(),
        }
    }
}
