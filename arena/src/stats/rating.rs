//! Ratings of a pool of bots, with 95 % intervals, from the finishing places of their games:
//! Bradley–Terry for two-player games, Plackett–Luce for games of up to [`MAX_PLAYERS`], on the
//! Elo scale, one bot anchored at 0.
//!
//! A [`Pool`] collects games: for each, the bots that played and their places (lower is better,
//! equal places are a tie). [`Pool::from_results`] reads a tournament's [`Results`] (a league's
//! results file). [`Pool::ratings`] fits the model and returns [`Ratings`]: per bot its rating,
//! interval and games, the head-to-head matrix, a table for the terminal (`Display`), and serde
//! for files; [`write_leaderboard`] writes them as an HTML page.
//!
//! ```
//! use arena::stats::rating::{Pool, RatingOptions};
//!
//! let mut pool = Pool::new();
//! let (a, b, c) = (pool.bot("a"), pool.bot("b"), pool.bot("c"));
//! for _ in 0..20 {
//!     pool.add_game(&[(a, 1), (b, 2), (c, 3)])?; // a first, b second, c third
//!     pool.add_game(&[(a, 1), (b, 2), (c, 2)])?; // a first, b and c tied for second
//!     pool.add_game(&[(c, 3), (b, 1), (a, 2)])?; // b first, a second, c third
//! }
//! let ratings = pool.ratings(&RatingOptions::default())?;
//! let order: Vec<&str> = ratings.ranked().iter().map(|bot| bot.name.as_str()).collect();
//! assert_eq!(order, ["a", "b", "c"]);
//! assert_eq!(ratings.get("a").unwrap().rating, 0.0); // the first bot is the anchor
//! assert!(ratings.get("c").unwrap().upper < 0.0); // c is weaker, and surely so
//! println!("{ratings}");
//! # Ok::<(), arena::stats::rating::RatingError>(())
//! ```
//!
//! # The model
//!
//! Each bot `i` has a strength `γᵢ = 10^(rᵢ/400)`, `rᵢ` its rating. A game's finishing order
//! has the Plackett–Luce probability (Plackett 1975, after Luce 1959): the winner is drawn
//! from the players with probability proportional to their strengths, then the second from the
//! rest, and so on. With two players this is the Bradley–Terry model (1952) with Elo's logistic
//! curve: a bot rated `d` above another wins with probability `1 / (1 + 10^(-d/400))`, so a
//! rating difference means in a four-player game what it means in a duel.
//!
//! **Ties** (equal places) count as the average of every order of the tied players: the
//! log-likelihood of a tie is the mean of the log-likelihoods of all its orders. For two players
//! a draw is then half a win and half a loss, as Ordo and Elostat count it; two draws weigh
//! exactly as one win and one loss. (BayesElo and Davidson's model instead give draws a
//! probability of their own, with a draw parameter to fit; that has no simple form for a tie of
//! three in a ten-player race, while the average of orders has one for any tie.) Expanded, a tie
//! of `m` players adds `2^m` terms, which [`MAX_PLAYERS`] keeps small. Since a draw is counted as
//! informative as a decision, the intervals are somewhat conservative when draws are frequent.
//!
//! **The prior.** A bot that won every game has no finite maximum-likelihood rating. As
//! BayesElo does, the fit adds virtual draws: [`RatingOptions::prior`] of them (default
//! [`DEFAULT_PRIOR`], one) between every two bots that played a game together. That pulls such
//! a bot back to a finite rating, and pulls every rating towards its opponents' by about the
//! virtual draws' share of its games: with 40 two-player games per pair, a difference of 200
//! points comes out about 5 points (2.5 %) smaller, a small part of its interval; in simulated
//! four-player leagues (the tests) the true ratings still fall inside 95 % of the intervals.
//! The fit is the maximum of this posterior. With a prior of 0 it is the plain maximum
//! likelihood (Ordo's), which [`RatingError::NoMaximum`] refuses when it is infinite: when a
//! bot never finished behind (or never ahead of) the rest it met.
//!
//! **The fit.** The negative log-posterior is convex in the natural-log strengths, and its
//! terms are grouped by the set of players they compare, so that past reading the games once,
//! a fit costs the same for a hundred games as for a million. It is minimised by Newton's method
//! with a backtracking line search, from all ratings equal, to a step below 10⁻⁹ (five to eight
//! iterations in the tests); Hunter's MM
//! algorithm ("MM algorithms for generalized Bradley–Terry models", Ann. Statist. 2004) reaches
//! the same maximum, linearly, and gives no covariance.
//!
//! **The anchor** ([`RatingOptions::anchor`], default the pool's first bot) is fixed at exactly
//! 0 and the others are fitted relative to it. **The intervals** are `rating ± 1.96 σ` from the
//! observed Fisher information of this constrained fit (the Hessian at the maximum, inverted, as
//! BayesElo's `covariance` does): each bot's interval is that of its difference from the anchor,
//! and [`Ratings::difference`] gives that of any two bots. Every bot must be linked to the anchor
//! through games ([`RatingError::Disconnected`]).

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::results::Results;

/// The most players a rated game may have (and the fewest is two): a tie of `m` players
/// expands to `2^m` terms of the likelihood.
pub const MAX_PLAYERS: usize = 10;

/// The default [`RatingOptions::prior`]: one virtual draw between every two bots that met.
pub const DEFAULT_PRIOR: f64 = 1.0;

/// Rating points per natural-log unit of strength: `400 / ln 10`.
pub const ELO_PER_NEPER: f64 = 400.0 / std::f64::consts::LN_10;

/// The 97.5 % quantile of the standard normal: a 95 % interval is `± Z95 σ`.
const Z95: f64 = 1.959_963_984_540_054;

/// Newton iterations before a fit is given up.
const MAX_ITERATIONS: usize = 200;

