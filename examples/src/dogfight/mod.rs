//! Dogfight bots and the `play dogfight` command: match-ups between two bots on the generic
//! tournament runner, each a run of fights as the original controller plays it, scored with the
//! original tournament's match-up points.
//!
//! # A game is a match-up
//!
//! The original controller (`Controller.java:79-92`, rules doc §6) plays a *match-up* of 10
//! fights between the same two `PlaneControl` instances: `newOpponent(10)` once, then
//! `newFight(i, mine, theirs)` before each fight with the fights won so far, the lower entry
//! player 1 in every fight; a program behind the wrapper hears all of it in one process. The
//! tournament scores match-ups (2 points for a win, 1 each for a draw), not fights. So one game of
//! the arena's runner is one match-up of `--matchup` fights (10 by default): a game's places are
//! the match-up's (so its wins, draws and losses are the original's), its scores the fights each
//! side won (the original's fight score), and what the runner does between games (seat
//! rotation, paired seeds, leagues, shards, `--sprt`) it does between match-ups, as the original's
//! round robin does. Each bot (an in-process bot, or one program process) is built once per
//! match-up from the match-up's seed and kept for its fights; a program is killed (with its whole
//! process group, as every contained program) when the match-up ends. The original kept one
//! process per entry for its whole tournament; a process per match-up keeps match-ups
//! independent of each other (played in parallel, fixed by their seeds, sharded), and a program
//! still hears exactly what the original sent it during a match-up.
//!
//! A fatal fault of a program (crash, silence, flood, limit) in one fight leaves its planes
//! without moves for the rest of the match-up, which is played out and scored: the original had
//! no answer (a closed pipe crashed the tournament, a silent program hung it). With
//! `--matchup 1` a game is one fight and every bot is new for it, as before match-ups.

pub mod bots;
pub mod playable;

#[cfg(feature = "cli")]
use {
    crate::cli::MatchArgs,
    crate::error::{Error, Result},
    crate::roster::{create_stderr_dir, stderr_file},
    arena::BoxError,
    arena::results::{GameRecord, Results, TournamentSpec},
    arena::runner::{self, FirstFaults, GameSetup, Watch},
    arena::viewer::MatchPage,
    dogfight::bot::play_fight_from,
    dogfight::protocol::Fault,
    dogfight::replay::verify_files,
    dogfight::trace::Trace,
    dogfight::{Arena, Config, Game, MatchUp, Side},
    std::io::Write,
    std::path::{Path, PathBuf},
};

/// Fights played when `--games` is not given: `DEFAULT_FIGHTS / --matchup` match-ups (rounded
/// up), 10 match-ups of 10 fights by default.
#[cfg(feature = "cli")]
pub const DEFAULT_FIGHTS: u64 = 100;

/// The most fights a match-up may have (`--matchup`).
#[cfg(feature = "cli")]
pub const MAX_MATCHUP: u32 = 1000;

/// `play dogfight`: match-ups between two bots (default 10 match-ups of 10 fights,
/// `--bots search,random`).
///
/// A game is a match-up of `--matchup` fights between the same two bots in the same seats, as the
/// original controller plays it (see the module's docs): the bot that won more fights wins it (the
/// table's wins, draws and losses are match-ups), and its score is the fights it won. The bots
/// are [`bots::BOTS`] (`play dogfight --help` lists them).
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(
    after_help = "Defaults: --games 10 --matchup 10 --bots search,random: 100 fights (without \
    --games, 100 fights' worth of match-ups for any --matchup). A game is a match-up, as in the \
    original tournament: --matchup fights between the same two bots, each in the same seat in all \
    of them (the seats rotate between match-ups unless --fixed-seats), won by the bot that won \
    more fights (the table's wins, draws and losses are \
    match-ups, its scores fights won; the original's points, 2 for a match-up won and 1 for a \
    draw, are printed under it). A program (cmd:) is one process for the whole match-up: it is \
    sent 'NEW CONTEST 14 100' once (the arena and rounds), 'NEW OPPONENT N' once (N = --matchup), \
    and 'NEW FIGHT i mine theirs' before each fight (i from 0; the fights it and its opponent have \
    won so far), and is killed when the match-up ends. After a fatal fault (crash, silence, flood, \
    limit) its planes get no moves, flying straight, for the rest of the match-up."
)]
#[cfg(feature = "cli")]
pub struct Options {
    /// The tournament options.
    #[command(flatten)]
    pub common: MatchArgs,
    /// Arena edge length.
    #[arg(long, value_name = "SIZE", default_value_t = Arena::STANDARD_SIZE)]
    pub arena: u32,
    /// Rounds per fight.
    #[arg(long, value_name = "R", default_value_t = Config::default().rounds)]
    pub rounds: u16,
    /// Fights per match-up (one game), 1 to 1000: the original's 10 by default.
    #[arg(
        long,
        value_name = "FIGHTS",
        default_value_t = Config::default().fights,
        value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_MATCHUP))
    )]
    pub matchup: u32,
    /// Write every fight as a golden-format trace (JSON lines, one per fight, in order; `play
    /// verify dogfight` replays it).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// An external program is named by its file name in tables.
