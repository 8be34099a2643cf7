//! One results table for every game: what each game of a tournament ended with, the per-bot
//! standings computed from it, and the results file that shards of a tournament write and
//! `play merge` adds up.
//!
//! A results file keeps every game's record, not running sums: adding up floating-point sums in a
//! different grouping gives different bits, while re-tabulating the same records in index order
//! gives exactly the table of one run, however the games were split into shards.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The largest results file [`Results::load`] reads (a regular file's size checked before
/// reading, and every file's bytes counted as they are read): 256 MiB, about two million
/// two-player games.
pub const MAX_RESULTS_FILE_BYTES: u64 = 256 << 20;

/// The largest score magnitude a results file may hold: [`Results::load`] and
/// [`Results::merge`] refuse a score that is not finite or beyond ±1e15
/// ([`ResultsError::OutOfRange`]). Far beyond anything the five games produce (points, planes,
/// vapor: at most millions), and small enough that the table's sums over every game a results
/// file can hold ([`MAX_RESULTS_FILE_BYTES`]) stay finite: a score of 1e308 made them infinite.
pub const MAX_SCORE: f64 = 1e15;

/// The version of the results file format this build writes and reads.
pub const RESULTS_FORMAT: u32 = 1;

/// What one game of a tournament ended with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the tournament (it fixes the game's seed).
    pub index: u64,
    /// For each seat (player 0, 1, ...), the index in the line-up of the bot that played it.
    pub seats: Vec<usize>,
    /// Each seat's score in the game's own units.
    pub scores: Vec<f64>,
    /// Each seat's 1-based place (ties share the better place).
    pub ranks: Vec<u32>,
    /// Steps (rounds, ticks, turns) the game lasted.
    pub steps: u64,
    /// Each seat's fault in the game ([`crate::Bot::fault`]: a program that crashed, stayed
    /// silent, flooded or answered garbage), or nothing at all when no seat had one (so results
    /// files without faults read and write as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<Option<String>>,
    /// Where each seat's fault happened, beside [`GameRecord::faults`]: the step after which it
    /// was first seen (the replay page's step number: 0 before the first step, for a program
    /// that could not start; `n` for a fault in the `n`-th step played, the step whose action
    /// the fault replaced). Empty when no seat had a fault, or for a record written before the
    /// steps were kept (results files read and write as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fault_steps: Vec<Option<u64>>,
}

impl GameRecord {
    /// The faults of `seats.len()` seats, as a record keeps them: empty when there is none.
    pub fn faults_of(faults: Vec<Option<String>>) -> Vec<Option<String>> {
        if faults.iter().all(Option::is_none) {
            Vec::new()
        } else {
            faults
        }
    }

    /// Sets [`GameRecord::faults`] and [`GameRecord::fault_steps`] from each seat's fault and
    /// the step it happened at (both empty when no seat had one).
    pub fn set_faults(&mut self, faults: Vec<Option<(u64, String)>>) {
        if faults.iter().all(Option::is_none) {
            self.faults = Vec::new();
            self.fault_steps = Vec::new();
        } else {
            self.fault_steps = faults.iter().map(|f| f.as_ref().map(|f| f.0)).collect();
            self.faults = faults.into_iter().map(|f| f.map(|f| f.1)).collect();
        }
    }

    /// Seat `seat`'s fault and the step it happened at (`None` for the step in a record
    /// without [`GameRecord::fault_steps`]).
    pub fn fault(&self, seat: usize) -> Option<(Option<u64>, &str)> {
        let text = self.faults.get(seat)?.as_deref()?;
        Some((self.fault_steps.get(seat).copied().flatten(), text))
    }
}

/// The kind of a fault text: its first word (`crash`, `silence`, `flood`, `garbage`, `limit`;
/// see [`crate::program`]'s "Limits and faults").
pub fn fault_kind(text: &str) -> &str {
    let end = text
        .find(|c: char| c == ':' || c.is_whitespace())
        .unwrap_or(text.len());
    &text[..end]
}

/// A slice of a tournament: shard `index` of `count` (0-based, `--shard 0/4` .. `--shard 3/4`).
///
/// Shard `i` of `n` plays the games `games * i / n .. games * (i + 1) / n`, so the shards of a
/// tournament are disjoint, cover every game and differ in size by at most one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, `0..count`.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