/// A Newton step (in natural-log units) below which the fit has converged.
const TOLERANCE: f64 = 1e-9;

/// Without a prior: a strength this far from the anchor's (in natural-log units, about 6 900
/// rating points) means the likelihood has no finite maximum.
const DIVERGED: f64 = 40.0;

/// The games of a pool of named bots, to be rated.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pool {
    names: Vec<String>,
    games: Vec<Finish>,
}

/// One game: the bots that played it (a bot may hold several seats) and their places.
#[derive(Debug, Clone, PartialEq)]
struct Finish {
    bots: Vec<usize>,
    places: Vec<u32>,
}

/// How [`Pool::ratings`] fits.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingOptions {
    /// The bot whose rating is fixed at 0 (`None`: the pool's first bot).
    pub anchor: Option<String>,
    /// Virtual draws added between every two bots that played a game together (at least 0;
    /// see the [module docs](self)): default [`DEFAULT_PRIOR`].
    pub prior: f64,
}

impl Default for RatingOptions {
    fn default() -> Self {
        RatingOptions {
            anchor: None,
            prior: DEFAULT_PRIOR,
        }
    }
}

impl RatingOptions {
    /// These options with `name` as the anchor.
    ///
    /// ```
    /// use arena::stats::rating::{Pool, RatingOptions};
    ///
    /// let mut pool = Pool::with_bots(["old", "new"]);
    /// pool.add_game(&[(0, 2), (1, 1)])?;
    /// let ratings = pool.ratings(&RatingOptions::default().anchor("new"))?;
    /// assert_eq!((ratings.anchor.as_str(), ratings.get("new").unwrap().rating), ("new", 0.0));
    /// assert!(ratings.get("old").unwrap().rating < 0.0);
    /// # Ok::<(), arena::stats::rating::RatingError>(())
    /// ```
    pub fn anchor(mut self, name: &str) -> Self {
        self.anchor = Some(name.to_owned());
        self
    }

    /// These options with `virtual_draws` between every two bots that met (0: plain maximum
    /// likelihood).
    ///
    /// ```
    /// use arena::stats::rating::{Pool, RatingError, RatingOptions};
    ///
    /// let mut pool = Pool::with_bots(["a", "b"]);
    /// pool.add_game(&[(0, 1), (1, 2)])?; // a won everything
    /// // One virtual draw: a scores 1.5 of 2, three times b's 0.5, 400·log10(3) above it.
    /// let ratings = pool.ratings(&RatingOptions::default().prior(1.0))?;
    /// assert!((ratings.get("b").unwrap().rating + 400.0 * 3f64.log10()).abs() < 1e-6);
    /// // Without a prior there is no finite rating.
    /// let error = pool.ratings(&RatingOptions::default().prior(0.0)).unwrap_err();
    /// assert!(matches!(error, RatingError::NoMaximum { .. }));
    /// # Ok::<(), RatingError>(())
    /// ```
    pub fn prior(mut self, virtual_draws: f64) -> Self {
        self.prior = virtual_draws;
        self
    }
}

/// Why games could not be added to a pool, or rated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A game with fewer than two or more than [`MAX_PLAYERS`] players.
    #[error("game {game}: {players} player(s); a rated game has 2 to {MAX_PLAYERS}")]
    Players {
        /// The game: its index in the pool, or in the results.
        game: u64,
        /// How many players it had.
        players: usize,
    },
    /// A game whose bots and places differ in number.
    #[error("game {game}: {bots} seat(s) but {places} place(s)")]
    Places {
        /// The game.
        game: u64,
        /// Seats.
        bots: usize,
        /// Places.
        places: usize,
    },
    /// A game naming a bot the pool does not have.
    #[error("game {game}: bot {bot} is not in the pool of {pool}")]
    UnknownBot {
        /// The game.
        game: u64,
        /// The bot's index.
        bot: usize,
        /// Bots in the pool.
        pool: usize,
    },
    /// The anchor is not a bot of the pool.
    #[error("no bot {name:?} to anchor the ratings (the bots: {bots})")]
    UnknownAnchor {
        /// The anchor asked for.
        name: String,
        /// The pool's bots, comma-separated.
        bots: String,
    },
    /// The pool has no game.
    #[error("no game to rate")]
    NoGames,
    /// Bots that never played the anchor, directly or through others: nothing relates their
    /// ratings to it.
    #[error(
        "{} never played the anchor {anchor}, directly or through others: no rating relates them to it",
        bots.join(", ")
    )]
    Disconnected {
        /// The anchor.
        anchor: String,
        /// The bots not linked to it.
        bots: Vec<String>,
    },
    /// A prior that is negative or not finite.
    #[error("prior {prior}: the number of virtual draws must be finite and at least 0")]
    Prior {
        /// The prior given.
        prior: f64,
    },
    /// Without a prior, the likelihood has no finite maximum: a bot (with the bots it is
    /// grouped with) never finished behind, or never ahead of, the rest of the pool it met
    /// (Hunter's condition: the graph of "finished ahead of or tied with" must link every bot to
    /// every other).
    #[error(
        "no finite ratings without a prior: {bot} never finished {} the rest of the pool it met; give a prior above 0",
        if *ahead { "behind" } else { "ahead of" }
    )]
    NoMaximum {
        /// The bot whose rating runs off to infinity.
        bot: String,
        /// Whether it runs off upwards (it never finished behind the rest).
        ahead: bool,
    },
}

impl Pool {
    /// An empty pool.
    ///
    /// ```
    /// let pool = arena::stats::rating::Pool::new();
    /// assert_eq!((pool.names().len(), pool.games()), (0, 0));
    /// ```
    pub fn new() -> Pool {
        Pool::default()
    }

