//! Is the new bot stronger? Paired games, the sequential probability ratio test (SPRT) and Elo
//! with error bars, computed as the chess-engine testers compute them: fishtest's statistics
//! (`server/fishtest/stats/LLRcalc.py`, `stat_util.py`), fastchess (`matchmaking/sprt/sprt.cpp`,
//! `elo/elo_pentanomial.cpp`, `elo/elo_wdl.cpp`) and cutechess-cli. Our own Rust; the anchors'
//! published figures are checked in `arena/tests/integration/stats_sprt.rs`.
//!
//! - Counts: [`Pentanomial`], the pairs of games (seats swapped on one seed) by the first bot's
//!   score in the pair, 0, ½, 1, 1½ or 2 points (fishtest's order); [`Trinomial`], single games
//!   by loss, draw, win, where games cannot be paired. Both implement [`Counts`]: games, score,
//!   draw ratio, and the estimates below.
//! - Estimates with 95 % intervals ([`Interval`]): the logistic Elo difference
//!   ([`Counts::elo`]), its standard error taken from the variance of the pair scores (of the game
//!   scores for a trinomial), so that what pairing cancels is not counted as noise; the
//!   normalized Elo of fishtest ([`Counts::normalized_elo`]); the likelihood of superiority
//!   ([`Counts::los`]).
//! - The test: [`SprtConfig`] (parsed from `elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized`,
//!   fastchess's defaults), its [`Bounds`], the generalized log-likelihood ratio
//!   ([`SprtConfig::llr`]) and the [`Verdict`]; [`SprtConfig::test`] gives every figure at once,
//!   a [`Report`] that prints as one block.
//!
//! A test loop adds each finished pair and asks again:
//!
//! ```
//! use arena::stats::sprt::{Pentanomial, SprtConfig, Verdict};
//!
//! let config: SprtConfig = "elo0=0,elo1=2,model=normalized".parse()?;
//! let mut counts = Pentanomial::default();
//! // (a real loop gets each pair's score, in half points, from its two games)
//! for halves in [2, 1, 3, 2, 2, 1, 2, 3] {
//!     counts.add(halves);
//!     if config.test(&counts).verdict != Verdict::Continue {
//!         break;
//!     }
//! }
//! assert_eq!(counts.pairs(), 8);
//!
//! // fishtest's pentanomial case (fastchess's `sprt_test.cpp`, "normalized pentanomial 1"):
//! let counts = Pentanomial([365, 16618, 36229, 16974, 390]);
//! let report = config.test(&counts);
//! assert_eq!(format!("{:.2}", report.llr), "2.25");
//! assert_eq!(report.verdict, Verdict::Continue); // the bounds are ±2.94
//! println!("{report}");
//! # Ok::<(), arena::stats::sprt::SprtError>(())
//! ```
//!
//! which prints
//!
//! ```text
//! SPRT: elo0=0,elo1=2,alpha=0.05,beta=0.05,model=normalized
//! Games: 141152, Pairs: 70576, Points: 70779.0 (50.14 %)
//! Ptnml(0-2): [365, 16618, 36229, 16974, 390]
//! Elo: 1.00 +/- 0.92, 95 % [0.08, 1.92]
//! nElo: 1.96 +/- 1.81, 95 % [0.15, 3.77]
//! LOS: 98.31 %, DrawRatio: 51.33 %
//! LLR: 2.25 (-2.94, 2.94) [0.00, 2.00]
//! Verdict: continue
//! ```
//!
//! # The mathematics
//!
//! A pair's score, as a fraction of its 2 points, takes the values 0, ¼, ½, ¾, 1 (a game's: 0, ½,
//! 1). With `n` pairs of mean `s` and variance `σ²` (of that fraction), the standard error of
//! `s` is `σ/√n`; the score interval `s ± 1.96 σ/√n` maps to Elo by `−400 log₁₀(1/s − 1)`, and
//! the ± printed is half the Elo interval's width (fastchess). Normalized Elo is
//! `(s − ½)/σ_game · 800/ln 10` with `σ_game = √2 σ` for pairs (`σ` for games), its interval the
//! same score interval divided the same way (fishtest, fastchess). LOS is `Φ((s − ½)/(σ/√n))`.
//!
//! The LLR is fishtest's generalized log-likelihood ratio: `n` times the mean, over the observed
//! distribution, of `ln p₁ − ln p₀`, where `pᵢ` is the maximum-likelihood distribution on the
//! same five (three) values under hypothesis `i` — for the logistic model, the multinomial whose
//! expected score is the score of `eloᵢ` (a secular equation, M. Van den Bergh,
//! "support_MLE_multinomial"); for the normalized model, the one whose t-value `(μ − ½)/σ` is
//! `eloᵢ · ln 10/800` (times √2 for pairs), found by fishtest's fixed-point iteration from the
//! uniform distribution (Van den Bergh, "normalized_elo_practical", section 4.1). Before it,
//! each empty category counts 0.001 (fishtest's and fastchess's regularization), which keeps every
//! logarithm finite. The bounds are Wald's: `ln(β/(1−α))` and `ln((1−β)/α)`; H1 is accepted
//! when the LLR reaches the upper bound, H0 when it reaches the lower.
//!
//! # Degenerate counts
//!
//! No figure is ever NaN:
//!
//! - no game at all: score ½, Elo and normalized Elo 0 with the interval (−∞, +∞), LOS ½, draw
//!   ratio 0, LLR 0 (no evidence either way);
//! - every pair (game) with the same score (all draws, all wins, a single pair): the counts have
//!   no spread to measure, so the estimates are taken from fishtest's regularized counts (each
//!   empty category counts 0.001), finite, with a finite standard error;
//! - a score interval reaching 0 or 1 (a 100 % score, or few games) has an Elo bound of −∞ or
//!   +∞ (the logistic curve never reaches them): the Elo interval is then open on that side, its
//!   ± infinite, while the point estimate stays finite (below 2^53 games, where a score can
//!   round to 1 in `f64`). Normalized Elo has no such limit.

use std::fmt;
use std::str::FromStr;

