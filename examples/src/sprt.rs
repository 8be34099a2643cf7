//! `play GAME --bots NEW,OLD --sprt elo0=0,elo1=5,...`: is the new bot stronger? Paired games
//! (seats swapped on one seed), played on every core in looks of a few pairs, until the sequential
//! probability ratio test of their pentanomial counts ([`arena::stats::sprt`]) accepts a
//! hypothesis. The runner stops at the pair where the test decided, read in index order, so the
//! verdict and the games counted do not depend on `--jobs`; the results file is written after
//! every look, and a run given the same results file goes on from it.

use std::path::PathBuf;
use std::sync::Arc;

use arena::results::{GameRecord, Results, Schedule, TournamentSpec};
use arena::runner::{RunOptions, StopRule};
use arena::stats::sprt::{Outcome, Pentanomial, Report, SprtConfig, Tally, Trinomial, Verdict};

use crate::cli::MatchArgs;
use crate::error::{Error, Result};

/// Bot 0's result in `record` against bot 1, in half points (2 a win, 1 a draw, 0 a loss): the
/// better place wins, equal places draw.
pub fn halves(record: &GameRecord) -> Option<u8> {
    let seat_of = |bot: usize| record.seats.iter().position(|&b| b == bot);
    let (new, old) = (seat_of(0)?, seat_of(1)?);
    Some(compare(*record.ranks.get(new)?, *record.ranks.get(old)?))
}

/// The half points of place `a` against place `b` (the better place wins).
fn compare(a: u32, b: u32) -> u8 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    }
}

/// A duplicate pair's comparison: bot 0's place in `first` against bot 1's in `second`, the
/// same game from the same seat.
fn duplicate(first: &GameRecord, second: &GameRecord) -> Option<Outcome> {
    let seat = first.seats.iter().position(|&b| b == 0)?;
    if second.seats.get(seat) != Some(&1) {
        return None;
    }
    Some(
        match compare(*first.ranks.get(seat)?, *second.ranks.get(seat)?) {
            2 => Outcome::Win,
            1 => Outcome::Draw,
            _ => Outcome::Loss,
        },
    )
}

/// The counts of a test so far, pair by pair: pentanomial for two bots seated in turn,
/// trinomial for the duplicate format.
#[derive(Debug, Clone, Default)]
struct Counter {
    duplicate: bool,
    penta: Pentanomial,
    tri: Trinomial,
    /// Pairs counted (games `0..2 * pairs`).
    pairs: usize,
}

impl Counter {
    fn new(spec: &TournamentSpec) -> Counter {
        Counter {
            duplicate: matches!(spec.schedule, Schedule::Duplicate { .. }),
            ..Counter::default()
        }
    }

    /// Counts the next pair, games `first` and `second`.
    fn add(&mut self, first: &GameRecord, second: &GameRecord) {
        if self.duplicate {
            if let Some(outcome) = duplicate(first, second) {
                self.tri.add(outcome);
            }
        } else if let (Some(a), Some(b)) = (halves(first), halves(second)) {
            let _ = self.penta.add(a + b);
        }
        self.pairs += 1;
    }

    fn tally(&self) -> Tally {
        if self.duplicate {
            Tally::Trinomial(self.tri)
        } else {
            Tally::Pentanomial(self.penta)
        }
    }

    /// Whether `config`'s test has decided on the counts so far (the LLR alone, not the other
    /// figures of a report).
    fn decided(&self, config: &SprtConfig) -> bool {
        let llr = match self.tally() {
            Tally::Pentanomial(counts) => config.llr(&counts),
            Tally::Trinomial(counts) => config.llr(&counts),
        };
        config.bounds().verdict(llr) != Verdict::Continue
    }

    /// Counts the complete pairs of `records` not counted yet, testing after each with `config`
    /// when given: the number of records up to the pair at which the test decided, if it did.
    fn count(&mut self, records: &[GameRecord], config: Option<&SprtConfig>) -> Option<usize> {
        while let Some(pair) = records.get(2 * self.pairs..2 * self.pairs + 2) {
            self.add(&pair[0], &pair[1]);
            if config.is_some_and(|c| self.decided(c)) {
                return Some(2 * self.pairs);
            }
        }
        None
    }
}

/// The test's counts of the complete pairs of `records` (games `2k` and `2k + 1`, in index
/// order): pentanomial for two bots seated in turn, trinomial for the duplicate format; and,
/// when `config` is given, the number of records up to the first pair at which it decides.
pub fn tally(
    spec: &TournamentSpec,
    records: &[GameRecord],
    config: Option<&SprtConfig>,
) -> (Tally, Option<usize>) {
    let mut counter = Counter::new(spec);
    let stop = counter.count(records, config);
    (counter.tally(), stop)
}

/// The figures of `config`'s test of `tally`.
pub fn test(config: &SprtConfig, tally: &Tally) -> Report {
    match tally {
        Tally::Pentanomial(counts) => config.test(counts),
        Tally::Trinomial(counts) => config.test(counts),
    }
}