    /// A pool of bots named `names`, in this order (a repeated name is one bot), without games.
    ///
    /// ```
    /// let pool = arena::stats::rating::Pool::with_bots(["a", "b", "a"]);
    /// assert_eq!(pool.names(), ["a", "b"]);
    /// ```
    pub fn with_bots<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Pool {
        let mut pool = Pool::new();
        for name in names {
            pool.bot(name.as_ref());
        }
        pool
    }

    /// The index of the bot named `name`, added to the pool if it is not there yet.
    ///
    /// ```
    /// let mut pool = arena::stats::rating::Pool::new();
    /// assert_eq!((pool.bot("a"), pool.bot("b"), pool.bot("a")), (0, 1, 0));
    /// ```
    pub fn bot(&mut self, name: &str) -> usize {
        match self.names.iter().position(|n| n == name) {
            Some(index) => index,
            None => {
                self.names.push(name.to_owned());
                self.names.len() - 1
            }
        }
    }

    /// The bots' names, by index.
    ///
    /// ```
    /// let pool = arena::stats::rating::Pool::with_bots(["x", "y"]);
    /// assert_eq!(pool.names(), ["x", "y"]);
    /// ```
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The number of games added.
    ///
    /// ```
    /// let mut pool = arena::stats::rating::Pool::with_bots(["x", "y"]);
    /// pool.add_game(&[(0, 1), (1, 1)])?;
    /// assert_eq!(pool.games(), 1);
    /// # Ok::<(), arena::stats::rating::RatingError>(())
    /// ```
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// Adds a game: each seat's bot (an index from [`Pool::bot`]) and place, 1 for the winner;
    /// lower is better, equal places are a tie, and only the order matters (`[1, 1, 3]` and
    /// `[1, 1, 2]` are the same result). Two to [`MAX_PLAYERS`] seats; a bot may hold several
    /// (its seats are not compared with each other in the head-to-head matrix).
    ///
    /// ```
    /// use arena::stats::rating::{Pool, RatingError};
    ///
    /// let mut pool = Pool::with_bots(["a", "b", "c", "d"]);
    /// pool.add_game(&[(2, 1), (0, 2), (3, 2), (1, 4)])?; // c won, a and d tied, b last
    /// assert_eq!(
    ///     pool.add_game(&[(0, 1)]),
    ///     Err(RatingError::Players { game: 1, players: 1 })
    /// );
    /// assert!(matches!(pool.add_game(&[(0, 1), (7, 2)]), Err(RatingError::UnknownBot { .. })));
    /// # Ok::<(), RatingError>(())
    /// ```
    pub fn add_game(&mut self, seats: &[(usize, u32)]) -> Result<(), RatingError> {
        let game = self.games.len() as u64;
        self.push(
            game,
            seats.iter().map(|s| s.0).collect(),
            seats.iter().map(|s| s.1).collect(),
        )
    }

    fn push(&mut self, game: u64, bots: Vec<usize>, places: Vec<u32>) -> Result<(), RatingError> {
        if bots.len() != places.len() {
            return Err(RatingError::Places {
                game,
                bots: bots.len(),
                places: places.len(),
            });
        }
        if !(2..=MAX_PLAYERS).contains(&bots.len()) {
            return Err(RatingError::Players {
                game,
                players: bots.len(),
            });
        }
        if let Some(&bot) = bots.iter().find(|&&b| b >= self.names.len()) {
            return Err(RatingError::UnknownBot {
                game,
                bot,
                pool: self.names.len(),
            });
        }
        self.games.push(Finish { bots, places });
        Ok(())
    }

    /// The pool of a tournament's results: its line-up's bots (a name repeated in the line-up
    /// is one bot, as in [`Results::standings`]), in order, and every game's seats and
    /// [`ranks`](crate::results::GameRecord::ranks). Scores are not used, only places. Errors
    /// name the game by its index in the tournament.
    ///
    /// ```
    /// use arena::results::Results;
    /// use arena::stats::rating::{Pool, RatingOptions};
    ///
    /// // A results file of three games of a and b (as `play` writes it, shortened).
    /// let results: Results = serde_json::from_str(
    ///     r#"{"format": 1, "shard": null,
    ///         "tournament": {"game": "dogfight", "setup": "", "lineup": ["a", "b"],
    ///                        "games": 3, "seed": 1, "rotate": true},
    ///         "records": [
    ///           {"index": 0, "seats": [0, 1], "scores": [2, 0], "ranks": [1, 2], "steps": 9},
    ///           {"index": 1, "seats": [1, 0], "scores": [1, 1], "ranks": [1, 1], "steps": 9},
    ///           {"index": 2, "seats": [0, 1], "scores": [3, 1], "ranks": [1, 2], "steps": 9}]}"#,
    /// )
    /// .unwrap();
    /// let pool = Pool::from_results(&results)?;
    /// assert_eq!((pool.names(), pool.games()), (&["a".to_owned(), "b".to_owned()][..], 3));
    /// let ratings = pool.ratings(&RatingOptions::default())?;
    /// assert_eq!(ratings.head_to_head[0][1].score, 2.5); // a scored 2.5 of 3 against b
    /// # Ok::<(), arena::stats::rating::RatingError>(())
    /// ```
    pub fn from_results(results: &Results) -> Result<Pool, RatingError> {
        let lineup = &results.tournament.lineup;
        let mut pool = Pool::new();
        let bot_of: Vec<usize> = lineup.iter().map(|name| pool.bot(name)).collect();
        for record in &results.records {
            let mut bots = Vec::with_capacity(record.seats.len());
            for &entry in &record.seats {
                let &bot = bot_of.get(entry).ok_or(RatingError::UnknownBot {
                    game: record.index,
                    bot: entry,
                    pool: lineup.len(),
                })?;
                bots.push(bot);
            }
            pool.push(record.index, bots, record.ranks.clone())?;
        }
        Ok(pool)
    }