#[cfg(feature = "cli")]
fn label(name: &str) -> String {
    // The program's file name, without its arguments.
    let command = name
        .strip_prefix("cmd:")
        .and_then(|text| arena::program::command_line(text).ok());
    match command.as_ref().and_then(|words| words.first()) {
        Some(program) => Path::new(program)
            .file_name()
            .map_or(name.to_owned(), |file| {
                format!("cmd:{}", file.to_string_lossy())
            }),
        None => name.to_owned(),
    }
}

/// What a match-up leaves besides its record: the trace of each of its fights, in order (with
/// `--record`), and each seat's first program fault, if any.
#[cfg(feature = "cli")]
type MatchupExtras = (Vec<String>, [Option<Fault>; 2]);

/// Plays one game of a tournament: a match-up of `game.config().fights` fights (`--matchup`)
/// with the crate's own bot shape (so that the faults of external programs can be reported).
#[cfg(feature = "cli")]
pub fn play_matchup(
    game: &Game,
    lineup: &[String],
    setup: &GameSetup,
    record: bool,
    watch: &mut impl Watch<Game>,
) -> Result<(GameRecord, MatchupExtras)> {
    play_matchup_with_stderr(game, lineup, setup, record, watch, None)
}

/// [`play_matchup`], the standard error of each program (`cmd:`) written to its
/// [`stderr_file`] in `stderr_dir` when given (`--stderr-dir`: one file per seat and match-up,
/// named after the match-up's index, since one process plays the whole match-up).
///
/// As the original controller (`C:79-92`): each seat's bot is built once, from the match-up's
/// seed, and kept for every fight; `new_opponent(fights)` is called on player 1, then player 2;
/// before fight `i` (0-based), `new_fight(i, mine, theirs)` with the fights each side has won so
/// far. A program's fatal fault in one fight leaves its planes without moves (flying straight)
/// for the rest of the match-up, as [`dogfight::protocol::Wrapper`] does: the original would
/// have crashed or hung the whole tournament, so the match-up is played out and scored instead.
/// The record's fault of a seat is its first of the match-up, its step counted in rounds from
/// the match-up's start, its text ending with the fight (`(fight 4 of 10)`) when there are several.
///
/// The record's places are the match-up's (first: the side that won more fights; both first when
/// they won as many), its scores the fights each side won (a draw adds nothing, `C:91-92`), its
/// steps the rounds of all its fights; `watch` sees the first fight's start, then every round
/// of every fight in order (a page of a match-up plays its fights one after another).
#[cfg(feature = "cli")]
pub fn play_matchup_with_stderr(
    game: &Game,
    lineup: &[String],
    setup: &GameSetup,
    record: bool,
    watch: &mut impl Watch<Game>,
    stderr_dir: Option<&Path>,
) -> Result<(GameRecord, MatchupExtras)> {
    let fights = game.config().fights.max(1);
    let mut seats = Vec::with_capacity(2);
    for (seat, &entry) in setup.seats.iter().enumerate() {
        let stderr = stderr_dir.map(|dir| stderr_file(dir, "dogfight", setup.index, seat));
        seats.push(bots::bot_in_seat(
            &lineup[entry],
            setup.bot_seed(seat),
            game,
            stderr.as_deref(),
            Some(seat),
        )?);
    }
    let [p1, p2] = seats.as_mut_slice() else {
        return Err(Error::Lineup {
            game: "dogfight",
            players: 2,
            got: lineup.len(),
        });
    };
    let names: Vec<String> = setup.seats.iter().map(|&e| label(&lineup[e])).collect();
    // The controller calls `newOpponent` on p1, then on p2 (`C:79-80`).
    p1.new_opponent(fights);
    p2.new_opponent(fights);
    // Nothing in the controller is random: every fight starts from the same state.
    let start = game.initial_state(setup.seed);
    let mut tally = MatchUp::default();
    let mut lines = Vec::new();
    let mut first = FirstFaults::new(2);
    let mut faults: [Option<Fault>; 2] = [None, None];
    let mut steps = 0u64;
    watch.start(game, &start);
    for fight in 0..fights {
        // `newFight(i, myScore, enemyScore)` on p1, then p2 (`C:85-86`).
        p1.new_fight(game, fight, tally.wins[0], tally.wins[1]);
        p2.new_fight(game, fight, tally.wins[1], tally.wins[0]);
        let mut trace = record.then(|| {
            // Numbered from 1 over the whole tournament: fight `i` of match-up `m` is
            // `m * fights + i + 1`.
            let number = u128::from(setup.index) * u128::from(fights) + u128::from(fight) + 1;
            Trace::new(
                format!("{}_vs_{}_{number}", names[0], names[1]),
                game,
                start,
            )
        });
        let outcome = play_fight_from(game, start, [&mut **p1, &mut **p2], |round| {
            if let Some(trace) = trace.as_mut() {
                trace.push(round);
            }
            watch.step(game, &round.actions.0, &round.events, &round.after);
        });
        tally.record(&outcome);
        if let Some(mut trace) = trace {
            trace.finish(Some(outcome));
            lines.push(trace.to_json());
        }
        // A fault in round `r` (1-based) replaced the moves of the fight's `r`-th step.
        for (seat, bot) in [&**p1, &**p2].into_iter().enumerate() {
            let Some(fault) = bot.fight_fault() else {
                continue;
            };
            if first.has(seat) {
                continue;
            }
            let step = steps + u64::from(fault.round());
            let text = if fights > 1 {
                format!("{fault} (fight {} of {fights})", fight + 1)
            } else {
                fault.to_string()
            };
            first.seen(game, seat, step, Some(text), watch);
            faults[seat] = Some(fault);
        }
        steps += u64::from(outcome.round);
    }
    // The programs end with the match-up (the original's `close()` destroys the process).
    drop(seats);
    // Places: the match-up's (`C:97-105`); scores: the fights each side won (`C:91-92`).
    let ranks = match tally.winner() {
        Some(Side::P1) => vec![1, 2],
        Some(Side::P2) => vec![2, 1],
        None => vec![1, 1],
    };
    let mut record = GameRecord {
        index: setup.index,
        seats: setup.seats.clone(),
        scores: tally.wins.iter().map(|&won| f64::from(won)).collect(),
        ranks,
        steps,
        faults: Vec::new(),
        fault_steps: Vec::new(),
    };
    record.set_faults(first.into_faults());
    Ok((record, (lines, faults)))
}