/// Checks that `spec` can be tested: two bots in a two-player game, paired and rotating, or the
/// duplicate format of a larger field.
pub fn check(spec: &TournamentSpec) -> Result<()> {
    if matches!(spec.schedule, Schedule::Duplicate { .. }) {
        return Ok(());
    }
    if spec.lineup.len() != 2 || spec.schedule != Schedule::Lineup {
        return Err(Error::SprtSetup(format!(
            "--sprt compares two bots: NEW,OLD in a two-player game, or NEW,OLD and one opponent \
             per other seat in a larger one ({} has {} seats here, {} bots given)",
            spec.game,
            spec.players(),
            spec.lineup.len()
        )));
    }
    if !spec.paired || !spec.rotate {
        return Err(Error::SprtSetup(
            "--sprt plays paired games: no --fixed-seats".to_owned(),
        ));
    }
    Ok(())
}

/// The stop rule of `config` for `spec`: after each look, the new pairs are counted and tested
/// one by one (the counts are kept between looks: each pair is counted once); the run stops at
/// the first pair where the test accepts a hypothesis. Each look prints one line on standard
/// error unless `quiet`; the results so far are written to `save` when given, at most once a
/// second and always at the stop (so that an interrupted test can be resumed, losing at most a
/// second of games).
pub fn stop_rule(
    config: SprtConfig,
    spec: &TournamentSpec,
    every: u64,
    quiet: bool,
    save: Option<PathBuf>,
) -> StopRule {
    let spec = Arc::new(spec.clone());
    let progress = std::sync::Mutex::new((Counter::new(&spec), None::<std::time::Instant>));
    StopRule::new(
        every.max(2).next_multiple_of(2),
        move |records: &[GameRecord]| {
            let Ok(mut progress) = progress.lock() else {
                return Some(records.len() - records.len() % 2);
            };
            let (counter, saved) = &mut *progress;
            let stop = counter.count(records, Some(&config));
            if !quiet {
                let report = test(&config, &counter.tally());
                eprintln!(
                    "sprt: {} games, {}, LLR {:.2} [{:.2}, {:.2}]",
                    report.games,
                    match counter.tally() {
                        Tally::Pentanomial(p) => format!("penta {p}"),
                        Tally::Trinomial(t) => format!("L-D-W {t}"),
                    },
                    report.llr,
                    report.lower,
                    report.upper
                );
            }
            let due = saved.is_none_or(|at| at.elapsed() >= std::time::Duration::from_secs(1));
            if let Some(path) = save.as_ref().filter(|_| stop.is_some() || due) {
                *saved = Some(std::time::Instant::now());
                let kept = stop.unwrap_or(2 * counter.pairs);
                let partial = Results {
                    format: arena::results::RESULTS_FORMAT,
                    tournament: TournamentSpec {
                        games: kept as u64,
                        ..(*spec).clone()
                    },
                    shard: None,
                    records: records[..kept].to_vec(),
                    ratings: None,
                };
                if let Err(error) = partial.save(path) {
                    eprintln!("sprt: cannot write {}: {error}", path.display());
                }
            }
            stop
        },
    )
}

/// The test's figures for the games of `results`.
pub fn report(config: &SprtConfig, results: &Results) -> Report {
    test(
        config,
        &tally(&results.tournament, &results.records, None).0,
    )
}

/// `--sprt`'s configuration, when given.
pub fn config(common: &MatchArgs) -> Result<Option<SprtConfig>> {
    common
        .sprt
        .as_deref()
        .map(|text| text.parse::<SprtConfig>().map_err(Error::from))
        .transpose()
}

/// Makes `options` a sequential test when `--sprt` asks for one: checks `spec`, reads the games
/// of an interrupted test from `--results` when it holds this tournament (its complete pairs),
/// and sets the stop rule (a look every two games per thread).
pub fn sequential(
    common: &MatchArgs,
    spec: &TournamentSpec,
    options: &mut RunOptions,
) -> Result<()> {
    let Some(config) = config(common)? else {
        return Ok(());
    };
    check(spec)?;
    let mut done = Vec::new();
    if let Some(path) = common.results.as_ref().filter(|p| p.is_file()) {
        let earlier = Results::load(path).map_err(arena::Error::from)?;
        let same = TournamentSpec {
            games: spec.games,
            ..earlier.tournament.clone()
        };
        if same != *spec {
            return Err(Error::SprtSetup(format!(
                "{} holds another tournament ({}); give a new --results file",
                path.display(),
                earlier.tournament.lineup.join(",")
            )));
        }
        done = earlier.records;
        done.truncate(done.len() - done.len() % 2);
        // Said even with --quiet: the figures will count games played before.
        eprintln!(
            "sprt: resuming after {} games of {}",
            done.len(),
            path.display()
        );
    }
    let jobs = arena::runner::effective_jobs(options.jobs, spec.games) as u64;
    options.stop = Some(
        stop_rule(config, spec, 2 * jobs, common.quiet, common.results.clone()).resuming(done),
    );
    Ok(())
}
