//! `play`: matches and tournaments between example bots, replays of recordings, and merging of
//! sharded tournaments. `play --help` (and `play SUBCOMMAND --help`) documents every option.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match examples::cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    match examples::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("play: {message}");
            ExitCode::FAILURE
        }
    }
}