/// The `--record` file (only asked for when one is written).
#[cfg(feature = "cli")]
fn record_path(options: &Options) -> PathBuf {
    options.record.clone().unwrap_or_default()
}

/// Builds the game `play dogfight` plays.
#[cfg(feature = "cli")]
pub fn game(options: &Options) -> Result<Game> {
    let arena = Arena::new(options.arena)
        .map_err(|e| Error::engine(format!("arena {}", options.arena), e))?;
    let config = Config {
        rounds: options.rounds,
        fights: options.matchup,
        ..Config::default()
    };
    Game::new(arena, config).map_err(|e| Error::engine("dogfight game", e))
}

/// The game and the tournament `play dogfight` describes, each game (a match-up of
/// `Config::fights` fights, `--matchup`) then played by [`play_matchup`]: for [`tournament`], and
/// for the `parallel` benchmark, which times the runner on the very same match-ups.
#[cfg(feature = "cli")]
pub fn plan(options: &Options) -> Result<(Game, TournamentSpec)> {
    let lineup = options.common.lineup_or(&["search", "random"]);
    let schedule = options.common.schedule("dogfight", lineup.len(), 2)?;
    let game = game(options)?;
    // Results files of games of one fight (before match-ups, or `--matchup 1`) say no more.
    let fights = game.config().fights;
    let matchups = if fights == 1 {
        String::new()
    } else {
        format!(", match-ups of {fights} fights")
    };
    let tournament = TournamentSpec {
        game: "dogfight".into(),
        setup: format!(
            "arena {}, {} rounds{matchups}",
            game.arena().size(),
            game.config().rounds
        ),
        lineup,
        games: options
            .common
            .games_or(DEFAULT_FIGHTS.div_ceil(u64::from(fights.max(1)))),
        seed: options.common.seed,
        rotate: !options.common.fixed_seats,
        paired: options.common.paired(),
        schedule,
    };
    Ok((game, tournament))
}

