//! What every search is told: its budget, its exploration constant, its playout depth and its seed.

use std::time::Duration;

/// The settings shared by every search in this module.
///
/// A search stops at whichever budget runs out first: `iterations` playouts, or `time` of wall
/// clock (checked between iterations, so one iteration may overrun it). With the default
/// `time: None` the search is exactly reproducible: the same seed and the same calls give the
/// same choices on every machine.
///
/// ```
/// use std::time::Duration;
/// use pathfind::tree::SearchConfig;
///
/// // 20 000 iterations or 50 ms, whichever comes first.
/// let config = SearchConfig {
///     iterations: 20_000,
///     time: Some(Duration::from_millis(50)),
///     ..SearchConfig::default()
/// };
/// assert_eq!(config.seed, 0);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchConfig {
    /// The most iterations (playouts) per decision; a search runs exactly this many unless
    /// `time` runs out first. Zero runs none: the search then answers the first legal action.
    pub iterations: u32,
    /// The most wall-clock time per decision, or `None` for no time limit. A time so long that
    /// the clock cannot represent its deadline (`Duration::MAX`, or anything past the clock's
    /// range) also means no time limit: it is never an error and never a panic.
    pub time: Option<Duration>,
    /// The UCB1 exploration constant `c` in `mean + c·sqrt(ln N / n)`. Returns lie in `[0, 1]`,
    /// so values around 0.5–1.5 are sensible; larger explores more.
    pub exploration: f64,
    /// At a node where several players move at once, the probability that each of them, this
    /// iteration, picks a uniformly random action instead of its UCB1 choice (the `γ` of
    /// Lanctot et al.'s simultaneous-move MCTS). Decoupled UCB1 alone is deterministic given the
    /// statistics, so in a symmetric position two players with mirrored statistics can lock
    /// into choosing alike forever and never learn what an unlike choice does; a little mixing
    /// breaks that. Ignored where one player moves. `0.0` turns it off.
    pub mixing: f64,
    /// The most steps of one playout beyond the tree; after them the playout stops and
    /// [`Game::returns`](super::Game::returns) gives the game's estimate of the state.
    pub max_playout_steps: u32,
    /// The seed of the search's random generator (tie-breaks, untried actions, playouts).
    pub seed: u64,
}

impl Default for SearchConfig {
    /// 1 000 iterations, no time limit, `c = 1`, mixing 0.1, playouts of at most 1 000 steps, seed 0.
    fn default() -> SearchConfig {
        SearchConfig {
            iterations: 1_000,
            time: None,
            exploration: 1.0,
            mixing: 0.1,
            max_playout_steps: 1_000,
            seed: 0,
        }
    }
}

/// Counts iterations against a [`SearchConfig`]'s budget.
pub(crate) struct Budget {
    iterations: u32,
    deadline: Option<std::time::Instant>,
    done: u32,
}

impl Budget {
    pub(crate) fn start(config: &SearchConfig) -> Budget {
        Budget {
            iterations: config.iterations,
            // `Instant + Duration` panics past the clock's range: such a deadline is none.
            deadline: config
                .time
                .and_then(|t| std::time::Instant::now().checked_add(t)),
            done: 0,
        }
    }

    /// Whether another iteration may run; counts it if so.
    pub(crate) fn next(&mut self) -> bool {
        if self.done >= self.iterations {
            return false;
        }
        // Reading the clock costs ~25 ns; every 8th iteration is precise enough.
        if let Some(deadline) = self.deadline
            && self.done.is_multiple_of(8)
            && self.done > 0
            && std::time::Instant::now() >= deadline
        {
            return false;
        }
        self.done += 1;
        true
    }

    pub(crate) fn done(&self) -> u32 {
        self.done
    }
}
