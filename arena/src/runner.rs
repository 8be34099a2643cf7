//! The match and tournament runner: N games between a line-up of bots, in parallel, with results
//! that do not depend on how many threads played them.
//!
//! - Game `i`'s seed is [`game_seed`]`(seed, i)` and its seats are fixed by `i` (with rotation,
//!   seat `s` is played by line-up entry `(s + i) % players`), so a game is the same whichever
//!   thread, shard or machine plays it.
//! - Games run on a `rayon` pool of `--jobs` threads; their records are collected and tabulated in
//!   index order, so the results are identical for every number of jobs.
//! - `--shard I/N` plays one slice of the games; `play merge` adds the slices' results files up to
//!   exactly the results of one run ([`Results::merge`]).
//!
//! [`run`] is written against a closure that plays one game, so that it serves any game;
//! [`play_game`] is that closure for every [`Playable`] game, through the
//! [`pathfind::tree::Game`] contract and the [`Bot`] trait, with the bots of a line-up of
//! [`Entry`]s (a name and a way to build the bot for each game). [`crate::Tournament`] is the
//! builder a bot author uses; these functions are what it runs.
//!
//! # Limits
//!
//! - Threads: at most [`MAX_JOBS`], and never more than the games to play (`--jobs` above is
//!   clamped, so `--jobs 18446744073709551615` runs on [`MAX_JOBS`] threads at most).
//! - Games: any `u64`; a shard at the very end of the index range plays exactly its own games
//!   (the batches never compute an index past `u64::MAX`).

use std::io::IsTerminal;
use std::num::NonZeroUsize;
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pathfind::tree::Outcome as _;
use rayon::prelude::*;

use crate::bot::Bot;
use crate::error::{BoxError, Error};
use crate::playable::Playable;
use crate::results::{GameRecord, RESULTS_FORMAT, Results, Shard, TournamentSpec};

/// How many games are played between two looks at the results (progress, writing recordings):
/// bounds the memory of per-game payloads such as recordings.
const BATCH: u64 = 1024;

/// The most threads a run starts, whatever `jobs` asks for: far above any machine's cores, and
/// low enough that a mistyped `--jobs` cannot exhaust the system's threads.
pub const MAX_JOBS: usize = 1024;

/// How to run a tournament: threads, slice, progress, and when to stop early.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RunOptions {
    /// Threads (`None`: one per core); clamped to [`MAX_JOBS`] and to the games to play.
    pub jobs: Option<NonZeroUsize>,
    /// The slice to play (`None`: every game).
    pub shard: Option<Shard>,
    /// Whether to draw a progress bar on stderr (drawn only when stderr is a terminal).
    pub progress: bool,
    /// A sequential test: the games are played in looks of [`StopRule::every`] games and the
    /// run stops where the rule says (the SPRT of `play --sprt`).
    pub stop: Option<StopRule>,
}

/// When a sequential run stops: after each look of [`StopRule::every`] games, the rule reads
/// every record so far (in index order) and answers `Some(n)` to stop keeping the first `n`, or
/// `None` to go on. The records before the stop never depend on the threads: a rule that reads
/// them in order stops at the same game for any `--jobs`.
#[derive(Clone)]
pub struct StopRule {
    /// Games per look (at least 1): the games played in parallel between two readings.
    pub every: u64,
    /// Records of games already played (a resumed run: the next game is the one after them).
    pub done: Arc<Vec<GameRecord>>,
    rule: Arc<Rule>,
}

/// A stop rule's reading of the records: `Some(n)` to stop keeping the first `n`.
type Rule = dyn Fn(&[GameRecord]) -> Option<usize> + Send + Sync;

impl StopRule {
    /// Reads the records every `every` games with `rule`.
    pub fn new(
        every: u64,
        rule: impl Fn(&[GameRecord]) -> Option<usize> + Send + Sync + 'static,
    ) -> StopRule {
        StopRule {
            every: every.max(1),
            done: Arc::new(Vec::new()),
            rule: Arc::new(rule),
        }
    }

    /// Goes on from `done`, the records of a run that was interrupted.
    #[must_use]
    pub fn resuming(mut self, done: Vec<GameRecord>) -> StopRule {
        self.done = Arc::new(done);
        self
    }

    /// The rule's answer for `records`.
    pub fn check(&self, records: &[GameRecord]) -> Option<usize> {
        (self.rule)(records)
    }
}