/// Why `--shard` could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shard {text:?}: {reason} (expected I/N with 0 <= I < N, e.g. 0/4)")]
pub struct ShardError {
    /// The rejected text.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl Shard {
    /// The whole tournament as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The indices of the games this shard plays, out of `games`.
    pub fn range(self, games: u64) -> std::ops::Range<u64> {
        let at = |i: u64| (u128::from(games) * u128::from(i) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let error = |reason| ShardError {
            text: text.to_owned(),
            reason,
        };
        let (index, count) = text.split_once('/').ok_or_else(|| error("no '/'"))?;
        let index: u64 = index
            .trim()
            .parse()
            .map_err(|_| error("I is not a number"))?;
        let count: u64 = count
            .trim()
            .parse()
            .map_err(|_| error("N is not a number"))?;
        if count == 0 {
            return Err(error("N is 0"));
        }
        if index >= count {
            return Err(error("I is not below N"));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What a tournament is: everything that decides its games, so that shards can be checked to
/// belong to the same one before they are merged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSpec {
    /// The game's name (`dogfight`, ...).
    pub game: String,
    /// The game-specific settings, as one line (`arena 14, 100 rounds`).
    pub setup: String,
    /// The bots, one per seat of the first game; with rotation, game `i` seats line-up entry
    /// `(seat + i) % players` in `seat`.
    pub lineup: Vec<String>,
    /// Games in the whole tournament.
    pub games: u64,
    /// The base seed: game `i`'s seed is [`crate::runner::game_seed`]`(seed, i)`.
    pub seed: u64,
    /// Whether the seats rotate from game to game.
    pub rotate: bool,
    /// Paired games: the games of one rotation (two for two players) share one seed, so that
    /// the luck of seed and seat cancels (`--paired`, and always under `--sprt`): game `i`'s seed
    /// is [`crate::runner::game_seed`]`(seed, i / players)`. Files without it are unpaired.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paired: bool,
    /// Which bots of the line-up play each game, and in which seats ([`Schedule`]); files
    /// without it seat the whole line-up ([`Schedule::Lineup`]).
    #[serde(default, skip_serializing_if = "Schedule::is_lineup")]
    pub schedule: Schedule,
}

/// Which bots of a tournament's line-up play game `i`, and in which seats. A league of more bots
/// than a game has seats, and the duplicate format of a bot test in a larger field, are
/// schedules; each group of games (one rotation of one set of bots, or a duplicate pair) shares
/// one seed when the games are [paired](TournamentSpec::paired) (a duplicate pair always does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Schedule {
    /// Every game seats the whole line-up, one bot per seat (rotating with
    /// [`TournamentSpec::rotate`]).
    #[default]
    Lineup,
    /// A round robin: every set of `seats` bots of the line-up in turn (in lexicographic
    /// order, then again), each played as one full rotation of its bots over the seats
    /// (`seats` games).
    RoundRobin {
        /// Seats per game.
        seats: usize,
    },
    /// A gauntlet: line-up entry 0 against every set of `seats - 1` of the others in turn, each
    /// set played as one full rotation over the seats.
    Gauntlet {
        /// Seats per game.
        seats: usize,
    },
    /// The duplicate format of a test between entries 0 (new) and 1 (old) in a field of
    /// `seats` seats: games `2g` and `2g + 1` are the same game, with entry 0 and then entry 1
    /// in seat `g % seats` and the fixed opponents (entries 2, 3, ...) in the other seats, their
    /// order turning with `g`. The two are compared game by game.
    Duplicate {
        /// Seats per game.
        seats: usize,
    },
}

impl Schedule {
    /// Whether this is [`Schedule::Lineup`] (which files leave out).
    pub fn is_lineup(&self) -> bool {
        *self == Schedule::Lineup
    }
}

/// `n` choose `k`, saturating at `u64::MAX`.
fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n.saturating_sub(k));
    let mut value: u128 = 1;
    for i in 0..k {
        value = value * u128::from(n - i) / u128::from(i + 1);
        if value > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    value as u64
}

/// The `rank`-th (from 0, lexicographic) set of `k` of the items `0..n`, in increasing order.
fn combination(n: usize, k: usize, mut rank: u64) -> Vec<usize> {
    let mut set = Vec::with_capacity(k);
    let mut next = 0;
    for left in (1..=k).rev() {
        while next < n {
            // The sets that start with `next` here.
            let with = binomial((n - next - 1) as u64, (left - 1) as u64);
            if rank < with {
                break;
            }
            rank -= with;
            next += 1;
        }
        set.push(next);
        next += 1;
    }
    set
}

impl TournamentSpec {
    /// Seats per game: the line-up's length, or the schedule's seats.
    pub fn players(&self) -> usize {
        match self.schedule {
            Schedule::Lineup => self.lineup.len(),
            Schedule::RoundRobin { seats }
            | Schedule::Gauntlet { seats }
            | Schedule::Duplicate { seats } => seats,
        }
    }