    /// Fits the ratings (see the [module docs](self) for the model, the prior and the
    /// intervals).
    ///
    /// ```
    /// use arena::stats::rating::{ELO_PER_NEPER, Pool, RatingOptions};
    ///
    /// // b wins 30, loses 10 and draws 10 of 50 games against a: with the one virtual draw of
    /// // the prior, 35.5 points of 51, a rating of 400·log10(35.5 / 15.5) above a.
    /// let mut pool = Pool::with_bots(["a", "b"]);
    /// for (games, place_a, place_b) in [(30, 2, 1), (10, 1, 2), (10, 1, 1)] {
    ///     for _ in 0..games {
    ///         pool.add_game(&[(0, place_a), (1, place_b)])?;
    ///     }
    /// }
    /// let ratings = pool.ratings(&RatingOptions::default())?;
    /// let b = ratings.get("b").unwrap();
    /// let p: f64 = 35.5 / 51.0;
    /// assert!((b.rating - 400.0 * (p / (1.0 - p)).log10()).abs() < 1e-6);
    /// // σ = 1 / sqrt(51 p (1 - p)) in natural-log units.
    /// let sigma = ELO_PER_NEPER / (51.0 * p * (1.0 - p)).sqrt();
    /// assert!((b.upper - b.rating - 1.959964 * sigma).abs() < 1e-3);
    /// assert_eq!(b.games, 50);
    /// # Ok::<(), arena::stats::rating::RatingError>(())
    /// ```
    pub fn ratings(&self, options: &RatingOptions) -> Result<Ratings, RatingError> {
        let prior = options.prior;
        if !(prior.is_finite() && prior >= 0.0) {
            return Err(RatingError::Prior { prior });
        }
        if self.games.is_empty() {
            return Err(RatingError::NoGames);
        }
        let n = self.names.len();
        let anchor = match &options.anchor {
            None => 0,
            Some(name) => self.names.iter().position(|n| n == name).ok_or_else(|| {
                RatingError::UnknownAnchor {
                    name: name.clone(),
                    bots: self.names.join(", "),
                }
            })?,
        };
        let head_to_head = self.head_to_head();
        self.check_connected(anchor, &head_to_head)?;
        if prior == 0.0 {
            self.check_finite(anchor, &head_to_head)?;
        }
        let objective = Objective::new(self, &head_to_head, prior);
        let (theta, covariance) = objective
            .fit(anchor, prior == 0.0)
            .map_err(|(bot, ahead)| RatingError::NoMaximum {
                bot: self.names[bot].clone(),
                ahead,
            })?;
        let mut games = vec![0u64; n];
        for game in &self.games {
            for &bot in &game.bots {
                games[bot] += 1;
            }
        }
        let bots = (0..n)
            .map(|i| {
                let rating = ELO_PER_NEPER * theta[i];
                let half = Z95 * ELO_PER_NEPER * covariance[i][i].max(0.0).sqrt();
                BotRating {
                    name: self.names[i].clone(),
                    rating,
                    lower: rating - half,
                    upper: rating + half,
                    games: games[i],
                }
            })
            .collect();
        let scale = ELO_PER_NEPER * ELO_PER_NEPER;
        Ok(Ratings {
            model: if self.games.iter().all(|g| g.bots.len() == 2) {
                Model::BradleyTerry
            } else {
                Model::PlackettLuce
            },
            anchor: self.names[anchor].clone(),
            prior,
            games: self.games.len() as u64,
            bots,
            head_to_head,
            covariance: covariance
                .into_iter()
                .map(|row| row.into_iter().map(|c| c * scale).collect())
                .collect(),
        })
    }

    /// The head-to-head matrix: for every ordered pair of bots, the games they played
    /// together (a pair of seats per game) and the row's points (1 for a better place, ½ for
    /// the same).
    fn head_to_head(&self) -> Vec<Vec<Pairing>> {
        let n = self.names.len();
        let mut matrix = vec![vec![Pairing::default(); n]; n];
        for game in &self.games {
            for (s, (&a, &place_a)) in game.bots.iter().zip(&game.places).enumerate() {
                for (&b, &place_b) in game.bots.iter().zip(&game.places).skip(s + 1) {
                    if a == b {
                        continue;
                    }
                    let score = match place_a.cmp(&place_b) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    matrix[a][b].games += 1;
                    matrix[a][b].score += score;
                    matrix[b][a].games += 1;
                    matrix[b][a].score += 1.0 - score;
                }
            }
        }
        matrix
    }

    /// Without a prior: checks that the maximum likelihood is finite, i.e. that every bot
    /// finished ahead of (or tied with) every other through a chain of games, both ways
    /// (Hunter 2004, Assumption 1; for two players, Zermelo's and Ford's condition). A tie
    /// links both ways, as it counts as each of its orders.
    fn check_finite(
        &self,
        anchor: usize,
        head_to_head: &[Vec<Pairing>],
    ) -> Result<(), RatingError> {
        let n = self.names.len();
        // Bots the anchor reaches through "i finished ahead of or tied with j" (forward), and
        // bots that reach the anchor (backward). A bot outside the first was never behind
        // those in it: it runs off upwards; outside the second, downwards.
        for ahead in [true, false] {
            let mut seen = vec![false; n];
            seen[anchor] = true;
            let mut stack = vec![anchor];
            while let Some(a) = stack.pop() {
                for b in 0..n {
                    let pairing = if ahead {
                        head_to_head[a][b]
                    } else {
                        head_to_head[b][a]
                    };
                    if !seen[b] && pairing.score > 0.0 {
                        seen[b] = true;
                        stack.push(b);
                    }
                }
            }
            if let Some(bot) = (0..n).find(|&b| !seen[b]) {
                return Err(RatingError::NoMaximum {
                    bot: self.names[bot].clone(),
                    ahead,
                });
            }
        }
        Ok(())
    }