/// The 97.5 % quantile of the standard normal distribution, Φ⁻¹(0.975): the half-width of a
/// 95 % interval in standard errors (fastchess's `CI95ZSCORE`).
///
/// ```
/// assert!((arena::stats::sprt::Z95 - 1.96).abs() < 1e-3);
/// ```
pub const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of t-value, `800/ln 10` (fishtest's `nelo_divided_by_nt`).
///
/// ```
/// assert_eq!(format!("{:.4}", arena::stats::sprt::NELO_PER_T), "347.4356");
/// ```
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// What an empty category counts as in the LLR and in the estimates of counts without spread
/// (fishtest's `regularize`, fastchess's `regularize`).
///
/// ```
/// assert_eq!(arena::stats::sprt::EMPTY_CATEGORY, 0.001);
/// ```
pub const EMPTY_CATEGORY: f64 = 1e-3;

/// The largest |elo0| and |elo1| of the normalized model: fishtest's fixed-point iteration,
/// started from the uniform distribution, has no solution to its first step beyond about 230
/// normalized Elo (a t-value of 0.94 per pair), and SPRT bounds are meant for differences far
/// smaller.
///
/// ```
/// use arena::stats::sprt::{MAX_NORMALIZED_ELO, Model, SprtConfig};
///
/// assert!(SprtConfig::new(0.0, MAX_NORMALIZED_ELO, Model::Normalized).is_ok());
/// assert!(SprtConfig::new(0.0, MAX_NORMALIZED_ELO + 1.0, Model::Normalized).is_err());
/// ```
pub const MAX_NORMALIZED_ELO: f64 = 200.0;

/// The largest |elo0| and |elo1| of the logistic model (a score of 99.7 %; beyond a few thousand
/// Elo the score rounds to 1 in `f64` and the test has no meaning).
///
/// ```
/// use arena::stats::sprt::{MAX_LOGISTIC_ELO, Model, SprtConfig};
///
/// assert!(SprtConfig::new(-MAX_LOGISTIC_ELO, 0.0, Model::Logistic).is_ok());
/// assert!(SprtConfig::new(-MAX_LOGISTIC_ELO - 1.0, 0.0, Model::Logistic).is_err());
/// ```
pub const MAX_LOGISTIC_ELO: f64 = 1000.0;

/// The most fixed-point iterations of the normalized model's maximum-likelihood estimate (fishtest
/// allows 10; the estimates converge to 1e-12 in a handful).
const MAX_ITERATIONS: usize = 100;

/// Why a count, a pair score or an SPRT configuration was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SprtError {
    /// An item of `key=value,...` without `=`.
    #[error("{item:?}: expected key=value (keys: elo0, elo1, alpha, beta, model)")]
    Item {
        /// The item.
        item: String,
    },
    /// A key that is none of `elo0`, `elo1`, `alpha`, `beta`, `model`.
    #[error("unknown key {key:?} (keys: elo0, elo1, alpha, beta, model)")]
    Key {
        /// The key given.
        key: String,
    },
    /// A key given twice.
    #[error("{key} is given twice")]
    Duplicate {
        /// The key.
        key: &'static str,
    },
    /// `elo0` or `elo1` missing.
    #[error("{key} is missing (e.g. elo0=0,elo1=5)")]
    Missing {
        /// The key.
        key: &'static str,
    },
    /// A value that does not parse: not a finite number, or not a model.
    #[error("{key}={value:?}: {expected}")]
    Value {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// What the key takes.
        expected: &'static str,
    },
    /// `elo0` not below `elo1`.
    #[error("elo0 ({elo0}) must be below elo1 ({elo1})")]
    Order {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// An Elo bound beyond what the model computes ([`MAX_NORMALIZED_ELO`], [`MAX_LOGISTIC_ELO`]).
    #[error("{key}={value}: the {model} model takes Elo bounds within ±{limit}")]
    Range {
        /// The key.
        key: &'static str,
        /// The value given.
        value: f64,
        /// The model.
        model: Model,
        /// The largest magnitude allowed.
        limit: f64,
    },
    /// `alpha` or `beta` outside (0, 1).
    #[error("{key}={value}: a probability strictly between 0 and 1")]
    Probability {
        /// The key.
        key: &'static str,
        /// The value given.
        value: f64,
    },
    /// `alpha + beta` not below 1 (the bounds would cross).
    #[error("alpha + beta ({alpha} + {beta}) must be below 1")]
    Errors {
        /// The false-positive rate.
        alpha: f64,
        /// The false-negative rate.
        beta: f64,
    },
    /// A list of counts with the wrong number of items.
    #[error("{given:?}: expected {expected} comma-separated counts ({what})")]
    Length {
        /// The text given.
        given: String,
        /// Counts expected.
        expected: usize,
        /// What they are.
        what: &'static str,
    },
    /// An item of a list of counts that is not a whole number.
    #[error("{value:?} (item {position} of {given:?}) is not a count")]
    Count {
        /// The list given.
        given: String,
        /// The item's place, from 1.
        position: usize,
        /// The item.
        value: String,
    },
}

/// One game's result for the first bot.
///
/// ```
/// use arena::stats::sprt::Outcome;
///
/// assert_eq!(Outcome::Win.halves() + Outcome::Draw.halves(), 3); // 1½ points
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// Lost: 0 points.
    Loss,
    /// Drawn: ½ point.
    Draw,
    /// Won: 1 point.
    Win,
}

impl Outcome {
    /// The result in half points: 0, 1 or 2.
    ///
    /// ```
    /// assert_eq!(arena::stats::sprt::Outcome::Draw.halves(), 1);
    /// ```
    pub fn halves(self) -> u8 {
        match self {
            Outcome::Loss => 0,
            Outcome::Draw => 1,
            Outcome::Win => 2,
        }
    }
}

/// Pairs of games by the first bot's score in the pair: `self.0[k]` pairs scored `k/2` points
/// (0, ½, 1, 1½, 2; fishtest's and fastchess's `Ptnml(0-2)` order). The middle category holds
/// both a win and a loss and two draws.
///
/// ```
/// use arena::stats::sprt::{Counts, Outcome, Pentanomial};
///
/// let mut counts = Pentanomial::default();
/// counts.add_pair(Outcome::Win, Outcome::Draw); // 1½ points
/// counts.add(2); // 1 point, in half points
/// assert_eq!(counts, Pentanomial([0, 0, 1, 1, 0]));
/// assert_eq!((counts.pairs(), counts.games(), counts.score()), (2, 4, 0.625));
/// ```
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts one pair that scored `pair_score_halves` half points (0 to 4) and returns `true`;
    /// a larger number, which no pair scores, is not counted and returns `false`.
    ///
    /// ```
    /// let mut counts = arena::stats::sprt::Pentanomial::default();
    /// assert!(counts.add(4));
    /// assert!(!counts.add(5));
    /// assert_eq!(counts.0, [0, 0, 0, 0, 1]);
    /// ```
    pub fn add(&mut self, pair_score_halves: u8) -> bool {
        match self.0.get_mut(usize::from(pair_score_halves)) {
            Some(count) => {
                *count = count.saturating_add(1);
                true
            }
            None => false,
        }
    }

    /// Counts one pair from its two games' results (either order).
    ///
    /// ```
    /// use arena::stats::sprt::{Outcome, Pentanomial};
    ///
    /// let mut counts = Pentanomial::default();
    /// counts.add_pair(Outcome::Win, Outcome::Loss);
    /// counts.add_pair(Outcome::Draw, Outcome::Draw);
    /// assert_eq!(counts.0, [0, 0, 2, 0, 0]);
    /// ```
    pub fn add_pair(&mut self, first: Outcome, second: Outcome) {
        self.add(first.halves() + second.halves());
    }

    /// The pairs counted.
    ///
    /// ```
    /// assert_eq!(arena::stats::sprt::Pentanomial([1, 2, 3, 4, 5]).pairs(), 15);
    /// ```
    pub fn pairs(&self) -> u64 {
        self.0.iter().fold(0, |sum, &n| sum.saturating_add(n))
    }
}

