//! Dogfight bots and the `play dogfight` command: fights between two bots on the generic
//! tournament runner, plus the original tournament's match-up points.

pub mod bots;
pub mod playable;

use std::io::Write;
use std::path::{Path, PathBuf};

use dogfight::bot::play_fight_from;
use dogfight::protocol::Fault;
use dogfight::replay::verify_files;
use dogfight::trace::Trace;
use dogfight::{Arena, Config, Game};

use arena::BoxError;

use crate::cli::MatchArgs;
use crate::error::{Error, Result};
use crate::roster::{create_stderr_dir, stderr_file};
use arena::results::{GameRecord, Results, TournamentSpec};
use arena::runner::{self, FirstFaults, GameSetup, Watch};
use arena::viewer::MatchPage;

/// Fights played when `--games` is not given.
pub const DEFAULT_GAMES: u64 = 100;

/// `play dogfight`: fights between two bots (default 100 fights, `--bots search,random`).
///
/// A fight scores 1 for the winner and 0 for the loser, ½ each for a draw. The bots are
/// [`bots::BOTS`] (`play dogfight --help` lists them).
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(
    after_help = "Defaults: --games 100 --bots search,random. Consecutive fights of the same two bots are \
    grouped into match-ups of 10, scored as in the original tournament (2 points for a match-up \
    win, 1 each for a draw)."
)]
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
    /// Write every fight as a golden-format trace (JSON lines; `play verify dogfight` replays it).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// An external program is named by its file name in tables.
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

/// What a fight leaves besides its record: its trace (with `--record`) and each seat's program
/// fault, if any.
type FightExtras = (Option<String>, [Option<Fault>; 2]);

/// Plays one fight of a tournament with the crate's own bot shape (so that the faults of external
/// programs can be reported); places and scores are the outcome's ([`pathfind::tree::Outcome`]).
pub fn play_fight(
    game: &Game,
    lineup: &[String],
    setup: &GameSetup,
    record: bool,
    watch: &mut impl Watch<Game>,
) -> Result<(GameRecord, FightExtras)> {
    play_fight_with_stderr(game, lineup, setup, record, watch, None)
}

/// [`play_fight`], the standard error of each program (`cmd:`) written to its
/// [`stderr_file`] in `stderr_dir` when given (`--stderr-dir`).
pub fn play_fight_with_stderr(
    game: &Game,
    lineup: &[String],
    setup: &GameSetup,
    record: bool,
    watch: &mut impl Watch<Game>,
    stderr_dir: Option<&Path>,
) -> Result<(GameRecord, FightExtras)> {
    let mut seats = Vec::with_capacity(2);
    for (seat, &entry) in setup.seats.iter().enumerate() {
        let stderr = stderr_dir.map(|dir| stderr_file(dir, "dogfight", setup.index, seat));
        let mut bot = bots::bot_in_seat(
            &lineup[entry],
            setup.bot_seed(seat),
            game,
            stderr.as_deref(),
            Some(seat),
        )?;
        // Every fight is a match-up of its own for the bots, so that a fight does not depend on
        // the fights played before it by the same thread.
        bot.new_opponent(1);
        bot.new_fight(game, 0, 0, 0);
        seats.push(bot);
    }
    let [p1, p2] = seats.as_mut_slice() else {
        return Err(Error::Lineup {
            game: "dogfight",
            players: 2,
            got: lineup.len(),
        });
    };
    let names: Vec<String> = setup.seats.iter().map(|&e| label(&lineup[e])).collect();
    let start = game.initial_state(setup.seed);
    let mut trace = record.then(|| {
        let id = format!(
            "{}_vs_{}_{}",
            names[0],
            names[1],
            u128::from(setup.index) + 1
        );
        Trace::new(id, game, start)
    });
    watch.start(game, &start);
    let outcome = play_fight_from(game, start, [&mut **p1, &mut **p2], |round| {
        if let Some(trace) = trace.as_mut() {
            trace.push(round);
        }
        watch.step(game, &round.actions.0, &round.events, &round.after);
    });
    let faults = [p1.fight_fault(), p2.fight_fault()];
    let line = trace.map(|mut trace| {
        trace.finish(Some(outcome));
        trace.to_json()
    });
    // A fault in round `r` (1-based) replaced the moves of the fight's `r`-th step.
    let mut first = FirstFaults::new(2);
    for (seat, fault) in faults.iter().enumerate() {
        let fault = fault.as_ref();
        let step = fault.map_or(0, |f| u64::from(f.round()));
        first.seen(game, seat, step, fault.map(ToString::to_string), watch);
    }
    let mut record = GameRecord {
        index: setup.index,
        seats: setup.seats.clone(),
        // The contract's places (the inherent `Outcome::ranks` is a `[u8; 2]`).
        scores: pathfind::tree::Outcome::scores(&outcome),
        ranks: pathfind::tree::Outcome::ranks(&outcome),
        steps: u64::from(outcome.round),
        faults: Vec::new(),
        fault_steps: Vec::new(),
    };
    record.set_faults(first.into_faults());
    Ok((record, (line, faults)))
}

