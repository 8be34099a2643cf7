//! `dogfight_search`: the example search bot ([`MctsBot`]:
//! flat Monte Carlo on `pathfind::tree` over the classic one-round bot's shortlist) as a program
//! for the original tournament's non-Java wrapper (sparr's `PlaneWrapper`), which starts it as
//! `dogfight_search 14 100` and talks to it over stdin/stdout (see `dogfight::protocol`).
//!
//! The seed of its searches comes from `DOGFIGHT_SEED` (default 1).

use std::process::ExitCode;

use dogfight::protocol::run_bot;
use examples::dogfight::bots::MctsBot;

fn main() -> ExitCode {
    let seed = std::env::var("DOGFIGHT_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    let mut bot = MctsBot::new(seed);
    match run_bot(&mut bot, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("dogfight_search: {error}");
            ExitCode::FAILURE
        }
    }
}