    /// Checks that every bot is linked to the anchor by games.
    fn check_connected(
        &self,
        anchor: usize,
        head_to_head: &[Vec<Pairing>],
    ) -> Result<(), RatingError> {
        let n = self.names.len();
        let mut seen = vec![false; n];
        seen[anchor] = true;
        let mut stack = vec![anchor];
        while let Some(a) = stack.pop() {
            for b in 0..n {
                if !seen[b] && head_to_head[a][b].games > 0 {
                    seen[b] = true;
                    stack.push(b);
                }
            }
        }
        let bots: Vec<String> = (0..n)
            .filter(|&i| !seen[i])
            .map(|i| self.names[i].clone())
            .collect();
        if bots.is_empty() {
            Ok(())
        } else {
            Err(RatingError::Disconnected {
                anchor: self.names[anchor].clone(),
                bots,
            })
        }
    }
}

/// The model the ratings were fitted with: [`Model::BradleyTerry`] when every game had two
/// players (Plackett–Luce is then the same model).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Model {
    /// Two players per game.
    BradleyTerry,
    /// Finishing orders of two to [`MAX_PLAYERS`] players.
    PlackettLuce,
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Model::BradleyTerry => "Bradley-Terry",
            Model::PlackettLuce => "Plackett-Luce",
        })
    }
}

/// One bot's rating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BotRating {
    /// The bot's name.
    pub name: String,
    /// Its rating: Elo points above the anchor (exactly 0 for the anchor).
    pub rating: f64,
    /// The lower end of its 95 % interval (of its difference from the anchor).
    pub lower: f64,
    /// The upper end of its 95 % interval.
    pub upper: f64,
    /// Seats it played (one per game, per seat it held).
    pub games: u64,
}

/// Two bots' record against each other: one cell of the head-to-head matrix.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// Games they played together (per pair of their seats).
    pub games: u64,
    /// The row bot's points against the column bot: 1 per better place, ½ per equal place.
    pub score: f64,
}

/// The difference of two bots' ratings with its 95 % interval ([`Ratings::difference`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difference {
    /// The first bot's rating minus the second's.
    pub rating: f64,
    /// The lower end of the interval.
    pub lower: f64,
    /// The upper end of the interval.
    pub upper: f64,
}

/// The ratings of a pool ([`Pool::ratings`]): a table for the terminal (`Display`, sorted by
/// rating), serde for files, and [`write_leaderboard`] for a page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    /// The model fitted.
    pub model: Model,
    /// The bot fixed at 0.
    pub anchor: String,
    /// The virtual draws between every two bots that met.
    pub prior: f64,
    /// Games rated.
    pub games: u64,
    /// Every bot's rating, in the pool's order (the line-up's).
    pub bots: Vec<BotRating>,
    /// `head_to_head[i][j]`: bot `i`'s record against bot `j` (the pool's order).
    pub head_to_head: Vec<Vec<Pairing>>,
    /// The covariance of the ratings, in squared rating points (the pool's order; the
    /// anchor's row and column are 0).
    pub covariance: Vec<Vec<f64>>,
}

impl Ratings {
    /// The rating of the bot named `name`.
    ///
    /// ```
    /// use arena::stats::rating::{Pool, RatingOptions};
    ///
    /// let mut pool = Pool::with_bots(["a", "b"]);
    /// pool.add_game(&[(0, 1), (1, 1)])?;
    /// let ratings = pool.ratings(&RatingOptions::default())?;
    /// assert_eq!(ratings.get("b").unwrap().rating, 0.0); // a draw: equal ratings
    /// assert!(ratings.get("c").is_none());
    /// # Ok::<(), arena::stats::rating::RatingError>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&BotRating> {
        self.bots.iter().find(|bot| bot.name == name)
    }

    /// The bots from the highest rating to the lowest (equal ratings in the pool's order).
    ///
    /// ```
    /// use arena::stats::rating::{Pool, RatingOptions};
    ///
    /// let mut pool = Pool::with_bots(["a", "b", "c"]);
    /// pool.add_game(&[(0, 2), (1, 3), (2, 1)])?;
    /// let ratings = pool.ratings(&RatingOptions::default())?;
    /// let names: Vec<&str> = ratings.ranked().iter().map(|b| b.name.as_str()).collect();
    /// assert_eq!(names, ["c", "a", "b"]);
    /// # Ok::<(), arena::stats::rating::RatingError>(())
    /// ```
    pub fn ranked(&self) -> Vec<&BotRating> {
        let mut bots: Vec<&BotRating> = self.bots.iter().collect();
        bots.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        bots
    }

    /// Bot `a`'s rating minus bot `b`'s, with the 95 % interval of that difference (from the
    /// covariance: narrower than the two bots' intervals side by side when they met often).
    /// `None` when a name is not in the pool.
    ///
    /// ```
    /// use arena::stats::rating::{Pool, RatingOptions};
    ///
    /// let mut pool = Pool::with_bots(["anchor", "new", "old"]);
    /// for _ in 0..20 {
    ///     pool.add_game(&[(0, 2), (1, 1)])?;
    ///     pool.add_game(&[(0, 1), (2, 2)])?;
    ///     pool.add_game(&[(1, 1), (2, 2)])?;
    /// }
    /// let ratings = pool.ratings(&RatingOptions::default())?;
    /// let d = ratings.difference("new", "old").unwrap();
    /// let (new, old) = (ratings.get("new").unwrap(), ratings.get("old").unwrap());
    /// assert!((d.rating - (new.rating - old.rating)).abs() < 1e-9);
    /// assert!(d.lower > 0.0); // new is stronger, and surely so
    /// assert!(ratings.difference("new", "nobody").is_none());
    /// # Ok::<(), arena::stats::rating::RatingError>(())
    /// ```
    pub fn difference(&self, a: &str, b: &str) -> Option<Difference> {
        let i = self.bots.iter().position(|bot| bot.name == a)?;
        let j = self.bots.iter().position(|bot| bot.name == b)?;
        let c = &self.covariance;
        let variance = c[i][i] + c[j][j] - c[i][j] - c[j][i];
        let half = Z95 * variance.max(0.0).sqrt();
        let rating = self.bots[i].rating - self.bots[j].rating;
        Some(Difference {
            rating,
            lower: rating - half,
            upper: rating + half,
        })
    }

    /// Bot `i`'s points per game against the others (½ for a pool where it met no one).
    fn score(&self, i: usize) -> f64 {
        let (games, points) = self.head_to_head[i]
            .iter()
            .fold((0u64, 0.0), |(g, s), p| (g + p.games, s + p.score));
        if games == 0 {
            0.5
        } else {
            points / games as f64
        }
    }
}