impl fmt::Display for Pentanomial {
    /// `[N0, N1, N2, N3, N4]`, as fastchess prints `Ptnml(0-2)`.
    ///
    /// ```
    /// let counts = arena::stats::sprt::Pentanomial([1, 2, 3, 4, 5]);
    /// assert_eq!(counts.to_string(), "[1, 2, 3, 4, 5]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}

impl FromStr for Pentanomial {
    type Err = SprtError;

    /// Five comma-separated counts, `N0,N1,N2,N3,N4` (pairs scoring 0, ½, 1, 1½, 2 points),
    /// spaces and brackets allowed: `[1, 2, 3, 4, 5]` reads back.
    ///
    /// ```
    /// use arena::stats::sprt::Pentanomial;
    ///
    /// let counts: Pentanomial = "365,16618,36229,16974,390".parse()?;
    /// assert_eq!(counts.0[2], 36229);
    /// assert!("1,2,3".parse::<Pentanomial>().is_err());
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, SprtError> {
        parse_counts::<5>(text, "pairs scoring 0, 1/2, 1, 3/2, 2 points").map(Pentanomial)
    }
}

/// Single games by the first bot's result, for games that cannot be paired.
///
/// ```
/// use arena::stats::sprt::{Counts, Outcome, Trinomial};
///
/// let mut counts = Trinomial::default();
/// counts.add(Outcome::Win);
/// counts.add(Outcome::Draw);
/// assert_eq!(counts, Trinomial { losses: 0, draws: 1, wins: 1 });
/// assert_eq!((counts.games(), counts.score(), counts.draw_ratio()), (2, 0.75, 0.5));
/// ```
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Trinomial {
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games won.
    pub wins: u64,
}

impl Trinomial {
    /// Counts one game.
    ///
    /// ```
    /// use arena::stats::sprt::{Outcome, Trinomial};
    ///
    /// let mut counts = Trinomial::default();
    /// counts.add(Outcome::Loss);
    /// assert_eq!(counts.losses, 1);
    /// ```
    pub fn add(&mut self, outcome: Outcome) {
        let count = match outcome {
            Outcome::Loss => &mut self.losses,
            Outcome::Draw => &mut self.draws,
            Outcome::Win => &mut self.wins,
        };
        *count = count.saturating_add(1);
    }
}

impl fmt::Display for Trinomial {
    /// `Wins: W, Losses: L, Draws: D`, as fastchess prints them.
    ///
    /// ```
    /// use arena::stats::sprt::Trinomial;
    ///
    /// let counts = Trinomial { losses: 2, draws: 3, wins: 1 };
    /// assert_eq!(counts.to_string(), "Wins: 1, Losses: 2, Draws: 3");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Wins: {}, Losses: {}, Draws: {}",
            self.wins, self.losses, self.draws
        )
    }
}

impl FromStr for Trinomial {
    type Err = SprtError;

    /// Three comma-separated counts, `L,D,W` (losses, draws, wins: fishtest's order).
    ///
    /// ```
    /// use arena::stats::sprt::Trinomial;
    ///
    /// let counts: Trinomial = "10,20,30".parse()?;
    /// assert_eq!((counts.losses, counts.draws, counts.wins), (10, 20, 30));
    /// assert!("10,x,30".parse::<Trinomial>().is_err());
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, SprtError> {
        let [losses, draws, wins] = parse_counts::<3>(text, "losses, draws, wins")?;
        Ok(Trinomial {
            losses,
            draws,
            wins,
        })
    }
}

/// Parses `N` comma-separated counts, with optional spaces and surrounding brackets.
fn parse_counts<const N: usize>(text: &str, what: &'static str) -> Result<[u64; N], SprtError> {
    let inner = text.trim();
    let inner = inner
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .unwrap_or(inner);
    let items: Vec<&str> = inner.split(',').map(str::trim).collect();
    if items.len() != N {
        return Err(SprtError::Length {
            given: text.to_owned(),
            expected: N,
            what,
        });
    }
    let mut counts = [0; N];
    for (position, (count, item)) in counts.iter_mut().zip(&items).enumerate() {
        *count = item.parse().map_err(|_| SprtError::Count {
            given: text.to_owned(),
            position: position + 1,
            value: (*item).to_owned(),
        })?;
    }
    Ok(counts)
}

mod sealed {
    /// Only this module's counts are [`super::Counts`].
    pub trait Sealed {}
}

impl sealed::Sealed for Pentanomial {}
impl sealed::Sealed for Trinomial {}

/// The categories of a count: `len` values `k/(len−1)` of a unit's score (0 to 1), each counted
/// `counts[k]` times; a unit is `games` games.
#[derive(Debug, Clone, Copy)]
struct Categories {
    len: usize,
    counts: [u64; 5],
    games: u64,
}

impl Tally {
    fn categories(&self) -> Categories {
        match *self {
            Tally::Pentanomial(p) => Categories {
                len: 5,
                counts: p.0,
                games: 2,
            },
            Tally::Trinomial(t) => Categories {
                len: 3,
                counts: [t.losses, t.draws, t.wins, 0, 0],
                games: 1,
            },
        }
    }
}

