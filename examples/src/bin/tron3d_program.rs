//! `tron3d_program`: an example Tron3D bot as a program speaking `tron3d-protocol 1`
//! (`tron3d::protocol`, `examples/programs/tron3d/PROTOCOL.md`) over stdin/stdout, for
//! `play tron3d --bots cmd:PATH/tron3d_program BOT,...` and the program-bot overhead benchmark.
//!
//! `tron3d_program [BOT]`: BOT is one of `play tron3d`'s bots (`search`, the default, `tree`,
//! `demo`, `null`). Its seed comes from `TRON3D_SEED` (default 1). Each round's message becomes a
//! state of the engine (`Round::to_state`), which the bot is shown as in a game in process.

use std::io::Write;
use std::process::ExitCode;

use examples::roster::Roster;
use tron3d::protocol::{Message, Reader, write_moves};

fn main() -> ExitCode {
    let name = std::env::args().nth(1).unwrap_or_else(|| "search".into());
    let seed = std::env::var("TRON3D_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    match run(&name, seed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tron3d_program: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(name: &str, seed: u64) -> Result<(), String> {
    let mut reader = Reader::new(std::io::stdin().lock());
    let header = reader.read_header().map_err(|e| e.to_string())?;
    let (game, me) = (header.game, usize::from(header.me));
    if name.starts_with("cmd:") {
        return Err("a program cannot run another program".into());
    }
    let mut bot = game.bot(name)?;
    bot.new_game(&game, me, seed);
    let mut out = std::io::stdout().lock();
    loop {
        match reader.read_message(&game).map_err(|e| e.to_string())? {
            Message::End(_) => return Ok(()),
            Message::Round(round) => {
                let state = round.to_state(&game, seed).map_err(|e| e.to_string())?;
                let action = bot.act(&game, &state, me);
                writeln!(out, "{}", write_moves(&action))
                    .and_then(|()| out.flush())
                    .map_err(|e| e.to_string())?;
            }
        }
    }
}
