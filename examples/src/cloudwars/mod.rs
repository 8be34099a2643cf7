//! CloudWars bots and the `play cloudwars` command.
//!
//! ```text
//! play cloudwars [--bots search,greedy] [--games 2] [--seed 1] [--clouds 40]
//!                [--width 1280] [--height 720] [--every 6] [--max-iterations 2000]
//! play verify cloudwars FILE...
//! ```

pub mod bots;
pub mod playable;

use cloudwars::{Color, Config, Game, Leader, Player, PlayerId, State, WorldParams};

use crate::Args;
use bots::{Bot, Greedy, Search, SearchClassic};

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

/// Plays `games` games, the bots swapping seats every game (seed `seed + g`).
pub fn run_match(
    cfg: &MatchConfig,
    names: [&str; 2],
    games: u32,
    seed: u64,
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for g in 0..games {
        let mut first = bot(names[0])?;
        let mut second = bot(names[1])?;
        let swap = g % 2 == 1;
        let seats: [&mut dyn Bot; 2] = if swap {
            [second.as_mut(), first.as_mut()]
        } else {
            [first.as_mut(), second.as_mut()]
        };
        let result = play_game(cfg, seed.wrapping_add(u64::from(g)), seats)?;
        let to_bot = |seat: usize| if swap { 1 - seat } else { seat };
        match result.winner {
            Some(seat) => tally.wins[to_bot(seat)] += 1,
            None => tally.draws += 1,
        }
        for seat in 0..2 {
            tally.vapor[to_bot(seat)] += f64::from(result.vapors[seat]);
        }
        tally.iterations += result.iterations;
    }
    Ok(tally)
}

const HELP: &str = "play cloudwars [--bots search,greedy] [--games 2] [--seed 1] [--clouds 40] \
[--width 1280] [--height 720] [--every 6] [--max-iterations 2000]\n\
  Two bots (greedy, search, search-classic) play GAMES games on random worlds, swapping seats each game.";

/// Runs `play cloudwars`.
pub fn play(args: &Args) -> Result<(), String> {
    if args.flag("help") {
        println!("{HELP}");
        return Ok(());
    }
    let names = args.list("bots", &["search", "greedy"]);
    let [a, b] = names.as_slice() else {
        return Err("--bots takes two bot names, e.g. search,greedy".into());
    };
    let mut cfg = MatchConfig::default();
    cfg.params.rainclouds = args.value("clouds", cfg.params.rainclouds)?;
    cfg.config.width = args.value("width", cfg.config.width)?;
    cfg.config.height = args.value("height", cfg.config.height)?;
    cfg.every = args.value("every", cfg.every)?;
    cfg.max_iterations = args.value("max-iterations", cfg.max_iterations)?;
    let games: u32 = args.value("games", 2)?;
    let seed: u64 = args.value("seed", 1)?;
    let start = std::time::Instant::now();
    let tally = run_match(&cfg, [a, b], games, seed)?;
    let elapsed = start.elapsed();
    println!(
        "cloudwars: {games} games, {}x{} board, {} rainclouds, seed {seed}, {} iterations in {:.2?}",
        cfg.config.width, cfg.config.height, cfg.params.rainclouds, tally.iterations, elapsed
    );
    println!(
        "{:<8} {:>6} {:>6} {:>6} {:>8} {:>10}",
        "bot", "wins", "losses", "draws", "win %", "avg vapor"
    );
    for (i, name) in [a, b].into_iter().enumerate() {
        let pct = if games == 0 {
            0.0
        } else {
            100.0 * f64::from(tally.wins[i]) / f64::from(games)
        };
        println!(
            "{:<8} {:>6} {:>6} {:>6} {:>7.1}% {:>10.1}",
            name,
            tally.wins[i],
            tally.wins[1 - i],
            tally.draws,
            pct,
            tally.vapor[i] / f64::from(games.max(1))
        );
    }
    Ok(())
}

/// Runs `play verify cloudwars FILE...`: scenario files with their traces, `micro_cases.json`
/// and `kill_ring_vectors.json`.
pub fn verify(files: &[String]) -> Result<String, String> {
    cloudwars::replay::verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(|e| e.to_string())
}