    /// Games per group of one seed (when paired): a rotation, or a duplicate pair.
    fn group(&self) -> u64 {
        match self.schedule {
            Schedule::Duplicate { .. } => 2,
            _ => self.players().max(1) as u64,
        }
    }

    /// The seed of game `index`: [`crate::runner::game_seed`] of the game, or of its group
    /// (a rotation, a duplicate pair) when the games are [paired](TournamentSpec::paired).
    pub fn game_seed(&self, index: u64) -> u64 {
        let paired = self.paired || matches!(self.schedule, Schedule::Duplicate { .. });
        let group = if paired { index / self.group() } else { index };
        crate::runner::game_seed(self.seed, group)
    }

    /// For each seat of game `index`, the line-up entry that plays it (see [`Schedule`]).
    pub fn seats_of(&self, index: u64) -> Vec<usize> {
        let n = self.lineup.len();
        match self.schedule {
            Schedule::Lineup => crate::runner::seats(n, index, self.rotate),
            Schedule::RoundRobin { seats } | Schedule::Gauntlet { seats } => {
                let seats = seats.max(1);
                let gauntlet = matches!(self.schedule, Schedule::Gauntlet { .. });
                let (pool, k) = if gauntlet {
                    (n.saturating_sub(1), seats - 1)
                } else {
                    (n, seats)
                };
                let sets = binomial(pool as u64, k as u64).max(1);
                let group = index / seats as u64;
                let mut set = combination(pool, k, group % sets);
                if gauntlet {
                    set.iter_mut().for_each(|e| *e += 1);
                    set.insert(0, 0);
                }
                let turn = (index % seats as u64) as usize;
                (0..seats).map(|s| set[(s + turn) % seats]).collect()
            }
            Schedule::Duplicate { seats } => {
                let seats = seats.max(1);
                let group = index / 2;
                let tested = (group % seats as u64) as usize;
                let opponents = seats - 1;
                let mut placed = Vec::with_capacity(seats);
                let mut other = 0;
                for seat in 0..seats {
                    if seat == tested {
                        placed.push((index % 2) as usize);
                    } else {
                        let turn = (group / seats as u64) as usize;
                        placed.push(2 + (other + turn) % opponents.max(1));
                        other += 1;
                    }
                }
                placed
            }
        }
    }

    /// Whether the schedule can seat this line-up: a league needs more bots than seats (a
    /// gauntlet at least as many), a duplicate test two tested bots and `seats - 1` opponents.
    pub fn schedule_fits(&self) -> bool {
        let n = self.lineup.len();
        match self.schedule {
            Schedule::Lineup => n > 0,
            Schedule::RoundRobin { seats } => seats >= 2 && n >= seats && n <= 64,
            Schedule::Gauntlet { seats } => seats >= 2 && n >= seats && n <= 64,
            Schedule::Duplicate { seats } => seats >= 3 && n == seats + 1,
        }
    }
}

/// The games of a tournament, or of one shard of it, in index order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// [`RESULTS_FORMAT`] when written.
    pub format: u32,
    /// The tournament the games belong to.
    pub tournament: TournamentSpec,
    /// The slice played (`None`: the whole tournament, also after a complete merge).
    pub shard: Option<Shard>,
    /// One record per game played, in increasing index.
    pub records: Vec<GameRecord>,
    /// The bots' ratings, when a league's run or merge wrote them (`play --league`); computed
    /// from the records ([`crate::stats::rating::Pool::from_results`]), so a merge rates the
    /// merged games afresh. Files without them read as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<crate::stats::rating::Ratings>,
}

