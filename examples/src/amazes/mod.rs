//! Amazes bots, the `play amazes` command (two-player games on the generic tournament runner),
//! the stdin/stdout player harness and the referee that runs real programs.

pub mod bots;
pub mod playable;
pub mod program;
#[cfg(feature = "cli")]
pub mod referee;

#[cfg(feature = "cli")]
use {
    crate::cli::MatchArgs,
    crate::error::{Error, Result},
    crate::roster::{Roster, create_stderr_dir, stderr_file},
    amazes::{Config, Game, MazeFile, Outcome, Player, Pose, generate, random_starts},
    arena::Bot,
    arena::results::{GameRecord, Results, TournamentSpec, ranks_from_scores},
    arena::runner::{self, FirstFaults, GameSetup, Watch},
    arena::viewer::{MatchPage, PagePlan},
    rand::SeedableRng,
    rand_pcg::Pcg64Mcg,
    std::path::{Path, PathBuf},
};

/// Games played when `--games` is not given.
#[cfg(feature = "cli")]
pub const DEFAULT_GAMES: u64 = 4;

/// `play amazes`: two bots in hidden mazes; a game's score is the player's final score.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(
    after_help = "Defaults: --games 4 --bots explorer,random, on the crate's shipped mazes in turn."
)]
#[cfg(feature = "cli")]
pub struct Options {
    /// The tournament options.
    #[command(flatten)]
    pub common: MatchArgs,
    /// Play on this maze file (header line optional); default: the crate's shipped mazes in turn.
    #[arg(long, value_name = "FILE", conflicts_with = "generated")]
    pub maze: Option<PathBuf>,
    /// Play each game on a freshly generated maze.
    #[arg(long)]
    pub generated: bool,
    /// One line per game (scores, points, discovered, charged, captures).
    #[arg(long)]
    pub verbose: bool,
}

/// Plays one game between two bots (any [`arena::Bot`]; the player-program brains of
/// [`bots::Brain`]s are such bots) from `starts`; returns the outcome.
#[cfg(feature = "cli")]
pub fn play_game(
    game: &Game,
    starts: [Pose; 2],
    bots: [&mut dyn Bot<Game>; 2],
    seed: u64,
) -> Outcome {
    play_game_stats(game, starts, bots, seed).0
}

/// Per-player totals of a game: discovered squares, first discoveries, characters, captures.
#[cfg(feature = "cli")]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Squares each player discovered.
    pub discovered: [usize; 2],
    /// Characters each player was charged.
    pub charged: [usize; 2],
    /// Turns that ended on the opponent.
    pub captures: [usize; 2],
    /// Turns played (both players).
    pub turns: usize,
}

/// [`play_game`] with per-player totals.
#[cfg(feature = "cli")]
pub fn play_game_stats(
    game: &Game,
    starts: [Pose; 2],
    bots: [&mut dyn Bot<Game>; 2],
    seed: u64,
) -> (Outcome, GameStats) {
    let (outcome, stats, _) = play_game_watched(game, starts, bots, seed, &mut ());
    (outcome, stats)
}

/// [`play_game_stats`], shown to `watch` turn by turn (for a viewer page); also returns each
/// player's first fault and the turn it was seen after ([`FirstFaults`]).
#[cfg(feature = "cli")]
fn play_game_watched(
    game: &Game,
    starts: [Pose; 2],
    bots: [&mut dyn Bot<Game>; 2],
    seed: u64,
    watch: &mut impl Watch<Game>,
) -> (Outcome, GameStats, FirstFaults) {
    let mut stats = GameStats::default();
    let mut state = game
        .initial_state_with(starts)
        .unwrap_or_else(|_| game.initial_state(seed));
    watch.start(game, &state);
    let [red, blue] = bots;
    red.new_game(game, 0, seed);
    blue.new_game(game, 1, seed.wrapping_add(1));
    let players: [&mut dyn Bot<Game>; 2] = [red, blue];
    let mut faults = FirstFaults::new(2);
    for (p, bot) in players.iter().enumerate() {
        faults.seen(game, p, 0, bot.fault(), watch);
    }
    loop {
        if let Some(outcome) = game.outcome(&state) {
            for p in Player::BOTH {
                stats.discovered[p.index()] = state.knowledge(p).discovered_count();
                // A program is sent `Quit` after sudden death, as the CodeCup judge does.
                players[p.index()].game_over(game, &outcome, p.index());
                if !faults.has(p.index()) {
                    let fault = players[p.index()].fault();
                    faults.seen(game, p.index(), stats.turns as u64, fault, watch);
                }
            }
            return (outcome, stats, faults);
        }
        let p = state.to_move();
        let view = game.observe(&state, state.to_move().index());
        let action = players[p.index()].act(game, &view, p.index());
        let e = game.advance_action(&mut state, &action);
        watch.step(game, std::slice::from_ref(&action), &e, &state);
        stats.charged[p.index()] += e.charged as usize;
        stats.captures[p.index()] += e.captured as usize;
        stats.turns += 1;
        if !faults.has(p.index()) {
            let fault = players[p.index()].fault();
            faults.seen(game, p.index(), stats.turns as u64, fault, watch);
        }
    }
}