/// What [`Pentanomial`] and [`Trinomial`] share: their totals and the estimates made from them
/// (see the module's "The mathematics" and "Degenerate counts").
pub trait Counts: sealed::Sealed {
    /// The counts, as a [`Report`] holds them.
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Tally, Trinomial};
    ///
    /// let counts = Trinomial { losses: 1, draws: 2, wins: 3 };
    /// assert_eq!(counts.tally(), Tally::Trinomial(counts));
    /// ```
    fn tally(&self) -> Tally;

    /// The games counted (two per pair).
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Pentanomial, Trinomial};
    ///
    /// assert_eq!(Pentanomial([1, 0, 0, 0, 1]).games(), 4);
    /// assert_eq!(Trinomial { losses: 1, draws: 1, wins: 1 }.games(), 3);
    /// ```
    fn games(&self) -> u64 {
        let c = self.tally().categories();
        total(&c).saturating_mul(c.games)
    }

    /// The first bot's points: a win 1, a draw ½.
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Pentanomial};
    ///
    /// assert_eq!(Pentanomial([0, 1, 0, 0, 1]).points(), 2.5);
    /// ```
    fn points(&self) -> f64 {
        let c = self.tally().categories();
        let per_unit = c.games as f64;
        c.counts[..c.len]
            .iter()
            .enumerate()
            .map(|(k, &n)| n as f64 * k as f64 / (c.len - 1) as f64 * per_unit)
            .sum()
    }

    /// The first bot's mean score per game, 0 to 1 (½ when nothing was played).
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Pentanomial, Trinomial};
    ///
    /// assert_eq!(Pentanomial([0, 0, 1, 0, 1]).score(), 0.75);
    /// assert_eq!(Trinomial::default().score(), 0.5);
    /// ```
    fn score(&self) -> f64 {
        match Distribution::raw(&self.tally().categories()) {
            Some(d) => d.mean_variance().0,
            None => 0.5,
        }
    }

    /// The share of draws: of games drawn for a trinomial; of pairs scoring 1 of 2 points for a
    /// pentanomial (a draw pair or a win and a loss: fastchess's `DrawRatio` of pairs). 0 when
    /// nothing was played.
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Pentanomial, Trinomial};
    ///
    /// assert_eq!(Pentanomial([1, 0, 2, 0, 1]).draw_ratio(), 0.5);
    /// assert_eq!(Trinomial { losses: 1, draws: 3, wins: 0 }.draw_ratio(), 0.75);
    /// ```
    fn draw_ratio(&self) -> f64 {
        let c = self.tally().categories();
        match total(&c) {
            0 => 0.0,
            n => c.counts[c.len / 2] as f64 / n as f64,
        }
    }

    /// The logistic Elo difference of the first bot over the second, with its 95 % interval
    /// (fastchess's `Elo: x +/- y`, fishtest's `get_elo`).
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Pentanomial};
    ///
    /// // fastchess's `elo_test.cpp`, "EloPentanomial 1": Elo 55.58 +/- 27.65
    /// let elo = Pentanomial([34, 54, 63, 64, 75]).elo();
    /// assert_eq!(format!("{:.2} +/- {:.2}", elo.value, elo.error()), "55.58 +/- 27.65");
    /// assert!(elo.lower < elo.value && elo.value < elo.upper);
    /// ```
    fn elo(&self) -> Interval {
        match Estimate::of(&self.tally().categories()) {
            None => Interval::UNKNOWN,
            Some(e) => {
                let (lower, upper) = e.score_interval();
                Interval {
                    value: score_to_elo(e.mean),
                    lower: score_to_elo(lower.max(0.0)),
                    upper: score_to_elo(upper.min(1.0)),
                }
            }
        }
    }

    /// The normalized Elo difference (fishtest's nElo: the score's distance from ½ in game
    /// standard deviations, times `800/ln 10`), with its 95 % interval.
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Pentanomial};
    ///
    /// // fastchess's `elo_test.cpp`, "EloPentanomial 1": nElo 57.94 +/- 28.28
    /// let nelo = Pentanomial([34, 54, 63, 64, 75]).normalized_elo();
    /// assert_eq!(format!("{:.2} +/- {:.2}", nelo.value, nelo.error()), "57.94 +/- 28.28");
    /// ```
    fn normalized_elo(&self) -> Interval {
        match Estimate::of(&self.tally().categories()) {
            None => Interval::UNKNOWN,
            Some(e) => {
                let sigma_game = (e.variance * e.games).sqrt();
                let value = (e.mean - 0.5) / sigma_game * NELO_PER_T;
                let error = Z95 * e.standard_error() / sigma_game * NELO_PER_T;
                Interval {
                    value,
                    lower: value - error,
                    upper: value + error,
                }
            }
        }
    }

    /// The likelihood of superiority: the probability, on a flat prior, that the first bot is
    /// the stronger, `Φ((s − ½)/SE)` (½ when nothing was played).
    ///
    /// ```
    /// use arena::stats::sprt::{Counts, Pentanomial};
    ///
    /// // fastchess's `elo_test.cpp`, "EloPentanomial 2": LOS 5.05 %
    /// let los = Pentanomial([332, 433, 498, 333, 334]).los();
    /// assert_eq!(format!("{:.2} %", 100.0 * los), "5.05 %");
    /// ```
    fn los(&self) -> f64 {
        match Estimate::of(&self.tally().categories()) {
            None => 0.5,
            Some(e) => normal_cdf((e.mean - 0.5) / e.standard_error()),
        }
    }
}

impl Counts for Pentanomial {
    fn tally(&self) -> Tally {
        Tally::Pentanomial(*self)
    }
}

impl Counts for Trinomial {
    fn tally(&self) -> Tally {
        Tally::Trinomial(*self)
    }
}

fn total(c: &Categories) -> u64 {
    c.counts[..c.len]
        .iter()
        .fold(0, |sum, &n| sum.saturating_add(n))
}

/// An estimate and its 95 % interval; bounds may be infinite (the Elo of a score interval that
/// reaches 0 or 1), never NaN.
///
/// ```
/// use arena::stats::sprt::Interval;
///
/// let elo = Interval { value: 5.0, lower: 1.0, upper: 10.0 };
/// assert_eq!(elo.error(), 4.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The estimate.
    pub value: f64,
    /// The interval's lower end.
    pub lower: f64,
    /// The interval's upper end.
    pub upper: f64,
}

impl Interval {
    /// Nothing known: 0 in (−∞, +∞).
    const UNKNOWN: Interval = Interval {
        value: 0.0,
        lower: f64::NEG_INFINITY,
        upper: f64::INFINITY,
    };

    /// Half the interval's width, the `±` fastchess prints (an Elo interval is not symmetric
    /// about its estimate); infinite when an end is, 0 when the ends are equal.
    ///
    /// ```
    /// use arena::stats::sprt::Interval;
    ///
    /// let open = Interval { value: 800.0, lower: 400.0, upper: f64::INFINITY };
    /// assert_eq!(open.error(), f64::INFINITY);
    /// ```
    pub fn error(&self) -> f64 {
        if self.lower == self.upper {
            0.0
        } else {
            (self.upper - self.lower) / 2.0
        }
    }
}

