//! `amazes_referee`: runs an Amazes game between two player programs, like the CodeCup 2010
//! judge, and prints both scores.
//!
//! ```text
//! amazes_referee [--maze FILE] [--seed N] [--turn-ms MS] [--verbose] "RED COMMAND" "BLUE COMMAND"
//! ```
//!
//! Each command is split at spaces. Without `--maze`, the crate's first shipped maze is used
//! (with its start poses); a maze file without a start header gets starts drawn with `--seed`.
//! Output: one line per player, `red <score> <points> <fault or ok>`, and the end of the game.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use amazes::{Config, Game, MazeFile, random_starts};
use examples::Error;
use examples::amazes::read_maze;
use examples::amazes::referee::{Settings, run_game};
use rand::SeedableRng;

/// Runs an Amazes game between two player programs, like the CodeCup 2010 judge, and prints both
/// scores.
#[derive(Debug, Parser)]
#[command(name = "amazes_referee")]
struct Cli {
    /// The maze file (default: the crate's first shipped maze, with its start poses).
    #[arg(long, value_name = "FILE")]
    maze: Option<PathBuf>,
    /// Seed of the start poses for a maze file without a start header.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Time limit per turn, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    turn_ms: u64,
    /// Print every turn's events on stderr.
    #[arg(long)]
    verbose: bool,
    /// The programs' sandbox (`on`: they read the system and their own folder and write only a
    /// scratch folder; `off`: anywhere the user can). Either way each is killed with all it
    /// started and held to the arena's default limits.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    sandbox: String,
    /// Red's command line (split at spaces).
    red: String,
    /// Blue's command line (split at spaces).
    blue: String,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amazes_referee: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Cli) -> examples::Result<()> {
    let (seed, turn_ms) = (args.seed, args.turn_ms);
    let file = match &args.maze {
        Some(path) => MazeFile::parse(&read_maze(path)?).map_err(|e| Error::format(path, e))?,
        None => amazes::mazes::get(0),
    };
    // Smaller test mazes cannot hold two squares √288 apart: use the largest distance they allow.
    let n = file.maze.size() as u32 - 1;
    let config = Config {
        size: file.maze.size(),
        min_start_distance2: Config::default().min_start_distance2.min(2 * n * n),
        ..Config::default()
    };
    let game = Game::new(file.maze, config).map_err(|e| Error::engine("amazes game", e))?;
    let starts = match file.starts {
        Some(s) => s,
        None => {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            random_starts(game.maze(), config.min_start_distance2, &mut rng)
                .map_err(|e| Error::engine("amazes starts", e))?
        }
    };
    let commands: Vec<Vec<String>> = [&args.red, &args.blue]
        .iter()
        .map(|c| c.split_whitespace().map(str::to_owned).collect())
        .collect();
    let settings = Settings {
        turn_limit: Duration::from_millis(turn_ms),
        sandbox: args.sandbox != "off",
        ..Settings::default()
    };
    let report = run_game(&game, starts, [&commands[0], &commands[1]], settings)?;
    if args.verbose {
        for e in &report.events {
            eprintln!(
                "{:?} {} steps {} extra_t {} +{} first {} captured {} {:?}",
                e.player, e.line, e.steps, e.extra_t, e.discovered, e.first, e.captured, e.jury
            );
        }
    }
    let o = &report.outcome;
    for (i, name) in ["red", "blue"].iter().enumerate() {
        let status = match o.faults[i] {
            // The program's reader stops at its line limit: the line's length is unknown.
            Some(amazes::Fault::TooLong(n)) if n > arena::program::LINE_LIMIT => format!(
                "fault: a line longer than {} bytes",
                arena::program::LINE_LIMIT
            ),
            Some(f) => format!("fault: {f}"),
            None => "ok".to_owned(),
        };
        println!("{name} {} {} {status}", o.scores[i], o.points[i]);
    }
    println!("end {:?} after {} turns", o.end, report.events.len());
    Ok(())
}
