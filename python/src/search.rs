//! The searches of `pathfind::tree` for any [`Engine`], as one value a Python object holds.

use std::time::Duration;

use pathfind::tree::{FlatMonteCarlo, InformationSetMcts, SearchConfig, Uct};
use pyo3::prelude::*;

use crate::engine::{Engine, Int, error};

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

/// A search's settings from Python's keyword arguments (`None`: the default), each checked
/// with an error naming the field: `EngineError` for a value out of range, `EngineTypeError`
/// for a value of the wrong type.
#[allow(clippy::too_many_arguments)]
pub fn settings(
    iterations: Option<&Bound<'_, PyAny>>,
    time: Option<&Bound<'_, PyAny>>,
    exploration: Option<&Bound<'_, PyAny>>,
    mixing: Option<&Bound<'_, PyAny>>,
    max_playout_steps: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    iterations_per_sample: Option<&Bound<'_, PyAny>>,
) -> PyResult<(SearchConfig, u32)> {
    let default = SearchConfig::default();
    let iterations = match iterations {
        None => default.iterations,
        Some(v) => int_field(v, "iterations")?
            .get("iterations", "a whole number in 0..2**32 (0 runs none)")?,
    };
    let time = match time {
        None => None,
        Some(v) if v.is_none() => None,
        Some(v) => {
            let t = float_field(v, "time")?;
            if t == f64::INFINITY {
                None
            } else if t.is_finite() && t >= 0.0 {
                Some(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX))
            } else {
                return Err(error(format!(
                    "time {t} out of range: a number of seconds ≥ 0, or None for no limit"
                )));
            }
        }
    };
    let exploration = match exploration {
        None => default.exploration,
        Some(v) => float_field(v, "exploration")?,
    };
    if !exploration.is_finite() || exploration < 0.0 {
        return Err(error(format!(
            "exploration {exploration} out of range: a finite number ≥ 0"
        )));
    }
    let mixing = match mixing {
        None => default.mixing,
        Some(v) => float_field(v, "mixing")?,
    };
    if !(0.0..=1.0).contains(&mixing) {
        return Err(error(format!(
            "mixing {mixing} out of range: a probability in [0, 1]"
        )));
    }
    let max_playout_steps = match max_playout_steps {
        None => default.max_playout_steps,
        Some(v) => int_field(v, "max_playout_steps")?
            .get("max_playout_steps", "a whole number in 0..2**32")?,
    };
    let seed = match seed {
        None => default.seed,
        Some(v) => int_field(v, "seed")?.get("seed", "a whole number in 0..2**64")?,
    };
    let per_sample = match iterations_per_sample {
        None => 1,
        Some(v) => {
            let n: u32 = int_field(v, "iterations_per_sample")?
                .get("iterations_per_sample", "a whole number in 1..2**32")?;
            if n == 0 {
                return Err(error(
                    "iterations_per_sample 0 out of range: a whole number in 1..2**32",
                ));
            }
            n
        }
    };
    let config = SearchConfig {
        iterations,
        time,
        exploration,
        mixing,
        max_playout_steps,
        seed,
    };
    Ok((config, per_sample))
}

/// An integer setting, or an `EngineTypeError` naming `field`.
fn int_field(value: &Bound<'_, PyAny>, field: &str) -> PyResult<Int> {
    if value.is_instance_of::<pyo3::types::PyBool>()
        || value.is_instance_of::<pyo3::types::PyFloat>()
    {
        return Err(wrong_type(value, field, "an integer"));
    }
    value
        .extract::<Int>()
        .map_err(|_| wrong_type(value, field, "an integer"))
}

/// A real-number setting (an `int` or a `float`), or an `EngineTypeError` naming `field`.
fn float_field(value: &Bound<'_, PyAny>, field: &str) -> PyResult<f64> {
    if value.is_instance_of::<pyo3::types::PyBool>()
        || value.is_instance_of::<pyo3::types::PyString>()
    {
        return Err(wrong_type(value, field, "a number"));
    }
    value
        .extract::<f64>()
        .map_err(|_| wrong_type(value, field, "a number"))
}

/// The `EngineTypeError` of a setting `field` whose value is not `expected`.
fn wrong_type(value: &Bound<'_, PyAny>, field: &str, expected: &str) -> PyErr {
    crate::type_error(
        value.py(),
        format!("{field}: expected {expected}, got {}", type_name(value)),
    )
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |n| n.to_string())
}

/// The name of a search kind as the package knows it, or an `EngineError` listing them.
pub fn kind(kind: &str) -> PyResult<&'static str> {
    KINDS.iter().find(|k| **k == kind).copied().ok_or_else(|| {
        error(format!(
            "unknown search {kind:?} (the searches: {})",
            KINDS.join(", ")
        ))
    })
}

