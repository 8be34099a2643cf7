//! Tron3D bots and the `play tron3d` / `play verify tron3d` commands: games on the generic
//! tournament runner ([`runner::run_playable_watched`], bots built by
//! [`Roster::bot`](crate::roster::Roster::bot)), plus a watcher writing the `.t3d` files
//! that the original web viewer plays.

pub mod bots;
pub mod playable;
pub mod tree_bot;

#[cfg(feature = "cli")]
use {
    crate::cli::MatchArgs,
    crate::error::{Error, Result},
    arena::results::{Results, TournamentSpec},
    arena::runner::{self, Watch},
    arena::viewer::MatchPage,
    std::path::{Path, PathBuf},
    tron3d::format::{Cnf, parse_map},
    tron3d::generate::Preset,
    tron3d::replay::Recorder,
    tron3d::{Action, Actions, Board, Config, Events, Game, PlayerId, State},
};

/// Games played when `--games` is not given.
#[cfg(feature = "cli")]
pub const DEFAULT_GAMES: u64 = 4;

/// `play tron3d`: games of 2 to 8 players (one per bot of `--bots`).
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(
    after_help = "Defaults: --games 4 --bots search,demo,demo,demo --board cube6.\n\
    `play verify tron3d FILE.t3d...` replays recorded games (the map is looked up next to the \
    file, in a boards/ folder beside it or beside a parent folder, in $CONTEST_DATA/tron3d/boards/, \
    then among the shipped boards by name and by size, so games written with --name replay too)."
)]
#[cfg(feature = "cli")]
pub struct Options {
    /// The tournament options.
    #[command(flatten)]
    pub common: MatchArgs,
    /// A shipped board (cube6 cube12 ico2 ico3 grid13 grid17), or a .map or .cnf file (a .cnf's
    /// map is read from the same folder).
    #[arg(long, value_name = "BOARD", default_value = "cube6")]
    pub board: String,
    /// Rounds per game (default: the board's).
    #[arg(long, value_name = "R")]
    pub rounds: Option<u32>,
    /// Write each game as .t3d (FILE for one game, FILE-I.t3d for game I of several); the original web
    /// viewer plays them.
    #[arg(long, value_name = "FILE")]
    pub t3d: Option<PathBuf>,
    /// The map name written into .t3d files (e.g. --board grid13 --name plane: the original
    /// viewer draws a game by its map name, and grid13/grid17 number their vertices like its
    /// plane/bigplane).
    #[arg(long, value_name = "MAP")]
    pub name: Option<String>,
}

/// Loads `--board`: a preset name, a `.map` or a `.cnf` file.
#[cfg(feature = "cli")]
fn load_board(spec: &str) -> Result<(Board, Config)> {
    if let Some(preset) = Preset::from_name(spec) {
        return Ok((preset.board(), preset.config()));
    }
    let path = Path::new(spec);
    let text = std::fs::read_to_string(path).map_err(|source| Error::UnknownBoard {
        spec: spec.to_owned(),
        known: Preset::ALL.iter().map(|p| p.name()).collect(),
        source,
    })?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("map");
    if spec.ends_with(".cnf") {
        let cnf = Cnf::parse(&text).map_err(|e| Error::format(path, e))?;
        let map_path = path.with_file_name(format!("{}.map", cnf.map));
        let map = std::fs::read_to_string(&map_path).map_err(|e| Error::file(&map_path, e))?;
        let board = parse_map(&cnf.map, &map).map_err(|e| Error::format(&map_path, e))?;
        Ok((board, cnf.config))
    } else {
        let board = parse_map(stem, &text).map_err(|e| Error::format(path, e))?;
        Ok((board, Config::default()))
    }
}

#[cfg(feature = "cli")]
fn t3d_path(base: &Path, games: u64, i: u64) -> PathBuf {
    if games == 1 {
        return base.to_owned();
    }
    let stem = base.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    base.with_file_name(format!("{stem}-{i}.t3d"))
}

/// Writes one game as `.t3d` while the runner plays it (when `--t3d` is given): the players'
/// names, then each round's commands, events and resulting state.
#[cfg(feature = "cli")]
#[derive(Debug)]
pub struct T3dWatch {
    names: Vec<String>,
    recorder: Option<Recorder>,
    /// Scratch: one round's joint action as the recorder takes it.
    actions: Actions,
}

#[cfg(feature = "cli")]
impl T3dWatch {
    /// A watcher that records a game between `names` (one per seat) when `record` is set.
    pub fn new(names: Vec<String>, record: bool) -> T3dWatch {
        T3dWatch {
            names: if record { names } else { Vec::new() },
            recorder: None,
            actions: Actions::new(),
        }
    }