/// The `--record` file (only asked for when one is written).
fn record_path(options: &Options) -> PathBuf {
    options.record.clone().unwrap_or_default()
}

/// Builds the game `play dogfight` plays.
pub fn game(options: &Options) -> Result<Game> {
    let arena = Arena::new(options.arena)
        .map_err(|e| Error::engine(format!("arena {}", options.arena), e))?;
    let config = Config {
        rounds: options.rounds,
        ..Config::default()
    };
    Game::new(arena, config).map_err(|e| Error::engine("dogfight game", e))
}

/// The game and the tournament `play dogfight` describes, each fight then played by
/// [`play_fight`]: for [`tournament`], and for the `parallel` benchmark, which times the runner on
/// the very same fights.
pub fn plan(options: &Options) -> Result<(Game, TournamentSpec)> {
    let lineup = options.common.lineup_or(&["search", "random"]);
    let schedule = options.common.schedule("dogfight", lineup.len(), 2)?;
    let game = game(options)?;
    let tournament = TournamentSpec {
        game: "dogfight".into(),
        setup: format!(
            "arena {}, {} rounds",
            game.arena().size(),
            game.config().rounds
        ),
        lineup,
        games: options.common.games_or(DEFAULT_GAMES),
        seed: options.common.seed,
        rotate: !options.common.fixed_seats,
        paired: options.common.paired(),
        schedule,
    };
    Ok((game, tournament))
}

/// Runs the tournament `play dogfight` describes and returns its results (the table, with each
/// bot's faults under it, is printed by the caller); writes the traces when `--record` is given.
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
            let (record, extras) = play_fight_with_stderr(
                &game,
                &tournament.lineup,
                setup,
                recording,
                &mut page,
                stderr_dir,
            )?;
            Ok((record, (extras, page)))
        },
        |setup, ((line, _), page)| {
            let names: Vec<String> = setup
                .seats
                .iter()
                .map(|&e| label(&tournament.lineup[e]))
                .collect();
            if let Some(line) = page.write(plan.as_ref(), &game, &names)? {
                println!("{line}");
            }
            match (out.as_mut(), line) {
                (Some(out), Some(line)) => writeln!(out, "{line}")
                    .map_err(|e| BoxError::from(Error::file(record_path(options), e))),
                _ => Ok(()),
            }
        },
    )?;
    if let Some(mut out) = out {
        out.flush()
            .map_err(|e| Error::file(record_path(options), e))?;
    }
    Ok(results)
}

/// The original tournament's scoring of a results table: consecutive fights grouped into
/// match-ups of `size`; a match-up's winner (more fights won) gets 2 points, a draw 1 each.
/// Returns, per line-up entry, match-ups won, drawn and lost, and points.
pub fn matchup_points(results: &Results, size: u64) -> Vec<[u64; 4]> {
    let players = results.tournament.lineup.len();
    let mut table = vec![[0u64; 4]; players];
    for group in results
        .records
        .chunk_by(|a, b| a.index / size.max(1) == b.index / size.max(1))
    {
        let mut wins = vec![0u64; players];
        for record in group {
            if let Some(seat) = record.ranks.iter().position(|&r| r == 1)
                && record.ranks.iter().filter(|&&r| r == 1).count() == 1
            {
                wins[record.seats[seat]] += 1;
            }
        }
        let best = wins.iter().copied().max().unwrap_or(0);
        let leaders = wins.iter().filter(|&&w| w == best).count();
        for (entry, &won) in wins.iter().enumerate() {
            let row = &mut table[entry];
            if won == best && leaders == 1 {
                row[0] += 1;
                row[3] += 2;
            } else if won == best {
                row[1] += 1;
                row[3] += 1;
            } else {
                row[2] += 1;
            }
        }
    }
    table
}

/// Runs `play dogfight`: the results table, then the match-up points of the original tournament.
pub fn play(options: &Options) -> Result<()> {
    let results = tournament(options)?;
    options.common.report(&results)?;
    let size = u64::from(Config::default().fights.max(1));
    for (entry, [won, drawn, lost, points]) in matchup_points(&results, size).iter().enumerate() {
        println!(
            "match-ups of {size}: {} won {won}, drew {drawn}, lost {lost}: {points} points",
            label(&results.tournament.lineup[entry])
        );
    }
    Ok(())
}

/// Runs `play verify dogfight FILE...`: replays golden-format trace files through
/// [`dogfight::replay`] and returns the conformance line, or the first mismatch.
pub fn verify<P: AsRef<Path>>(files: &[P]) -> Result<String> {
    verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(Error::game)
}
