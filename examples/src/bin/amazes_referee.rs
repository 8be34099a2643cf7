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

use std::process::ExitCode;
use std::time::Duration;

use amazes::{Config, Game, MazeFile, random_starts};
use examples::Args;
use examples::amazes::referee::{Settings, run_game};
use rand::SeedableRng;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amazes_referee: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args = Args::parse(std::env::args().skip(1));
    if args.flag("help") || args.positional().len() != 2 {
        return Err("usage: amazes_referee [--maze FILE] [--seed N] [--turn-ms MS] [--verbose] \"RED CMD\" \"BLUE CMD\"".into());
    }
    let seed: u64 = args.value("seed", 1)?;
    let turn_ms: u64 = args.value("turn-ms", 1000)?;
    let file = match args.text("maze") {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            MazeFile::parse(&text).map_err(|e| format!("{path}: {e}"))?
        }
        None => amazes::mazes::get(0),
    };
    // Smaller test mazes cannot hold two squares √288 apart: use the largest distance they allow.
    let n = file.maze.size() as u32 - 1;
    let config = Config {
        size: file.maze.size(),
        min_start_distance2: Config::default().min_start_distance2.min(2 * n * n),
        ..Config::default()
    };
    let game = Game::new(file.maze, config).map_err(|e| e.to_string())?;
    let starts = match file.starts {
        Some(s) => s,
        None => {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            random_starts(game.maze(), config.min_start_distance2, &mut rng)
                .map_err(|e| e.to_string())?
        }
    };
    let commands: Vec<Vec<String>> = args
        .positional()
        .iter()
        .map(|c| c.split_whitespace().map(str::to_owned).collect())
        .collect();
    let settings = Settings {
        turn_limit: Duration::from_millis(turn_ms),
        ..Settings::default()
    };
    let report = run_game(&game, starts, [&commands[0], &commands[1]], settings)?;
    if args.flag("verbose") {
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
            Some(f) => format!("fault: {f}"),
            None => "ok".to_owned(),
        };
        println!("{name} {} {} {status}", o.scores[i], o.points[i]);
    }
    println!("end {:?} after {} turns", o.end, report.events.len());
    Ok(())
}
