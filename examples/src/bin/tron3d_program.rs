//! `tron3d_program`: an example Tron3D bot as a program speaking `tron3d-protocol 1`
//! (`tron3d::protocol`, `examples/programs/tron3d/PROTOCOL.md`) over stdin/stdout, for
//! `play tron3d --bots cmd:PATH/tron3d_program BOT,...` and the program-bot overhead benchmark.
//!
//! `tron3d_program [BOT] [--seed S]`: BOT is one of `play tron3d`'s bots (`search`, the default,
//! `tree`, `demo`, `null`). Its seed comes from `--seed`, else `TRON3D_SEED` (default 1). Each
//! round's message becomes a state of the engine (`Round::to_state`), which the bot is shown as in
//! a game in process.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use examples::Error;
use examples::roster::Roster;
use tron3d::protocol::{Message, Reader, write_moves};

/// An example Tron3D bot speaking `tron3d-protocol 1` on stdin/stdout.
#[derive(Debug, Parser)]
#[command(name = "tron3d_program", version)]
struct Cli {
    /// The bot that plays (one of `play tron3d`'s, programs excepted).
    #[arg(default_value = "search", value_parser = bot_names())]
    bot: String,
    /// The bot's seed.
    #[arg(long, value_name = "S", env = "TRON3D_SEED", default_value_t = 1)]
    seed: u64,
}

/// The bots of `play tron3d` that are not programs (a program cannot run another program).
fn bot_names() -> clap::builder::PossibleValuesParser {
    let names = <tron3d::Game as Roster>::bot_names()
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !name.starts_with("cmd:"));
    clap::builder::PossibleValuesParser::new(names)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli.bot, cli.seed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tron3d_program: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(name: &str, seed: u64) -> examples::Result<()> {
    let mut reader = Reader::new(std::io::stdin().lock());
    let header = reader.read_header().map_err(Error::game)?;
    let (game, me) = (header.game, usize::from(header.me));
    let mut bot = game.bot(name)?;
    bot.new_game(&game, me, seed);
    let mut out = std::io::stdout().lock();
    loop {
        match reader.read_message(&game).map_err(Error::game)? {
            Message::End(_) => return Ok(()),
            Message::Round(round) => {
                let state = round.to_state(&game, seed).map_err(Error::game)?;
                let action = bot.act(&game, &state, me);
                writeln!(out, "{}", write_moves(&action))
                    .and_then(|()| out.flush())
                    .map_err(|e| Error::file("stdout", e))?;
            }
        }
    }
}