/// Why results could not be read, written or merged.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is larger than [`MAX_RESULTS_FILE_BYTES`].
    #[error(
        "{path}: {bytes} bytes, more than the limit of {MAX_RESULTS_FILE_BYTES} for a results file"
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// A file is not a results file of this format.
    #[error("{path}: not a results file: {message}")]
    Format {
        /// The file.
        path: PathBuf,
        /// What the JSON reader or the format check said.
        message: String,
    },
    /// `merge` was given nothing.
    #[error("nothing to merge")]
    Nothing,
    /// Two files belong to different tournaments.
    #[error("{path} is from another tournament: {field} differs ({expected} vs {got})")]
    OtherTournament {
        /// The file (or part) that differs from the first.
        path: String,
        /// The differing setting.
        field: &'static str,
        /// The first file's value.
        expected: String,
        /// This file's value.
        got: String,
    },
    /// A game appears in two files.
    #[error("game {index} appears twice (is a shard given twice?)")]
    Duplicate {
        /// The game index.
        index: u64,
    },
    /// A game is out of the tournament's range or inconsistent with its line-up.
    #[error("game {index}: {reason}")]
    BadRecord {
        /// The game index.
        index: u64,
        /// What is wrong.
        reason: String,
    },
    /// A game record holds a value no game produces: a rank outside `1..=players` or a score
    /// that is not finite or beyond [`MAX_SCORE`].
    #[error("{path}: game {index}, seat {seat}: {field} {value} is out of range ({allowed})")]
    OutOfRange {
        /// The file (or the part of a merge) holding the record.
        path: String,
        /// The game's index.
        index: u64,
        /// The seat whose value it is.
        seat: usize,
        /// `"rank"` or `"score"`.
        field: &'static str,
        /// The value, as the file holds it.
        value: String,
        /// What is allowed (`1..=2`, `finite, at most 1e15 in magnitude`).
        allowed: String,
    },
    /// Games are missing after a merge.
    #[error(
        "{missing} of {games} games are missing (first missing: game {first}); merge every shard"
    )]
    Missing {
        /// How many.
        missing: u64,
        /// Games in the tournament.
        games: u64,
        /// The first missing index.
        first: u64,
    },
}

impl Results {
    /// Checks that the records fit the tournament: indices in range and increasing, one seat,
    /// score and rank per player, line-up entries that exist.
    fn check(&self) -> Result<(), ResultsError> {
        let players = self.tournament.players();
        let entries = self.tournament.lineup.len();
        let mut previous: Option<u64> = None;
        for record in &self.records {
            let bad = |reason: String| ResultsError::BadRecord {
                index: record.index,
                reason,
            };
            if record.index >= self.tournament.games {
                return Err(bad(format!(
                    "out of the tournament's {} game(s)",
                    self.tournament.games
                )));
            }
            if previous.is_some_and(|p| p >= record.index) {
                return Err(bad("records are not in increasing index order".into()));
            }
            previous = Some(record.index);
            if record.seats.len() != players
                || record.scores.len() != players
                || record.ranks.len() != players
            {
                return Err(bad(format!(
                    "{} seats, {} scores, {} ranks for {players} players",
                    record.seats.len(),
                    record.scores.len(),
                    record.ranks.len()
                )));
            }
            if !record.faults.is_empty() && record.faults.len() != players {
                return Err(bad(format!(
                    "{} faults for {players} players",
                    record.faults.len()
                )));
            }
            if !record.fault_steps.is_empty() && record.fault_steps.len() != players {
                return Err(bad(format!(
                    "{} fault steps for {players} players",
                    record.fault_steps.len()
                )));
            }
            if let Some(&entry) = record.seats.iter().find(|&&e| e >= entries) {
                return Err(bad(format!("seat played by line-up entry {entry}")));
            }
            if let Some(&rank) = record.ranks.iter().find(|&&r| r == 0) {
                return Err(bad(format!("rank {rank} (ranks are 1-based)")));
            }
        }
        Ok(())
    }