/// Runs the tournament `play dogfight` describes and returns its results (the table, with each
/// bot's faults under it, is printed by the caller); writes the traces when `--record` is given.
#[cfg(feature = "cli")]
pub fn tournament(options: &Options) -> Result<Results> {
    let (game, tournament) = plan(options)?;
    let mut out = match &options.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| Error::file(path, e))?,
        )),
        None => None,
    };
    let recording = out.is_some();
    let stderr_dir = options.common.stderr_dir.as_deref();
    create_stderr_dir(stderr_dir)?;
    let plan = options.common.page_plan(tournament.games, 1)?;
    let mut run_options = options.common.run_options();
    crate::sprt::sequential(&options.common, &tournament, &mut run_options)?;
    let results = runner::run(
        &tournament,
        &run_options,
        |setup| {
            let mut page = MatchPage::new(plan.as_ref(), setup);
            let (record, extras) = play_matchup_with_stderr(
                &game,
                &tournament.lineup,
                setup,
                recording,
                &mut page,
                stderr_dir,
            )?;
            Ok((record, (extras, page)))
        },
        |setup, ((lines, _), page)| {
            let names: Vec<String> = setup
                .seats
                .iter()
                .map(|&e| label(&tournament.lineup[e]))
                .collect();
            if let Some(line) = page.write(plan.as_ref(), &game, &names)? {
                println!("{line}");
            }
            if let Some(out) = out.as_mut() {
                for line in lines {
                    writeln!(out, "{line}")
                        .map_err(|e| BoxError::from(Error::file(record_path(options), e)))?;
                }
            }
            Ok(())
        },
    )?;
    if let Some(mut out) = out {
        out.flush()
            .map_err(|e| Error::file(record_path(options), e))?;
    }
    Ok(results)
}

/// The original tournament's scoring of a results table whose games are match-ups (`C:97-105`):
/// a match-up's winner (the side that won more fights, first in the record's places) gets 2
/// points, a draw 1 each. Returns, per line-up entry, match-ups won, drawn and lost, and points.
#[cfg(feature = "cli")]
pub fn matchup_points(results: &Results) -> Vec<[u64; 4]> {
    let mut table = vec![[0u64; 4]; results.tournament.lineup.len()];
    for record in &results.records {
        let firsts = record.ranks.iter().filter(|&&r| r == 1).count();
        for (seat, &entry) in record.seats.iter().enumerate() {
            let Some(row) = table.get_mut(entry) else {
                continue;
            };
            match (record.ranks.get(seat), firsts) {
                (Some(1), 1) => {
                    row[0] += 1;
                    row[3] += 2;
                }
                (Some(1), _) => {
                    row[1] += 1;
                    row[3] += 1;
                }
                _ => row[2] += 1,
            }
        }
    }
    table
}

/// Runs `play dogfight`: the results table, then the match-up points of the original tournament.
#[cfg(feature = "cli")]
pub fn play(options: &Options) -> Result<()> {
    let results = tournament(options)?;
    options.common.report(&results)?;
    let size = options.matchup;
    let fights = if size == 1 { "fight" } else { "fights" };
    for (entry, [won, drawn, lost, points]) in matchup_points(&results).iter().enumerate() {
        println!(
            "match-ups of {size} {fights}: {} won {won}, drew {drawn}, lost {lost}: {points} points",
            label(&results.tournament.lineup[entry])
        );
    }
    Ok(())
}

/// Runs `play verify dogfight FILE...`: replays golden-format trace files through
/// [`dogfight::replay`] and returns the conformance line, or the first mismatch.
#[cfg(feature = "cli")]
pub fn verify<P: AsRef<Path>>(files: &[P]) -> Result<String> {
    verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(Error::game)
}