/// The terminal table: a heading line, then one row per bot from the highest rating down,
/// with its 95 % interval (`anchor` for the anchor), seats played, and its score (points per
/// opponent met, as in the head-to-head matrix).
///
/// ```
/// use arena::stats::rating::{Pool, RatingOptions};
///
/// let mut pool = Pool::with_bots(["a", "b"]);
/// pool.add_game(&[(0, 2), (1, 1)])?;
/// let table = pool.ratings(&RatingOptions::default())?.to_string();
/// let lines: Vec<&str> = table.lines().collect();
/// assert!(lines[0].starts_with("Bradley-Terry ratings of 2 bots, 1 game"));
/// assert!(lines[2].contains(" b ") && lines[2].contains("+190.8"));
/// assert!(lines[3].contains(" a ") && lines[3].contains("anchor"));
/// # Ok::<(), arena::stats::rating::RatingError>(())
/// ```
impl fmt::Display for Ratings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        writeln!(
            f,
            "{} ratings of {}, {}, 95% intervals, anchor {} = 0, prior {} per pair that met",
            self.model,
            noun(self.bots.len() as u64, "bot", "bots"),
            noun(self.games, "game", "games"),
            self.anchor,
            if self.prior == 1.0 {
                "1 virtual draw".to_owned()
            } else {
                format!("{} virtual draws", self.prior)
            }
        )?;
        let width = self
            .bots
            .iter()
            .map(|b| b.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(3);
        writeln!(
            f,
            "rank  {:<width$} {:>8}  {:<18} {:>7} {:>6}",
            "bot", "rating", "95% interval", "games", "score"
        )?;
        let mut order: Vec<usize> = (0..self.bots.len()).collect();
        order.sort_by(|&a, &b| self.bots[b].rating.total_cmp(&self.bots[a].rating));
        for (rank, &i) in order.iter().enumerate() {
            let bot = &self.bots[i];
            let interval = if bot.name == self.anchor {
                "anchor".to_owned()
            } else {
                format!("[{}, {}]", signed(bot.lower), signed(bot.upper))
            };
            writeln!(
                f,
                "{:>4}  {:<width$} {:>8}  {:<18} {:>7} {:>5.1}%",
                rank + 1,
                bot.name,
                signed(bot.rating),
                interval,
                bot.games,
                100.0 * self.score(i)
            )?;
        }
        Ok(())
    }
}

/// A rating with its sign and one decimal (`+12.3`, `-4.0`, `0.0`).
fn signed(value: f64) -> String {
    let text = format!("{value:.1}");
    if text == "0.0" || text == "-0.0" {
        "0.0".to_owned()
    } else if value > 0.0 {
        format!("+{text}")
    } else {
        text
    }
}

/// The negative log-posterior of the natural-log strengths `θ`:
/// `f(θ) = -Σᵢ cᵢ θᵢ + Σₖ wₖ log Σ_{j ∈ Sₖ} mₖⱼ e^θⱼ`, every game's and every virtual draw's terms
/// grouped by their set `Sₖ` (bots with multiplicities).
struct Objective {
    bots: usize,
    linear: Vec<f64>,
    sets: Vec<(Vec<(usize, f64)>, f64)>,
}

impl Objective {
    fn new(pool: &Pool, head_to_head: &[Vec<Pairing>], prior: f64) -> Objective {
        let bots = pool.names.len();
        let mut linear = vec![0.0; bots];
        let mut sets: BTreeMap<Vec<(usize, u32)>, f64> = BTreeMap::new();
        let mut add_set = |linear: &mut Vec<f64>, members: &mut Vec<usize>, weight: f64| {
            members.sort_unstable();
            let mut set: Vec<(usize, u32)> = Vec::with_capacity(members.len());
            for &bot in members.iter() {
                match set.last_mut() {
                    Some((last, count)) if *last == bot => *count += 1,
                    _ => set.push((bot, 1)),
                }
            }
            if let [(bot, _)] = set[..] {
                // log(m e^θ) = θ + log m: a linear term (the constant does not matter).
                linear[bot] -= weight;
            } else {
                *sets.entry(set).or_insert(0.0) += weight;
            }
        };
        let mut members = Vec::new();
        let mut order: Vec<usize> = Vec::new();
        for game in &pool.games {
            order.clear();
            order.extend(0..game.bots.len());
            order.sort_by_key(|&seat| game.places[seat]);
            // Tied groups from the first place down; `below` = the seats after the group.
            let mut start = 0;
            while start < order.len() {
                let place = game.places[order[start]];
                let end = start
                    + order[start..]
                        .iter()
                        .take_while(|&&s| game.places[s] == place)
                        .count();
                let group: Vec<usize> = order[start..end].iter().map(|&s| game.bots[s]).collect();
                let below = &order[end..];
                for &bot in &group {
                    linear[bot] += 1.0;
                }
                // The mean over the orders of the group: for each size s, every subset of s
                // tied players (with those below) with weight 1 / C(m, s).
                let m = group.len();
                let mut binomial = vec![0.0f64; m + 1];
                for subset in 1u32..(1 << m) {
                    binomial[subset.count_ones() as usize] += 1.0;
                }
                for subset in 1u32..(1 << m) {
                    members.clear();
                    members.extend((0..m).filter(|&k| subset >> k & 1 == 1).map(|k| group[k]));
                    members.extend(below.iter().map(|&s| game.bots[s]));
                    let weight = 1.0 / binomial[subset.count_ones() as usize];
                    add_set(&mut linear, &mut members, weight);
                }
                start = end;
            }
        }
        if prior > 0.0 {
            for (a, row) in head_to_head.iter().enumerate() {
                for (b, pairing) in row.iter().enumerate().skip(a + 1) {
                    if pairing.games > 0 {
                        // `prior` draws: each scores half of them, and one set {a, b}.
                        linear[a] += prior / 2.0;
                        linear[b] += prior / 2.0;
                        members.clear();
                        members.extend([a, b]);
                        add_set(&mut linear, &mut members, prior);
                    }
                }
            }
        }
        let sets = sets
            .into_iter()
            .map(|(set, weight)| {
                let set = set.into_iter().map(|(b, m)| (b, f64::from(m))).collect();
                (set, weight)
            })
            .collect();
        Objective { bots, linear, sets }
    }