impl std::fmt::Debug for StopRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StopRule")
            .field("every", &self.every)
            .field("done", &self.done.len())
            .finish_non_exhaustive()
    }
}

/// Two rules are the same rule (the same closure).
impl PartialEq for StopRule {
    fn eq(&self, other: &StopRule) -> bool {
        self.every == other.every
            && Arc::ptr_eq(&self.rule, &other.rule)
            && Arc::ptr_eq(&self.done, &other.done)
    }
}

impl Eq for StopRule {}

/// One game of a tournament, as the runner hands it to the code that plays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// The game's index in the tournament.
    pub index: u64,
    /// The game's seed (its initial state).
    pub seed: u64,
    /// For each seat, the line-up entry that plays it.
    pub seats: Vec<usize>,
}

impl GameSetup {
    /// The seed of the bot in `seat`: different for every seat and game, fixed by both.
    pub fn bot_seed(&self, seat: usize) -> u64 {
        splitmix64(self.seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

/// SplitMix64's output function: a bijection of `u64` that spreads nearby inputs far apart.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of a tournament with base seed `seed`. Tournaments with nearby base
/// seeds share no games.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(seed ^ splitmix64(index))
}

/// The seats of game `index`: seat `s` is played by line-up entry `(s + index) % players` when the
/// seats rotate, by entry `s` otherwise.
pub fn seats(players: usize, index: u64, rotate: bool) -> Vec<usize> {
    let shift = if rotate && players > 0 {
        (index % players as u64) as usize
    } else {
        0
    };
    (0..players).map(|seat| (seat + shift) % players).collect()
}

/// The threads a run of `games` games starts: `jobs` (or one per core), at most [`MAX_JOBS`]
/// and at most `games` (at least 1).
pub fn effective_jobs(jobs: Option<NonZeroUsize>, games: u64) -> usize {
    let asked = jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let games = usize::try_from(games).unwrap_or(usize::MAX);
    asked.min(MAX_JOBS).min(games).max(1)
}

/// Plays the games of `tournament` (or of `options.shard` of it) with `play`, which plays one game
/// and returns its record and a payload (a recording, or `()`), and hands each payload to `sink`
/// in index order on the calling thread. Returns the records in index order.
///
/// A game whose `play` fails stops the run with the error of the lowest failing index
/// ([`Error::Game`]); a failing `sink` stops it with [`Error::Sink`].
pub fn run<T, P, S>(
    tournament: &TournamentSpec,
    options: &RunOptions,
    play: P,
    mut sink: S,
) -> Result<Results, Error>
where
    T: Send,
    P: Fn(&GameSetup) -> Result<(GameRecord, T), BoxError> + Sync,
    S: FnMut(&GameSetup, T) -> Result<(), BoxError>,
{
    let shard = options.shard.unwrap_or(Shard::WHOLE);
    let range = shard.range(tournament.games);
    let jobs = effective_jobs(options.jobs, range.end - range.start);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|source| Error::Threads { jobs, source })?;
    let progress = progress_bar(range.end - range.start, options.progress);
    let mut records = Vec::with_capacity((range.end - range.start).min(1 << 20) as usize);
    let mut start = range.start;
    let mut stopped = false;
    let batch = match &options.stop {
        Some(stop) => {
            // A resumed sequential run goes on after the games it has.
            records.extend(stop.done.iter().cloned());
            start = start.saturating_add(records.len() as u64).min(range.end);
            progress.inc(records.len() as u64);
            if let Some(keep) = stop.check(&records) {
                records.truncate(keep);
                start = range.end;
                stopped = true;
            }
            stop.every.clamp(1, BATCH)
        }
        None => BATCH,
    };
    while start < range.end {
        // Never `start + BATCH`: a shard ending near `u64::MAX` would overflow.
        let end = start + (range.end - start).min(batch);
        let setups: Vec<GameSetup> = (start..end)
            .map(|index| GameSetup {
                index,
                seed: tournament.game_seed(index),
                seats: tournament.seats_of(index),
            })
            .collect();
        let played: Vec<Result<(GameRecord, T), BoxError>> = pool.install(|| {
            setups
                .par_iter()
                // One game per work unit. Rayon's default splitting makes a few long runs of
                // consecutive games, and a thread that has started one cannot share it: the other
                // thread idled for up to a second at the end of 1000 Dogfight fights. A game takes
                // milliseconds, a work unit about a microsecond, so the tail is one game at most.
                .with_max_len(1)
                .map(|setup| {
                    let result = play(setup);
                    progress.inc(1);
                    result
                })
                .collect()
        });
        for (setup, result) in setups.iter().zip(played) {
            let (record, payload) = result.map_err(|source| Error::Game {
                game: tournament.game.clone(),
                index: setup.index,
                source,
            })?;
            sink(setup, payload).map_err(|source| Error::Sink { source })?;
            records.push(record);
        }
        start = end;
        if let Some(keep) = options.stop.as_ref().and_then(|stop| stop.check(&records)) {
            records.truncate(keep);
            stopped = true;
            break;
        }
    }
    progress.finish_and_clear();
    let mut tournament = tournament.clone();
    if stopped && options.shard.is_none() {
        // A sequential run that stopped early is a tournament of the games it played.
        tournament.games = records.len() as u64;
    }
    Ok(Results {
        format: RESULTS_FORMAT,
        tournament,
        shard: options.shard.filter(|&s| s != Shard::WHOLE),
        records,
        ratings: None,
    })
}

/// A progress bar with games/s and an ETA on stderr, or a hidden one when stderr is not a
/// terminal (logs and pipes get no control characters) or `wanted` is false.
fn progress_bar(games: u64, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{wide_bar} {pos}/{len} games  {per_sec}  ETA {eta}  ({elapsed})",
    ) {
        bar.set_style(style);
    }
    bar
}

