//! CloudWars bots and the `play cloudwars` command: two-player games on the generic tournament
//! runner.

pub mod bots;
pub mod playable;

use cloudwars::{Color, Config, Game, Leader, Player, PlayerId, State, WorldParams};

use crate::cli::MatchArgs;
use crate::results::{GameRecord, Results, Tournament};
use crate::runner::{self, GameSetup, RunOptions};
use bots::{Bot, Greedy, Search, SearchClassic};

/// Games played when `--games` is not given.
pub const DEFAULT_GAMES: u64 = 2;

/// `play cloudwars`: two bots on random worlds (a game's seed decides the rainclouds and the
/// players' positions). A game's score is the bot's final vapor.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(
    after_help = "Bots: greedy, search, search-classic.\nDefaults: --games 2 --bots search,greedy."
)]
pub struct Options {
    /// The tournament options.
    #[command(flatten)]
    pub common: MatchArgs,
    /// Rainclouds on the board at the start.
    #[arg(long, value_name = "N", default_value_t = MatchConfig::default().params.rainclouds)]
    pub clouds: usize,
    /// Board width.
    #[arg(long, value_name = "W", default_value_t = MatchConfig::default().config.width)]
    pub width: i32,
    /// Board height.
    #[arg(long, value_name = "H", default_value_t = MatchConfig::default().config.height)]
    pub height: i32,
    /// The bots decide every this many iterations (the original's clients list about every 6).
    #[arg(long, value_name = "N", default_value_t = MatchConfig::default().every)]
    pub every: u64,
    /// A game is scored by vapor after this many iterations, unless decided before.
    #[arg(long, value_name = "N", default_value_t = MatchConfig::default().max_iterations)]
    pub max_iterations: u64,
}

/// The settings of a two-player match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchConfig {
    /// Board size and speed.
    pub config: Config,
    /// Rainclouds and vapors.
    pub params: WorldParams,
    /// Bots decide every this many iterations (the original's clients list about every 6).
    pub every: u64,
    /// The game is scored by vapor after this many iterations, unless the win flag is set or a
    /// player dies before.
    pub max_iterations: u64,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            config: Config {
                width: 1280,
                height: 720,
                game_speed: 60,
                sim_speed_up: 1,
            },
            params: WorldParams {
                rainclouds: 40,
                ..WorldParams::default()
            },
            every: 6,
            max_iterations: 2000,
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// The winning seat (0 or 1), or `None` for a draw.
    pub winner: Option<usize>,
    /// Each seat's final vapor.
    pub vapors: [f32; 2],
    /// Iterations played.
    pub iterations: u64,
}

/// Builds the world of one game: `seed` decides the rainclouds and the two players' positions.
pub fn new_game(cfg: &MatchConfig, seed: u64) -> Result<(Game, State), String> {
    let game = Game::new(cfg.config).map_err(|e| e.to_string())?;
    let mut state = game.new_world(&cfg.params, seed);
    for (name, color) in [("P0", Color::Blue), ("P1", Color::Red)] {
        let player = Player {
            name: name.into(),
            color,
        };
        game.add_player(&mut state, player, None, cfg.params.player_vapor)
            .map_err(|e| e.to_string())?;
    }
    Ok((game, state))
}

/// Plays one game between two bots (seat 0 is `P0`, the earlier player in the list).
pub fn play_game(
    cfg: &MatchConfig,
    seed: u64,
    bots: [&mut dyn Bot; 2],
) -> Result<GameResult, String> {
    let (game, mut state) = new_game(cfg, seed)?;
    let [a, b] = bots;
    let mut seats: [&mut dyn Bot; 2] = [a, b];
    let mut actions = Vec::with_capacity(2);
    while state.iteration() < cfg.max_iterations {
        actions.clear();
        if state.iteration() % cfg.every.max(1) == 0 {
            for (i, bot) in seats.iter_mut().enumerate() {
                let me = PlayerId(i as u8);
                if let Some(action) = bot.decide(&game, &state, me) {
                    actions.push((me, action));
                }
            }
        }
        game.advance_commands(&mut state, &actions);
        // The original's win flag, or (our match rule) a player has died: the game is decided.
        let dead = |i: u8| state.cloud_of(PlayerId(i)).is_none_or(|c| c.is_dead());
        if state.win_condition() || dead(0) || dead(1) {
            break;
        }
    }
    let vapors = [0, 1].map(|i| state.cloud_of(PlayerId(i)).map_or(0.0, |c| c.vapor));
    let winner = match (state.win_condition(), state.leader()) {
        (true, Leader::Player(id)) => Some(id.index()),
        _ if vapors[0] > vapors[1] => Some(0),
        _ if vapors[1] > vapors[0] => Some(1),
        _ => None,
    };
    Ok(GameResult {
        winner,
        vapors,
        iterations: state.iteration(),
    })
}