    /// Checks the values of the records of a file (or part) named `path`: each rank within
    /// `1..=players`, each score finite and at most [`MAX_SCORE`] in magnitude. Records whose
    /// lengths do not fit the players are left to [`Results::check`].
    fn check_values(&self, path: &str) -> Result<(), ResultsError> {
        let players = self.tournament.players();
        for record in &self.records {
            let out_of_range = |seat, field, value: String, allowed: String| {
                Err(ResultsError::OutOfRange {
                    path: path.to_owned(),
                    index: record.index,
                    seat,
                    field,
                    value,
                    allowed,
                })
            };
            for (seat, &rank) in record.ranks.iter().enumerate() {
                if rank == 0 || rank as usize > players {
                    return out_of_range(seat, "rank", rank.to_string(), format!("1..={players}"));
                }
            }
            for (seat, &score) in record.scores.iter().enumerate() {
                if !score.is_finite() || score.abs() > MAX_SCORE {
                    return out_of_range(
                        seat,
                        "score",
                        format!("{score:?}"),
                        format!("finite, at most {MAX_SCORE:e} in magnitude"),
                    );
                }
            }
        }
        Ok(())
    }

    /// Writes the results as JSON to `path`: a regular file (or a link to one) through a
    /// temporary file renamed into place, so that no half-written file is ever left behind; a
    /// FIFO or a device written in place, never replaced ([`crate::output::write_file`]). An
    /// error (`/dev/full`: no space) is [`ResultsError::Io`] naming `path`.
    pub fn save(&self, path: &Path) -> Result<(), ResultsError> {
        crate::output::write_file(path, true, |out| {
            serde_json::to_writer(&mut *out, self)?;
            out.write_all(b"\n")
        })
        .map_err(|source| ResultsError::Io {
            path: path.to_owned(),
            source,
        })
    }