/// `_native.check_search(kind, **settings)`: checks a search's kind and settings as `Game.search`
/// does, so the package's `Uct(...)` and friends refuse bad settings when they are made, not at
/// their first `choose`.
#[pyfunction]
#[pyo3(signature = (kind, iterations = None, time = None, exploration = None, mixing = None,
    max_playout_steps = None, seed = None, iterations_per_sample = None))]
#[allow(clippy::too_many_arguments)]
pub fn check_search(
    kind: &str,
    iterations: Option<&Bound<'_, PyAny>>,
    time: Option<&Bound<'_, PyAny>>,
    exploration: Option<&Bound<'_, PyAny>>,
    mixing: Option<&Bound<'_, PyAny>>,
    max_playout_steps: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    iterations_per_sample: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    self::kind(kind)?;
    settings(
        iterations,
        time,
        exploration,
        mixing,
        max_playout_steps,
        seed,
        iterations_per_sample,
    )?;
    Ok(())
}

/// Polls for Python's signals (Ctrl-C) while Rust code runs with the GIL released: called once
/// per unit of work (a search iteration, a chunk of games), it reads the clock every so many
/// calls (adapting the count so that a read comes about every millisecond, whatever a unit
/// costs) and, every [`SignalPoll::INTERVAL`], takes the GIL back to run Python's signal
/// handlers. When a handler raises (`KeyboardInterrupt`), it answers `true` and keeps the error
/// for the caller to raise once the work has stopped.
pub struct SignalPoll {
    every: u32,
    count: u32,
    adaptive: bool,
    interval: Duration,
    last_read: std::time::Instant,
    last_check: std::time::Instant,
    pub error: Option<PyErr>,
}

impl SignalPoll {
    /// How often the signals are checked: well within the 100 ms a user waits for Ctrl-C.
    pub const INTERVAL: Duration = Duration::from_millis(50);

    pub fn new() -> SignalPoll {
        let now = std::time::Instant::now();
        SignalPoll {
            every: 1,
            count: 0,
            adaptive: true,
            interval: Self::INTERVAL,
            last_read: now,
            last_check: now,
            error: None,
        }
    }

    /// A poll that checks the signals at every call (for the tests: the most frequent
    /// interruption points must not change what the work computes).
    pub fn every_call() -> SignalPoll {
        SignalPoll {
            adaptive: false,
            interval: Duration::ZERO,
            ..SignalPoll::new()
        }
    }

    /// Whether to stop: a signal handler raised (its error is in `self.error`).
    pub fn poll(&mut self) -> bool {
        self.count += 1;
        if self.count < self.every {
            return false;
        }
        self.count = 0;
        let now = std::time::Instant::now();
        if self.adaptive {
            let since = now.duration_since(self.last_read);
            if since < Duration::from_micros(500) && self.every < 1 << 16 {
                self.every *= 2;
            } else if since > Duration::from_millis(2) && self.every > 1 {
                self.every /= 2;
            }
        }
        self.last_read = now;
        if now.duration_since(self.last_check) < self.interval {
            return false;
        }
        self.last_check = now;
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(e) => {
                self.error = Some(e);
                true
            }
        }
    }
}

impl Default for SignalPoll {
    fn default() -> Self {
        SignalPoll::new()
    }
}

impl<G: Engine> Search<G> {
    /// The search `kind` names.
    pub fn new(kind: &str, config: SearchConfig, iterations_per_sample: u32) -> PyResult<Self> {
        // `kind` answers one of KINDS: "Uct" and "DecoupledUct" are the same search.
        Ok(match self::kind(kind)? {
            "FlatMonteCarlo" => Search::Flat(FlatMonteCarlo::new(config)),
            "InformationSetMcts" => Search::IsMcts(
                InformationSetMcts::new(config)
                    .with_iterations_per_sample(iterations_per_sample.max(1)),
            ),
            _ => Search::Uct(Uct::new(config)),
        })
    }

    /// Searches `state` for `player` (already checked against the game) and answers its
    /// action; `stop` is polled before each iteration, and the search ends when it answers
    /// `true` (a `stop` that never does changes nothing: the same iterations, the same choice).
    pub fn choose(
        &mut self,
        game: &std::sync::Arc<G>,
        state: &G::State,
        player: usize,
        stop: impl FnMut() -> bool,
    ) -> Option<G::Action> {
        match self {
            Search::Flat(search) => search.choose_until(game, state, player, stop),
            Search::Uct(search) => search.choose_until(game, state, player, stop),
            Search::IsMcts(search) => {
                let hidden = G::hidden(game);
                let belief = G::belief(game, state, player);
                search.choose_until(hidden.get(), &belief, player, stop)
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
