//! [`Tournament`]: the builder a bot author uses to run a tournament of their own bots.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use crate::bot::Bot;
use crate::error::Error;
use crate::playable::Playable;
use crate::results::{Results, Shard, TournamentSpec};
use crate::runner::{self, Entry, RunOptions};
use crate::viewer::{MatchPage, PagePlan, ViewerSummary};

/// A tournament of one game between a line-up of bots: `Tournament::new(game)`, one
/// [`Tournament::bot`] per seat of the first game, then the settings, then [`Tournament::run`].
///
/// Game `i` is seeded by the base seed and `i` alone, and its seats rotate one place per game
/// (unless [`Tournament::fixed_seats`]), so its results never depend on the threads or shards
/// that play it. See the crate's README for a whole example.
pub struct Tournament<G: Playable> {
    tables: Vec<G>,
    lineup: Vec<Entry<G>>,
    games: u64,
    seed: u64,
    rotate: bool,
    setup: String,
    options: RunOptions,
    page: Option<PathBuf>,
    page_every: usize,
}

/// What [`Tournament::run`] returns: the results (the table, the standings, the results file) and
/// the page written when [`Tournament::page`] asked for one.
#[derive(Debug, Clone)]
pub struct Report {
    /// Every game's record, in index order.
    pub results: Results,
    /// The page of the first game played, when asked for.
    pub page: Option<(PathBuf, ViewerSummary)>,
}

impl Report {
    /// The results table (see [`Results::table`]).
    pub fn table(&self) -> String {
        self.results.table()
    }
}

impl<G: Playable> Tournament<G> {
    /// A tournament of one game on `game`: no bots yet, seed 1, seats rotating, one thread per
    /// core, no progress bar.
    pub fn new(game: G) -> Tournament<G> {
        Tournament {
            tables: vec![game],
            lineup: Vec::new(),
            games: 1,
            seed: 1,
            rotate: true,
            setup: String::new(),
            options: RunOptions::default(),
            page: None,
            page_every: 1,
        }
    }

    /// Adds another table: game `i` is played on table `i % tables` (several maps, in turn).
    #[must_use]
    pub fn table(mut self, game: G) -> Self {
        self.tables.push(game);
        self
    }

    /// Seats `bot` (the next seat of the first game): every game plays a fresh clone of it,
    /// named [`Bot::name`] in the table.
    #[must_use]
    pub fn bot<B>(self, bot: B) -> Self
    where
        B: Bot<G> + Clone + Send + Sync + 'static,
    {
        self.entry(Entry::of(bot))
    }

    /// Seats a line-up entry: a name and a way to build the bot for each game (for bots that
    /// are not `Clone`, or that need the game to be built).
    #[must_use]
    pub fn entry(mut self, entry: Entry<G>) -> Self {
        self.lineup.push(entry);
        self
    }

    /// Games to play (default 1).
    #[must_use]
    pub fn games(mut self, games: u64) -> Self {
        self.games = games;
        self
    }

    /// The base seed (default 1): game `i`'s seed is [`runner::game_seed`]`(seed, i)`.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Keeps every bot in its seat (by default the seats rotate one place every game).
    #[must_use]
    pub fn fixed_seats(mut self) -> Self {
        self.rotate = false;
        self
    }

    /// Threads (default: one per core; at most [`runner::MAX_JOBS`]). The results are the same
    /// for any number.
    #[must_use]
    pub fn jobs(mut self, jobs: NonZeroUsize) -> Self {
        self.options.jobs = Some(jobs);
        self
    }

    /// Plays only one slice of the games; [`Results::merge`] adds the slices' results up.
    #[must_use]
    pub fn shard(mut self, shard: Shard) -> Self {
        self.options.shard = Some(shard);
        self
    }

    /// Draws a progress bar on stderr (when it is a terminal).
    #[must_use]
    pub fn progress(mut self, progress: bool) -> Self {
        self.options.progress = progress;
        self
    }

    /// A one-line description of the settings, for the table and the results file.
    #[must_use]
    pub fn setup(mut self, setup: impl Into<String>) -> Self {
        self.setup = setup.into();
        self
    }

    /// Writes the replay page of the first game played (one self-contained HTML file) to `path`.
    #[must_use]
    pub fn page(mut self, path: impl Into<PathBuf>) -> Self {
        self.page = Some(path.into());
        self
    }

    /// With [`Tournament::page`]: embed every `every`-th step (and always the last); default 1.
    #[must_use]
    pub fn page_every(mut self, every: usize) -> Self {
        self.page_every = every.max(1);
        self
    }

    /// What the tournament is, as its results file records it.
    pub fn spec(&self) -> TournamentSpec {
        TournamentSpec {
            game: G::NAME.to_owned(),
            setup: self.setup.clone(),
            lineup: self.lineup.iter().map(|e| e.name().to_owned()).collect(),
            games: self.games,
            seed: self.seed,
            rotate: self.rotate,
            paired: false,
            schedule: crate::results::Schedule::Lineup,
        }
    }

    /// Plays the tournament (on every core unless [`Tournament::jobs`] says otherwise).
    ///
    /// Errors: a line-up that does not seat every player ([`Error::Players`]), no games
    /// ([`Error::NoGames`]), a bot that cannot be built, a page that cannot be written.
    pub fn run(&self) -> Result<Report, Error>
    where
        G::State: Send,
    {
        if self.games == 0 {
            return Err(Error::NoGames { game: G::NAME });
        }
        let spec = self.spec();
        let plan = self.page.as_ref().map(|path| PagePlan {
            path: path.clone(),
            index: self
                .options
                .shard
                .map_or(0, |shard| shard.range(self.games).start),
            every: self.page_every,
            seed: self.seed,
        });
        let mut page = None;
        let results = runner::run_playable_watched(
            &self.tables,
            &spec,
            &self.lineup,
            &self.options,
            |setup| MatchPage::new(plan.as_ref(), setup),
            |setup, watcher: MatchPage<G>| {
                if let Some(plan) = &plan {
                    let table = &self.tables[(setup.index % self.tables.len() as u64) as usize];
                    let names: Vec<String> = setup
                        .seats
                        .iter()
                        .map(|&e| spec.lineup[e].clone())
                        .collect();
                    if let Some(summary) = watcher.write_summary(Some(plan), table, &names)? {
                        page = Some((plan.path.clone(), summary));
                    }
                }
                Ok(())
            },
        )?;
        Ok(Report { results, page })
    }
}