/// The Elo difference of a score (0 to 1) on the logistic curve, `−400 log₁₀(1/s − 1)`: −∞ at 0
/// and below, +∞ at 1 and above.
///
/// ```
/// use arena::stats::sprt::score_to_elo;
///
/// assert_eq!(score_to_elo(0.5), 0.0);
/// assert_eq!(format!("{:.1}", score_to_elo(0.75)), "190.8");
/// assert_eq!(score_to_elo(1.0), f64::INFINITY);
/// ```
pub fn score_to_elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of an Elo difference on the logistic curve, `1/(1 + 10^(−elo/400))`.
///
/// ```
/// use arena::stats::sprt::{elo_to_score, score_to_elo};
///
/// assert_eq!(elo_to_score(0.0), 0.5);
/// assert!((score_to_elo(elo_to_score(123.0)) - 123.0).abs() < 1e-9);
/// ```
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function Φ.
fn normal_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

/// The Elo model of the hypotheses.
///
/// ```
/// use arena::stats::sprt::Model;
///
/// assert_eq!("logistic".parse::<Model>()?, Model::Logistic);
/// assert_eq!(Model::default().to_string(), "normalized");
/// # Ok::<(), arena::stats::sprt::SprtError>(())
/// ```
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Model {
    /// Normalized Elo (fishtest's default since 2023, fastchess's default): the hypotheses are
    /// t-values of the score, independent of the draw ratio.
    #[default]
    Normalized,
    /// Logistic Elo: the hypotheses are expected scores, `1/(1 + 10^(−elo/400))`.
    Logistic,
}

impl Model {
    /// The largest |elo0| and |elo1| the model takes.
    ///
    /// ```
    /// use arena::stats::sprt::{MAX_LOGISTIC_ELO, Model};
    ///
    /// assert_eq!(Model::Logistic.limit(), MAX_LOGISTIC_ELO);
    /// ```
    pub fn limit(self) -> f64 {
        match self {
            Model::Normalized => MAX_NORMALIZED_ELO,
            Model::Logistic => MAX_LOGISTIC_ELO,
        }
    }
}

impl fmt::Display for Model {
    /// `normalized` or `logistic`.
    ///
    /// ```
    /// assert_eq!(arena::stats::sprt::Model::Logistic.to_string(), "logistic");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Model::Normalized => "normalized",
            Model::Logistic => "logistic",
        })
    }
}

impl FromStr for Model {
    type Err = SprtError;

    /// `normalized` or `logistic`.
    ///
    /// ```
    /// use arena::stats::sprt::Model;
    ///
    /// assert_eq!("normalized".parse::<Model>()?, Model::Normalized);
    /// assert!("bayesian".parse::<Model>().is_err());
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, SprtError> {
        match text.trim() {
            "normalized" => Ok(Model::Normalized),
            "logistic" => Ok(Model::Logistic),
            other => Err(SprtError::Value {
                key: "model",
                value: other.to_owned(),
                expected: "normalized or logistic",
            }),
        }
    }
}

/// The LLR's stopping bounds: H0 is accepted at or below `lower`, H1 at or above `upper`.
///
/// ```
/// use arena::stats::sprt::{Bounds, Verdict};
///
/// let bounds = Bounds::new(0.05, 0.05);
/// assert_eq!(format!("{:.2} {:.2}", bounds.lower, bounds.upper), "-2.94 2.94");
/// assert_eq!(bounds.verdict(3.0), Verdict::AcceptH1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// `ln(β/(1−α))`.
    pub lower: f64,
    /// `ln((1−β)/α)`.
    pub upper: f64,
}

impl Bounds {
    /// Wald's bounds for a false-positive rate `alpha` and a false-negative rate `beta`.
    ///
    /// ```
    /// let bounds = arena::stats::sprt::Bounds::new(0.05, 0.1);
    /// assert!((bounds.upper - (0.9f64 / 0.05).ln()).abs() < 1e-12);
    /// ```
    pub fn new(alpha: f64, beta: f64) -> Bounds {
        Bounds {
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        }
    }

    /// The verdict of a log-likelihood ratio.
    ///
    /// ```
    /// use arena::stats::sprt::{Bounds, Verdict};
    ///
    /// let bounds = Bounds::new(0.05, 0.05);
    /// assert_eq!(bounds.verdict(-3.0), Verdict::AcceptH0);
    /// assert_eq!(bounds.verdict(0.0), Verdict::Continue);
    /// ```
    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper {
            Verdict::AcceptH1
        } else if llr <= self.lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

/// What the test says so far.
///
/// ```
/// assert_eq!(arena::stats::sprt::Verdict::AcceptH1.to_string(), "H1 accepted");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// Neither bound is reached: play on.
    Continue,
    /// The LLR reached the lower bound: the difference is at most `elo0` (the new bot is not
    /// better by `elo1`).
    AcceptH0,
    /// The LLR reached the upper bound: the difference is at least `elo1`.
    AcceptH1,
}

impl fmt::Display for Verdict {
    /// `continue`, `H0 accepted` or `H1 accepted`.
    ///
    /// ```
    /// assert_eq!(arena::stats::sprt::Verdict::Continue.to_string(), "continue");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Continue => "continue",
            Verdict::AcceptH0 => "H0 accepted",
            Verdict::AcceptH1 => "H1 accepted",
        })
    }
}

/// A sequential probability ratio test: H0 "the first bot is `elo0` stronger" against H1 "it
/// is `elo1` stronger", with false-positive rate `alpha` (H1 accepted though H0 holds) and
/// false-negative rate `beta`. Valid by construction (see [`SprtConfig::with_errors`]); it
/// reads and prints as `elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized`.
///
/// ```
/// use arena::stats::sprt::{Model, SprtConfig};
///
/// let config: SprtConfig = "elo0=0,elo1=5".parse()?;
/// assert_eq!(config, SprtConfig::new(0.0, 5.0, Model::Normalized)?);
/// assert_eq!((config.alpha(), config.beta()), (0.05, 0.05));
/// assert_eq!(config.to_string(), "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized");
/// # Ok::<(), arena::stats::sprt::SprtError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SprtConfig {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    model: Model,
}

impl SprtConfig {
    /// A test of `elo0` against `elo1` in `model`, with fastchess's default error rates
    /// (`alpha = beta = 0.05`). `elo0` must be below `elo1`, both within the model's
    /// [`Model::limit`].
    ///
    /// ```
    /// use arena::stats::sprt::{Model, SprtConfig, SprtError};
    ///
    /// assert!(SprtConfig::new(0.0, 5.0, Model::Logistic).is_ok());
    /// assert!(matches!(SprtConfig::new(5.0, 0.0, Model::Logistic), Err(SprtError::Order { .. })));
    /// ```
    pub fn new(elo0: f64, elo1: f64, model: Model) -> Result<SprtConfig, SprtError> {
        SprtConfig {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model,
        }
        .checked()
    }