/// The maze and starts of game `setup.index` of a match: the maze file, a generated maze or the
/// shipped maze of that index; the shipped starts on even games, random ones otherwise.
#[cfg(feature = "cli")]
fn maze_and_starts(
    maze: Option<&MazeFile>,
    generated: bool,
    setup: &GameSetup,
) -> Result<(Game, [Pose; 2])> {
    let mut rng = Pcg64Mcg::seed_from_u64(setup.seed);
    let i = setup.index as usize;
    let file = if let Some(file) = maze {
        file.clone()
    } else if generated {
        let maze = generate(25, &mut rng).map_err(|e| Error::engine("generated maze", e))?;
        MazeFile { maze, starts: None }
    } else {
        amazes::mazes::get(i)
    };
    let config = Config {
        size: file.maze.size(),
        min_start_distance2: Config::default()
            .min_start_distance2
            .min(2 * (file.maze.size() as u32 - 1).pow(2)),
        ..Config::default()
    };
    let game = Game::new(file.maze, config).map_err(|e| Error::engine("amazes game", e))?;
    let starts = match file.starts {
        Some(s) if i.is_multiple_of(2) || maze.is_some() => s,
        _ => random_starts(game.maze(), config.min_start_distance2, &mut rng)
            .map_err(|e| Error::engine("amazes starts", e))?,
    };
    Ok((game, starts))
}

/// Plays one game of a tournament; with `verbose`, also returns its one-line description.
#[cfg(feature = "cli")]
fn play_one(
    maze: Option<&MazeFile>,
    generated: bool,
    lineup: &[String],
    setup: &GameSetup,
    verbose: bool,
    plan: Option<&PagePlan>,
    stderr_dir: Option<&Path>,
) -> Result<(GameRecord, OneGame)> {
    let (game, starts) = maze_and_starts(maze, generated, setup)?;
    let mut page = MatchPage::new(plan, setup);
    let mut seats = Vec::with_capacity(2);
    for (seat, &entry) in setup.seats.iter().enumerate() {
        let stderr = stderr_dir.map(|dir| stderr_file(dir, "amazes", setup.index, seat));
        seats.push(game.bot_with_stderr(&lineup[entry], stderr)?);
    }
    let [red, blue] = seats.as_mut_slice() else {
        return Err(Error::Lineup {
            game: "amazes",
            players: 2,
            got: lineup.len(),
        });
    };
    let (outcome, stats, faults) = play_game_watched(
        &game,
        starts,
        [&mut **red, &mut **blue],
        setup.seed,
        &mut page,
    );
    let scores: Vec<f64> = outcome.scores.iter().map(|&s| f64::from(s)).collect();
    let line = verbose.then(|| {
        format!(
            "game {}: red {} blue {}: scores {:?} points {:?} {stats:?} {:?}",
            setup.index,
            lineup[setup.seats[0]],
            lineup[setup.seats[1]],
            outcome.scores,
            outcome.points,
            outcome.end
        )
    });
    let mut record = GameRecord {
        index: setup.index,
        seats: setup.seats.clone(),
        ranks: ranks_from_scores(&scores),
        scores,
        steps: stats.turns as u64,
        faults: Vec::new(),
        fault_steps: Vec::new(),
    };
    record.set_faults(faults.into_faults());
    let page = page.is_recording().then_some((game, page));
    Ok((record, (line, page)))
}