/// Watches one game as it is played: for recordings and per-game extras.
pub trait Watch<G: Playable> {
    /// The game starts in `state`.
    fn start(&mut self, game: &G, state: &G::State) {
        let _ = (game, state);
    }
    /// One step was played: the joint `actions`, what they did, and the state after.
    fn step(&mut self, game: &G, actions: &[G::Action], events: &G::Events, state: &G::State) {
        let _ = (game, actions, events, state);
    }
    /// `player`'s bot had its first fault of the game ([`Bot::fault`]), seen after `step` steps
    /// (0: before the first step; see [`GameRecord::fault_steps`]). Told once per player and
    /// game, at most, after the step's [`Watch::step`].
    fn fault(&mut self, game: &G, player: usize, step: u64, fault: &str) {
        let _ = (game, player, step, fault);
    }
}

/// Watches nothing.
impl<G: Playable> Watch<G> for () {}

/// Two watchers of one game (a recording and a viewer page, say), in turn.
impl<G: Playable, A: Watch<G>, B: Watch<G>> Watch<G> for (A, B) {
    fn start(&mut self, game: &G, state: &G::State) {
        self.0.start(game, state);
        self.1.start(game, state);
    }
    fn step(&mut self, game: &G, actions: &[G::Action], events: &G::Events, state: &G::State) {
        self.0.step(game, actions, events, state);
        self.1.step(game, actions, events, state);
    }
    fn fault(&mut self, game: &G, player: usize, step: u64, fault: &str) {
        self.0.fault(game, player, step, fault);
        self.1.fault(game, player, step, fault);
    }
}

/// Each seat's first fault of a game and the step it was seen at ([`Bot::fault`], asked after
/// every step until it gives one), each new one told to a [`Watch`]: what [`play_game`] keeps,
/// for game loops of their own too (the `play` command's Amazes and Dogfight loops).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FirstFaults {
    faults: Vec<Option<(u64, String)>>,
}

impl FirstFaults {
    /// No fault yet, for `players` seats.
    pub fn new(players: usize) -> FirstFaults {
        FirstFaults {
            faults: vec![None; players],
        }
    }

    /// Records `fault`, when given, as `player`'s first (unless it had one), seen after
    /// `step` steps, and tells `watch`.
    pub fn seen<G: Playable>(
        &mut self,
        game: &G,
        player: usize,
        step: u64,
        fault: Option<String>,
        watch: &mut impl Watch<G>,
    ) {
        if player >= self.faults.len() {
            self.faults.resize(player + 1, None);
        }
        if self.faults[player].is_some() {
            return;
        }
        if let Some(text) = fault {
            watch.fault(game, player, step, &text);
            self.faults[player] = Some((step, text));
        }
    }