    /// The same test with other error rates, each in (0, 1), their sum below 1.
    ///
    /// ```
    /// use arena::stats::sprt::{Model, SprtConfig};
    ///
    /// let config = SprtConfig::new(0.0, 5.0, Model::Normalized)?.with_errors(0.01, 0.1)?;
    /// assert_eq!(config.alpha(), 0.01);
    /// assert!(config.with_errors(0.6, 0.5).is_err());
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn with_errors(self, alpha: f64, beta: f64) -> Result<SprtConfig, SprtError> {
        SprtConfig {
            alpha,
            beta,
            ..self
        }
        .checked()
    }

    fn checked(self) -> Result<SprtConfig, SprtError> {
        for (key, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtError::Probability { key, value });
            }
        }
        if self.alpha + self.beta >= 1.0 {
            return Err(SprtError::Errors {
                alpha: self.alpha,
                beta: self.beta,
            });
        }
        let limit = self.model.limit();
        for (key, value) in [("elo0", self.elo0), ("elo1", self.elo1)] {
            if value.is_nan() || value.abs() > limit {
                return Err(SprtError::Range {
                    key,
                    value,
                    model: self.model,
                    limit,
                });
            }
        }
        if self.elo0 >= self.elo1 {
            return Err(SprtError::Order {
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        Ok(self)
    }

    /// H0's Elo difference.
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// assert_eq!("elo0=-1,elo1=3".parse::<SprtConfig>()?.elo0(), -1.0);
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn elo0(&self) -> f64 {
        self.elo0
    }

    /// H1's Elo difference.
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// assert_eq!("elo0=-1,elo1=3".parse::<SprtConfig>()?.elo1(), 3.0);
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn elo1(&self) -> f64 {
        self.elo1
    }

    /// The false-positive rate: the chance of accepting H1 when H0 holds.
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// assert_eq!("elo0=0,elo1=3,alpha=0.1".parse::<SprtConfig>()?.alpha(), 0.1);
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// The false-negative rate: the chance of accepting H0 when H1 holds.
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// assert_eq!("elo0=0,elo1=3,beta=0.2".parse::<SprtConfig>()?.beta(), 0.2);
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn beta(&self) -> f64 {
        self.beta
    }

    /// The Elo model of `elo0` and `elo1`.
    ///
    /// ```
    /// # use arena::stats::sprt::{Model, SprtConfig};
    /// assert_eq!("elo0=0,elo1=3,model=logistic".parse::<SprtConfig>()?.model(), Model::Logistic);
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn model(&self) -> Model {
        self.model
    }

    /// The LLR's stopping bounds (±2.94 for `alpha = beta = 0.05`).
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// let bounds = "elo0=0,elo1=5".parse::<SprtConfig>()?.bounds();
    /// assert_eq!(format!("({:.2}, {:.2})", bounds.lower, bounds.upper), "(-2.94, 2.94)");
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn bounds(&self) -> Bounds {
        Bounds::new(self.alpha, self.beta)
    }

    /// The generalized log-likelihood ratio of H1 against H0 for `counts`, as fishtest computes
    /// it (`LLR_normalized`, `LLR_logistic`; see the module's "The mathematics"): finite for any
    /// counts, 0 for none.
    ///
    /// ```
    /// use arena::stats::sprt::{SprtConfig, Trinomial};
    ///
    /// // fastchess's `sprt_test.cpp`, "logistic trinomial 1": LLR -1.57
    /// let config: SprtConfig = "elo0=0.5,elo1=2.5,model=logistic".parse()?;
    /// let counts = Trinomial { losses: 21184, draws: 40708, wins: 21404 };
    /// assert_eq!(format!("{:.2}", config.llr(&counts)), "-1.57");
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn llr(&self, counts: &impl Counts) -> f64 {
        let categories = counts.tally().categories();
        if total(&categories) == 0 {
            return 0.0;
        }
        let d = Distribution::regularized(&categories);
        let (p0, p1) = match self.model {
            Model::Logistic => (
                d.mle_expected(elo_to_score(self.elo0)),
                d.mle_expected(elo_to_score(self.elo1)),
            ),
            Model::Normalized => {
                // t-values of a unit's score: a pair's is √2 times a game's
                let per_unit = (categories.games as f64).sqrt() / NELO_PER_T;
                (
                    d.mle_t_value(0.5, self.elo0 * per_unit),
                    d.mle_t_value(0.5, self.elo1 * per_unit),
                )
            }
        };
        let mean_jump: f64 = (0..d.len).map(|k| d.p[k] * (p1[k].ln() - p0[k].ln())).sum();
        let llr = d.total * mean_jump;
        // (the estimates are positive and finite by construction: this guards the promise)
        if llr.is_finite() { llr } else { 0.0 }
    }

    /// Every figure of the test for `counts`: games, pairs, counts, score, Elo and normalized
    /// Elo with 95 % intervals, LOS, draw ratio, LLR, bounds and verdict.
    ///
    /// ```
    /// use arena::stats::sprt::{Pentanomial, SprtConfig, Verdict};
    ///
    /// let config: SprtConfig = "elo0=0,elo1=20".parse()?;
    /// let report = config.test(&Pentanomial([10, 20, 40, 60, 30]));
    /// assert_eq!((report.games, report.pairs), (320, Some(160)));
    /// assert_eq!(report.verdict, Verdict::AcceptH1);
    /// assert!(report.to_string().contains("H1 accepted"));
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    pub fn test(&self, counts: &impl Counts) -> Report {
        let llr = self.llr(counts);
        let bounds = self.bounds();
        let tally = counts.tally();
        Report {
            config: *self,
            games: counts.games(),
            pairs: match tally {
                Tally::Pentanomial(p) => Some(p.pairs()),
                Tally::Trinomial(_) => None,
            },
            counts: tally,
            points: counts.points(),
            score: counts.score(),
            elo: counts.elo(),
            normalized_elo: counts.normalized_elo(),
            los: counts.los(),
            draw_ratio: counts.draw_ratio(),
            llr,
            lower: bounds.lower,
            upper: bounds.upper,
            verdict: bounds.verdict(llr),
        }
    }
}

impl fmt::Display for SprtConfig {
    /// `elo0=E0,elo1=E1,alpha=A,beta=B,model=M`, which [`SprtConfig::from_str`] reads back.
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// let config: SprtConfig = "model=logistic,elo1=2.5,elo0=-1".parse()?;
    /// assert_eq!(config.to_string(), "elo0=-1,elo1=2.5,alpha=0.05,beta=0.05,model=logistic");
    /// assert_eq!(config.to_string().parse::<SprtConfig>()?, config);
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={},model={}",
            self.elo0, self.elo1, self.alpha, self.beta, self.model
        )
    }
}

impl FromStr for SprtConfig {
    type Err = SprtError;

