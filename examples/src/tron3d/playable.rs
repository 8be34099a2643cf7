//! [`Roster`] for [`tron3d::Game`]: the example bots by name.

use arena::Bot;
#[cfg(feature = "cli")]
use arena::program::{ProgramBot, TRON3D_TURN_LIMIT};
use tron3d::Game;

use super::bots::{Demo, Null, Search, TREE_ITERATIONS};
use super::tree_bot::TreeBot;
use crate::error::Result;
use crate::roster::Roster;

impl Roster for Game {
    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "search",
                "joint bike moves scored by Voronoi territory, dead ends and items",
            ),
            (
                "tree",
                "flat Monte Carlo on pathfind::tree over joint bike moves, Voronoi returns",
            ),
            ("demo", "the original kit's Demo: a random free neighbour"),
            ("null", "the original kit's Null: commands nothing"),
            (
                "cmd:PROGRAM ARG...",
                "a program speaking tron3d::protocol (examples/programs/tron3d/PROTOCOL.md)",
            ),
        ]
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>> {
        match name {
            "search" => Ok(Box::new(Search::new())),
            "tree" => Ok(Box::new(TreeBot::new(TREE_ITERATIONS))),
            // Seeded for real by `Bot::new_game`.
            "demo" => Ok(Box::new(Demo::new(0))),
            "null" => Ok(Box::new(Null)),
            #[cfg(feature = "cli")]
            _ if name.starts_with("cmd:") => self.bot_with_stderr(name, None),
            _ => Err(Self::unknown_bot(name)),
        }
    }

    /// `cmd:PROGRAM ARG...` is a program speaking [`tron3d::protocol`], with
    /// [`TRON3D_TURN_LIMIT`] per round.
    #[cfg(feature = "cli")]
    fn bot_with_stderr(
        &self,
        name: &str,
        stderr: Option<std::path::PathBuf>,
    ) -> Result<Box<dyn Bot<Self>>> {
        let Some(command) = name.strip_prefix("cmd:") else {
            return self.bot(name);
        };
        let bot = ProgramBot::from_command_line(command)?
            .turn_limit(TRON3D_TURN_LIMIT)
            .containment(crate::containment());
        Ok(Box::new(match stderr {
            Some(path) => bot.stderr_to(path),
            None => bot,
        }))
    }
}
