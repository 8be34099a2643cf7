//! Runnable bots for every contest-engines game, and the `play` command that runs matches of them.
//!
//! Each game has a module here with its example bots and two entry points that the `play` binary
//! calls:
//!
//! - `play(&Args)`: runs a match (N games between the chosen bots) and prints a results table;
//!   with no arguments it runs the quick-start match that `cargo run --release -p examples --bin play`
//!   shows for every game;
//! - `verify(&[files])`: replays golden trace files through the game crate's replay module and
//!   returns the one-line summary (`conformance: <game>: ...`), or the first mismatch as an error.

pub mod bot;
pub mod cli;
pub mod playable;

pub mod amazes;
pub mod cloudwars;
pub mod dogfight;
pub mod tron3d;
pub mod windward;

pub use cli::Args;

/// The games the `play` command knows, in the order the quick start runs them.
pub const GAMES: [&str; 5] = ["dogfight", "tron3d", "cloudwars", "amazes", "windward"];

/// Runs `play <game> ...` for the named game.
pub fn play(game: &str, args: &Args) -> Result<(), String> {
    match game {
        "dogfight" => dogfight::play(args),
        "tron3d" => tron3d::play(args),
        "cloudwars" => cloudwars::play(args),
        "amazes" => amazes::play(args),
        "windward" => windward::play(args),
        other => Err(format!(
            "unknown game {other:?}; the games are {}",
            GAMES.join(", ")
        )),
    }
}

/// Runs `play verify <game> <files>...` for the named game.
pub fn verify(game: &str, files: &[String]) -> Result<String, String> {
    if files.is_empty() {
        return Err(format!("verify {game}: name at least one trace file"));
    }
    match game {
        "dogfight" => dogfight::verify(files),
        "tron3d" => tron3d::verify(files),
        "cloudwars" => cloudwars::verify(files),
        "amazes" => amazes::verify(files),
        "windward" => windward::verify(files),
        other => Err(format!(
            "unknown game {other:?}; the games are {}",
            GAMES.join(", ")
        )),
    }
}