    /// `key=value` items separated by commas, in any order: `elo0` and `elo1` (required),
    /// `alpha` and `beta` (default 0.05), `model` (`normalized`, the default, or `logistic`), as
    /// fastchess's `-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized`. Errors name the
    /// key or the value at fault.
    ///
    /// ```
    /// use arena::stats::sprt::{SprtConfig, SprtError};
    ///
    /// let config: SprtConfig = "elo0=0, elo1=5, alpha=0.025, model=logistic".parse()?;
    /// assert_eq!(config.alpha(), 0.025);
    /// assert!(matches!("elo0=0,elo1=5,gamma=1".parse::<SprtConfig>(), Err(SprtError::Key { .. })));
    /// assert!(matches!("elo0=0,elo1=five".parse::<SprtConfig>(), Err(SprtError::Value { .. })));
    /// assert!(matches!("elo1=5".parse::<SprtConfig>(), Err(SprtError::Missing { key: "elo0" })));
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, SprtError> {
        const KEYS: [&str; 5] = ["elo0", "elo1", "alpha", "beta", "model"];
        let mut values: [Option<&str>; 5] = [None; 5];
        for item in text.split(',').map(str::trim) {
            let Some((key, value)) = item.split_once('=') else {
                return Err(SprtError::Item {
                    item: item.to_owned(),
                });
            };
            let key = key.trim();
            let Some(slot) = KEYS.iter().position(|&k| k == key) else {
                return Err(SprtError::Key {
                    key: key.to_owned(),
                });
            };
            if values[slot].replace(value.trim()).is_some() {
                return Err(SprtError::Duplicate { key: KEYS[slot] });
            }
        }
        let number = |slot: usize| -> Result<Option<f64>, SprtError> {
            values[slot]
                .map(|value| {
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| SprtError::Value {
                            key: KEYS[slot],
                            value: value.to_owned(),
                            expected: "a finite number",
                        })
                })
                .transpose()
        };
        let elo0 = number(0)?.ok_or(SprtError::Missing { key: "elo0" })?;
        let elo1 = number(1)?.ok_or(SprtError::Missing { key: "elo1" })?;
        let alpha = number(2)?.unwrap_or(0.05);
        let beta = number(3)?.unwrap_or(0.05);
        let model = values[4].map(str::parse).transpose()?.unwrap_or_default();
        SprtConfig {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        }
        .checked()
    }
}

impl TryFrom<String> for SprtConfig {
    type Error = SprtError;

    /// [`SprtConfig::from_str`] (what a results file holds).
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// assert!(SprtConfig::try_from("elo0=0,elo1=2".to_owned()).is_ok());
    /// ```
    fn try_from(text: String) -> Result<Self, SprtError> {
        text.parse()
    }
}

impl From<SprtConfig> for String {
    /// [`SprtConfig`]'s text.
    ///
    /// ```
    /// # use arena::stats::sprt::SprtConfig;
    /// let text = String::from("elo0=0,elo1=2".parse::<SprtConfig>()?);
    /// assert!(text.starts_with("elo0=0,elo1=2,"));
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    fn from(config: SprtConfig) -> String {
        config.to_string()
    }
}

/// The counts a [`Report`] was made from.
///
/// ```
/// use arena::stats::sprt::{Counts, Pentanomial, Tally};
///
/// assert_eq!(Pentanomial([0, 0, 1, 0, 0]).tally(), Tally::Pentanomial(Pentanomial([0, 0, 1, 0, 0])));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tally {
    /// Pairs of games.
    Pentanomial(Pentanomial),
    /// Single games.
    Trinomial(Trinomial),
}

/// Every figure of an SPRT for some counts ([`SprtConfig::test`]); prints as one block in
/// fastchess's words (see the module's example).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Report {
    /// The test.
    pub config: SprtConfig,
    /// The counts.
    pub counts: Tally,
    /// Games counted.
    pub games: u64,
    /// Pairs counted (`None` for single games).
    pub pairs: Option<u64>,
    /// The first bot's points.
    pub points: f64,
    /// The first bot's mean score per game (0 to 1).
    pub score: f64,
    /// Logistic Elo with its 95 % interval.
    pub elo: Interval,
    /// Normalized Elo with its 95 % interval.
    pub normalized_elo: Interval,
    /// Likelihood of superiority (0 to 1).
    pub los: f64,
    /// Draw ratio (0 to 1; of pairs scoring 1 point for a pentanomial).
    pub draw_ratio: f64,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The LLR's lower bound (H0).
    pub lower: f64,
    /// The LLR's upper bound (H1).
    pub upper: f64,
    /// What the test says.
    pub verdict: Verdict,
}

impl fmt::Display for Report {
    /// Eight lines (seven for single games), each ending in a newline:
    ///
    /// ```text
    /// SPRT: elo0=0,elo1=2,alpha=0.05,beta=0.05,model=normalized
    /// Games: 141152, Pairs: 70576, Points: 70779.0 (50.14 %)
    /// Ptnml(0-2): [365, 16618, 36229, 16974, 390]
    /// Elo: 1.00 +/- 0.92, 95 % [0.08, 1.92]
    /// nElo: 1.96 +/- 1.81, 95 % [0.15, 3.77]
    /// LOS: 98.31 %, DrawRatio: 51.33 %
    /// LLR: 2.25 (-2.94, 2.94) [0.00, 2.00]
    /// Verdict: continue
    /// ```
    ///
    /// For single games the second line is `Games: N, Wins: W, Losses: L, Draws: D, Points: …`
    /// and there is no `Ptnml` line.
    ///
    /// ```
    /// use arena::stats::sprt::{SprtConfig, Trinomial};
    ///
    /// let config: SprtConfig = "elo0=0,elo1=5".parse()?;
    /// let text = config.test(&Trinomial { losses: 30, draws: 40, wins: 30 }).to_string();
    /// assert!(text.contains("Games: 100, Wins: 30, Losses: 30, Draws: 40, Points: 50.0 (50.00 %)"));
    /// assert!(text.contains("LOS: 50.00 %, DrawRatio: 40.00 %"));
    /// # Ok::<(), arena::stats::sprt::SprtError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "SPRT: {}", self.config)?;
        let points = format!("Points: {:.1} ({:.2} %)", self.points, 100.0 * self.score);
        match self.counts {
            Tally::Pentanomial(counts) => {
                writeln!(
                    f,
                    "Games: {}, Pairs: {}, {points}",
                    self.games,
                    counts.pairs()
                )?;
                writeln!(f, "Ptnml(0-2): {counts}")?;
            }
            Tally::Trinomial(counts) => writeln!(f, "Games: {}, {counts}, {points}", self.games)?,
        }
        for (name, interval) in [("Elo", self.elo), ("nElo", self.normalized_elo)] {
            writeln!(
                f,
                "{name}: {:.2} +/- {:.2}, 95 % [{:.2}, {:.2}]",
                interval.value,
                interval.error(),
                interval.lower,
                interval.upper
            )?;
        }
        writeln!(
            f,
            "LOS: {:.2} %, DrawRatio: {:.2} %",
            100.0 * self.los,
            100.0 * self.draw_ratio
        )?;
        writeln!(
            f,
            "LLR: {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}]",
            self.llr, self.lower, self.upper, self.config.elo0, self.config.elo1
        )?;
        writeln!(f, "Verdict: {}", self.verdict)
    }
}