    /// Whether `player` has had a fault.
    pub fn has(&self, player: usize) -> bool {
        self.faults.get(player).is_some_and(Option::is_some)
    }

    /// Each seat's first fault and its step, for [`GameRecord::set_faults`].
    pub fn into_faults(self) -> Vec<Option<(u64, String)>> {
        self.faults
    }
}

/// Where a bot plays: the game's index in the tournament and the seat (player) it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Seat {
    /// The game's index in the tournament ([`GameSetup::index`]).
    pub game: u64,
    /// The seat: the player the bot plays.
    pub seat: usize,
}

/// One entry of a line-up: a bot's name and a way to build it for each game.
///
/// A game needs fresh bots (bots keep state within a game, and games run in parallel), so an
/// entry holds a factory, called once per game on the thread that plays it, with the table
/// (the game) it is played on and, for [`Entry::seated`], the game's index and the seat (to name
/// a program's standard error file per game and seat, say).
pub struct Entry<G> {
    name: String,
    make: Factory<G>,
}

/// Builds an entry's bot for one game and seat, on the table it is played on.
type Factory<G> = Arc<dyn Fn(&G, Seat) -> Result<Box<dyn Bot<G>>, BoxError> + Send + Sync>;

impl<G> Clone for Entry<G> {
    fn clone(&self) -> Self {
        Entry {
            name: self.name.clone(),
            make: Arc::clone(&self.make),
        }
    }
}

impl<G> std::fmt::Debug for Entry<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).finish()
    }
}

impl<G: Playable> Entry<G> {
    /// An entry called `name` whose bot `make` builds for each game (an error stops the run).
    pub fn new<F>(name: impl Into<String>, make: F) -> Entry<G>
    where
        F: Fn(&G) -> Result<Box<dyn Bot<G>>, BoxError> + Send + Sync + 'static,
    {
        Entry::seated(name, move |game: &G, _: Seat| make(game))
    }

    /// An entry called `name` whose bot `make` builds for each game, knowing the game's index
    /// and the seat ([`Seat`]).
    pub fn seated<F>(name: impl Into<String>, make: F) -> Entry<G>
    where
        F: Fn(&G, Seat) -> Result<Box<dyn Bot<G>>, BoxError> + Send + Sync + 'static,
    {
        Entry {
            name: name.into(),
            make: Arc::new(make),
        }
    }

    /// An entry playing copies of `bot` (one clone per game), named by [`Bot::name`].
    pub fn of<B>(bot: B) -> Entry<G>
    where
        B: Bot<G> + Clone + Send + Sync + 'static,
    {
        Entry::new(bot.name(), move |_: &G| {
            Ok(Box::new(bot.clone()) as Box<dyn Bot<G>>)
        })
    }

    /// The entry's name (in tables and results files).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Builds the entry's bot for a game on `game`, outside any tournament (as seat 0 of game 0).
    pub fn make(&self, game: &G) -> Result<Box<dyn Bot<G>>, Error> {
        self.make_at(game, Seat::default())
    }

    /// Builds the entry's bot for `seat` of a game on `game`.
    pub fn make_at(&self, game: &G, seat: Seat) -> Result<Box<dyn Bot<G>>, Error> {
        (self.make)(game, seat).map_err(|source| Error::Bot {
            name: self.name.clone(),
            source,
        })
    }
}