    /// The game as `.t3d` text, when it was recorded.
    pub fn finish(self) -> Option<String> {
        self.recorder.map(|r| r.finish().write())
    }
}

#[cfg(feature = "cli")]
impl Watch<Game> for T3dWatch {
    fn start(&mut self, game: &Game, state: &State) {
        if !self.names.is_empty() {
            self.recorder = Some(Recorder::new(game, &self.names, state));
        }
    }

    fn step(&mut self, game: &Game, actions: &[Action], events: &Events, state: &State) {
        let Some(recorder) = self.recorder.as_mut() else {
            return;
        };
        // Every player moves in every round of a running game (`to_move` is all of them), so
        // `actions[p]` is player `p`'s.
        self.actions.clear();
        for (player, action) in actions.iter().enumerate() {
            for m in action.moves() {
                self.actions.push(player as PlayerId, *m);
            }
        }
        recorder.record(game, &self.actions, events, state);
    }
}

/// Builds the game `play tron3d` plays for `players` players.
#[cfg(feature = "cli")]
pub fn game(options: &Options, players: usize) -> Result<Game> {
    let (mut board, mut config) = load_board(&options.board)?;
    if let Some(name) = &options.name {
        board.set_name(name);
    }
    config.nb_players = players;
    if let Some(rounds) = options.rounds {
        config.nb_rounds = rounds;
    }
    Game::new(board, config).map_err(|e| Error::engine(format!("board {}", options.board), e))
}

/// Runs the tournament `play tron3d` describes; writes .t3d files when `--t3d` is given.
#[cfg(feature = "cli")]
pub fn tournament(options: &Options) -> Result<Results> {
    let lineup = options
        .common
        .lineup_or(&["search", "demo", "demo", "demo"]);
    // Seats: `--seats`, one per bot, or (a duplicate test: NEW, OLD, opponents) one fewer.
    let duplicate = options.common.sprt.is_some() && lineup.len() > 2;
    let seats = options.common.seats.map_or_else(
        || lineup.len() - usize::from(duplicate),
        |n| usize::try_from(n).unwrap_or(usize::MAX),
    );
    let schedule = options.common.schedule("tron3d", lineup.len(), seats)?;
    let game = game(options, seats)?;
    let config = game.config();
    let tournament = TournamentSpec {
        game: "tron3d".into(),
        setup: format!(
            "board {} ({} vertices), {} bikes each, {} rounds",
            game.board().name(),
            game.board().nb_vertices(),
            config.nb_bikes,
            config.nb_rounds
        ),
        lineup: lineup.clone(),
        games: options.common.games_or(DEFAULT_GAMES),
        seed: options.common.seed,
        rotate: !options.common.fixed_seats,
        paired: options.common.paired(),
        schedule,
    };
    let plan = options.common.page_plan(tournament.games, 1)?;
    let stderr_dir = options.common.stderr_dir.as_deref();
    crate::roster::create_stderr_dir(stderr_dir)?;
    let entries = crate::roster::lineup_with_stderr::<Game>(&lineup, "tron3d", stderr_dir);
    let mut run_options = options.common.run_options();
    crate::sprt::sequential(&options.common, &tournament, &mut run_options)?;
    runner::run_playable_watched(
        std::slice::from_ref(&game),
        &tournament,
        &entries,
        &run_options,
        |setup| {
            let names = setup.seats.iter().map(|&e| lineup[e].clone()).collect();
            (
                T3dWatch::new(names, options.t3d.is_some()),
                MatchPage::new(plan.as_ref(), setup),
            )
        },
        |setup, (watch, page)| {
            let names: Vec<String> = setup.seats.iter().map(|&e| lineup[e].clone()).collect();
            if let Some(line) = page.write(plan.as_ref(), &game, &names)? {
                println!("{line}");
            }
            match (&options.t3d, watch.finish()) {
                (Some(base), Some(text)) => {
                    let path = t3d_path(base, tournament.games, setup.index);
                    std::fs::write(&path, text).map_err(|e| Error::file(path, e).into())
                }
                _ => Ok(()),
            }
        },
    )
    .map_err(Error::from)
}

/// Runs `play tron3d`.
#[cfg(feature = "cli")]
pub fn play(options: &Options) -> Result<()> {
    let results = tournament(options)?;
    options.common.report(&results)
}

/// Runs `play verify tron3d FILE...`: the crate's replay, which finds each game's board.
#[cfg(feature = "cli")]
pub fn verify<P: AsRef<Path>>(files: &[P]) -> Result<String> {
    tron3d::replay::verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(Error::game)
}
