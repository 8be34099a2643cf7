//! [`Roster`] for [`amazes::Game`]: the example bots by name.

use amazes::Game;
use arena::Bot;
#[cfg(feature = "cli")]
use arena::program::ProgramBot;

use super::bots::{ExplorerBot, RandomBot, SearchBot};
use crate::error::Result;
use crate::roster::Roster;

impl Roster for Game {
    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "search",
                "explorer walks judged on mazes sampled from its own map",
            ),
            (
                "explorer",
                "walks known openings to the best next look per character",
            ),
            ("random", "one step in a random open direction"),
        ]
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Game>>> {
        match name {
            "search" => Ok(Box::new(SearchBot::default())),
            "explorer" => Ok(Box::new(ExplorerBot::default())),
            "random" => Ok(Box::new(RandomBot::default())),
            _ => match name.strip_prefix("cmd:") {
                #[cfg(feature = "cli")]
                Some(_) => self.bot_with_stderr(name, None),
                _ => Err(Self::unknown_bot(name)),
            },
        }
    }

    /// `cmd:PROGRAM ARG...` is a program speaking the CodeCup 2010 judge's protocol.
    #[cfg(feature = "cli")]
    fn bot_with_stderr(
        &self,
        name: &str,
        stderr: Option<std::path::PathBuf>,
    ) -> Result<Box<dyn Bot<Game>>> {
        let Some(command) = name.strip_prefix("cmd:") else {
            return self.bot(name);
        };
        let bot = ProgramBot::from_command_line(command)?.containment(crate::containment());
        Ok(Box::new(match stderr {
            Some(path) => bot.stderr_to(path),
            None => bot,
        }))
    }
}
