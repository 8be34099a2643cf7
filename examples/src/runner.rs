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
//! [`pathfind::tree::Game`] contract and the [`Bot`](crate::bot::Bot) trait.

use std::io::IsTerminal;
use std::num::NonZeroUsize;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::playable::Playable;
use crate::results::{GameRecord, RESULTS_FORMAT, Results, Shard, Tournament};

/// How many games are played between two looks at the results (progress, writing recordings):
/// bounds the memory of per-game payloads such as recordings.
const BATCH: u64 = 1024;

/// How to run a tournament: threads, slice, progress.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RunOptions {
    /// Threads (`None`: one per core).
    pub jobs: Option<NonZeroUsize>,
    /// The slice to play (`None`: every game).
    pub shard: Option<Shard>,
    /// Whether to draw a progress bar on stderr (drawn only when stderr is a terminal).
    pub progress: bool,
}

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

/// Plays the games of `tournament` (or of `options.shard` of it) with `play`, which plays one game
/// and returns its record and a payload (a recording, or `()`), and hands each payload to `sink`
/// in index order on the calling thread. Returns the records in index order.
///
/// A game whose `play` fails stops the run with the error of the lowest failing index.
pub fn run<T, P, S>(
    tournament: &Tournament,
    options: &RunOptions,
    play: P,
    mut sink: S,
) -> Result<Results, String>
where
    T: Send,
    P: Fn(&GameSetup) -> Result<(GameRecord, T), String> + Sync,
    S: FnMut(&GameSetup, T) -> Result<(), String>,
{
    let shard = options.shard.unwrap_or(Shard::WHOLE);
    let range = shard.range(tournament.games);
    let players = tournament.lineup.len();
    let jobs = options
        .jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("cannot start {jobs} threads: {e}"))?;
    let progress = progress_bar(range.end - range.start, options.progress);
    let mut records = Vec::with_capacity((range.end - range.start).min(1 << 20) as usize);
    let mut start = range.start;
    while start < range.end {
        let end = range.end.min(start + BATCH);
        let setups: Vec<GameSetup> = (start..end)
            .map(|index| GameSetup {
                index,
                seed: game_seed(tournament.seed, index),
                seats: seats(players, index, tournament.rotate),
            })
            .collect();
        let played: Vec<Result<(GameRecord, T), String>> = pool.install(|| {
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
            let (record, payload) =
                result.map_err(|e| format!("{} game {}: {e}", tournament.game, setup.index))?;
            sink(setup, payload)?;
            records.push(record);
        }
        start = end;
    }
    progress.finish_and_clear();
    Ok(Results {
        format: RESULTS_FORMAT,
        tournament: tournament.clone(),
        shard: options.shard.filter(|&s| s != Shard::WHOLE),
        records,
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
}

/// Plays one game of `game` between the bots of `lineup` seated as `setup` says, through the
/// [`pathfind::tree::Game`] contract: each step, every player to move is shown its observation
/// (unless its bot acts without one, [`Bot::act_unobserved`](crate::bot::Bot::act_unobserved))
/// and answers with an action; the joint action is applied in increasing player order. In games
/// with [`Playable::PUBLIC_EVENTS`], every bot then hears the step's events.
pub fn play_game<G: Playable>(
    game: &G,
    lineup: &[String],
    setup: &GameSetup,
    watch: &mut impl Watch<G>,
) -> Result<GameRecord, String> {
    let players = game.players();
    if lineup.len() != players || setup.seats.len() != players {
        return Err(format!(
            "{} is played by {players} players; the line-up names {}",
            G::NAME,
            lineup.len()
        ));
    }
    let mut bots = Vec::with_capacity(players);
    for (player, &entry) in setup.seats.iter().enumerate() {
        let mut bot = game.bot(&lineup[entry])?;
        bot.new_game(game, player, setup.bot_seed(player));
        bots.push(bot);
    }
    let mut state = game.initial_state(setup.seed);
    watch.start(game, &state);
    let mut actions = Vec::with_capacity(players);
    // One observation per player, refilled every step (`Playable::observe_into`).
    let mut seen: Vec<Option<G::Observation>> = (0..players).map(|_| None).collect();
    let mut steps = 0;
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
        steps += 1;
        if G::PUBLIC_EVENTS {
            for (player, bot) in bots.iter_mut().enumerate() {
                bot.hear(game, &events, player);
            }
        }
        watch.step(game, &actions, &events, &state);
    }
    let outcome = game
        .outcome(&state)
        .ok_or_else(|| format!("{}: a terminal state without an outcome", G::NAME))?;
    Ok(GameRecord {
        index: setup.index,
        seats: setup.seats.clone(),
        scores: game.scores(&outcome),
        ranks: game.ranks(&outcome),
        steps,
    })
}

/// Runs a tournament of a [`Playable`] game: game `i` is played on `tables[i % tables.len()]`
/// (several tables: one per map or maze, in turn).
pub fn run_playable<G: Playable>(
    tables: &[G],
    tournament: &Tournament,
    options: &RunOptions,
) -> Result<Results, String> {
    run_playable_watched(tables, tournament, options, |_| (), |_, ()| Ok(()))
}

/// [`run_playable`] with a watcher per game: `watch` makes one for each game (on the thread that
/// plays it), and `sink` receives it after the game, in index order on the calling thread (to
/// write a recording, say).
pub fn run_playable_watched<G, W, M, S>(
    tables: &[G],
    tournament: &Tournament,
    options: &RunOptions,
    watch: M,
    sink: S,
) -> Result<Results, String>
where
    G: Playable,
    W: Watch<G> + Send,
    M: Fn(&GameSetup) -> W + Sync,
    S: FnMut(&GameSetup, W) -> Result<(), String>,
{
    if tables.is_empty() {
        return Err(format!("{}: no game to play on", G::NAME));
    }
    run(
        tournament,
        options,
        |setup| {
            let table = &tables[(setup.index % tables.len() as u64) as usize];
            let mut watcher = watch(setup);
            let record = play_game(table, &tournament.lineup, setup, &mut watcher)?;
            Ok((record, watcher))
        },
        sink,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_gives_every_entry_every_seat() {
        assert_eq!(seats(3, 0, true), [0, 1, 2]);
        assert_eq!(seats(3, 1, true), [1, 2, 0]);
        assert_eq!(seats(3, 5, true), [2, 0, 1]);
        assert_eq!(seats(3, 5, false), [0, 1, 2]);
    }

    #[test]
    fn seeds_differ_between_games_and_tournaments() {
        let mut seen: Vec<u64> = (0..4)
            .flat_map(|seed| (0..100).map(move |i| game_seed(seed, i)))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 400);
    }
}