    /// Reads a results file written by [`Results::save`] (at most [`MAX_RESULTS_FILE_BYTES`]).
    pub fn load(path: &Path) -> Result<Results, ResultsError> {
        let io = |source| ResultsError::Io {
            path: path.to_owned(),
            source,
        };
        // Counted as it is read: a device or a pipe (reported size 0) cannot make it read more.
        let file = std::fs::File::open(path).map_err(io)?;
        let bytes = file.metadata().map_err(io)?.len();
        let too_large = |bytes| ResultsError::TooLarge {
            path: path.to_owned(),
            bytes,
        };
        if bytes > MAX_RESULTS_FILE_BYTES {
            return Err(too_large(bytes));
        }
        let mut text = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(file, MAX_RESULTS_FILE_BYTES + 1),
            &mut text,
        )
        .map_err(io)?;
        if text.len() as u64 > MAX_RESULTS_FILE_BYTES {
            return Err(too_large(text.len() as u64));
        }
        let format_error = |message: String| ResultsError::Format {
            path: path.to_owned(),
            message,
        };
        let results: Results =
            serde_json::from_slice(&text).map_err(|e| format_error(e.to_string()))?;
        if results.format != RESULTS_FORMAT {
            return Err(format_error(format!(
                "format {} (this build reads {RESULTS_FORMAT})",
                results.format
            )));
        }
        results.check().map_err(|e| format_error(e.to_string()))?;
        results.check_values(&path.display().to_string())?;
        Ok(results)
    }

    /// Adds up the results of shards of one tournament. When every game is there, the result is
    /// exactly that of one run of the whole tournament (`shard: None`); `parts` are named by
    /// `names` in errors.
    pub fn merge(parts: Vec<(String, Results)>) -> Result<Results, ResultsError> {
        for (name, part) in &parts {
            part.check_values(name)?;
        }
        let mut parts = parts.into_iter();
        let (_, first) = parts.next().ok_or(ResultsError::Nothing)?;
        let tournament = first.tournament.clone();
        let mut records = first.records;
        for (name, part) in parts {
            let other = &part.tournament;
            let differs = |field, expected: String, got: String| {
                Err(ResultsError::OtherTournament {
                    path: name.clone(),
                    field,
                    expected,
                    got,
                })
            };
            if other.game != tournament.game {
                return differs("game", tournament.game.clone(), other.game.clone());
            }
            if other.setup != tournament.setup {
                return differs("setup", tournament.setup.clone(), other.setup.clone());
            }
            if other.lineup != tournament.lineup {
                return differs("bots", tournament.lineup.join(","), other.lineup.join(","));
            }
            if other.games != tournament.games {
                return differs(
                    "games",
                    tournament.games.to_string(),
                    other.games.to_string(),
                );
            }
            if other.seed != tournament.seed {
                return differs("seed", tournament.seed.to_string(), other.seed.to_string());
            }
            if other.rotate != tournament.rotate {
                return differs(
                    "seat rotation",
                    tournament.rotate.to_string(),
                    other.rotate.to_string(),
                );
            }
            records.extend(part.records);
        }
        records.sort_by_key(|record| record.index);
        if let Some(pair) = records.windows(2).find(|w| w[0].index == w[1].index) {
            return Err(ResultsError::Duplicate {
                index: pair[0].index,
            });
        }
        let missing = tournament.games - records.len() as u64;
        if missing > 0 {
            let first = (0..)
                .zip(&records)
                .find(|(i, record)| record.index != *i)
                .map_or(records.len() as u64, |(i, _)| i);
            return Err(ResultsError::Missing {
                missing,
                games: tournament.games,
                first,
            });
        }
        let merged = Results {
            format: RESULTS_FORMAT,
            tournament,
            shard: None,
            records,
            ratings: None,
        };
        merged.check()?;
        Ok(merged)
    }

    /// The per-bot standings, one row per distinct bot name in line-up order; a bot named several
    /// times in the line-up plays several seats, and each seat counts as one game for it.
    pub fn standings(&self) -> Vec<Standing> {
        let lineup = &self.tournament.lineup;
        let mut rows: Vec<Standing> = Vec::new();
        let row_of: Vec<usize> = lineup
            .iter()
            .map(|name| match rows.iter().position(|row| &row.name == name) {
                Some(row) => row,
                None => {
                    rows.push(Standing::new(name));
                    rows.len() - 1
                }
            })
            .collect();
        for record in &self.records {
            let firsts = record.ranks.iter().filter(|&&rank| rank == 1).count();
            for (seat, &entry) in record.seats.iter().enumerate() {
                let row = &mut rows[row_of[entry]];
                row.games += 1;
                if record.ranks[seat] == 1 {
                    if firsts == 1 {
                        row.wins += 1;
                    } else {
                        row.shared_wins += 1;
                    }
                }
                row.score_sum += record.scores[seat];
                row.rank_sum += u64::from(record.ranks[seat]);
                if record.faults.get(seat).is_some_and(Option::is_some) {
                    row.faults += 1;
                }
            }
        }
        rows
    }

    /// The results table: a heading line, then one row per bot (see [`Results::standings`]).
    pub fn table(&self) -> String {
        let t = &self.tournament;
        // Summed in `u128`: the step counts of a merged file may add past `u64::MAX` (each is a
        // `u64`, and there are at most `usize::MAX` of them), and the mean must still be right.
        let steps: u128 = self.records.iter().map(|r| u128::from(r.steps)).sum();
        let mut out = String::new();
        let games = self.records.len();
        let noun = if games == 1 { "game" } else { "games" };
        let _ = write!(out, "{}: {games} {noun}", t.game);
        if let Some(shard) = self.shard {
            let _ = write!(out, " (shard {shard} of a {}-game tournament)", t.games);
        }
        if !t.setup.is_empty() {
            let _ = write!(out, ", {}", t.setup);
        }
        let _ = writeln!(
            out,
            ", seed {}, seats {}, {:.1} steps per game",
            t.seed,
            if t.rotate { "rotating" } else { "fixed" },
            steps as f64 / self.records.len().max(1) as f64
        );
        let rows = self.standings();
        let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max(3);
        // The faults column only when a program had one: tables of bots in process stay as
        // they were.
        let faults = rows.iter().any(|r| r.faults > 0);
        let _ = writeln!(
            out,
            "{:<width$} {:>7} {:>7} {:>7} {:>7} {:>15} {:>11} {:>9}{}",
            "bot",
            "games",
            "wins",
            "shared",
            "win %",
            "95% CI",
            "mean score",
            "mean rank",
            if faults { "  faults" } else { "" }
        );
        for row in rows {
            let (low, high) = row.win_rate_interval();
            let _ = writeln!(
                out,
                "{:<width$} {:>7} {:>7} {:>7} {:>6.1}% {:>6.1}%-{:>5.1}% {:>11.2} {:>9.2}{}",
                row.name,
                row.games,
                row.wins,
                row.shared_wins,
                100.0 * row.win_rate(),
                100.0 * low,
                100.0 * high,
                row.mean_score(),
                row.mean_rank(),
                if faults {
                    format!(" {:>7}", row.faults)
                } else {
                    String::new()
                }
            );
        }
        for line in self.fault_lines() {
            let _ = writeln!(out, "{line}");
        }
        out
    }

    /// The lines under the results table about faults: for each bot that had one (in the
    /// table's order), the seats with a fault per kind and its first fault, with the game, the
    /// step and why: `faults of cmd:bot.py: 3 silence, 1 crash; first in game 2 at step 14:
    /// silence: round 14: no answer within 1s`.
    pub fn fault_lines(&self) -> Vec<String> {
        let lineup = &self.tournament.lineup;
        let mut names: Vec<&str> = Vec::new();
        for name in lineup {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
        // Per bot: the seats per kind, in order of first appearance, and the first fault.
        type Tally<'a> = (Vec<(&'a str, u64)>, Option<(u64, Option<u64>, &'a str)>);
        let mut tallies: Vec<Tally<'_>> = vec![(Vec::new(), None); names.len()];
        for record in &self.records {
            for (seat, &entry) in record.seats.iter().enumerate() {
                let Some((step, text)) = record.fault(seat) else {
                    continue;
                };
                let Some(row) = lineup
                    .get(entry)
                    .and_then(|name| names.iter().position(|n| n == name))
                else {
                    continue;
                };
                let (kinds, first) = &mut tallies[row];
                let kind = fault_kind(text);
                match kinds.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, n)) => *n += 1,
                    None => kinds.push((kind, 1)),
                }
                first.get_or_insert((record.index, step, text));
            }
        }
        names
            .iter()
            .zip(&tallies)
            .filter_map(|(name, (kinds, first))| {
                let (game, step, text) = (*first)?;
                let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
                let at = step.map_or_else(String::new, |step| format!(" at step {step}"));
                Some(format!(
                    "faults of {name}: {}; first in game {game}{at}: {text}",
                    kinds.join(", ")
                ))
            })
            .collect()
    }
}