    /// `f(θ)`, and when asked its gradient and Hessian (added to the zeroed buffers).
    fn evaluate(
        &self,
        theta: &[f64],
        mut derivatives: Option<(&mut [f64], &mut [Vec<f64>])>,
    ) -> f64 {
        let mut value = -self
            .linear
            .iter()
            .zip(theta)
            .map(|(c, t)| c * t)
            .sum::<f64>();
        if let Some((gradient, _)) = derivatives.as_mut() {
            for (g, c) in gradient.iter_mut().zip(&self.linear) {
                *g = -c;
            }
        }
        let mut p: Vec<f64> = Vec::new();
        for (set, weight) in &self.sets {
            let top = set
                .iter()
                .map(|&(b, _)| theta[b])
                .fold(f64::NEG_INFINITY, f64::max);
            p.clear();
            p.extend(set.iter().map(|&(b, m)| m * (theta[b] - top).exp()));
            let total: f64 = p.iter().sum();
            value += weight * (top + total.ln());
            if let Some((gradient, hessian)) = derivatives.as_mut() {
                for x in &mut p {
                    *x /= total;
                }
                for (k, &(a, _)) in set.iter().enumerate() {
                    gradient[a] += weight * p[k];
                    hessian[a][a] += weight * p[k];
                    for (l, &(b, _)) in set.iter().enumerate() {
                        hessian[a][b] -= weight * p[k] * p[l];
                    }
                }
            }
        }
        value
    }

    /// Minimises `f` with `θ[anchor] = 0`: the strengths and their covariance (0 in the
    /// anchor's row and column), or the bot furthest out (and whether upwards) when the fit
    /// runs off (a backstop: [`Pool::check_finite`] refuses such pools first).
    fn fit(&self, anchor: usize, unbounded: bool) -> Result<Fit, (usize, bool)> {
        let n = self.bots;
        let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
        let mut theta = vec![0.0; n];
        let mut gradient = vec![0.0; n];
        let mut hessian = vec![vec![0.0; n]; n];
        let furthest = |theta: &[f64]| {
            let bot = (0..n)
                .max_by(|&a, &b| theta[a].abs().total_cmp(&theta[b].abs()))
                .unwrap_or(anchor);
            (bot, theta[bot] > 0.0)
        };
        let mut converged = false;
        for _ in 0..MAX_ITERATIONS {
            for row in hessian.iter_mut() {
                row.fill(0.0);
            }
            let value = self.evaluate(&theta, Some((&mut gradient, &mut hessian)));
            let g: Vec<f64> = free.iter().map(|&i| gradient[i]).collect();
            let h = submatrix(&hessian, &free);
            let factor = cholesky_damped(&h);
            let step: Vec<f64> = solve(&factor, &g).into_iter().map(|x| -x).collect();
            let size = step.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            let slope: f64 = g.iter().zip(&step).map(|(g, s)| g * s).sum();
            // Backtracking (Armijo) from the full Newton step; near the minimum the full step
            // is taken, where rounding makes the decrease of `f` unmeasurable.
            let mut t = 1.0;
            let mut trial = theta.clone();
            loop {
                for (k, &i) in free.iter().enumerate() {
                    trial[i] = theta[i] + t * step[k];
                }
                if size < 1e-6 || t < 1e-12 {
                    break;
                }
                let trial_value = self.evaluate(&trial, None);
                if trial_value <= value + 1e-4 * t * slope {
                    break;
                }
                t *= 0.5;
            }
            theta = trial;
            if !theta.iter().all(|t| t.is_finite()) {
                return Err(furthest(&theta));
            }
            if unbounded && theta.iter().any(|t| t.abs() > DIVERGED) {
                return Err(furthest(&theta));
            }
            if size < TOLERANCE {
                converged = true;
                break;
            }
        }
        if !converged {
            return Err(furthest(&theta));
        }
        for row in hessian.iter_mut() {
            row.fill(0.0);
        }
        self.evaluate(&theta, Some((&mut gradient, &mut hessian)));
        let inverse = invert(&cholesky_damped(&submatrix(&hessian, &free)));
        let mut covariance = vec![vec![0.0; n]; n];
        for (k, &i) in free.iter().enumerate() {
            for (l, &j) in free.iter().enumerate() {
                covariance[i][j] = inverse[k][l];
            }
        }
        Ok((theta, covariance))
    }
}