/// A bot by name.
pub fn bot(name: &str) -> Result<Box<dyn Bot>, String> {
    match name {
        "greedy" => Ok(Box::new(Greedy)),
        "search" => Ok(Box::new(Search::default())),
        "search-classic" => Ok(Box::new(SearchClassic::default())),
        other => Err(format!(
            "unknown cloudwars bot {other:?}; the bots are greedy, search, search-classic"
        )),
    }
}

/// Plays one game of a tournament.
pub fn play_one(
    cfg: &MatchConfig,
    lineup: &[String],
    setup: &GameSetup,
) -> Result<GameRecord, String> {
    let [first, second] = setup.seats.as_slice() else {
        return Err(format!(
            "cloudwars has two players; the line-up names {}",
            lineup.len()
        ));
    };
    let mut first = bot(&lineup[*first])?;
    let mut second = bot(&lineup[*second])?;
    let result = play_game(cfg, setup.seed, [first.as_mut(), second.as_mut()])?;
    let ranks = match result.winner {
        Some(0) => vec![1, 2],
        Some(_) => vec![2, 1],
        None => vec![1, 1],
    };
    Ok(GameRecord {
        index: setup.index,
        seats: setup.seats.clone(),
        scores: result.vapors.iter().map(|&v| f64::from(v)).collect(),
        ranks,
        steps: result.iterations,
    })
}

/// Runs a tournament of `games` games between `lineup` on `cfg`.
pub fn tournament(
    cfg: &MatchConfig,
    lineup: Vec<String>,
    games: u64,
    seed: u64,
    rotate: bool,
    options: &RunOptions,
) -> Result<Results, String> {
    if lineup.len() != 2 {
        return Err(format!(
            "--bots takes two bot names, e.g. search,greedy (got {})",
            lineup.len()
        ));
    }
    let tournament = Tournament {
        game: "cloudwars".into(),
        setup: format!(
            "{}x{} board, {} rainclouds, bots every {} iterations, at most {} iterations",
            cfg.config.width,
            cfg.config.height,
            cfg.params.rainclouds,
            cfg.every,
            cfg.max_iterations
        ),
        lineup,
        games,
        seed,
        rotate,
    };
    runner::run(
        &tournament,
        options,
        |setup| play_one(cfg, &tournament.lineup, setup).map(|record| (record, ())),
        |_, ()| Ok(()),
    )
}

/// The tally of a match between two bots.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// Games won by each bot.
    pub wins: [u32; 2],
    /// Drawn games.
    pub draws: u32,
    /// Sum of each bot's final vapor.
    pub vapor: [f64; 2],
    /// Iterations played in all.
    pub iterations: u64,
}

/// Plays `games` games on the tournament runner, the bots swapping seats every game, and tallies
/// them per bot.
pub fn run_match(
    cfg: &MatchConfig,
    names: [&str; 2],
    games: u32,
    seed: u64,
) -> Result<Tally, String> {
    let lineup = names.map(str::to_owned).to_vec();
    let results = tournament(
        cfg,
        lineup,
        u64::from(games),
        seed,
        true,
        &RunOptions::default(),
    )?;
    let mut tally = Tally::default();
    for record in &results.records {
        for (seat, &entry) in record.seats.iter().enumerate() {
            tally.vapor[entry] += record.scores[seat];
            if record.ranks[seat] == 1 && record.ranks[1 - seat] == 2 {
                tally.wins[entry] += 1;
            }
        }
        tally.draws += u32::from(record.ranks == [1, 1]);
        tally.iterations += record.steps;
    }
    Ok(tally)
}

/// The match settings `play cloudwars` describes.
pub fn match_config(options: &Options) -> MatchConfig {
    let mut cfg = MatchConfig::default();
    cfg.params.rainclouds = options.clouds;
    cfg.config.width = options.width;
    cfg.config.height = options.height;
    cfg.every = options.every;
    cfg.max_iterations = options.max_iterations;
    cfg
}

/// Runs `play cloudwars`.
pub fn play(options: &Options) -> Result<(), String> {
    let common = &options.common;
    let results = tournament(
        &match_config(options),
        common.lineup_or(&["search", "greedy"]),
        common.games_or(DEFAULT_GAMES),
        common.seed,
        !common.fixed_seats,
        &common.run_options(),
    )?;
    common.report(&results)
}

/// Runs `play verify cloudwars FILE...`: scenario files with their traces, `micro_cases.json`
/// and `kill_ring_vectors.json`.
pub fn verify<P: AsRef<std::path::Path>>(files: &[P]) -> Result<String, String> {
    cloudwars::replay::verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(|e| e.to_string())
}