/// Plays one game of `game` between the bots of `lineup` seated as `setup` says, through the
/// [`pathfind::tree::Game`] contract: each step, every player to move is shown its observation
/// (unless its bot acts without one, [`Bot::act_unobserved`]) and answers with an action; the
/// joint action is applied in increasing player order. In games with
/// [`Playable::PUBLIC_EVENTS`], every bot then hears the step's events. At the end every bot is
/// told the outcome ([`Bot::game_over`]). Places and scores are the outcome's
/// ([`pathfind::tree::Outcome`]).
pub fn play_game<G: Playable>(
    game: &G,
    lineup: &[Entry<G>],
    setup: &GameSetup,
    watch: &mut impl Watch<G>,
) -> Result<GameRecord, Error> {
    let players = game.players();
    if setup.seats.len() != players || setup.seats.iter().any(|&entry| entry >= lineup.len()) {
        return Err(Error::Players {
            game: G::NAME,
            players,
            bots: lineup.len(),
        });
    }
    let mut bots = Vec::with_capacity(players);
    for (player, &entry) in setup.seats.iter().enumerate() {
        let seat = Seat {
            game: setup.index,
            seat: player,
        };
        let mut bot = lineup[entry].make_at(game, seat)?;
        bot.new_game(game, player, setup.bot_seed(player));
        bots.push(bot);
    }
    let mut state = game.initial_state(setup.seed);
    watch.start(game, &state);
    // Each seat's first fault and the step it was seen at. A bot is asked after every step
    // until it has one: one call that returns `None` for a bot in process.
    let mut faults = FirstFaults::new(players);
    for (player, bot) in bots.iter().enumerate() {
        faults.seen(game, player, 0, bot.fault(), watch);
    }
    let mut actions = Vec::with_capacity(players);
    // One observation per player, refilled every step (`Playable::observe_into`).
    let mut seen: Vec<Option<G::Observation>> = (0..players).map(|_| None).collect();
    let mut steps: u64 = 0;
    while !game.is_terminal(&state) {
        actions.clear();
        for player in game.to_move(&state) {
            let bot = &mut bots[player];
            let action = match bot.act_unobserved(game, player) {
                Some(action) => action,
                None => bot.act(
                    game,
                    game.observe_into(&state, player, &mut seen[player]),
                    player,
                ),
            };
            actions.push(action);
        }
        let events = game.advance(&mut state, &actions);
        steps = steps.saturating_add(1);
        if G::PUBLIC_EVENTS {
            for (player, bot) in bots.iter_mut().enumerate() {
                bot.hear(game, &events, player);
            }
        }
        watch.step(game, &actions, &events, &state);
        for (player, bot) in bots.iter().enumerate() {
            if !faults.has(player) {
                faults.seen(game, player, steps, bot.fault(), watch);
            }
        }
    }
    let outcome = game
        .outcome(&state)
        .ok_or(Error::NoOutcome { game: G::NAME })?;
    for (player, bot) in bots.iter_mut().enumerate() {
        bot.game_over(game, &outcome, player);
        if !faults.has(player) {
            faults.seen(game, player, steps, bot.fault(), watch);
        }
    }
    let mut record = GameRecord {
        index: setup.index,
        seats: setup.seats.clone(),
        scores: outcome.scores(),
        ranks: outcome.ranks(),
        steps,
        faults: Vec::new(),
        fault_steps: Vec::new(),
    };
    record.set_faults(faults.into_faults());
    Ok(record)
}

/// Runs a tournament of a [`Playable`] game between the bots of `lineup` (one entry per name of
/// `tournament.lineup`): game `i` is played on `tables[i % tables.len()]` (several tables: one
/// per map or maze, in turn).
pub fn run_playable<G: Playable>(
    tables: &[G],
    tournament: &TournamentSpec,
    lineup: &[Entry<G>],
    options: &RunOptions,
) -> Result<Results, Error> {
    run_playable_watched(tables, tournament, lineup, options, |_| (), |_, ()| Ok(()))
}

/// [`run_playable`] with a watcher per game: `watch` makes one for each game (on the thread that
/// plays it), and `sink` receives it after the game, in index order on the calling thread (to
/// write a recording, say).
pub fn run_playable_watched<G, W, M, S>(
    tables: &[G],
    tournament: &TournamentSpec,
    lineup: &[Entry<G>],
    options: &RunOptions,
    watch: M,
    sink: S,
) -> Result<Results, Error>
where
    G: Playable,
    W: Watch<G> + Send,
    M: Fn(&GameSetup) -> W + Sync,
    S: FnMut(&GameSetup, W) -> Result<(), BoxError>,
{
    let Some(first) = tables.first() else {
        return Err(Error::NoTable { game: G::NAME });
    };
    if lineup.len() != tournament.lineup.len()
        || tournament.players() != first.players()
        || !tournament.schedule_fits()
    {
        return Err(Error::Players {
            game: G::NAME,
            players: first.players(),
            bots: lineup.len(),
        });
    }
    run(
        tournament,
        options,
        |setup| {
            let table = &tables[(setup.index % tables.len() as u64) as usize];
            let mut watcher = watch(setup);
            let record = play_game(table, lineup, setup, &mut watcher)?;
            Ok((record, watcher))
        },
        sink,
    )
}