/// A fit: the natural-log strengths and their covariance.
type Fit = (Vec<f64>, Vec<Vec<f64>>);

/// The rows and columns `keep` of `matrix`.
fn submatrix(matrix: &[Vec<f64>], keep: &[usize]) -> Vec<Vec<f64>> {
    keep.iter()
        .map(|&i| keep.iter().map(|&j| matrix[i][j]).collect())
        .collect()
}

/// The Cholesky factor `L` (lower triangular, `L Lᵀ = A`) of a symmetric matrix, or `None`
/// when it is not positive definite.
fn cholesky(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let sum: f64 = (0..j).map(|k| l[i][k] * l[j][k]).sum();
            if i == j {
                let d = a[i][i] - sum;
                if d.is_nan() || d <= 0.0 {
                    return None;
                }
                l[i][i] = d.sqrt();
            } else {
                l[i][j] = (a[i][j] - sum) / l[j][j];
            }
        }
    }
    Some(l)
}

/// The Cholesky factor of `a`, or of `a + λI` with the smallest `λ` (from 10⁻¹² of the
/// largest diagonal entry up, by tens) that makes it positive definite: the Hessian of a bot
/// far out (a prior of 0) is nearly singular.
fn cholesky_damped(a: &[Vec<f64>]) -> Vec<Vec<f64>> {
    if let Some(l) = cholesky(a) {
        return l;
    }
    let largest = (0..a.len()).fold(0.0f64, |m, i| m.max(a[i][i].abs()));
    let mut lambda = 1e-12 * largest.max(1e-300);
    loop {
        let mut damped = a.to_vec();
        for (i, row) in damped.iter_mut().enumerate() {
            row[i] += lambda;
        }
        if let Some(l) = cholesky(&damped) {
            return l;
        }
        lambda *= 10.0;
    }
}

/// `x` with `L Lᵀ x = b`.
fn solve(l: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = b.len();
    let mut y = vec![0.0; n];
    for i in 0..n {
        let sum: f64 = (0..i).map(|k| l[i][k] * y[k]).sum();
        y[i] = (b[i] - sum) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let sum: f64 = (i + 1..n).map(|k| l[k][i] * x[k]).sum();
        x[i] = (y[i] - sum) / l[i][i];
    }
    x
}

/// `(L Lᵀ)⁻¹`, column by column.
fn invert(l: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = l.len();
    let mut inverse = vec![vec![0.0; n]; n];
    let mut unit = vec![0.0; n];
    for j in 0..n {
        unit.fill(0.0);
        unit[j] = 1.0;
        for (i, x) in solve(l, &unit).into_iter().enumerate() {
            inverse[i][j] = x;
        }
    }
    inverse
}

/// The leaderboard page up to the embedded JSON.
const PAGE_HEAD: &str = include_str!("rating/head.html");
/// The page after the embedded JSON: the script that draws it.
const PAGE_TAIL: &str = include_str!("rating/tail.html");

/// Why a leaderboard page could not be written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: cannot write the leaderboard: {source}")]
pub struct LeaderboardError {
    /// The page that was to be written.
    pub path: PathBuf,
    /// What the system said.
    pub source: std::io::Error,
}

/// Writes the leaderboard page of `ratings` to `path`, titled `title`: one self-contained HTML
/// file (no network, opens from `file://`) with the ratings table sorted by rating (the
/// anchor marked), each bot's 95 % interval drawn as a bar on one scale (SVG), and the
/// head-to-head matrix (each cell the row's points against the column and the games, shaded
/// from red to green by the score).
///
/// The page's script draws it from the [`Ratings`] embedded as JSON (`#ratings-data`, beside
/// the title). As on the replay pages ([`crate::viewer`]), the root element `#viewer` carries
/// `data-ready="1"` once the script has run and `data-error` (empty unless a script error
/// happened); also `data-bots` (rows drawn), `data-bars` (bars drawn), `data-cells`
/// (head-to-head cells with games) and `data-anchor`. The bar of the bot ranked `k` (from 0) is
/// `rect#bar-k`, with `data-bot`, `data-lower` and `data-upper`.
///
/// Written through [`crate::output::write_file`]: a regular file is replaced whole, a FIFO or
/// a device written in place, a link's target replaced.
///
/// ```
/// use arena::stats::rating::{Pool, RatingOptions, write_leaderboard};
///
/// let mut pool = Pool::with_bots(["a", "b"]);
/// pool.add_game(&[(0, 2), (1, 1)])?;
/// let ratings = pool.ratings(&RatingOptions::default())?;
/// let page = std::env::temp_dir().join(format!("leaderboard-doc-{}.html", std::process::id()));
/// write_leaderboard(&page, &ratings, "a against b")?;
/// let html = std::fs::read_to_string(&page)?;
/// assert!(html.starts_with("<!DOCTYPE html>") && html.contains(r#""anchor":"a""#));
/// std::fs::remove_file(&page)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_leaderboard(
    path: &Path,
    ratings: &Ratings,
    title: &str,
) -> Result<(), LeaderboardError> {
    #[derive(Serialize)]
    struct Page<'a> {
        title: &'a str,
        ratings: &'a Ratings,
    }
    let json = serde_json::to_string(&Page { title, ratings })
        .map_err(std::io::Error::other)
        .map_err(|source| LeaderboardError {
            path: path.to_owned(),
            source,
        })?;
    // `<` only occurs inside JSON strings, where `\u003c` means the same: neither `</script>`
    // nor `<!--` can then end the script element early.
    let json = json.replace('<', "\\u003c");
    crate::output::write_file(path, false, |out| {
        crate::viewer::write_head(out, PAGE_HEAD)?;
        out.write_all(json.as_bytes())?;
        out.write_all(PAGE_TAIL.as_bytes())
    })
    .map_err(|source| LeaderboardError {
        path: path.to_owned(),
        source,
    })
}
