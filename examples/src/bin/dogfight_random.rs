//! `dogfight_random`: the example random bot (a seeded `DumbPlanes`) as a program for the
//! original tournament's non-Java wrapper, which starts it as `dogfight_random 14 100` and talks
//! to it over stdin/stdout (see `dogfight::protocol`).
//!
//! The seed comes from `DOGFIGHT_SEED` (default 1).

use std::process::ExitCode;

use dogfight::protocol::run_bot;
use examples::dogfight::bots::RandomBot;

fn main() -> ExitCode {
    let seed = std::env::var("DOGFIGHT_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    let mut bot = RandomBot::new(seed);
    match run_bot(&mut bot, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("dogfight_random: {error}");
            ExitCode::FAILURE
        }
    }
}
