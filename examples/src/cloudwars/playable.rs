//! [`Roster`] for CloudWars: the engine's [`Game`] (any bot's) and [`Match`], the two-player
//! game `play cloudwars` plays, which is also [`Playable`] (its pictures and recordings are the
//! engine's).

use std::path::Path;
#[cfg(feature = "cli")]
use std::path::PathBuf;

use arena::playable::{Recording, RecordingError};
#[cfg(feature = "cli")]
use arena::program::CloudWarsProgram;
use arena::{Bot, Playable};
use cloudwars::{Game, State, WorldParams};

use super::Match;
use super::bots::{Greedy, Search, SearchClassic};
use crate::error::Result;
use crate::roster::Roster;

impl Roster for Game {
    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "greedy",
                "chases the nearest smaller cloud, flees bigger ones",
            ),
            (
                "search",
                "decoupled UCT (pathfind::tree) over 6-iteration decisions, greedy playouts",
            ),
            (
                "search-classic",
                "simulates 18 candidate winds 30 iterations ahead with the engine",
            ),
            (
                "cmd:PROGRAM ARG...",
                "an external program for the original TCP text protocol (port in {port} and \
                 CONTEST_PORT)",
            ),
        ]
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Game>>> {
        match name {
            "greedy" => Ok(Box::new(Greedy)),
            "search" => Ok(Box::new(Search::default())),
            "search-classic" => Ok(Box::new(SearchClassic::default())),
            other => match other.strip_prefix("cmd:") {
                // A program speaking the original TCP text protocol, on a free port.
                #[cfg(feature = "cli")]
                Some(command) => program_bot(command, None, None),
                _ => Err(Self::unknown_bot(other)),
            },
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
    program_bot_paced(command, port, stderr, None)
}

/// [`program_bot`], in real time when `real_time` gives the wall-clock length of a step
/// ([`CloudWarsProgram::real_time`]).
#[cfg(feature = "cli")]
pub fn program_bot_paced(
    command: &str,
    port: Option<u16>,
    stderr: Option<PathBuf>,
    real_time: Option<std::time::Duration>,
) -> Result<Box<dyn Bot<Game>>> {
    let bot = CloudWarsProgram::from_command_line(command)?.containment(crate::containment());
    let bot = match real_time {
        Some(step) => bot.real_time(step),
        None => bot,
    };
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

/// A bot of the engine playing a [`Match`]: it is handed the match's engine.
pub(crate) struct OnMatch(pub(crate) Box<dyn Bot<Game>>);

impl Bot<Match> for OnMatch {
    fn name(&self) -> String {
        self.0.name()
    }

    fn new_game(&mut self, game: &Match, player: usize, seed: u64) {
        self.0.new_game(game.game(), player, seed);
    }

    fn act(&mut self, game: &Match, observation: &State, player: usize) -> cloudwars::Action {
        self.0.act(game.game(), observation, player)
    }

    fn fault(&self) -> Option<String> {
        self.0.fault()
    }
}

/// The match's pictures and recordings are the engine's.
impl Playable for Match {
    const NAME: &'static str = Game::NAME;

    fn current_scores(&self, state: &State) -> Vec<f64> {
        self.game().current_scores(state)
    }

    fn render_svg(&self, state: &State, out: &mut String) {
        self.game().render_svg(state, out);
    }

    /// The colour each player chose, as the board draws its storm (the match's `P0` is blue,
    /// `P1` red): without it the page's legend and chart took the shared palette's and drew
    /// seat 0 red beside a blue storm.
    fn player_colour(&self, state: &State, player: usize) -> String {
        self.game().player_colour(state, player)
    }

    /// A recorded game, as [`Game`] reads it, in a match of one iteration per step that no
    /// iteration limit ends.
    fn load_recording(path: &Path) -> Result<Recording<Match>, RecordingError> {
        let recording = Game::load_recording(path)?;
        let players = recording.game.players();
        if players != 2 {
            return Err(RecordingError::read(
                path,
                format!("a match has 2 players; the recording has {players}"),
            ));
        }
        Ok(Recording {
            game: Match {
                game: recording.game,
                params: WorldParams::default(),
                every: 1,
                max_iterations: u64::MAX,
            },
            names: recording.names,
            states: recording.states,
        })
    }
}

/// The match's bots are the engine's.
impl Roster for Match {
    fn bot_names() -> &'static [(&'static str, &'static str)] {
        Game::bot_names()
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Match>>> {
        let bot = self.game().bot(name)?;
        Ok(Box::new(OnMatch(bot)))
    }
}
