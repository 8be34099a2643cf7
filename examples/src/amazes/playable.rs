//! [`Roster`] for [`amazes::Game`]: the example bots by name.

use amazes::Game;
use arena::Bot;
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
                Some(_) => self.bot_with_stderr(name, None),
                None => Err(Self::unknown_bot(name)),
            },
        }
    }

    /// `cmd:PROGRAM ARG...` is a program speaking the CodeCup 2010 judge's protocol.
    fn bot_with_stderr(
        &self,
        name: &str,
        stderr: Option<std::path::PathBuf>,
    ) -> Result<Box<dyn Bot<Game>>> {
        let Some(command) = name.strip_prefix("cmd:") else {
            return self.bot(name);
        };
        let bot = ProgramBot::from_command_line(command)?;
        Ok(Box::new(match stderr {
            Some(path) => bot.stderr_to(path),
            None => bot,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazes::trace::parse_trace;
    use amazes::{Config, Player};
    use arena::Playable;

    #[test]
    fn bots_by_name_and_a_picture() {
        let file = amazes::mazes::get(0);
        let game = Game::new(file.maze, Config::default()).unwrap();
        for (name, _) in Game::bot_names() {
            assert_eq!(game.bot(name).unwrap().name(), *name);
        }
        assert!(game.bot("nobody").is_err());
        let state = game.initial_state(3);
        let mut svg = String::new();
        game.render_svg(&state, &mut svg);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(game.current_scores(&state).len(), 2);
    }

    #[test]
    fn the_golden_trace_loads_with_the_recorded_walk() {
        let Some(dir) = std::env::var_os("CONTEST_DATA") else {
            println!("amazes playable: skipped (CONTEST_DATA unset)");
            return;
        };
        let path = std::path::PathBuf::from(dir).join("amazes/golden_trace_maze01.tsv");
        let rec = Game::load_recording(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let turns = parse_trace("t", &text).unwrap();
        assert_eq!(rec.states.len(), 1 + 2 * turns.len());
        // After each of Red's walks, its discovered count is the recorded one.
        for (k, t) in turns.iter().enumerate() {
            let after = &rec.states[2 * k + 1];
            assert_eq!(
                after.knowledge(Player::Red).discovered_count(),
                t.after_moves
            );
        }
        let last = rec.states.last().unwrap();
        assert!(rec.game.outcome(last).is_some());
    }
}
