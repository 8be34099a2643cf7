//! Amazes bots, the `play amazes` command, the stdin/stdout player harness and the referee that
//! runs real programs.

pub mod bots;
pub mod playable;
pub mod program;
pub mod referee;

use amazes::{Action, Config, Game, MazeFile, Outcome, Player, Pose, generate, random_starts};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::Args;
use bots::{BOTS, Bot};

const HELP: &str = "\
play amazes [OPTIONS]   a match of Amazes (CodeCup 2010) between example bots

  --bots A,B       the two bots (search, explorer, random); default explorer,random
  --games N        games to play, colours alternating; default 4
  --seed S         seed for starts, generated mazes and bots; default 1
  --maze FILE      play on this maze file (header line optional); default: the crate's
                   shipped mazes in turn
  --generated      play each game on a freshly generated maze
  --verbose        one line per game (scores, points, discovered, charged, captures)
  --help           this text";

/// Plays one game between two bots; returns the outcome.
pub fn play_game(game: &Game, starts: [Pose; 2], bots: [&mut dyn Bot; 2], seed: u64) -> Outcome {
    play_game_stats(game, starts, bots, seed).0
}

/// Per-player totals of a game: discovered squares, first discoveries, characters, captures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Squares each player discovered.
    pub discovered: [usize; 2],
    /// Characters each player was charged.
    pub charged: [usize; 2],
    /// Turns that ended on the opponent.
    pub captures: [usize; 2],
}

/// [`play_game`] with per-player totals.
pub fn play_game_stats(
    game: &Game,
    starts: [Pose; 2],
    bots: [&mut dyn Bot; 2],
    seed: u64,
) -> (Outcome, GameStats) {
    let mut stats = GameStats::default();
    let mut state = game
        .initial_state_with(starts)
        .unwrap_or_else(|_| game.initial_state(seed));
    let [red, blue] = bots;
    red.reset(game.config().size, seed);
    blue.reset(game.config().size, seed.wrapping_add(1));
    let players: [&mut dyn Bot; 2] = [red, blue];
    loop {
        if let Some(outcome) = game.outcome(&state) {
            for p in Player::BOTH {
                stats.discovered[p.index()] = state.knowledge(p).discovered_count();
            }
            return (outcome, stats);
        }
        let p = state.to_move();
        let view = game.observe(&state, state.to_move());
        let line = players[p.index()].choose(&view);
        let e = game.advance(&mut state, &Action::Moves(line));
        stats.charged[p.index()] += e.charged as usize;
        stats.captures[p.index()] += e.captured as usize;
    }
}

/// The maze and starts of game `i` of a match.
fn setup(args: &Args, i: usize, seed: u64) -> Result<(Game, [Pose; 2]), String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let file = if let Some(path) = args.text("maze") {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        MazeFile::parse(&text).map_err(|e| format!("{path}: {e}"))?
    } else if args.flag("generated") {
        let maze = generate(25, &mut rng).map_err(|e| e.to_string())?;
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
    let game = Game::new(file.maze, config).map_err(|e| e.to_string())?;
    let starts = match file.starts {
        Some(s) if i % 2 == 0 || args.text("maze").is_some() => s,
        _ => random_starts(game.maze(), config.min_start_distance2, &mut rng)
            .map_err(|e| e.to_string())?,
    };
    Ok((game, starts))
}

/// Runs `play amazes`.
pub fn play(args: &Args) -> Result<(), String> {
    if args.flag("help") {
        println!("{HELP}");
        return Ok(());
    }
    let names = args.list("bots", &["explorer", "random"]);
    if names.len() != 2 {
        return Err(format!("--bots needs two names, got {}", names.len()));
    }
    let mut bots: Vec<Box<dyn Bot>> = Vec::new();
    for name in &names {
        bots.push(
            bots::by_name(name)
                .ok_or_else(|| format!("unknown bot {name:?}; the bots are {}", BOTS.join(", ")))?,
        );
    }
    let games: usize = args.value("games", 4)?;
    let seed: u64 = args.value("seed", 1)?;
    let mut totals = [0i64; 2];
    let mut wins = [0usize; 2];
    let mut sudden = 0;
    for i in 0..games {
        let (game, starts) = setup(args, i, seed)?;
        // Bot 0 is Red in even games, Blue in odd ones.
        let swap = i % 2 == 1;
        let (a, b) = bots.split_at_mut(1);
        let (red, blue): (&mut dyn Bot, &mut dyn Bot) = if swap {
            (b[0].as_mut(), a[0].as_mut())
        } else {
            (a[0].as_mut(), b[0].as_mut())
        };
        let (outcome, stats) =
            play_game_stats(&game, starts, [red, blue], seed.wrapping_add(i as u64));
        if args.flag("verbose") {
            println!(
                "game {i}: red {} blue {}: scores {:?} points {:?} {stats:?} {:?}",
                if swap { &names[1] } else { &names[0] },
                if swap { &names[0] } else { &names[1] },
                outcome.scores,
                outcome.points,
                outcome.end
            );
        }
        let (s0, s1) = if swap {
            (outcome.scores[1], outcome.scores[0])
        } else {
            (outcome.scores[0], outcome.scores[1])
        };
        totals[0] += s0 as i64;
        totals[1] += s1 as i64;
        match s0.cmp(&s1) {
            std::cmp::Ordering::Greater => wins[0] += 1,
            std::cmp::Ordering::Less => wins[1] += 1,
            std::cmp::Ordering::Equal => {}
        }
        sudden += matches!(outcome.end, amazes::End::SuddenDeath { .. }) as usize;
    }
    println!("amazes: {games} games, colours alternating, seed {seed}");
    println!("{:<10} {:>10} {:>6}", "bot", "mean score", "wins");
    for k in 0..2 {
        let mean = if games == 0 {
            0.0
        } else {
            totals[k] as f64 / games as f64
        };
        println!("{:<10} {:>10.1} {:>6}", names[k], mean, wins[k]);
    }
    if sudden > 0 {
        println!("{sudden} game(s) ended by sudden death");
    }
    let _ = Player::Red;
    Ok(())
}

/// Runs `play verify amazes FILE...`.
pub fn verify(files: &[String]) -> Result<String, String> {
    amazes::replay::verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(|e| e.to_string())
}
