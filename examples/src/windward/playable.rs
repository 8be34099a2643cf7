//! [`Roster`] for [`windward::Game`]: every windward bot by name.

#[cfg(feature = "cli")]
use std::path::PathBuf;

use arena::Bot;
#[cfg(feature = "cli")]
use arena::program::WindwardProgram;
use windward::Game;

use crate::error::Result;
use crate::roster::Roster;

/// A recording keeps one state per this many ticks (the original's status cadence): see
/// [`arena::WINDWARD_RECORDING_STRIDE`].
pub const RECORDING_STRIDE: u32 = arena::WINDWARD_RECORDING_STRIDE;

impl Roster for Game {
    fn bot_names() -> &'static [(&'static str, &'static str)] {
        const NAMES: [(&str, &str); super::bots::BOTS.len() + 1] = {
            let mut names = [PROGRAM; super::bots::BOTS.len() + 1];
            let mut i = 0;
            while i < super::bots::BOTS.len() {
                names[i] = super::bots::BOTS[i];
                i += 1;
            }
            names
        };
        /// A program bot: `play windward --help` lists it with the example bots.
        const PROGRAM: (&str, &str) = (
            "cmd:PROGRAM ARG...",
            "an external program for the original TCP protocol (port in {port} and CONTEST_PORT)",
        );
        &NAMES
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>> {
        match name.strip_prefix("cmd:") {
            // A program speaking the original TCP protocol, on a free port.
            #[cfg(feature = "cli")]
            Some(command) => program_bot(command, None, None),
            _ => super::bots::bot(name),
        }
    }
}

/// The program bot of `cmd:COMMAND` (the text after `cmd:`), served on `port` (`--port`) or a
/// free port per game, its standard error (and output) to `stderr` when given.
#[cfg(feature = "cli")]
pub fn program_bot(
    command: &str,
    port: Option<u16>,
    stderr: Option<PathBuf>,
) -> Result<Box<dyn Bot<Game>>> {
    program_bot_paced(command, port, stderr, 0)
}

/// [`program_bot`], a program that never syncs played at `tps` ticks a second (`--tps`, the
/// original server's pace; 0: no pace, [`WindwardProgram::ticks_per_second`]).
#[cfg(feature = "cli")]
pub fn program_bot_paced(
    command: &str,
    port: Option<u16>,
    stderr: Option<PathBuf>,
    tps: u32,
) -> Result<Box<dyn Bot<Game>>> {
    let bot = WindwardProgram::from_command_line(command)?
        .containment(crate::containment())
        .ticks_per_second(tps);
    let bot = match stderr {
        Some(path) => bot.stderr_to(path),
        None => bot,
    };
    let bot = match port {
        Some(port) => bot.port(port)?,
        None => bot,
    };
    Ok(Box::new(bot))
}
