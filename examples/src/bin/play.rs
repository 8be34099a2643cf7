//! `play`: run matches between example bots, or verify golden traces.
//!
//! ```text
//! play                              a short match of every game with the example bots
//! play GAME [OPTIONS]               a match of one game (play GAME --help lists its options)
//! play verify GAME FILE...          replay golden trace files; exits non-zero on the first mismatch
//! ```

use std::process::ExitCode;

use examples::{Args, GAMES};

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let result = match words.first().map(String::as_str) {
        None => run_every_game(),
        Some("-h" | "--help" | "help") => {
            println!("{}", usage());
            Ok(())
        }
        Some("verify") => match words.get(1) {
            Some(game) => examples::verify(game, &words[2..]).map(|line| println!("{line}")),
            None => Err(usage()),
        },
        Some(game) => examples::play(game, &Args::parse(words[1..].iter().cloned())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("play: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run_every_game() -> Result<(), String> {
    for game in GAMES {
        println!("== {game} ==");
        examples::play(game, &Args::default())?;
        println!();
    }
    Ok(())
}

fn usage() -> String {
    format!(
        "usage:\n  play                       a short match of every game\n  \
         play GAME [OPTIONS]        a match of one game (play GAME --help)\n  \
         play verify GAME FILE...   replay golden trace files\ngames: {}",
        GAMES.join(", ")
    )
}