/// What a game of a tournament leaves besides its record: its `--verbose` line, and its maze
/// and viewer page when `--html` shows it.
#[cfg(feature = "cli")]
type OneGame = (Option<String>, Option<(Game, MatchPage<Game>)>);

/// Runs the tournament `play amazes` describes.
#[cfg(feature = "cli")]
pub fn tournament(options: &Options) -> Result<Results> {
    let lineup = options.common.lineup_or(&["explorer", "random"]);
    let schedule = options.common.schedule("amazes", lineup.len(), 2)?;
    let maze = match &options.maze {
        Some(path) => {
            let text = read_maze(path)?;
            Some(MazeFile::parse(&text).map_err(|e| Error::format(path, e))?)
        }
        None => None,
    };
    let tournament = TournamentSpec {
        game: "amazes".into(),
        setup: match (&options.maze, options.generated) {
            (Some(path), _) => format!("maze {}", path.display()),
            (None, true) => "generated mazes".into(),
            (None, false) => "the shipped mazes in turn".into(),
        },
        lineup,
        games: options.common.games_or(DEFAULT_GAMES),
        seed: options.common.seed,
        rotate: !options.common.fixed_seats,
        paired: options.common.paired(),
        schedule,
    };
    create_stderr_dir(options.common.stderr_dir.as_deref())?;
    // Every turn: the pictures are one element a line, so a turn adds only the lines it
    // changed (a whole game's page is well under 1 MB).
    let plan = options.common.page_plan(tournament.games, 1)?;
    let mut run_options = options.common.run_options();
    crate::sprt::sequential(&options.common, &tournament, &mut run_options)?;
    runner::run(
        &tournament,
        &run_options,
        |setup| {
            play_one(
                maze.as_ref(),
                options.generated,
                &tournament.lineup,
                setup,
                options.verbose,
                plan.as_ref(),
                options.common.stderr_dir.as_deref(),
            )
            .map_err(Into::into)
        },
        |setup, (line, page)| {
            if let Some(line) = line {
                println!("{line}");
            }
            if let Some((game, page)) = page {
                let names: Vec<String> = setup
                    .seats
                    .iter()
                    .map(|&e| tournament.lineup[e].clone())
                    .collect();
                if let Some(line) = page.write(plan.as_ref(), &game, &names)? {
                    println!("{line}");
                }
            }
            Ok(())
        },
    )
    .map_err(Error::from)
}

/// The largest maze file `--maze` reads (counted as it is read): far above any real maze.
#[cfg(feature = "cli")]
const MAX_MAZE_FILE_BYTES: u64 = 1 << 20;

/// Reads a maze file (`--maze`) of at most `MAX_MAZE_FILE_BYTES` (1 MiB).
#[cfg(feature = "cli")]
pub fn read_maze(path: &Path) -> Result<String> {
    let error = |source: std::io::Error| Error::UnknownMaze {
        path: path.to_owned(),
        shipped: amazes::mazes::COUNT,
        source,
    };
    // Counted as it is read: a device (`/dev/zero`, reported size 0) cannot make it read more.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| {
            std::io::Read::read_to_end(
                &mut std::io::Read::take(file, MAX_MAZE_FILE_BYTES + 1),
                &mut bytes,
            )
        })
        .map_err(error)?;
    if bytes.len() as u64 > MAX_MAZE_FILE_BYTES {
        return Err(Error::TooLarge {
            path: path.to_owned(),
            bytes: bytes.len() as u64,
            limit: MAX_MAZE_FILE_BYTES,
            what: "a maze file",
        });
    }
    String::from_utf8(bytes)
        .map_err(|e| error(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// Runs `play amazes`.
#[cfg(feature = "cli")]
pub fn play(options: &Options) -> Result<()> {
    let results = tournament(options)?;
    options.common.report(&results)
}

/// Runs `play verify amazes FILE...`.
#[cfg(feature = "cli")]
pub fn verify<P: AsRef<Path>>(files: &[P]) -> Result<String> {
    amazes::replay::verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(Error::game)
}