/// One bot's line of the results table.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The bot's name.
    pub name: String,
    /// Seats it played (one per game per line-up entry with its name).
    pub games: u64,
    /// Games it finished alone in first place.
    pub wins: u64,
    /// Games it finished first together with others (a draw for the lead).
    pub shared_wins: u64,
    /// Sum of its scores.
    pub score_sum: f64,
    /// Sum of its places.
    pub rank_sum: u64,
    /// Seats in which it had a fault ([`GameRecord::faults`]).
    pub faults: u64,
}

impl Standing {
    fn new(name: &str) -> Standing {
        Standing {
            name: name.to_owned(),
            games: 0,
            wins: 0,
            shared_wins: 0,
            score_sum: 0.0,
            rank_sum: 0,
            faults: 0,
        }
    }

    /// Wins (alone in first place) per game played; 0 before any game.
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }

    /// The 95% Wilson score interval of the win rate.
    pub fn win_rate_interval(&self) -> (f64, f64) {
        wilson_interval(self.wins, self.games)
    }

    /// Mean score per game; 0 before any game.
    pub fn mean_score(&self) -> f64 {
        self.score_sum / self.games.max(1) as f64
    }

    /// Mean place per game; 0 before any game.
    pub fn mean_rank(&self) -> f64 {
        self.rank_sum as f64 / self.games.max(1) as f64
    }
}

/// The 95% Wilson score interval for `successes` out of `trials` (`(0, 1)` for no trials).
///
/// Unlike the normal approximation it stays inside `[0, 1]` and is honest for small samples and
/// rates near 0 or 1 (Wilson 1927; Brown, Cai & DasGupta 2001).
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054; // the 97.5% quantile of the standard normal
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At a rate of exactly 0 or 1 the interval touches that end; say so exactly, not to within
    // rounding.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

pub use pathfind::tree::ranks_from_scores;