/// A distribution on the categories' scores `a[k] = k/(len−1)`, with its weight `total` in
/// units (pairs or games).
#[derive(Debug, Clone, Copy)]
struct Distribution {
    len: usize,
    a: [f64; 5],
    p: [f64; 5],
    total: f64,
}

impl Distribution {
    fn new(c: &Categories, weight: impl Fn(u64) -> f64) -> Distribution {
        let mut a = [0.0; 5];
        let mut p = [0.0; 5];
        let mut total = 0.0;
        for k in 0..c.len {
            a[k] = k as f64 / (c.len - 1) as f64;
            p[k] = weight(c.counts[k]);
            total += p[k];
        }
        for q in &mut p[..c.len] {
            *q /= total;
        }
        Distribution {
            len: c.len,
            a,
            p,
            total,
        }
    }

    /// The observed distribution, `None` with no unit counted.
    fn raw(c: &Categories) -> Option<Distribution> {
        (total(c) > 0).then(|| Distribution::new(c, |n| n as f64))
    }

    /// fishtest's `results_to_pdf`: each empty category counts [`EMPTY_CATEGORY`].
    fn regularized(c: &Categories) -> Distribution {
        Distribution::new(c, |n| if n == 0 { EMPTY_CATEGORY } else { n as f64 })
    }

    fn mean_variance(&self) -> (f64, f64) {
        mean_variance(&self.a[..self.len], &self.p[..self.len])
    }

    /// The distribution of greatest likelihood for the observed one whose mean is `s`
    /// (fishtest's `MLE_expected`): `p̂ₖ/(1 + x(aₖ − s))`, `x` the root of the secular equation.
    fn mle_expected(&self, s: f64) -> [f64; 5] {
        let phi = self.a.map(|a| a - s);
        self.tilted(&phi).unwrap_or(self.p)
    }

    /// The distribution of greatest likelihood for the observed one whose t-value
    /// `(μ − reference)/σ` is `t` (fishtest's `MLE_t_value`): a fixed-point iteration from the
    /// uniform distribution, each step an expectation-like tilt with the current `μ` and `σ`.
    fn mle_t_value(&self, reference: f64, t: f64) -> [f64; 5] {
        let n = self.len;
        let mut p = [0.0; 5];
        p[..n].fill(1.0 / n as f64);
        for _ in 0..MAX_ITERATIONS {
            let (mu, var) = mean_variance(&self.a[..n], &p[..n]);
            let sigma = var.sqrt();
            let phi = self.a.map(|a| {
                let z = (mu - a) / sigma;
                a - reference - t * sigma * (1.0 + z * z) / 2.0
            });
            // Within the models' Elo limits the step always has a solution; were it not so,
            // the last iterate stands (finite, positive).
            let Some(next) = self.tilted(&phi) else { break };
            let change = (0..n).fold(0.0f64, |m, k| m.max((next[k] - p[k]).abs()));
            p = next;
            if change < 1e-12 {
                break;
            }
        }
        p
    }

    /// `p̂ₖ/(1 + x φₖ)` where `x` solves `Σ p̂ₖ φₖ/(1 + x φₖ) = 0`, or `None` when the `φₖ` do
    /// not change sign (no solution).
    fn tilted(&self, phi: &[f64; 5]) -> Option<[f64; 5]> {
        let x = secular(&phi[..self.len], &self.p[..self.len])?;
        let mut q = [0.0; 5];
        for k in 0..self.len {
            q[k] = self.p[k] / (1.0 + x * phi[k]);
        }
        q[..self.len]
            .iter()
            .all(|&v| v > 0.0 && v.is_finite())
            .then_some(q)
    }
}

fn mean_variance(a: &[f64], p: &[f64]) -> (f64, f64) {
    let mean: f64 = a.iter().zip(p).map(|(a, p)| a * p).sum();
    let var: f64 = a
        .iter()
        .zip(p)
        .map(|(a, p)| p * (a - mean) * (a - mean))
        .sum();
    (mean, var)
}

/// The root of `f(x) = Σ wₖ φₖ/(1 + x φₖ)` between its poles `−1/max φ` and `−1/min φ`, where
/// `f` falls strictly from +∞ to −∞ (fishtest's `secular`): Newton's method kept inside a
/// shrinking bracket, falling back to bisection. `None` unless some `φₖ < 0 < φⱼ`.
fn secular(phi: &[f64], w: &[f64]) -> Option<f64> {
    let min = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let max = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    let mut x = 0.0;
    for _ in 0..200 {
        let (mut f, mut slope) = (0.0, 0.0);
        for (&phi, &w) in phi.iter().zip(w) {
            let d = 1.0 + x * phi;
            f += w * phi / d;
            slope -= w * phi * phi / (d * d);
        }
        if f == 0.0 {
            return Some(x);
        }
        if f > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let newton = x - f / slope;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if (next - x).abs() <= 1e-15 * (1.0 + x.abs()) || next <= lo || next >= hi {
            return Some(next.clamp(lo, hi));
        }
        x = next;
    }
    Some(x)
}

/// The mean, variance and weight (units) the estimates are made from: the observed counts when
/// they have a spread, fishtest's regularized counts when every unit scored the same; `None`
/// with nothing counted.
#[derive(Debug, Clone, Copy)]
struct Estimate {
    mean: f64,
    variance: f64,
    units: f64,
    /// Games per unit.
    games: f64,
}

impl Estimate {
    fn of(c: &Categories) -> Option<Estimate> {
        let raw = Distribution::raw(c)?;
        let (mean, variance) = raw.mean_variance();
        let (mean, variance, units) = if variance > 0.0 {
            (mean, variance, raw.total)
        } else {
            let d = Distribution::regularized(c);
            let (mean, variance) = d.mean_variance();
            (mean, variance, d.total)
        };
        Some(Estimate {
            mean,
            variance,
            units,
            games: c.games as f64,
        })
    }

    fn standard_error(&self) -> f64 {
        (self.variance / self.units).sqrt()
    }

    /// `mean ± 1.96 SE`, unclamped.
    fn score_interval(&self) -> (f64, f64) {
        let half = Z95 * self.standard_error();
        (self.mean - half, self.mean + half)
    }
}
